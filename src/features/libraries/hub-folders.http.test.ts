// The hub's own data folder is never a library (decision 0043). The usual NAS layout: the library
// root is the volume (LIBRARY_ROOTS=/volume1) and DATA_DIR lies in it (/volume1/hub), its media/
// a link to another folder of the volume. A library at DATA_DIR, inside it, at its media folder
// wherever that is, or through `..` or a link, is refused with the reason; a library that contains
// DATA_DIR leaves it out of its walk (another member's uploads and the hub's thumbnails never become
// items, so no loop); and libraries indexed before the hub refused its folders serve nothing of
// them any more and lose those items at their next scan. The same in the CLI.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ok } from '../../../test/helpers/answers.ts';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { jpegBytes, put } from '../../../test/helpers/library-trees.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp, tempDir } from '../../../test/helpers/test-app.ts';
import { runCli } from '../../cli.ts';
import { LIBRARY_TEXT, type Library, type LibraryScan } from '../../shared/libraries.ts';
import type { MediaPage, UploadResult } from '../../shared/media.ts';
import type { SignedInViewer } from '../users/users.service.ts';
import { createLibrariesService } from './libraries.service.ts';

let volume: string;
let dataDir: string;
let mediaTarget: string;
let t: TestApp;
let admin: SignedIn;
let ann: SignedIn;
let bob: SignedIn;
let bobsPhoto: string;

beforeAll(async () => {
  volume = tempDir('hub-volume-');
  dataDir = path.join(volume, 'hub');
  // The local store's folder is a link to another folder of the volume.
  mediaTarget = path.join(volume, 'hub-media');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(mediaTarget, { recursive: true });
  symlinkSync(mediaTarget, path.join(dataDir, 'media'));
  t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0', LIBRARY_ROOTS: volume, LIBRARY_SCAN_MINUTES: '0', DATA_DIR: dataDir } });
  admin = await signedInUser(t.database.db, { role: 'admin' });
  ann = await signedInUser(t.database.db, { username: 'ann' });
  bob = await signedInUser(t.database.db, { username: 'bob' });
  // Bob's upload: its original (and, once processed, its renditions) lie in the hub's media folder.
  const body = new FormData();
  body.append('files', new Blob([(await jpegBytes(1, 64)) as Uint8Array<ArrayBuffer>]), 'bobs.jpg');
  bobsPhoto = (await ok<UploadResult>(t.request('/api/premium/upload', { method: 'POST', body, as: bob }), 201)).media[0]!._id;
  await t.runJobs();
  put(volume, 'photos/ann.jpg', await jpegBytes(2));
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(volume, { recursive: true, force: true });
});

const call = (url: string, as: Credentials, method = 'GET', json?: unknown) => t.request(url, { method, as, ...(json === undefined ? {} : { json }) });
const add = (folder: string) => call('/api/libraries', admin, 'POST', { path: folder, ownerId: ann.user._id, scan: false });
async function scan(id: string): Promise<LibraryScan> {
  await ok(call(`/api/libraries/${id}/scan`, ann, 'POST'), 202);
  await t.services.libraries.idle();
  return (await ok<Library>(call(`/api/libraries/${id}`, ann))).lastScan!;
}
const annsItems = async () => [
  ...(await ok<MediaPage>(call('/api/gallery?limit=100', ann))).media,
  ...(await ok<MediaPage>(call('/api/gallery/recycling-bin?limit=100', ann))).media,
];

describe("the hub's own data folder is never a library", () => {
  test('DATA_DIR, a folder in it, its media folder where it really is, through .. or a link: 400 with the reason; nothing is added', async () => {
    symlinkSync(dataDir, path.join(volume, 'link-to-hub'));
    mkdirSync(path.join(dataDir, 'any-folder'));
    const cases: [string, string][] = [
      [dataDir, dataDir],
      [path.join(dataDir, 'media'), mediaTarget],
      [path.join(mediaTarget, 'originals'), mediaTarget],
      [mediaTarget, mediaTarget],
      [`${dataDir}/../hub`, dataDir],
      [path.join(volume, 'link-to-hub'), dataDir],
      [path.join(dataDir, 'any-folder'), dataDir],
    ];
    for (const [folder, hubFolder] of cases) {
      const res = await add(folder);
      const body = (await res.json()) as { error: string };
      expect([folder, res.status]).toEqual([folder, 400]);
      expect(body.error).toBe(LIBRARY_TEXT.hubFolder(folder, hubFolder));
    }
    expect((await ok<{ libraries: Library[] }>(call('/api/libraries', admin))).libraries).toEqual([]);
  });

  test("the admin's folder picker does not offer DATA_DIR nor the media folder, and will not list inside them", async () => {
    rmSync(path.join(volume, 'link-to-hub'));
    const listed = await ok<{ folders: { name: string }[] }>(call(`/api/libraries/folders?path=${encodeURIComponent(volume)}`, admin));
    expect(listed.folders.map((f) => f.name)).toEqual(['photos']);
    const inside = await call(`/api/libraries/folders?path=${encodeURIComponent(dataDir)}`, admin);
    expect(inside.status).toBe(400);
  });

  test("a library containing DATA_DIR leaves it out: only the member's own file is an item, again after the thumbnails are made (no loop)", async () => {
    const lib = await ok<Library>(add(volume), 201);
    const first = await scan(lib._id);
    expect(first).toMatchObject({ state: 'done', added: 1, failed: 0 });
    expect(first.errors).toEqual([
      { path: 'hub', error: LIBRARY_TEXT.hubFolderLeftOut },
      { path: 'hub-media', error: LIBRARY_TEXT.hubFolderLeftOut },
    ]);
    await t.runJobs();
    const again = await scan(lib._id);
    expect(again).toMatchObject({ state: 'done', added: 0, missing: 0 });
    expect((await annsItems()).map((m) => m.library?.path)).toEqual(['photos/ann.jpg']);
    await ok(call(`/api/libraries/${lib._id}`, admin, 'DELETE'));
  });

  test('libraries indexed before the refusal: their DATA_DIR files are not served, and the next scan removes those items (a library inside DATA_DIR fails with the reason)', async () => {
    // The libraries as an earlier hub made them: no guard of its own folders.
    const earlier = createLibrariesService({
      db: t.database.db,
      clock: () => new Date(),
      jobs: t.services.jobs,
      roots: [volume],
      scanMinutes: 0,
      removeItems: (trx, id) => t.services.media.removeLibraryItems(trx, id),
    });
    const server: SignedInViewer = { id: admin.user._id, role: 'admin' };
    const inside = await earlier.create(server, { path: mediaTarget, ownerId: ann.user._id, gallery: 'gallery', tags: [], scan: false });
    await earlier.scanHere(inside._id);
    await t.runJobs();
    const leaked = await annsItems();
    // The earlier hub gave Ann Bob's premium original (and the thumbnails made of everything).
    expect(leaked.length).toBeGreaterThan(0);
    // Not served any more, already before the next scan.
    for (const item of leaked) expect((await call(`/media/${item._id}`, ann)).status).toBe(404);

    const failed = await scan(inside._id);
    expect(failed.state).toBe('failed');
    expect(failed.errors[0]).toEqual({ path: '', error: LIBRARY_TEXT.hubFolderScan(mediaTarget) });
    expect(await annsItems()).toEqual([]);
    expect((await ok<Library>(call(`/api/libraries/${inside._id}`, admin))).itemCount).toBe(0);
    await ok(call(`/api/libraries/${inside._id}`, admin, 'DELETE'));

    const around = await earlier.create(server, { path: volume, ownerId: ann.user._id, gallery: 'gallery', tags: [], scan: false });
    await earlier.scanHere(around._id);
    expect((await annsItems()).length).toBeGreaterThan(1);
    const next = await scan(around._id);
    expect(next).toMatchObject({ state: 'done', missing: 0 });
    expect((await annsItems()).map((m) => m.library?.path)).toEqual(['photos/ann.jpg']);
    await t.runJobs();
    // Bob's upload is as it was.
    expect((await call(`/media/${bobsPhoto}`, bob)).status).toBe(200);
  });

  test('the CLI refuses the same folders with the same words, and exits 1', async () => {
    const none = async () => {
      throw new Error('No input');
    };
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(['library', 'add', '--owner', 'ann', '--path', path.join(dataDir, 'media')], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { DATA_DIR: dataDir, LIBRARY_ROOTS: volume, LOG_LEVEL: 'silent' },
      readLine: none,
      readSecret: none,
      interactive: false,
    });
    expect(code).toBe(1);
    expect(err.join('\n')).toBe(LIBRARY_TEXT.hubFolder(path.join(dataDir, 'media'), mediaTarget));
    expect(out).toEqual([]);
  });
});
