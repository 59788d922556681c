// The albums API over HTTP on a real temp database: the life cycle, each 400, owner isolation
// (another user's album and another user's items change nothing), covers (chosen, reset, binned,
// deleted forever), counts kept true through every way an item or membership comes and goes
// (checked against a fresh count each time), items in the bin hidden, paging, filters, sorts,
// search, hostile bodies, and the add used by the bulk actions inside their own transaction.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { fails, ok } from '../../../test/helpers/answers.ts';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { type MediaFields, manyMedia, newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { newModel } from '../../../test/helpers/models-factory.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { NotFoundError } from '../../errors.ts';
import { ALBUM_TOASTS, type Album, type AlbumDetail, type AlbumPage } from '../../shared/albums.ts';
import type { MediaRow } from '../media/media.table.ts';
import { ALBUM_INPUT_MESSAGES as M } from './albums.schema.ts';
import { ALBUM_TEXT, addMediaToAlbum } from './albums.service.ts';

let now = Date.UTC(2031, 4, 6, 12, 0);
let t: TestApp;
let ann: SignedIn;
let bea: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  ann = await signedInUser(t.database.db, {}, now);
  bea = await signedInUser(t.database.db, {}, now);
});

const call = (path: string, as: Credentials, method = 'GET', json?: unknown) => t.request(path, { method, as, ...(json === undefined ? {} : { json }) });
async function createAlbum(as: SignedIn, name: string, extra: object = {}): Promise<Album> {
  now += 1000;
  return ok<Album>(call('/api/albums', as, 'POST', { name, ...extra }), 201);
}
async function add(as: SignedIn, albumId: string, ids: string[]): Promise<{ added: number; album: Album }> {
  now += 1000;
  return ok(call(`/api/albums/${albumId}/media`, as, 'POST', { mediaIds: ids }));
}
const detail = (as: SignedIn, albumId: string, query = '') => ok<AlbumDetail>(call(`/api/albums/${albumId}${query}`, as));
const list = (as: SignedIn, query = '') => ok<AlbumPage>(call(`/api/albums${query}`, as));
const items = (database: TestApp['database'], owner: string, n: number, fields: (i: number) => MediaFields = () => ({})) =>
  manyMedia(database, owner, n, fields);
const ids = (rows: MediaRow[]) => rows.map((r) => r.id);

/** Every album's stored counts (items, images, favourites) equal a fresh count, and every membership's copies equal its item. */
async function expectCountsTrue(): Promise<void> {
  const counts = await sql<{ id: string; stored: string; fresh: string }>`
    select albums.id, albums.media_count || ' ' || albums.image_count || ' ' || albums.favorite_count as stored,
      (select count(*) || ' ' || count(*) filter (where media.type = 'image') || ' ' || count(*) filter (where media.is_favorite = 1)
       from album_media join media on media.id = album_media.media_id where album_media.album_id = albums.id and media.deleted_at is null) as fresh
    from albums`.execute(t.database.db);
  for (const row of counts.rows) expect(row.stored, `album ${row.id}: items, images, favourites`).toBe(row.fresh);
  const stale = await sql<{ n: number }>`
    select count(*) as n from album_media left join media on media.id = album_media.media_id
    where media.id is null or album_media.binned <> (media.deleted_at is not null) or album_media.type <> media.type
      or album_media.is_favorite <> media.is_favorite or album_media.created_at <> media.created_at`.execute(t.database.db);
  expect(stale.rows[0]!.n).toBe(0);
}
const storedCount = async (albumId: string) =>
  (await t.database.db.selectFrom('albums').select('media_count').where('id', '=', albumId).executeTakeFirstOrThrow()).media_count;
const albumRows = () => t.database.db.selectFrom('albums').selectAll().orderBy('id').execute();
const memberRows = () => t.database.db.selectFrom('album_media').selectAll().orderBy('album_id').orderBy('media_id').execute();

describe('signed out', () => {
  test('every endpoint answers 401 and changes nothing', async () => {
    const album = await createAlbum(ann, 'Holiday');
    const row = newMedia(t.database, ann.user._id);
    const site = await t.enterSite();
    const before = [await albumRows(), await memberRows()];
    for (const [method, path, body] of [
      ['GET', '/api/albums'],
      ['POST', '/api/albums', { name: 'X' }],
      ['GET', `/api/albums/${album._id}`],
      ['PUT', `/api/albums/${album._id}`, { name: 'X' }],
      ['DELETE', `/api/albums/${album._id}`],
      ['POST', `/api/albums/${album._id}/media`, { mediaIds: [row.id] }],
      ['DELETE', `/api/albums/${album._id}/media`, { mediaIds: [row.id] }],
    ] as const) {
      await fails(call(path, { siteToken: site }, method, body), 401, 'You must be signed in');
    }
    expect([await albumRows(), await memberRows()]).toEqual(before);
  });
});

describe('the life cycle', () => {
  test('create, list, open, edit, add, add again, remove, delete: the items stay', async () => {
    const created = await ok<Album>(call('/api/albums', ann, 'POST', { name: '  Summer 2031  ', description: ' Beach days ' }), 201);
    expect(Object.keys(created).sort()).toEqual(['_id', 'coverImage', 'created', 'createdAt', 'description', 'isPublic', 'mediaCount', 'name', 'updatedAt']);
    expect(created).toMatchObject({ name: 'Summer 2031', description: 'Beach days', isPublic: true, coverImage: null, mediaCount: 0 });
    expect(created.created).toBe(new Date(now).toISOString());
    expect(created.createdAt).toBe(created.created);
    expect(created.updatedAt).toBe(created.created);
    const privateOne = await createAlbum(ann, 'Private', { isPublic: false });
    expect(privateOne.isPublic).toBe(false);

    expect(await list(ann)).toEqual({ albums: [privateOne, created], totalItems: 2, totalPages: 1 });
    expect(await detail(ann, created._id)).toEqual({ ...created, media: [], totalItems: 0, totalPages: 0 });

    now += 1000;
    const edited = await ok<Album>(call(`/api/albums/${created._id}`, ann, 'PUT', { name: 'Summer', description: '', isPublic: false }));
    expect(edited).toMatchObject({
      _id: created._id,
      name: 'Summer',
      description: '',
      isPublic: false,
      created: created.created,
      updatedAt: new Date(now).toISOString(),
    });
    // Only what is sent changes.
    const renamed = await ok<Album>(call(`/api/albums/${created._id}`, ann, 'PUT', { name: 'Summer days' }));
    expect(renamed).toMatchObject({ name: 'Summer days', description: '', isPublic: false });

    const model = await newModel(t.database.db, ann.user._id, { name: 'Mia' });
    const free = items(t.database, ann.user._id, 3, (i) => ({ modelId: i === 0 ? model : null }));
    const premium = newMedia(t.database, ann.user._id, { gallery: 'premium', type: 'video' });
    const first = await add(ann, created._id, [...ids(free), premium.id]);
    expect(first.added).toBe(4);
    expect(first.album.mediaCount).toBe(4);
    expect(ALBUM_TOASTS.added(first.added, first.album.name)).toBe('Added 4 item(s) to album: Summer days');
    // Ids already there are passed over; repeats count once.
    const more = newMedia(t.database, ann.user._id);
    const second = await add(ann, created._id, [free[0]!.id, more.id, more.id]);
    expect(second).toMatchObject({ added: 1, album: { mediaCount: 5 } });

    const opened = await detail(ann, created._id);
    expect(opened.totalItems).toBe(5);
    expect(opened.totalPages).toBe(1);
    // Most recently added first (the first batch by id, newest first), both galleries.
    expect(opened.media.map((m) => m._id)).toEqual([more.id, premium.id, ...ids(free).reverse()]);
    expect(opened.media.find((m) => m._id === premium.id)!.source).toBe('premium');
    expect(opened.media.find((m) => m._id === free[0]!.id)!).toMatchObject({
      modelId: model,
      modelName: 'Mia',
      source: 'gallery',
      url: `/media/${free[0]!.id}`,
    });

    const removed = await ok<{ removed: number; album: Album }>(
      call(`/api/albums/${created._id}/media`, ann, 'DELETE', { mediaIds: [more.id, free[1]!.id, 'not-there'] }),
    );
    expect(removed.removed).toBe(2);
    expect(removed.album.mediaCount).toBe(3);
    expect((await detail(ann, created._id)).media.map((m) => m._id)).toEqual([premium.id, free[2]!.id, free[0]!.id]);
    await expectCountsTrue();

    expect(await ok(call(`/api/albums/${created._id}`, ann, 'DELETE'))).toEqual({ success: true, message: 'Album deleted successfully' });
    await fails(call(`/api/albums/${created._id}`, ann), 404, 'Album not found');
    expect((await list(ann)).albums.map((a) => a.name)).toEqual(['Private']);
    // Its items stay, in their galleries.
    expect((await ok<{ totalItems: number }>(call('/api/gallery', ann))).totalItems).toBe(4);
    expect(await memberRows()).toEqual([]);
    await expectCountsTrue();
  });
});

describe('validation', () => {
  test('each bad input is a 400 with a clear message, and nothing is written', async () => {
    const album = await createAlbum(ann, 'Kept');
    const row = newMedia(t.database, ann.user._id);
    const before = [await albumRows(), await memberRows()];
    const post = (json: unknown) => call('/api/albums', ann, 'POST', json);
    await fails(post({}), 400, 'Album name is required');
    await fails(post({ name: '   ' }), 400, 'Album name is required');
    await fails(post({ name: null }), 400, 'Album name is required');
    await fails(post({ name: 42 }), 400, M.nameType);
    await fails(post({ name: 'x'.repeat(201) }), 400, 'Album name must be at most 200 characters');
    await fails(post({ name: 'ok', description: 'x'.repeat(2001) }), 400, M.description);
    await fails(post({ name: 'ok', description: ['x'] }), 400, M.description);
    await fails(post({ name: 'ok', isPublic: 'true' }), 400, 'isPublic must be true or false');
    await fails(post({ name: 'ok', isPublic: 1 }), 400, 'isPublic must be true or false');

    const put = (json: unknown) => call(`/api/albums/${album._id}`, ann, 'PUT', json);
    await fails(put({}), 400, M.nothingToUpdate);
    await fails(put({ name: ' ' }), 400, 'Album name is required');
    await fails(put({ coverImage: { _id: row.id } }), 400, M.coverImage);
    await fails(put({ coverImage: 7 }), 400, M.coverImage);
    await fails(put({ coverImage: '' }), 400, M.coverImage);
    await fails(put({ coverImage: row.id }), 400, ALBUM_TEXT.coverNotInAlbum);

    const media = (method: string, json: unknown) => call(`/api/albums/${album._id}/media`, ann, method, json);
    for (const method of ['POST', 'DELETE']) {
      await fails(media(method, {}), 400, M.mediaIds);
      await fails(media(method, { mediaIds: [] }), 400, M.mediaIds);
      await fails(media(method, { mediaIds: row.id }), 400, M.mediaIds);
      await fails(media(method, { mediaIds: [1, 2] }), 400, M.mediaIds);
      await fails(media(method, { mediaIds: [''] }), 400, M.mediaIds);
      await fails(media(method, { mediaIds: Array.from({ length: 1001 }, (_, i) => `m${i}`) }), 400, M.mediaIds);
    }

    for (const [query, message] of [
      ['?page=0', M.page],
      ['?page=x', M.page],
      ['?limit=0', M.limit],
      ['?limit=101', M.limit],
      ['?sortBy=size', M.sortBy],
      ['?sortOrder=up', M.sortOrder],
      [`?search=${'x'.repeat(201)}`, M.search],
    ] as const) {
      await fails(call(`/api/albums${query}`, ann), 400, message);
    }
    for (const [query, message] of [
      ['?page=-1', M.page],
      ['?limit=1001', M.mediaLimit],
      ['?filter=recycling-bin', M.filter],
    ] as const) {
      await fails(call(`/api/albums/${album._id}${query}`, ann), 400, message);
    }
    expect([await albumRows(), await memberRows()]).toEqual(before);
  });

  test('hostile bodies: not JSON, not an object, not UTF-8, the wrong type, too large; odd ids are simply not found', async () => {
    const album = await createAlbum(ann, 'Kept');
    const row = newMedia(t.database, ann.user._id);
    const before = [await albumRows(), await memberRows()];
    const raw = (path: string, method: string, body: BodyInit, type = 'application/json') =>
      t.request(path, { method, as: ann, body, headers: { 'content-type': type } });
    for (const [path, method] of [
      ['/api/albums', 'POST'],
      [`/api/albums/${album._id}`, 'PUT'],
      [`/api/albums/${album._id}/media`, 'POST'],
      [`/api/albums/${album._id}/media`, 'DELETE'],
    ] as const) {
      await fails(raw(path, method, '{"name": "x"'), 400, 'The request body is not valid JSON');
      await fails(raw(path, method, '["x"]'), 400, 'The request body must be a JSON object');
      await fails(raw(path, method, 'null'), 400, 'The request body must be a JSON object');
      await fails(raw(path, method, new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])), 400, 'The request body is not valid UTF-8');
      await fails(raw(path, method, 'name=x', 'application/x-www-form-urlencoded'), 415);
      await fails(raw(path, method, JSON.stringify({ name: 'x', mediaIds: Array.from({ length: 5000 }, () => row.id) })), 413);
    }
    // Ids that look like SQL or JSON, or belong to nobody: 404 and nothing added.
    for (const odd of ["x' or '1'='1", '"]', `${row.id}%`, '*', '../../etc/passwd']) {
      await fails(call(`/api/albums/${album._id}/media`, ann, 'POST', { mediaIds: [row.id, odd] }), 404, 'Media not found');
    }
    await fails(call(`/api/albums/${encodeURIComponent("x' or 1=1 --")}`, ann), 404, 'Album not found');
    // Unknown fields are ignored.
    expect((await ok<Album>(call('/api/albums', ann, 'POST', { name: 'Extra', owner_id: bea.user._id, mediaCount: 99, _id: 'mine' }), 201)).mediaCount).toBe(0);
    const after = await albumRows();
    expect(after.find((a) => a.name === 'Extra')!).toMatchObject({ owner_id: ann.user._id, media_count: 0 });
    expect([after.filter((a) => a.name !== 'Extra'), await memberRows()]).toEqual(before);
  });
});

describe('owners', () => {
  test("another user's album is 404 on every call and nothing changes; another user's items are never added", async () => {
    const album = await createAlbum(ann, 'Ann only');
    const mine = items(t.database, ann.user._id, 2);
    const theirs = newMedia(t.database, bea.user._id);
    await add(ann, album._id, [mine[0]!.id]);
    const before = [await albumRows(), await memberRows()];
    for (const [method, path, body] of [
      ['GET', `/api/albums/${album._id}`],
      ['PUT', `/api/albums/${album._id}`, { name: 'Taken' }],
      ['PUT', `/api/albums/${album._id}`, { coverImage: mine[0]!.id }],
      ['DELETE', `/api/albums/${album._id}`],
      ['POST', `/api/albums/${album._id}/media`, { mediaIds: [theirs.id] }],
      ['DELETE', `/api/albums/${album._id}/media`, { mediaIds: [mine[0]!.id] }],
    ] as const) {
      await fails(call(path, bea, method, body), 404, 'Album not found');
    }
    expect(await list(bea)).toEqual({ albums: [], totalItems: 0, totalPages: 0 });
    expect([await albumRows(), await memberRows()]).toEqual(before);

    // Ann adding Bea's item, or an unknown id, among her own: 404 and none of them goes in.
    await fails(call(`/api/albums/${album._id}/media`, ann, 'POST', { mediaIds: [mine[1]!.id, theirs.id] }), 404, 'Media not found');
    await fails(call(`/api/albums/${album._id}/media`, ann, 'POST', { mediaIds: [mine[1]!.id, crypto.randomUUID()] }), 404, 'Media not found');
    // Bea's item as the cover: not an item of the album.
    await fails(call(`/api/albums/${album._id}`, ann, 'PUT', { coverImage: theirs.id }), 400, ALBUM_TEXT.coverNotInAlbum);
    // Bea adding to her own album with Ann's item.
    const hers = await createAlbum(bea, 'Bea');
    await fails(call(`/api/albums/${hers._id}/media`, bea, 'POST', { mediaIds: [mine[1]!.id] }), 404, 'Media not found');
    expect((await detail(bea, hers._id)).mediaCount).toBe(0);
    expect([(await albumRows()).filter((a) => a.id !== hers._id), await memberRows()]).toEqual(before);
    // Bea's list holds her own album only, Ann's her own only.
    expect((await list(bea)).albums.map((a) => a.name)).toEqual(['Bea']);
    expect((await list(ann)).albums.map((a) => a.name)).toEqual(['Ann only']);
  });

  test('items in the bin cannot be added: 400, and nothing of the call is added', async () => {
    const album = await createAlbum(ann, 'A');
    const [kept, binned] = items(t.database, ann.user._id, 2, (i) => ({ deletedAt: i === 1 ? now : null }));
    await fails(call(`/api/albums/${album._id}/media`, ann, 'POST', { mediaIds: [kept!.id, binned!.id] }), 400, ALBUM_TEXT.binnedNotAddable);
    expect((await memberRows()).filter((m) => m.album_id === album._id)).toEqual([]);
  });

  test("an account's deletion takes its albums and memberships with it", async () => {
    const admin = await signedInUser(t.database.db, { role: 'admin' }, now);
    const album = await createAlbum(bea, 'Doomed');
    await add(bea, album._id, ids(items(t.database, bea.user._id, 3)));
    const kept = await createAlbum(ann, 'Kept');
    await add(ann, kept._id, ids(items(t.database, ann.user._id, 2)));
    await ok(call(`/api/users/${bea.user._id}`, admin, 'DELETE'));
    expect((await albumRows()).some((a) => a.owner_id === bea.user._id)).toBe(false);
    expect((await memberRows()).some((m) => m.owner_id === bea.user._id)).toBe(false);
    expect((await detail(ann, kept._id)).mediaCount).toBe(2);
    await expectCountsTrue();
  });
});

describe('covers', () => {
  test('the newest item by default; a chosen one; binned, restored, taken out, deleted forever; reset', async () => {
    const album = await createAlbum(ann, 'Covers');
    expect(album.coverImage).toBeNull();
    // Created oldest to newest; added in another order: the cover goes by the item's date.
    const [oldest, middle, newest] = items(t.database, ann.user._id, 3, (i) => ({
      type: i === 2 ? 'video' : 'image',
      thumbnailKey: i === 1 ? null : undefined,
    }));
    for (const row of [oldest!, middle!, newest!]) await putMediaBytes(t.store, row);
    await add(ann, album._id, [newest!.id]);
    await add(ann, album._id, [oldest!.id, middle!.id]);
    const cover = async () => (await detail(ann, album._id)).coverImage;
    expect(await cover()).toEqual({ _id: newest!.id, url: `/media/${newest!.id}`, type: 'video', thumbnail: `/media/${newest!.id}/thumbnail` });

    now += 1000;
    const set = await ok<Album>(call(`/api/albums/${album._id}`, ann, 'PUT', { coverImage: middle!.id }));
    // An item without a thumbnail yet says so.
    expect(set.coverImage).toEqual({ _id: middle!.id, url: `/media/${middle!.id}`, type: 'image', thumbnail: null });
    expect((await list(ann)).albums[0]!.coverImage?._id).toBe(middle!.id);

    // The chosen cover in the bin: the newest remaining item shows; restored, it is the cover again.
    await ok(call(`/api/gallery/${middle!.id}/delete`, ann, 'DELETE'));
    expect((await cover())?._id).toBe(newest!.id);
    await ok(call(`/api/gallery/${middle!.id}/restore`, ann, 'POST'));
    expect((await cover())?._id).toBe(middle!.id);

    // The newest item in the bin: the next newest remaining.
    await ok(call(`/api/albums/${album._id}`, ann, 'PUT', { coverImage: null }));
    await ok(call(`/api/gallery/${newest!.id}/delete`, ann, 'DELETE'));
    expect((await cover())?._id).toBe(middle!.id);
    // A binned item cannot be chosen.
    await fails(call(`/api/albums/${album._id}`, ann, 'PUT', { coverImage: newest!.id }), 400, ALBUM_TEXT.coverNotInAlbum);
    await ok(call(`/api/gallery/${newest!.id}/restore`, ann, 'POST'));

    // The chosen cover deleted forever: the newest remaining item.
    await ok(call(`/api/albums/${album._id}`, ann, 'PUT', { coverImage: oldest!.id }));
    expect((await cover())?._id).toBe(oldest!.id);
    await ok(call(`/api/gallery/${oldest!.id}/permanent-delete`, ann, 'DELETE'));
    expect((await cover())?._id).toBe(newest!.id);
    expect((await albumRows()).find((a) => a.id === album._id)!.cover_media_id).toBeNull();

    // The chosen cover taken out of the album is forgotten: added back, it is not the cover again.
    await ok(call(`/api/albums/${album._id}`, ann, 'PUT', { coverImage: middle!.id }));
    await ok(call(`/api/albums/${album._id}/media`, ann, 'DELETE', { mediaIds: [middle!.id] }));
    expect((await cover())?._id).toBe(newest!.id);
    await add(ann, album._id, [middle!.id]);
    expect((await cover())?._id).toBe(newest!.id);

    // Nothing left out of the bin: no cover.
    await ok(call(`/api/gallery/${newest!.id}/delete`, ann, 'DELETE'));
    await ok(call(`/api/gallery/${middle!.id}/delete`, ann, 'DELETE'));
    expect(await cover()).toBeNull();
    await expectCountsTrue();
  });
});

describe('counts', () => {
  test('bin, restore, favourite, delete forever (by hand and by the purge), an album deleted: the count is always a fresh count', async () => {
    const a = await createAlbum(ann, 'A');
    const b = await createAlbum(ann, 'B');
    const rows = items(t.database, ann.user._id, 6, (i) => ({ type: i % 2 ? 'video' : 'image' }));
    const premium = newMedia(t.database, ann.user._id, { gallery: 'premium' });
    for (const row of rows) await putMediaBytes(t.store, row);
    await add(ann, a._id, [...ids(rows), premium.id]);
    await add(ann, b._id, ids(rows.slice(0, 3)));
    expect([await storedCount(a._id), await storedCount(b._id)]).toEqual([7, 3]);
    await expectCountsTrue();

    await ok(call(`/api/gallery/${rows[0]!.id}/delete`, ann, 'DELETE'));
    // Binning again changes nothing.
    await ok(call(`/api/gallery/${rows[0]!.id}/delete`, ann, 'DELETE'));
    expect([await storedCount(a._id), await storedCount(b._id)]).toEqual([6, 2]);
    await expectCountsTrue();
    // The album hides it and its filters' totals leave it out.
    const opened = await detail(ann, a._id);
    expect(opened.media.map((m) => m._id)).not.toContain(rows[0]!.id);
    expect(opened.totalItems).toBe(6);
    expect((await detail(ann, a._id, '?filter=images')).totalItems).toBe(3);

    await ok(call(`/api/gallery/${rows[0]!.id}/restore`, ann, 'POST'));
    await ok(call(`/api/gallery/${rows[0]!.id}/restore`, ann, 'POST'));
    expect([await storedCount(a._id), await storedCount(b._id)]).toEqual([7, 3]);
    await expectCountsTrue();

    await ok(call(`/api/gallery/${rows[1]!.id}/favorite`, ann, 'POST'));
    expect((await detail(ann, a._id, '?filter=favorites')).media.map((m) => m._id)).toEqual([rows[1]!.id]);
    await expectCountsTrue();

    // Deleted forever straight from the gallery, and from the bin.
    await ok(call(`/api/gallery/${rows[1]!.id}/permanent-delete`, ann, 'DELETE'));
    expect([await storedCount(a._id), await storedCount(b._id)]).toEqual([6, 2]);
    await ok(call(`/api/gallery/${rows[2]!.id}/delete`, ann, 'DELETE'));
    expect([await storedCount(a._id), await storedCount(b._id)]).toEqual([5, 1]);
    await ok(call(`/api/gallery/${rows[2]!.id}/permanent-delete`, ann, 'DELETE'));
    expect([await storedCount(a._id), await storedCount(b._id)]).toEqual([5, 1]);
    await expectCountsTrue();

    // A premium item into the bin and out of it by other writers (the premium API, the bulk actions).
    await t.database.db.updateTable('media').set({ deleted_at: now }).where('id', '=', premium.id).execute();
    expect(await storedCount(a._id)).toBe(4);
    await t.database.db.updateTable('media').set({ deleted_at: null }).where('id', '=', premium.id).execute();
    expect(await storedCount(a._id)).toBe(5);
    // Rows deleted by id, as the bin's purge does, binned or not.
    await t.database.db.updateTable('media').set({ deleted_at: now }).where('id', '=', rows[3]!.id).execute();
    await t.database.db.deleteFrom('media').where('id', 'in', [rows[3]!.id, rows[4]!.id]).execute();
    expect(await storedCount(a._id)).toBe(3);
    await expectCountsTrue();

    // A membership written by another writer with copies that are wrong: the triggers fill them.
    const late = newMedia(t.database, ann.user._id, { deletedAt: now, favorite: true, type: 'video' });
    await t.database.db
      .insertInto('album_media')
      .values({ album_id: b._id, media_id: late.id, owner_id: ann.user._id, added_at: now, binned: 0, type: 'image', is_favorite: 0, created_at: 0 })
      .execute();
    expect(await storedCount(b._id)).toBe(1);
    await expectCountsTrue();

    // An album deleted: the other album's count is untouched, the items stay.
    await ok(call(`/api/albums/${b._id}`, ann, 'DELETE'));
    expect(await storedCount(a._id)).toBe(3);
    await expectCountsTrue();
  });
});

describe('lists', () => {
  test('albums: sorts in both orders, search ignoring case (any script, literal % and _), pages', async () => {
    const names = ['beach', 'Zebra', 'apple', 'Über alles', 'über', '100% real', 'snake_case', 'Mountain', 'city', 'Beachside'];
    const made: Album[] = [];
    for (const name of names) made.push(await createAlbum(ann, name));
    const pool = items(t.database, ann.user._id, 10);
    // Counts 0..9 in the order made, except two ties.
    for (const [i, album] of made.entries()) if (i > 0) await add(ann, album._id, ids(pool.slice(0, i === 9 ? 1 : i)));

    const namesOf = (page: AlbumPage) => page.albums.map((a) => a.name);
    expect(namesOf(await list(ann))).toEqual([...names].reverse());
    expect(namesOf(await list(ann, '?sortBy=created&sortOrder=asc'))).toEqual(names);
    expect(namesOf(await list(ann, '?sortBy=name&sortOrder=asc'))).toEqual(namesByNocase(names));
    expect(namesOf(await list(ann, '?sortBy=name&sortOrder=desc'))).toEqual(namesByNocase(names).reverse());
    const byCount = await list(ann, '?sortBy=mediaCount&sortOrder=desc');
    expect(byCount.albums.map((a) => a.mediaCount)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 1, 0]);
    expect(namesOf(await list(ann, '?sortBy=mediaCount&sortOrder=asc')).slice(0, 1)).toEqual(['beach']);

    expect(namesOf(await list(ann, '?search=BEACH'))).toEqual(['Beachside', 'beach']);
    expect(namesOf(await list(ann, '?search=%C3%9Cber'))).toEqual(['über', 'Über alles']);
    expect(namesOf(await list(ann, '?search=%25'))).toEqual(['100% real']);
    expect(namesOf(await list(ann, '?search=_'))).toEqual(['snake_case']);
    expect(await list(ann, '?search=nothing')).toEqual({ albums: [], totalItems: 0, totalPages: 0 });
    expect((await list(ann, '?search=%20%20beach%20')).totalItems).toBe(2);

    const page2 = await list(ann, '?limit=3&page=2&sortBy=created&sortOrder=asc');
    expect(page2).toMatchObject({ totalItems: 10, totalPages: 4 });
    expect(namesOf(page2)).toEqual(names.slice(3, 6));
    expect(namesOf(await list(ann, '?limit=3&page=4&sortBy=created&sortOrder=asc'))).toEqual(['Beachside']);
    expect((await list(ann, '?limit=3&page=9')).albums).toEqual([]);
    expect((await list(ann, '?limit=100')).albums).toHaveLength(10);
    // Renamed: found by its new name, sorted by it.
    await ok(call(`/api/albums/${made[2]!._id}`, ann, 'PUT', { name: 'Aardvark' }));
    expect(namesOf(await list(ann, '?search=aard'))).toEqual(['Aardvark']);
    expect(namesOf(await list(ann, '?sortBy=name&sortOrder=asc'))[0]).toBe('100% real');
    expect(namesOf(await list(ann, '?sortBy=name&sortOrder=asc'))[1]).toBe('Aardvark');
  });

  test("an album's items: filters (photos is images), totals, pages, a late page, most recently added first", async () => {
    const album = await createAlbum(ann, 'Big');
    const rows = items(t.database, ann.user._id, 130, (i) => ({
      type: i % 3 === 0 ? 'video' : 'image',
      favorite: i % 10 === 0,
      deletedAt: i % 13 === 5 ? now : null,
    }));
    const shown = rows.filter((r) => r.deleted_at === null);
    // Added in three calls: the last call's items come first.
    const batches = [shown.slice(0, 50), shown.slice(50, 100), shown.slice(100)];
    for (const batch of batches) await add(ann, album._id, ids(batch));
    const binned = rows.filter((r) => r.deleted_at !== null);
    expect(binned.length).toBeGreaterThan(0);
    // Binned after being added, some of them: hidden too.
    for (const row of shown.slice(0, 4)) await ok(call(`/api/gallery/${row.id}/delete`, ann, 'DELETE'));
    const visible = [...batches]
      .reverse()
      .flatMap((b) => [...b].sort((x, y) => (x.id < y.id ? 1 : -1)))
      .filter((r) => !shown.slice(0, 4).includes(r));

    const all = await detail(ann, album._id);
    expect(all.totalItems).toBe(visible.length);
    expect(all.mediaCount).toBe(visible.length);
    expect(all.totalPages).toBe(Math.ceil(visible.length / 50));
    expect(all.media.map((m) => m._id)).toEqual(ids(visible.slice(0, 50)));
    const last = await detail(ann, album._id, `?page=${all.totalPages}`);
    expect(last.media.map((m) => m._id)).toEqual(ids(visible.slice((all.totalPages - 1) * 50)));
    expect((await detail(ann, album._id, '?page=99')).media).toEqual([]);
    expect((await detail(ann, album._id, '?limit=1000')).media).toHaveLength(visible.length);

    const expectFilter = async (filter: string, keep: (r: MediaRow) => boolean) => {
      const want = visible.filter(keep);
      const page = await detail(ann, album._id, `?filter=${filter}&limit=7&page=2`);
      expect(page.totalItems, filter).toBe(want.length);
      expect(page.totalPages).toBe(Math.ceil(want.length / 7));
      expect(page.media.map((m) => m._id)).toEqual(ids(want.slice(7, 14)));
      // The album's own count stays the album's.
      expect(page.mediaCount).toBe(visible.length);
    };
    await expectFilter('images', (r) => r.type === 'image');
    await expectFilter('photos', (r) => r.type === 'image');
    await expectFilter('videos', (r) => r.type === 'video');
    await expectFilter('favorites', (r) => r.is_favorite === 1);
    await expectFilter('all', () => true);
    await expectCountsTrue();
  });
});

describe('addMediaToAlbum inside a caller transaction (the bulk actions)', () => {
  test('adds and counts within the transaction; a failure later in it leaves nothing', async () => {
    const album = await createAlbum(ann, 'Bulk');
    const rows = items(t.database, ann.user._id, 3);
    const db = t.database.db;
    expect(await db.transaction().execute((trx) => addMediaToAlbum(trx, ann.user._id, album._id, ids(rows.slice(0, 2)), now))).toBe(2);
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await addMediaToAlbum(trx, ann.user._id, album._id, ids(rows), now)).toBe(1);
        throw new Error('the bulk call failed later');
      }),
    ).rejects.toThrow('the bulk call failed later');
    expect((await detail(ann, album._id)).mediaCount).toBe(2);
    await expect(db.transaction().execute((trx) => addMediaToAlbum(trx, bea.user._id, album._id, ids(rows), now))).rejects.toBeInstanceOf(NotFoundError);
    await expect(db.transaction().execute((trx) => addMediaToAlbum(trx, ann.user._id, crypto.randomUUID(), ids(rows), now))).rejects.toThrow('Album not found');
    await expectCountsTrue();
  });
});

/** Names in SQLite's NOCASE order (ASCII letters folded, everything else by code point). */
function namesByNocase(names: string[]): string[] {
  const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return [...names].sort((x, y) => (fold(x) < fold(y) ? -1 : fold(x) > fold(y) ? 1 : 0));
}
