// The premium gallery's API over HTTP on a real temp database and store: its upload (all files in
// one call, tags, a model by id or by name), its list with the albums filter and the sort by type,
// the item calls on its own paths, its recycling bin, and the wall between the two galleries: a
// premium item is in no free-gallery list or call, and the other way round. Moving to premium
// moves (one row, the same bytes) and is all or nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { manyMedia, newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { mediaSamples } from '../../../test/helpers/media-samples.ts';
import { newModel } from '../../../test/helpers/models-factory.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { MediaItem, MediaPage, UploadResult } from '../../shared/media.ts';
import { MEDIA_INPUT_MESSAGES as M } from './media.schema.ts';

const now = Date.UTC(2031, 4, 6, 12, 0);
let t: TestApp;
let ann: SignedIn;
let bea: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
  await mediaSamples();
}, 60_000);
afterAll(() => t?.close());
beforeEach(async () => {
  ann = await signedInUser(t.database.db, {}, now);
  bea = await signedInUser(t.database.db, {}, now);
});

const call = (path: string, as: Credentials, method = 'GET', json?: unknown) => t.request(path, { method, as, ...(json === undefined ? {} : { json }) });
async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  const text = await answer.text();
  if (answer.status !== status) throw new Error(`${answer.status} instead of ${status}: ${text}`);
  return JSON.parse(text) as T;
}
const premiumList = (as: SignedIn, query = '') => ok<MediaPage>(call(`/api/premium${query}`, as));
const freeList = (as: SignedIn, query = '') => ok<MediaPage>(call(`/api/gallery${query}`, as));
const titles = (page: MediaPage) => page.media.map((m) => m.title);
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe('signed out', () => {
  test('every premium call and move-to-premium answer 401 and change nothing', async () => {
    const row = newMedia(t.database, ann.user._id, { gallery: 'premium' });
    const site = await t.enterSite();
    for (const [method, path, body] of [
      ['GET', '/api/premium'],
      ['GET', '/api/premium/recycling-bin'],
      ['GET', `/api/premium/${row.id}`],
      ['PUT', `/api/premium/${row.id}`, { title: 'X' }],
      ['DELETE', `/api/premium/${row.id}`],
      ['POST', `/api/premium/${row.id}/favorite`],
      ['POST', `/api/premium/${row.id}/restore`],
      ['DELETE', `/api/premium/${row.id}/permanent`],
      ['POST', '/api/premium/bulk', { action: 'delete', ids: [row.id] }],
      ['POST', '/api/gallery/move-to-premium', { mediaId: row.id }],
    ] as const) {
      const res = await call(path, { siteToken: site }, method, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    const upload = new FormData();
    upload.append('files', new Blob(['x']), 'a.jpg');
    expect((await t.request('/api/premium/upload', { method: 'POST', body: upload, as: { siteToken: site } })).status).toBe(401);
    const [stored] = await t.database.db.selectFrom('media').select(['title', 'deleted_at', 'is_favorite']).where('id', '=', row.id).execute();
    expect(stored).toEqual({ title: row.title, deleted_at: null, is_favorite: 0 });
  });
});

describe('upload into premium', () => {
  test('all files in one call, with tags and a model named by modelName; they are premium items only', async () => {
    const samples = await mediaSamples();
    const model = await newModel(t.database.db, ann.user._id, { name: 'Mia Rose' });
    const body = new FormData();
    body.append('tags', 'Beach, Solo');
    body.append('modelName', 'mia rose');
    for (const sample of [samples.jpeg, samples.png, samples.mp4]) body.append('files', new Blob([sample.bytes() as Uint8Array<ArrayBuffer>]), sample.name);
    const result = await ok<UploadResult>(t.request('/api/premium/upload', { method: 'POST', body, as: ann }), 201);
    expect(result.errors).toEqual([]);
    expect(result.media).toHaveLength(3);
    for (const item of result.media) {
      expect(item.source).toBe('premium');
      expect(item.tags).toEqual(['Beach', 'Solo']);
      expect([item.modelId, item.modelName]).toEqual([model, 'Mia Rose']);
    }
    expect(result.media.map((m) => m.type)).toEqual(['image', 'image', 'video']);
    await t.runJobs();
    const page = await premiumList(ann);
    expect(page.totalItems).toBe(3);
    expect(page.media.every((m) => m.status === 'ready' && m.thumbnail !== null)).toBe(true);
    expect((await freeList(ann)).totalItems).toBe(0);
    // The bytes come back through the hub.
    const original = await t.request(result.media[0]!.url, { as: ann });
    expect(original.status).toBe(200);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(new Uint8Array(samples.jpeg.bytes()));
  });

  test("a modelName the owner has no model of is 404 and nothing is stored; another user's model likewise", async () => {
    const samples = await mediaSamples();
    await newModel(t.database.db, bea.user._id, { name: 'Bea Model' });
    for (const name of ['Nobody', 'Bea Model']) {
      const body = new FormData();
      body.append('modelName', name);
      body.append('files', new Blob([samples.jpeg.bytes() as Uint8Array<ArrayBuffer>]), samples.jpeg.name);
      const res = await t.request('/api/premium/upload', { method: 'POST', body, as: ann });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe('Model not found');
    }
    expect((await premiumList(ann)).totalItems).toBe(0);
  });
});

describe('the premium list', () => {
  test('answers {media, totalItems, totalPages} with the gallery parameters; free items never appear', async () => {
    manyMedia(
      t.database,
      ann.user._id,
      30,
      (i) => ({ gallery: i % 3 === 0 ? 'gallery' : 'premium', type: i % 2 === 0 ? 'video' : 'image', favorite: i % 5 === 0 }),
      'P',
    );
    const page = await premiumList(ann, '?limit=7');
    expect([page.totalItems, page.totalPages, page.media.length]).toEqual([20, 3, 7]);
    expect(page.media.every((m) => m.source === 'premium')).toBe(true);
    expect(titles(page)[0]).toBe('P 000029');
    const free = await freeList(ann, '?limit=100');
    expect(free.totalItems).toBe(10);
    expect(free.media.every((m) => m.source === 'gallery')).toBe(true);
    // Filters and search as the free gallery has them.
    expect((await premiumList(ann, '?filter=videos')).media.every((m) => m.type === 'video')).toBe(true);
    expect((await premiumList(ann, '?filter=favorites')).totalItems).toBe(4);
    expect(titles(await premiumList(ann, '?search=000028'))).toEqual(['P 000028']);
    expect((await premiumList(ann, '?search=000027')).totalItems).toBe(0);
  });

  test('sortBy=type: images first ascending, videos first descending, by date in the same direction within each', async () => {
    manyMedia(t.database, ann.user._id, 6, (i) => ({ gallery: 'premium', type: i < 3 ? 'video' : 'image' }), 'T');
    expect(titles(await premiumList(ann, '?sortBy=type&sortOrder=asc'))).toEqual(['T 000003', 'T 000004', 'T 000005', 'T 000000', 'T 000001', 'T 000002']);
    expect(titles(await premiumList(ann, '?sortBy=type&sortOrder=desc'))).toEqual(['T 000002', 'T 000001', 'T 000000', 'T 000005', 'T 000004', 'T 000003']);
    // With a search too (the other way into the list).
    expect(titles(await premiumList(ann, '?sortBy=type&sortOrder=desc&search=t 00000'))).toEqual([
      'T 000002',
      'T 000001',
      'T 000000',
      'T 000005',
      'T 000004',
      'T 000003',
    ]);
  });

  test("sort=plays: the most played premium items first; the free gallery's viewings are not in it", async () => {
    manyMedia(t.database, ann.user._id, 4, (i) => ({ gallery: 'premium', type: 'video', playCount: [1, 5, 0, 3][i] }), 'V');
    manyMedia(t.database, ann.user._id, 1, () => ({ type: 'video', playCount: 9 }), 'Free');
    expect(titles(await premiumList(ann, '?sort=plays'))).toEqual(['V 000001', 'V 000003', 'V 000000', 'V 000002']);
    expect(titles(await premiumList(ann, '?sortBy=plays&sortOrder=asc'))).toEqual(['V 000002', 'V 000000', 'V 000003', 'V 000001']);
    // With a search (the other way into the list) and with the type sort still there.
    expect(titles(await premiumList(ann, '?sort=plays&search=v 00000'))).toEqual(['V 000001', 'V 000003', 'V 000000', 'V 000002']);
    expect((await call('/api/premium?sort=type', ann)).status).toBe(200);
  });

  test('filter=albums: the premium items that are in any of the owner album, each once', async () => {
    const rows = manyMedia(t.database, ann.user._id, 5, () => ({ gallery: 'premium' }), 'A');
    const first = await ok<{ _id: string }>(call('/api/albums', ann, 'POST', { name: 'One' }), 201);
    const second = await ok<{ _id: string }>(call('/api/albums', ann, 'POST', { name: 'Two' }), 201);
    await ok(call(`/api/albums/${first._id}/media`, ann, 'POST', { mediaIds: [rows[1]!.id, rows[3]!.id] }));
    await ok(call(`/api/albums/${second._id}/media`, ann, 'POST', { mediaIds: [rows[3]!.id] }));
    expect(titles(await premiumList(ann, '?filter=albums'))).toEqual(['A 000003', 'A 000001']);
    expect((await premiumList(ann, '?filter=albums')).totalItems).toBe(2);
    expect(titles(await premiumList(ann, '?filter=albums&search=000001'))).toEqual(['A 000001']);
    // Out of one album it is still in the other; out of both, or the album deleted, it leaves the filter.
    await ok(call(`/api/albums/${second._id}/media`, ann, 'DELETE', { mediaIds: [rows[3]!.id] }));
    expect(titles(await premiumList(ann, '?filter=albums'))).toEqual(['A 000003', 'A 000001']);
    await ok(call(`/api/albums/${first._id}/media`, ann, 'DELETE', { mediaIds: [rows[3]!.id] }));
    expect(titles(await premiumList(ann, '?filter=albums'))).toEqual(['A 000001']);
    await ok(call(`/api/albums/${second._id}/media`, ann, 'POST', { mediaIds: [rows[0]!.id, rows[1]!.id] }));
    await ok(call(`/api/albums/${first._id}`, ann, 'DELETE'));
    expect(titles(await premiumList(ann, '?filter=albums&sortBy=title&sortOrder=asc'))).toEqual(['A 000000', 'A 000001']);
    // Binned items are in no list but the bin; restored, they are back in the filter.
    await ok(call(`/api/premium/${rows[0]!.id}`, ann, 'DELETE'));
    expect(titles(await premiumList(ann, '?filter=albums'))).toEqual(['A 000001']);
    await ok(call(`/api/premium/${rows[0]!.id}/restore`, ann, 'POST'));
    expect((await premiumList(ann, '?filter=albums')).totalItems).toBe(2);
    // The count each item keeps is the number of albums holding it.
    const counts = await t.database.db.selectFrom('media').select(['title', 'album_count']).where('owner_id', '=', ann.user._id).orderBy('title').execute();
    expect(counts.map((r) => r.album_count)).toEqual([1, 1, 0, 0, 0]);
    // The free gallery has no such filter.
    const res = await call('/api/gallery?filter=albums', ann);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(M.filter);
  });

  test('bad parameters are a 400 naming them', async () => {
    for (const [query, message] of [
      ['?filter=nope', M.premiumFilter],
      ['?sortBy=nope', M.premiumSortBy],
      ['?sort=nope', M.premiumSort],
      ['?order=up', M.order],
      ['?page=0', M.page],
      ['?limit=5000', M.limit],
    ] as const) {
      const res = await call(`/api/premium${query}`, ann);
      expect(res.status, query).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
  });
});

describe('one premium item', () => {
  test('get, edit, favourite, bin, restore and delete forever on its own paths; the bytes leave the store', async () => {
    const row = newMedia(t.database, ann.user._id, { gallery: 'premium', title: 'Before' });
    await putMediaBytes(t.store, row);
    expect((await ok<MediaItem>(call(`/api/premium/${row.id}`, ann))).title).toBe('Before');
    expect((await ok<MediaItem>(call(`/api/premium/${row.id}`, ann, 'PUT', { title: 'After', tags: 'Red, Lace' }))).tags).toEqual(['Red', 'Lace']);
    expect(titles(await premiumList(ann, '?tags=lace'))).toEqual(['After']);
    expect((await ok<MediaItem>(call(`/api/premium/${row.id}/favorite`, ann, 'POST'))).isFavorite).toBe(true);
    await ok(call(`/api/premium/${row.id}`, ann, 'DELETE'));
    expect((await premiumList(ann)).totalItems).toBe(0);
    expect(titles(await ok<MediaPage>(call('/api/premium/recycling-bin', ann)))).toEqual(['After']);
    expect((await ok<{ media: MediaItem }>(call(`/api/premium/${row.id}/restore`, ann, 'POST'))).media.deletedAt).toBeNull();
    expect((await premiumList(ann)).totalItems).toBe(1);
    await ok(call(`/api/premium/${row.id}/permanent`, ann, 'DELETE'));
    expect((await premiumList(ann)).totalItems).toBe(0);
    expect(await t.store.head(row.storage_key)).toBeNull();
  });

  test("a free item on a premium path, a premium item on a free path, and another user's item are 404 and unchanged", async () => {
    const free = newMedia(t.database, ann.user._id, { gallery: 'gallery', title: 'Free' });
    const paid = newMedia(t.database, ann.user._id, { gallery: 'premium', title: 'Paid' });
    const theirs = newMedia(t.database, bea.user._id, { gallery: 'premium', title: 'Theirs' });
    const attempts: [string, string, unknown?][] = [
      ...[free.id, theirs.id].flatMap((id): [string, string, unknown?][] => [
        ['GET', `/api/premium/${id}`],
        ['PUT', `/api/premium/${id}`, { title: 'X' }],
        ['DELETE', `/api/premium/${id}`],
        ['POST', `/api/premium/${id}/favorite`],
        ['POST', `/api/premium/${id}/restore`],
        ['DELETE', `/api/premium/${id}/permanent`],
      ]),
      ['GET', `/api/gallery/${paid.id}`],
      ['PUT', `/api/gallery/${paid.id}`, { title: 'X' }],
      ['DELETE', `/api/gallery/${paid.id}/delete`],
      ['POST', `/api/gallery/${paid.id}/favorite`],
      ['DELETE', `/api/gallery/${paid.id}/permanent-delete`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(path, ann, method, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await errorOf(res)).toBe('Media not found');
    }
    const rows = await t.database.db
      .selectFrom('media')
      .select(['title', 'gallery', 'deleted_at', 'is_favorite'])
      .where('id', 'in', [free.id, paid.id, theirs.id])
      .orderBy('title')
      .execute();
    expect(rows).toEqual([
      { title: 'Free', gallery: 'gallery', deleted_at: null, is_favorite: 0 },
      { title: 'Paid', gallery: 'premium', deleted_at: null, is_favorite: 0 },
      { title: 'Theirs', gallery: 'premium', deleted_at: null, is_favorite: 0 },
    ]);
  });
});

describe('move to premium', () => {
  test('{mediaId} and {mediaIds}: the items leave the free gallery and appear in premium, same row, same bytes', async () => {
    const rows = manyMedia(t.database, ann.user._id, 4, () => ({ tags: ['Lace'] }), 'M');
    await putMediaBytes(t.store, rows[0]!);
    const one = await ok<{ moved: number; message: string }>(call('/api/gallery/move-to-premium', ann, 'POST', { mediaId: rows[0]!.id }));
    expect(one).toMatchObject({ moved: 1, message: '1 items moved to premium' });
    const many = await ok<{ moved: number; message: string }>(
      call('/api/gallery/move-to-premium', ann, 'POST', { mediaIds: [rows[1]!.id, rows[2]!.id, rows[1]!.id] }),
    );
    expect(many).toMatchObject({ moved: 2, message: '2 items moved to premium' });
    expect(titles(await freeList(ann))).toEqual(['M 000003']);
    expect(titles(await premiumList(ann))).toEqual(['M 000002', 'M 000001', 'M 000000']);
    // Found by tag and search on the premium side, not on the free one.
    expect((await premiumList(ann, '?tags=lace')).totalItems).toBe(3);
    expect((await freeList(ann, '?tags=lace')).totalItems).toBe(1);
    expect((await premiumList(ann, '?search=m 00000')).totalItems).toBe(3);
    const moved = await ok<MediaItem>(call(`/api/premium/${rows[0]!.id}`, ann));
    expect([moved._id, moved.url]).toEqual([rows[0]!.id, `/media/${rows[0]!.id}`]);
    expect(new TextDecoder().decode(await (await t.request(moved.url, { as: ann })).arrayBuffer())).toBe(`bytes of ${rows[0]!.storage_key}`);
    expect(
      await t.database.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('owner_id', '=', ann.user._id)
        .executeTakeFirst(),
    ).toEqual({ n: 4 });
  });

  test('an id of another user, of premium already, or unknown makes the whole call 404 and nothing moves', async () => {
    const mine = newMedia(t.database, ann.user._id, { title: 'Mine' });
    const paid = newMedia(t.database, ann.user._id, { gallery: 'premium' });
    const theirs = newMedia(t.database, bea.user._id);
    for (const other of [theirs.id, paid.id, crypto.randomUUID()]) {
      const res = await call('/api/gallery/move-to-premium', ann, 'POST', { mediaIds: [mine.id, other] });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe('Media not found');
    }
    expect(titles(await freeList(ann))).toEqual(['Mine']);
    expect((await freeList(bea)).totalItems).toBe(1);
  });

  test('a body without ids is a 400', async () => {
    for (const body of [{}, { mediaIds: [] }, { mediaId: '' }, { mediaIds: 'x' }, { mediaIds: Array.from({ length: 1001 }, (_, i) => `id${i}`) }]) {
      const res = await call('/api/gallery/move-to-premium', ann, 'POST', body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(await errorOf(res)).toContain(M.mediaIds);
    }
  });
});
