// Duplicates over HTTP on a real app, with real files uploaded and processed by the queue: exact
// copies found and deleted all but the newest; similar copies (resized, recompressed, converted
// photos; a re-encoded video) grouped with their distance, different pictures not; resolving a
// group merges tags, favourite and albums into the item kept; owners and galleries kept apart;
// hostile input refused; hashes made for items processed before hashes existed.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import path from 'node:path';
import sharp from 'sharp';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { type PictureName, picture } from '../../../../test/helpers/pictures.ts';
import { createTestApp, type SignedIn, type TestApp, tempDir } from '../../../../test/helpers/test-app.ts';
import type { Album, AlbumDetail } from '../../../shared/albums.ts';
import type { MediaItem, MediaPage, UploadResult } from '../../../shared/media.ts';
import { scheduleHashBackfill } from './backfill.service.ts';
import { DUPLICATES_INPUT_MESSAGES as M } from './duplicates.schema.ts';
import type { DuplicateGroup } from './duplicates.service.ts';
import { hammingDistance } from './phash.ts';

let now = Date.UTC(2031, 6, 1, 9, 0);
let t: TestApp;
let ann: SignedIn;
let bea: SignedIn;

/** Files made once: photo copies and videos. */
const files: Record<string, Uint8Array> = {};

async function ffmpeg(...args: string[]): Promise<void> {
  const proc = Bun.spawn(['ffmpeg', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdout: 'ignore', stderr: 'pipe' });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) throw new Error(`ffmpeg failed: ${stderr.slice(0, 300)}`);
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
  ann = await signedInUser(t.database.db, {}, now);
  bea = await signedInUser(t.database.db, {}, now);
  const landscape = await picture('landscape');
  files['landscape.jpg'] = landscape;
  files['landscape-half.jpg'] = await sharp(landscape).resize(600).jpeg({ quality: 85 }).toBuffer();
  files['landscape-q40.jpg'] = await sharp(landscape).jpeg({ quality: 40 }).toBuffer();
  files['landscape.png'] = await sharp(landscape).png().toBuffer();
  for (const name of ['portrait', 'beach', 'room', 'night'] as PictureName[]) files[`${name}.jpg`] = await picture(name);
  const samples = await mediaSamples();
  files['clip.mp4'] = samples.mp4.bytes();
  const dir = tempDir('hub-dup-videos-');
  await ffmpeg(
    '-i',
    samples.mp4.path,
    '-vf',
    'scale=160:120',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '80k',
    '-an',
    path.join(dir, 'small.mp4'),
  );
  await ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'smptebars=size=320x240:rate=25:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    path.join(dir, 'bars.mp4'),
  );
  files['clip-small.mp4'] = new Uint8Array(await Bun.file(path.join(dir, 'small.mp4')).arrayBuffer());
  files['bars.mp4'] = new Uint8Array(await Bun.file(path.join(dir, 'bars.mp4')).arrayBuffer());
}, 120_000);
afterAll(() => t?.close());

/** Uploads files (one call, a second of the clock per file, so "newest" is clear) and processes them. */
async function upload(as: SignedIn, names: string[], gallery: 'gallery' | 'premium' = 'gallery'): Promise<MediaItem[]> {
  const uploaded: MediaItem[] = [];
  for (const name of names) {
    now += 1000;
    const body = new FormData();
    body.append('files', new Blob([files[name] as Uint8Array<ArrayBuffer>]), name);
    const res = await t.request(`/api/${gallery}/upload`, { method: 'POST', body, as });
    expect(res.status).toBe(201);
    uploaded.push(...((await res.json()) as UploadResult).media);
  }
  await t.runJobs();
  return uploaded;
}

const call = (path: string, as: SignedIn | { siteToken: string }, method = 'GET', json?: unknown) =>
  t.request(path, { method, as, ...(json === undefined ? {} : { json }) });
async function groups(as: SignedIn, query = '', gallery = 'gallery'): Promise<DuplicateGroup[]> {
  const res = await call(`/api/${gallery}/duplicates${query}`, as);
  expect(res.status).toBe(200);
  return (await res.json()) as DuplicateGroup[];
}
const idsOf = (group: DuplicateGroup) => group.duplicates.map((m) => m._id);
const groupWith = (all: DuplicateGroup[], id: string) => all.find((g) => idsOf(g).includes(id));
async function item(as: SignedIn, id: string, gallery = 'gallery'): Promise<MediaItem> {
  const res = await call(`/api/${gallery}/${id}`, as);
  expect(res.status).toBe(200);
  return (await res.json()) as MediaItem;
}
const snapshot = async () => ({
  media: await t.database.db.selectFrom('media').selectAll().orderBy('id').execute(),
  tags: await t.database.db.selectFrom('media_tags').select(['media_id', 'tag']).orderBy('media_id').orderBy('tag').execute(),
  albums: await t.database.db.selectFrom('album_media').select(['album_id', 'media_id']).orderBy('album_id').orderBy('media_id').execute(),
  counts: await t.database.db.selectFrom('albums').select(['id', 'media_count']).orderBy('id').execute(),
});
/** Removes everything of `as` from both galleries' views (to the bin), so each test starts clean. */
async function clear(as: SignedIn) {
  await t.database.db.updateTable('media').set({ deleted_at: now }).where('owner_id', '=', as.user._id).where('deleted_at', 'is', null).execute();
}

describe('signed out', () => {
  test('every endpoint answers 401', async () => {
    const site = await t.enterSite();
    for (const gallery of ['gallery', 'premium']) {
      for (const [method, path, body] of [
        ['GET', `/api/${gallery}/duplicates`],
        ['GET', `/api/${gallery}/duplicates?mode=similar`],
        ['DELETE', `/api/${gallery}/duplicates`],
        ['POST', `/api/${gallery}/duplicates/resolve`, { keepId: 'a', mediaIds: ['b'] }],
      ] as const) {
        const res = await call(path, { siteToken: site }, method, body);
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    }
  });
});

describe('exact duplicates', () => {
  test('the same bytes uploaded twice make a group, newest first; DELETE keeps the newest and bins the others', async () => {
    await clear(ann);
    const [first, , second, third] = await upload(ann, ['beach.jpg', 'room.jpg', 'beach.jpg', 'beach.jpg']);
    const sha256 = new Bun.CryptoHasher('sha256').update(files['beach.jpg']!).digest('hex');
    const found = await groups(ann);
    expect(found).toHaveLength(1);
    expect(found[0]).toEqual({ originalName: 'beach.jpg', size: files['beach.jpg']!.byteLength, checksum: sha256, duplicates: expect.any(Array) });
    expect(idsOf(found[0]!)).toEqual([third!._id, second!._id, first!._id]);
    expect(found[0]!.duplicates[0]).toMatchObject({ _id: third!._id, source: 'gallery', status: 'ready', originalName: 'beach.jpg' });
    // Another owner and the other gallery see none of it.
    expect(await groups(bea)).toEqual([]);
    expect(await groups(ann, '', 'premium')).toEqual([]);

    const res = await call('/api/gallery/duplicates', ann, 'DELETE');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 2, message: 'Deleted 2 duplicate files' });
    expect((await item(ann, third!._id)).deletedAt).toBeNull();
    expect((await item(ann, second!._id)).deletedAt).not.toBeNull();
    expect((await item(ann, first!._id)).deletedAt).not.toBeNull();
    const bin = (await (await call('/api/gallery/recycling-bin', ann)).json()) as MediaPage;
    expect(bin.media.map((m) => m._id)).toEqual(expect.arrayContaining([first!._id, second!._id]));
    expect(await groups(ann)).toEqual([]);
    // Nothing left to delete.
    expect(await (await call('/api/gallery/duplicates', ann, 'DELETE')).json()).toEqual({ deletedCount: 0, message: 'Deleted 0 duplicate files' });
  }, 60_000);

  test("copies in the two galleries are not each other's duplicates; premium finds and deletes its own", async () => {
    await clear(ann);
    const [free] = await upload(ann, ['night.jpg']);
    const [p1, p2] = await upload(ann, ['night.jpg', 'night.jpg'], 'premium');
    expect(await groups(ann)).toEqual([]);
    const premium = await groups(ann, '', 'premium');
    expect(premium.map(idsOf)).toEqual([[p2!._id, p1!._id]]);
    expect(premium[0]!.duplicates.every((m) => m.source === 'premium')).toBe(true);
    // The free gallery's DELETE leaves premium alone, and the other way round.
    expect(await (await call('/api/gallery/duplicates', ann, 'DELETE')).json()).toMatchObject({ deletedCount: 0 });
    expect(await (await call('/api/premium/duplicates', ann, 'DELETE')).json()).toMatchObject({ deletedCount: 1 });
    expect((await item(ann, p1!._id, 'premium')).deletedAt).not.toBeNull();
    expect((await item(ann, free!._id)).deletedAt).toBeNull();
  }, 60_000);
});

describe('similar duplicates', () => {
  let photos: MediaItem[];
  let videos: MediaItem[];
  let others: MediaItem[];
  beforeAll(async () => {
    await clear(ann);
    photos = await upload(ann, ['landscape.jpg', 'landscape-half.jpg', 'landscape-q40.jpg', 'landscape.png']);
    videos = await upload(ann, ['clip.mp4', 'clip-small.mp4']);
    others = await upload(ann, ['portrait.jpg', 'beach.jpg', 'room.jpg', 'bars.mp4']);
  }, 120_000);

  test('a resized, a recompressed and a converted photo group with the original, a re-encoded video with its original; different pictures do not', async () => {
    for (const m of [...photos, ...videos, ...others]) expect((await item(ann, m._id)).status).toBe('ready');
    const found = await groups(ann, '?mode=similar');
    const photoGroup = groupWith(found, photos[0]!._id)!;
    expect(new Set(idsOf(photoGroup))).toEqual(new Set(photos.map((p) => p._id)));
    const videoGroup = groupWith(found, videos[0]!._id)!;
    expect(new Set(idsOf(videoGroup))).toEqual(new Set(videos.map((v) => v._id)));
    expect(found).toHaveLength(2);
    for (const other of others) expect(groupWith(found, other._id)).toBeUndefined();
    // Exact mode sees none of these: their bytes differ.
    expect(await groups(ann)).toEqual([]);

    const hashes = new Map(
      (await t.database.db.selectFrom('media').select(['id', 'phash']).where('owner_id', '=', ann.user._id).execute()).map((r) => [r.id, r.phash!]),
    );
    for (const group of [photoGroup, videoGroup]) {
      // Largest first; the group's facts are the largest item's; distance is the widest pair's.
      const sizes = group.duplicates.map((m) => m.size);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      expect(group).toMatchObject({ originalName: group.duplicates[0]!.originalName, size: sizes[0], checksum: null });
      const ids = idsOf(group);
      let widest = 0;
      for (const a of ids) for (const b of ids) widest = Math.max(widest, hammingDistance(hashes.get(a)!, hashes.get(b)!));
      expect(group.distance).toBe(widest);
      expect(widest).toBeLessThanOrEqual(8);
    }
    // Another owner and premium see nothing of ann's.
    expect(await groups(bea, '?mode=similar')).toEqual([]);
    expect(await groups(ann, '?mode=similar', 'premium')).toEqual([]);
  });

  test('an item in the bin is in no group', async () => {
    const [bars] = await upload(ann, ['bars.mp4']);
    expect(idsOf(groupWith(await groups(ann, '?mode=similar'), bars!._id)!)).toHaveLength(2);
    expect((await call(`/api/gallery/${bars!._id}/delete`, ann, 'DELETE')).status).toBe(200);
    expect(groupWith(await groups(ann, '?mode=similar'), bars!._id)).toBeUndefined();
    expect(groupWith(await groups(ann, '?mode=similar'), others[3]!._id)).toBeUndefined();
  }, 60_000);

  test('resolving keeps the chosen item and merges tags, favourite and albums into it; the others go to the bin', async () => {
    const [keep, ...rest] = groupWith(await groups(ann, '?mode=similar'), photos[0]!._id)!.duplicates;
    const [a, b, c] = rest;
    const put = async (id: string, tags: string[]) => expect((await call(`/api/gallery/${id}`, ann, 'PUT', { tags })).status).toBe(200);
    await put(keep!._id, ['Beach', 'Sunset']);
    await put(a!._id, ['beach', 'Holiday 2031']);
    await put(b!._id, ['Solo', 'SUNSET', 'Outdoor']);
    expect((await call(`/api/gallery/${c!._id}/favorite`, ann, 'POST')).status).toBe(200);
    const album = async (name: string) => {
      const res = await call('/api/albums', ann, 'POST', { name });
      expect(res.status).toBe(201);
      return (await res.json()) as Album;
    };
    const trip = await album('Trip');
    const best = await album('Best');
    const add = async (albumId: string, mediaIds: string[]) => expect((await call(`/api/albums/${albumId}/media`, ann, 'POST', { mediaIds })).status).toBe(200);
    await add(trip._id, [a!._id, b!._id]);
    await add(best._id, [keep!._id, c!._id]);

    const res = await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: keep!._id, mediaIds: [a!._id, b!._id, c!._id] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { kept: MediaItem; deletedCount: number };
    expect(body.deletedCount).toBe(3);
    expect(body.kept).toMatchObject({ _id: keep!._id, tags: ['Beach', 'Sunset', 'Holiday 2031', 'Solo', 'Outdoor'], isFavorite: true, deletedAt: null });
    expect(await item(ann, keep!._id)).toEqual(body.kept);
    for (const other of [a!, b!, c!]) expect((await item(ann, other._id)).deletedAt).not.toBeNull();
    // The tag filter and the search find the kept item by the tags it took over.
    const listed = async (query: string) => ((await (await call(`/api/gallery${query}`, ann)).json()) as MediaPage).media.map((m) => m._id);
    expect(await listed('?tags=holiday 2031')).toEqual([keep!._id]);
    expect(await listed('?search=outdoor')).toEqual([keep!._id]);
    expect(await listed('?filter=favorites')).toContain(keep!._id);
    // In both albums, each counting only items out of the bin.
    for (const [albumId, count] of [
      [trip._id, 1],
      [best._id, 1],
    ] as const) {
      const detail = (await (await call(`/api/albums/${albumId}`, ann)).json()) as AlbumDetail;
      expect(detail.media.map((m) => m._id)).toEqual([keep!._id]);
      expect(detail.mediaCount).toBe(count);
    }
    // The group is gone.
    expect(groupWith(await groups(ann, '?mode=similar'), keep!._id)).toBeUndefined();
  });

  test("another owner's, the other gallery's, a binned or an unknown id: 404 and nothing changes", async () => {
    const [v1, v2] = videos;
    const [beas] = await upload(bea, ['clip.mp4']);
    const [premium] = await upload(ann, ['clip.mp4'], 'premium');
    const binned = photos[1]!;
    const before = await snapshot();
    for (const [path, body] of [
      ['/api/gallery/duplicates/resolve', { keepId: v1!._id, mediaIds: [v2!._id, beas!._id] }],
      ['/api/gallery/duplicates/resolve', { keepId: beas!._id, mediaIds: [v1!._id] }],
      ['/api/gallery/duplicates/resolve', { keepId: v1!._id, mediaIds: [v2!._id, premium!._id] }],
      ['/api/gallery/duplicates/resolve', { keepId: v1!._id, mediaIds: [v2!._id, 'no-such-item'] }],
      ['/api/gallery/duplicates/resolve', { keepId: binned._id, mediaIds: [v2!._id] }],
      ['/api/gallery/duplicates/resolve', { keepId: v1!._id, mediaIds: [binned._id] }],
      ['/api/premium/duplicates/resolve', { keepId: premium!._id, mediaIds: [v1!._id] }],
      ['/api/premium/duplicates/resolve', { keepId: v1!._id, mediaIds: [v2!._id] }],
    ] as const) {
      const res = await call(path, ann, 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(await res.json()).toEqual({ error: 'Media not found' });
    }
    // Bea cannot resolve ann's group either.
    expect((await call('/api/gallery/duplicates/resolve', bea, 'POST', { keepId: v1!._id, mediaIds: [v2!._id] })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  test('hostile input: 4xx with a reason, nothing changes', async () => {
    const [v1, v2] = videos;
    const before = await snapshot();
    const send = (body: BodyInit, type = 'application/json') =>
      t.request('/api/gallery/duplicates/resolve', { method: 'POST', body, headers: { 'content-type': type }, as: ann });
    const expectError = async (res: Response, status: number, error?: string) => {
      expect(res.status).toBe(status);
      const answer = (await res.json()) as { error: string };
      if (error) expect(answer.error).toEndWith(error);
      else expect(answer.error.length).toBeGreaterThan(0);
    };
    await expectError(await call('/api/gallery/duplicates?mode=fuzzy', ann), 400, M.mode);
    await expectError(await send(JSON.stringify({ keepId: v1!._id, mediaIds: [v2!._id] }), 'text/plain'), 415);
    await expectError(await send('{"keepId":'), 400);
    await expectError(await send('[]'), 400);
    await expectError(await call('/api/gallery/duplicates/resolve', ann, 'POST', { mediaIds: [v2!._id] }), 400, M.keepId);
    await expectError(await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: 7, mediaIds: [v2!._id] }), 400, M.keepId);
    await expectError(await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: '  ', mediaIds: [v2!._id] }), 400, M.keepId);
    await expectError(await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: v1!._id, mediaIds: [] }), 400, M.mediaIds);
    await expectError(await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: v1!._id, mediaIds: v2!._id }), 400, M.mediaIds);
    await expectError(await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: v1!._id, mediaIds: [{ id: v2!._id }] }), 400, M.mediaIds);
    await expectError(
      await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: v1!._id, mediaIds: Array.from({ length: 1001 }, (_, i) => `id-${i}`) }),
      400,
      M.mediaIds,
    );
    await expectError(await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: v1!._id, mediaIds: ['x'.repeat(101)] }), 400, M.mediaIds);
    await expectError(await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: v1!._id, mediaIds: [v2!._id, v1!._id] }), 400, M.keepAmongOthers);
    // Merging past the tag limit is refused rather than dropping tags.
    await t.database.db
      .updateTable('media')
      .set({ tags: JSON.stringify(Array.from({ length: 60 }, (_, i) => `a${i}`)) })
      .where('id', '=', v1!._id)
      .execute();
    await t.database.db
      .updateTable('media')
      .set({ tags: JSON.stringify(Array.from({ length: 60 }, (_, i) => `b${i}`)) })
      .where('id', '=', v2!._id)
      .execute();
    const tagged = await snapshot();
    await expectError(
      await call('/api/gallery/duplicates/resolve', ann, 'POST', { keepId: v1!._id, mediaIds: [v2!._id] }),
      400,
      'An item can have at most 100 tags',
    );
    expect(await snapshot()).toEqual(tagged);
    await t.database.db.updateTable('media').set({ tags: '[]' }).where('id', 'in', [v1!._id, v2!._id]).execute();
    expect(await snapshot()).toEqual(before);
  });
});

describe('hashes for items processed before hashes existed', () => {
  test('the start-up job gives every ready item without a hash the very hash processing gave it', async () => {
    // Besides the photos and videos above: a HEIC (hashed from its display rendition), a photo
    // stored sideways (EXIF orientation) and one too large to show as it is (a display rendition).
    const samples = await mediaSamples();
    files['IMG_0002.heic'] = samples.heic.bytes();
    files['sideways.jpg'] = samples.jpegExif.bytes();
    files['large.jpg'] = await sharp(await picture('beach', 1200))
      .resize(4400)
      .jpeg()
      .toBuffer();
    await upload(ann, ['IMG_0002.heic', 'sideways.jpg', 'large.jpg']);
    const rows = await t.database.db.selectFrom('media').select(['id', 'phash']).where('status', '=', 'ready').execute();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.phash !== null)).toBe(true);
    await t.database.db.updateTable('media').set({ phash: null }).execute();
    await scheduleHashBackfill(t.services.jobs);
    await t.runJobs();
    const after = await t.database.db.selectFrom('media').select(['id', 'phash']).where('status', '=', 'ready').execute();
    expect(new Map(after.map((r) => [r.id, r.phash]))).toEqual(new Map(rows.map((r) => [r.id, r.phash])));
  }, 60_000);
});
