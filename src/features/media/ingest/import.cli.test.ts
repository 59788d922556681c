// `npm run cli -- import`: real folders made here (pictures by sharp, a video by ffmpeg, a text
// file, a copy, an NFD name, a file over the upload limit, hidden folders, links out and a loop)
// are copied into an owner's gallery as uploads; the source is left exactly as it was.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { spawnHub } from '../../../../test/helpers/spawn-hub.ts';
import { SWIFT_HOOK_TIMEOUT_MS, type SwiftS3, s3EnvOf, s3StoreOn, startSwiftS3, swiftUnavailableReason } from '../../../../test/helpers/swift-s3.ts';
import { createTestApp, type SignedIn, TEST_SITE_PASSWORD, type TestApp, tempDir } from '../../../../test/helpers/test-app.ts';
import { videoSample } from '../../../../test/helpers/video-samples.ts';
import { type CliIO, runCli } from '../../../cli.ts';
import { openDatabase } from '../../../db/client.ts';
import type { AlbumDetail, AlbumPage } from '../../../shared/albums.ts';
import type { MediaItem, MediaPage } from '../../../shared/media.ts';
import { IMPORT_TEXT } from './import.cli.ts';

const dirs: string[] = [];
function folder(prefix: string): string {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string>, extra: Partial<CliIO> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const none = async () => {
    throw new Error('No input');
  };
  const io: CliIO = { out: (l) => out.push(l), err: (l) => err.push(l), env, readLine: none, readSecret: none, interactive: false, ...extra };
  const code = await runCli(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A picture of one colour, `size` pixels square, as a real encoder writes it. */
const jpeg = (r: number, g: number, b: number, size = 48) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
/** Random pixels compress badly: a PNG of about 3 bytes a pixel. */
const noisyPng = (size: number) =>
  sharp(Buffer.from(crypto.getRandomValues(new Uint8Array(size * size * 3))), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();

/** Everything a user could notice of a tree: each entry's name, kind, size, mtime, bytes or link target. */
function snapshot(root: string): string[] {
  const lines: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const stats = lstatSync(full);
      const rel = path.relative(root, full);
      if (stats.isSymbolicLink()) lines.push(`${rel} -> ${readlinkSync(full)} ${stats.mtimeMs}`);
      else if (stats.isDirectory()) {
        lines.push(`${rel}/ ${stats.mtimeMs} ${stats.mode}`);
        walk(full);
      } else lines.push(`${rel} ${stats.size} ${stats.mtimeMs} ${stats.mode} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`);
    }
  };
  walk(root);
  return lines;
}

/** Limit for the tests: the pictures and the video fit, the noisy PNG (about 190 KB) does not. */
const LIMIT = 120 * 1024;
const NFD_NAME = 'Cafe\u0301 au lait.jpg';

interface Tree {
  root: string;
  outside: string;
  beach: Buffer;
  /** The bytes of Trips/2024/July/old-again.jpg, for a copy the owner already has. */
  old: Buffer;
  video: Uint8Array;
}

/**
 * A camera folder: pictures in nested folders, a video, a copy of a picture, a name in NFD, a text
 * file, a mislabelled file, one over the limit, a hidden folder, a link out, a link in and a loop.
 */
async function makeTree(): Promise<Tree> {
  const root = folder('import-src-');
  const outside = folder('import-outside-');
  const beach = await jpeg(200, 120, 40);
  const old = await jpeg(90, 90, 200);
  const video = (await videoSample('mp4')).bytes();
  mkdirSync(path.join(root, 'Trips', '2024', 'July'), { recursive: true });
  mkdirSync(path.join(root, '.thumbnails'));
  writeFileSync(path.join(root, 'beach.jpg'), beach);
  writeFileSync(path.join(root, 'Trips', '2024', 'sunset.jpg'), await jpeg(250, 80, 20));
  writeFileSync(path.join(root, 'Trips', '2024', 'July', 'clip.mp4'), video);
  writeFileSync(path.join(root, 'Trips', '2024', 'July', 'old-again.jpg'), old);
  // A picture with the wrong name: the bytes decide.
  writeFileSync(path.join(root, 'Trips', '2024', 'July', 'scan.txt'), await jpeg(30, 30, 30));
  writeFileSync(path.join(root, 'Trips', '.DS_Store'), 'Finder was here');
  writeFileSync(path.join(root, 'Trips', NFD_NAME.normalize('NFD')), await jpeg(120, 80, 60));
  writeFileSync(path.join(root, 'Trips', 'copy of beach.jpg'), beach);
  writeFileSync(path.join(root, 'Trips', 'notes.txt'), 'Bring sunscreen.\n');
  writeFileSync(path.join(root, 'Trips', 'broken.jpg'), 'not a picture at all');
  writeFileSync(path.join(root, 'Trips', 'huge.png'), await noisyPng(256));
  writeFileSync(path.join(root, '.thumbnails', 'beach.jpg'), await jpeg(1, 2, 3));
  writeFileSync(path.join(outside, 'elsewhere.jpg'), await jpeg(10, 200, 10));
  symlinkSync(outside, path.join(root, 'Trips', 'link-out'));
  symlinkSync(path.join(outside, 'elsewhere.jpg'), path.join(root, 'elsewhere.jpg'));
  symlinkSync(path.join(root, 'beach.jpg'), path.join(root, 'Trips', 'beach-again.jpg'));
  symlinkSync('../..', path.join(root, 'Trips', '2024', 'loop'));
  return { root, outside, beach, old, video };
}

describe('import', () => {
  let t: TestApp;
  let ada: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await signedInUser(t.database.db, { username: 'ada' });
  }, 60_000);
  afterAll(() => t?.close());

  const list = async (as: SignedIn, gallery = 'gallery') => ((await (await t.request(`/api/${gallery}?limit=100`, { as })).json()) as MediaPage).media;

  test('copies the media under the folders into the owner gallery with the tags and album, counts the rest, leaves the source as it was, and imports nothing the second time', async () => {
    const tree = await makeTree();
    // Ada already has old-again.jpg's picture; the copy of beach.jpg in Trips is a copy of one imported before it.
    const body = new FormData();
    body.append('files', new Blob([tree.old as Uint8Array<ArrayBuffer>]), 'uploaded.jpg');
    expect((await t.request('/api/gallery/upload', { method: 'POST', body, as: ada })).status).toBe(201);
    const before = snapshot(tree.root);
    const outsideBefore = snapshot(tree.outside);
    const env = { DATA_DIR: t.dataDir, MAX_UPLOAD_BYTES: String(LIMIT) };

    const first = await cli(['import', tree.root, '--owner', 'ada', '--tags', 'Holiday, 2024', '--album', 'Summer'], env);
    expect(first.err).toBe('');
    expect(first.out.split('\n')).toEqual([
      `Importing into ada's gallery, album "Summer" (new), tagged Holiday, 2024.`,
      'Done: 13 file(s) looked at.',
      'Imported: 5',
      "Duplicates (already among ada's items, left out): 2",
      'Skipped: 4 (1 not media, 1 hidden, 2 link(s) out of the folders)',
      'Failed: 2',
      `  ${path.join(tree.root, 'Trips', 'broken.jpg')}: broken.jpg is not a supported image or video (JPG, PNG, GIF, WebP, AVIF, HEIC/HEIF, MP4, MOV, M4V, WebM, MKV, AVI, WMV, FLV, MPEG-TS, MPEG-PS, 3GP or OGV)`,
      `  ${path.join(tree.root, 'Trips', 'huge.png')}: huge.png is larger than the upload limit of 120 KB`,
      // The test's app holds the database open, as a running hub does.
      'The hub is running: it is making the thumbnails of the new items now.',
    ]);
    // Some files failed: the exit code says so.
    expect(first.code).toBe(1);

    // The items are Ada's uploads in every respect: titles from the names (composed), her tags, the album.
    await t.runJobs();
    const items = await list(ada);
    const imported = items.filter((m) => m.originalName !== 'uploaded.jpg');
    expect(imported.map((m) => m.title).sort()).toEqual(['Café au lait', 'beach', 'clip', 'scan', 'sunset']);
    expect(imported.find((m) => m.title === 'Café au lait')!.originalName).toBe(NFD_NAME.normalize('NFC'));
    for (const item of imported) {
      expect(item).toMatchObject({ source: 'gallery', tags: ['Holiday', '2024'], status: 'ready', thumbnail: `/media/${item._id}/thumbnail` });
      expect((await t.request(item.thumbnail!, { as: ada })).status).toBe(200);
    }
    const clip = imported.find((m) => m.title === 'clip')!;
    expect(clip).toMatchObject({ type: 'video', mimeType: 'video/mp4', size: tree.video.byteLength });
    expect(clip.duration).toBeGreaterThan(0.5);
    const bytes = new Uint8Array(await (await t.request(clip.url, { as: ada })).arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(tree.video))).toBe(true);
    const albums = ((await (await t.request('/api/albums', { as: ada })).json()) as AlbumPage).albums;
    expect(albums.map((a) => [a.name, a.mediaCount])).toEqual([['Summer', 5]]);
    const album = (await (await t.request(`/api/albums/${albums[0]!._id}?limit=50`, { as: ada })).json()) as AlbumDetail;
    expect(album.media.map((m) => m._id).sort()).toEqual(imported.map((m) => m._id).sort());

    // The source: not one name, size, time or byte changed.
    expect(snapshot(tree.root)).toEqual(before);
    expect(snapshot(tree.outside)).toEqual(outsideBefore);

    // Again: everything is already there. The album keeps its items; no second album.
    const second = await cli(['import', tree.root, '--owner', 'ADA', '--tags', 'Holiday, 2024', '--album', 'summer'], env);
    expect(second.out).toContain(`Importing into ada's gallery, album "Summer", tagged Holiday, 2024.`);
    expect(second.out).toContain("Imported: 0\nDuplicates (already among ada's items, left out): 7\n");
    expect(second.out).not.toContain('thumbnails');
    expect((await list(ada)).length).toBe(items.length);
    expect(((await (await t.request('/api/albums', { as: ada })).json()) as AlbumPage).albums.map((a) => [a.name, a.mediaCount])).toEqual([['Summer', 5]]);
    expect(snapshot(tree.root)).toEqual(before);
  }, 120_000);

  test('an import where every file is a duplicate makes no empty album', async () => {
    const tree = await makeTree();
    const cy = await signedInUser(t.database.db, { username: 'cy2' });
    const env = { DATA_DIR: t.dataDir, MAX_UPLOAD_BYTES: String(LIMIT) };
    const file = path.join(tree.root, 'beach.jpg');
    expect((await cli(['import', file, '--owner', 'cy2'], env)).out).toContain('Imported: 1\n');
    const again = await cli(['import', file, '--owner', 'cy2', '--album', 'Nothing new'], env);
    expect(again.code).toBe(0);
    expect(again.out).toContain("Imported: 0\nDuplicates (already among cy2's items, left out): 1\n");
    expect(again.out).toContain(IMPORT_TEXT.albumNotKept('Nothing new'));
    expect(((await (await t.request('/api/albums', { as: cy })).json()) as AlbumPage).albums).toEqual([]);
  }, 120_000);

  test("another owner's items are not duplicates; --gallery premium puts the items in premium; a single file may be named", async () => {
    const tree = await makeTree();
    const bo = await signedInUser(t.database.db, { username: 'bo' });
    const env = { DATA_DIR: t.dataDir, MAX_UPLOAD_BYTES: String(LIMIT) };
    const r = await cli(['import', path.join(tree.root, 'beach.jpg'), path.join(tree.root, 'Trips', '2024'), '--owner', 'bo', '--gallery', 'premium'], env);
    expect(r.out).toContain("Importing into bo's premium gallery.");
    // Trips/2024/loop leads to the top folder, which is not among the paths given.
    expect(r.out).toContain('Done: 6 file(s) looked at.\nImported: 5\n');
    expect(r.out).toContain('Skipped: 1 (1 link(s) out of the folders)');
    expect(r.code).toBe(0);
    expect((await list(bo, 'premium')).map((m) => m.title).sort()).toEqual(['beach', 'clip', 'old-again', 'scan', 'sunset']);
    expect(await list(bo)).toEqual([]);
  }, 120_000);

  test('an unknown owner, a missing path and a wrong flag are refused before anything is imported', async () => {
    const tree = await makeTree();
    const env = { DATA_DIR: t.dataDir };
    const ghost = await cli(['import', tree.root, '--owner', 'ghost', '--album', 'Ghostly'], env);
    expect(ghost).toEqual({ code: 1, out: '', err: 'No user named ghost' });
    const missing = await cli(['import', tree.root, '/no/such/folder', '--owner', 'ada', '--album', 'Never'], env);
    expect(missing).toEqual({ code: 1, out: '', err: '/no/such/folder: no such file or folder; nothing was imported' });
    const usage = 'Usage: npm run cli -- import PATH... --owner USERNAME [--gallery premium] [--tags a,b] [--album NAME]';
    expect(await cli(['import', tree.root], env)).toEqual({ code: 2, out: '', err: `import needs --owner USERNAME (whose items the files become)\n${usage}` });
    expect(await cli(['import', '--owner', 'ada'], env)).toEqual({ code: 2, out: '', err: `import needs at least one file or folder\n${usage}` });
    expect((await cli(['import', tree.root, '--owner', 'ada', '--gallery', 'vip'], env)).err).toBe(`--gallery must be gallery or premium, not vip\n${usage}`);
    expect((await cli(['import', tree.root, '--owner', 'ada', '--colour', 'red'], env)).code).toBe(2);
    const albums = ((await (await t.request('/api/albums', { as: ada })).json()) as AlbumPage).albums.map((a) => a.name);
    expect(albums).not.toContain('Ghostly');
    expect(albums).not.toContain('Never');
    expect((await cli(['help'], env)).out).toContain('import PATH... --owner USERNAME [--gallery premium] [--tags a,b] [--album NAME]');
  }, 60_000);

  test('a store that fails stops the import, after the summary of what was done, exit 1', async () => {
    const tree = await makeTree();
    await signedInUser(t.database.db, { username: 'dee' });
    // Nothing listens on port 9 (discard) of this machine: the bucket cannot be reached.
    const env = {
      DATA_DIR: t.dataDir,
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    const r = await cli(['import', path.join(tree.root, 'Trips', '2024'), '--owner', 'dee'], env);
    expect(r.out).toMatch(/^Importing into dee's gallery\.\nStopped after 1 file\(s\): .*ECONNREFUSED.*\nImported: 0\n/);
    expect(r.code).toBe(1);
  }, 60_000);

  test('progress: a line per 100 files, or one line rewritten in place on a terminal', async () => {
    const root = folder('import-many-');
    for (let i = 0; i < 205; i++) writeFileSync(path.join(root, `note-${String(i).padStart(3, '0')}.txt`), `note ${i}`);
    const env = { DATA_DIR: t.dataDir };
    const lines = await cli(['import', root, '--owner', 'ada'], env);
    expect(lines.out.split('\n').slice(0, 4)).toEqual([
      "Importing into ada's gallery.",
      '100 file(s) looked at: 0 imported, 0 duplicate(s), 100 skipped, 0 failed',
      '200 file(s) looked at: 0 imported, 0 duplicate(s), 200 skipped, 0 failed',
      'Done: 205 file(s) looked at.',
    ]);
    const status: string[] = [];
    const live = await cli(['import', root, '--owner', 'ada'], env, { status: (line) => status.push(line) });
    expect(live.out).not.toContain('100 file(s) looked at');
    // One line per file (and, now and then, one with the bytes of the file being read).
    const perFile = status.filter((line) => !line.includes(' · '));
    expect(perFile).toHaveLength(206);
    expect(perFile[204]).toBe('205 files: 0 imported, 0 dup., 205 skipped, 0 failed');
    // Cleared before the summary.
    expect(status.at(-1)).toBe('');
  }, 60_000);
});

describe('import while the hub is stopped', () => {
  test('the items wait with their processing jobs queued, for the hub to make the thumbnails when it starts', async () => {
    const tree = await makeTree();
    const dataDir = folder('import-data-');
    const env = { DATA_DIR: dataDir, MAX_UPLOAD_BYTES: String(LIMIT) };
    const password = async () => 'a long password';
    expect((await cli(['user', 'create', '--username', 'cy', '--name', 'Cy', '--email', 'cy@example.test'], env, { readSecret: password })).code).toBe(0);
    const r = await cli(['import', path.join(tree.root, 'Trips', '2024', 'July'), '--owner', 'cy'], env);
    expect(r.out).toContain('Imported: 3\n');
    expect(r.out).toEndWith('The hub makes the thumbnails of the new items when it next starts.');
    const database = openDatabase(path.join(dataDir, 'hub.sqlite'));
    try {
      const items = await database.db.selectFrom('media').select(['id', 'status']).execute();
      expect(items.map((i) => i.status)).toEqual(['processing', 'processing', 'processing']);
      const jobs = await database.db.selectFrom('jobs').select(['kind', 'key', 'state']).orderBy('key').execute();
      expect(jobs).toEqual(items.map((i) => ({ kind: 'media.process', key: i.id, state: 'queued' as const })).sort((a, b) => a.key.localeCompare(b.key)));
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('import while the hub runs', () => {
  test('the running hub makes the thumbnails of the imported items, seen through its API', async () => {
    const tree = await makeTree();
    const hub = await spawnHub({ SITE_PASSWORD: TEST_SITE_PASSWORD, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin password', LOG_LEVEL: 'warn' });
    try {
      const json = { 'content-type': 'application/json' };
      const gate = await fetch(`${hub.url}/api/site/verify-password`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ password: TEST_SITE_PASSWORD }),
      });
      const { siteToken } = (await gate.json()) as { siteToken: string };
      const signIn = await fetch(`${hub.url}/auth/signin/`, {
        method: 'POST',
        headers: { ...json, 'x-site-token': siteToken },
        body: JSON.stringify({ username: 'admin', password: 'admin password' }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const as = { 'x-site-token': siteToken, authorization: `Bearer ${token}` };

      const r = await cli(['import', path.join(tree.root, 'Trips', '2024'), '--owner', 'admin', '--album', 'Live'], {
        DATA_DIR: hub.dataDir,
        MAX_UPLOAD_BYTES: String(LIMIT),
      });
      expect(r.out).toContain('Imported: 4\n');
      expect(r.out).toEndWith('The hub is running: it is making the thumbnails of the new items now.');
      expect(r.code).toBe(0);

      // The hub's queue finds the jobs in the shared database (it looks every second).
      let items: MediaItem[] = [];
      for (;;) {
        items = ((await (await fetch(`${hub.url}/api/gallery?limit=50`, { headers: as })).json()) as MediaPage).media;
        if (items.length === 4 && items.every((m) => m.status !== 'processing')) break;
        await Bun.sleep(200);
      }
      for (const item of items) {
        expect(item).toMatchObject({ status: 'ready', thumbnail: `/media/${item._id}/thumbnail` });
        const thumbnail = await fetch(`${hub.url}${item.thumbnail}`, { headers: as });
        expect(thumbnail.status).toBe(200);
        expect(thumbnail.headers.get('content-type')).toStartWith('image/');
      }
      const albums = ((await (await fetch(`${hub.url}/api/albums`, { headers: as })).json()) as AlbumPage).albums;
      expect(albums.map((a) => [a.name, a.mediaCount])).toEqual([['Live', 4]]);
    } finally {
      await hub.cleanup();
    }
  }, 180_000);
});

const unavailableReason = swiftUnavailableReason();

describe.skipIf(Boolean(unavailableReason))('import into an S3 store (OpenStack Swift s3api)', () => {
  let swift: SwiftS3;
  beforeAll(async () => {
    swift = await startSwiftS3();
  }, SWIFT_HOOK_TIMEOUT_MS);

  test('the files go into the bucket, their bytes served back unchanged, duplicates left out', async () => {
    const store = s3StoreOn(swift);
    const t = await createTestApp({ store });
    try {
      const ada = await signedInUser(t.database.db, { username: 'ada' });
      const tree = await makeTree();
      const env = {
        DATA_DIR: t.dataDir,
        MAX_UPLOAD_BYTES: String(LIMIT),
        ...s3EnvOf(swift),
      };
      const r = await cli(['import', tree.root, '--owner', 'ada'], env);
      expect(r.out).toContain("Imported: 6\nDuplicates (already among ada's items, left out): 1\n");
      await t.runJobs();
      const items = ((await (await t.request('/api/gallery?limit=50', { as: ada })).json()) as MediaPage).media;
      expect(items).toHaveLength(6);
      const beach = items.find((m) => m.title === 'beach')!;
      const row = await t.database.db.selectFrom('media').select('storage_key').where('id', '=', beach._id).executeTakeFirstOrThrow();
      expect(await store.head(row.storage_key)).toMatchObject({ size: tree.beach.byteLength });
      expect(Buffer.from(await (await t.request(beach.url, { as: ada })).arrayBuffer()).equals(tree.beach)).toBe(true);
      for (const item of items) expect(item).toMatchObject({ status: 'ready', thumbnail: `/media/${item._id}/thumbnail` });
      expect((await cli(['import', tree.root, '--owner', 'ada'], env)).out).toContain('Imported: 0\n');
    } finally {
      await t.close();
      store.destroy();
    }
  }, 120_000);
});
