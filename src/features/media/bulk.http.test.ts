// Bulk actions over HTTP on a real temp database and store: every action of both galleries, what
// a user then sees in the lists (counts, filters, search, tags, albums), the answer's count of what
// changed, all-or-nothing when an id is not the owner's item of that gallery, each 400, the bytes
// of items deleted forever leaving the store, and a burst of identical calls.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { manyMedia, newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { BulkAction, MediaPage } from '../../shared/media.ts';
import { MEDIA_INPUT_MESSAGES as M } from './media.schema.ts';

const now = Date.UTC(2031, 4, 6, 12, 0);
let t: TestApp;
let ann: SignedIn;
let bea: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
});
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
const list = (as: SignedIn, query = '', gallery = 'gallery') => ok<MediaPage>(call(`/api/${gallery}${query}`, as));
const titles = (page: MediaPage) => page.media.map((m) => m.title);
const bulk = (body: unknown, as: SignedIn = ann, gallery = 'gallery') => call(`/api/${gallery}/bulk`, as, 'POST', body);
const updated = async (body: unknown, as: SignedIn = ann, gallery = 'gallery') => (await ok<{ updated: number }>(bulk(body, as, gallery))).updated;
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
const snapshot = () => t.database.db.selectFrom('media').select(['id', 'gallery', 'tags', 'is_favorite', 'deleted_at', 'search_text']).orderBy('id').execute();

describe('each action', () => {
  test('delete and restore: the items go to the bin and back; only the ones that moved are counted', async () => {
    const rows = manyMedia(t.database, ann.user._id, 5, (i) => ({ deletedAt: i === 0 ? now - 1000 : null }), 'B');
    const ids = rows.map((r) => r.id);
    expect(await updated({ action: 'delete', ids })).toBe(4);
    expect((await list(ann)).totalItems).toBe(0);
    expect((await list(ann, '/recycling-bin')).totalItems).toBe(5);
    // The one already in the bin kept its date (the purge counts from it).
    const first = await t.database.db.selectFrom('media').select('deleted_at').where('id', '=', rows[0]!.id).executeTakeFirstOrThrow();
    expect(first.deleted_at).toBe(now - 1000);
    expect(await updated({ action: 'restore', ids: ids.slice(0, 2) })).toBe(2);
    expect(titles(await list(ann))).toEqual(['B 000001', 'B 000000']);
  });

  test('favorite and unfavorite: the favourites filter follows', async () => {
    const rows = manyMedia(t.database, ann.user._id, 4, (i) => ({ favorite: i === 0 }), 'F');
    const ids = rows.map((r) => r.id);
    expect(await updated({ action: 'favorite', ids })).toBe(3);
    expect((await list(ann, '?filter=favorites')).totalItems).toBe(4);
    expect(await updated({ action: 'unfavorite', ids: ids.slice(1) })).toBe(3);
    expect(titles(await list(ann, '?filter=favorites'))).toEqual(['F 000000']);
  });

  test('add-tags, remove-tags and set-tags: tags as entered, unique ignoring case; the tag filter and search follow', async () => {
    const rows = manyMedia(t.database, ann.user._id, 3, (i) => ({ tags: i === 0 ? ['Lace', 'Red'] : ['Blue'] }), 'T');
    const ids = rows.map((r) => r.id);
    expect(await updated({ action: 'add-tags', ids, tags: ['lace', 'Beach'] })).toBe(3);
    const tagsOf = async () => (await list(ann, '?sortBy=title&sortOrder=asc')).media.map((m) => m.tags);
    expect(await tagsOf()).toEqual([
      ['Lace', 'Red', 'Beach'],
      ['Blue', 'lace', 'Beach'],
      ['Blue', 'lace', 'Beach'],
    ]);
    expect((await list(ann, '?tags=beach,lace')).totalItems).toBe(3);
    expect(await updated({ action: 'remove-tags', ids, tags: 'LACE, nothing' })).toBe(3);
    expect((await list(ann, '?tags=lace')).totalItems).toBe(0);
    expect((await list(ann, '?search=lace')).totalItems).toBe(0);
    expect(await updated({ action: 'remove-tags', ids, tags: ['lace'] })).toBe(0);
    expect(await updated({ action: 'set-tags', ids: ids.slice(0, 2), tags: ['Solo'] })).toBe(2);
    expect(await tagsOf()).toEqual([['Solo'], ['Solo'], ['Blue', 'Beach']]);
    expect(titles(await list(ann, '?search=solo&sortBy=title&sortOrder=asc'))).toEqual(['T 000000', 'T 000001']);
    expect(await updated({ action: 'set-tags', ids: [ids[0]!], tags: [] })).toBe(1);
    expect((await list(ann, '?tags=solo')).totalItems).toBe(1);
    const vocabulary = await ok<{ custom: string[] }>(call('/api/tags', ann));
    expect(vocabulary.custom).not.toContain('lace');
  });

  test('add-to-album: the album holds them once; ids already there are not counted', async () => {
    const rows = manyMedia(t.database, ann.user._id, 3, () => ({}), 'A');
    const album = await ok<{ _id: string }>(call('/api/albums', ann, 'POST', { name: 'Trip' }), 201);
    expect(await updated({ action: 'add-to-album', ids: [rows[0]!.id], albumId: album._id })).toBe(1);
    expect(await updated({ action: 'add-to-album', ids: rows.map((r) => r.id), albumId: album._id })).toBe(2);
    const detail = await ok<{ mediaCount: number; media: { _id: string }[] }>(call(`/api/albums/${album._id}`, ann));
    expect(detail.mediaCount).toBe(3);
    expect(detail.media.map((m) => m._id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  test("add-to-album into another user's album or an unknown one is 404 and adds nothing", async () => {
    const rows = manyMedia(t.database, ann.user._id, 2);
    const theirs = await ok<{ _id: string }>(call('/api/albums', bea, 'POST', { name: 'Theirs' }), 201);
    for (const albumId of [theirs._id, crypto.randomUUID()]) {
      const res = await bulk({ action: 'add-to-album', ids: rows.map((r) => r.id), albumId });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe('Album not found');
    }
    expect(await t.database.db.selectFrom('album_media').selectAll().where('owner_id', '=', ann.user._id).execute()).toEqual([]);
  });

  test('move-to-premium: from the free gallery only', async () => {
    const rows = manyMedia(t.database, ann.user._id, 2, () => ({}), 'P');
    expect(await updated({ action: 'move-to-premium', ids: rows.map((r) => r.id) })).toBe(2);
    expect((await list(ann)).totalItems).toBe(0);
    expect(titles(await list(ann, '', 'premium'))).toEqual(['P 000001', 'P 000000']);
    const res = await bulk({ action: 'move-to-premium', ids: rows.map((r) => r.id) }, ann, 'premium');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('Only items of the free gallery can be moved to premium');
  });

  test('permanent-delete: the rows go at once, the bytes when the jobs run; counts and lists agree', async () => {
    const rows = manyMedia(
      t.database,
      ann.user._id,
      3,
      (i) => ({ deletedAt: i === 0 ? now : null, displayKey: i === 1 ? `media/test/display-${i}.webp` : null }),
      'D',
    );
    for (const row of rows) await putMediaBytes(t.store, row);
    expect(await updated({ action: 'permanent-delete', ids: rows.slice(0, 2).map((r) => r.id) }, ann)).toBe(2);
    expect(titles(await list(ann))).toEqual(['D 000002']);
    expect((await list(ann, '/recycling-bin')).totalItems).toBe(0);
    await t.runJobs();
    for (const row of rows.slice(0, 2)) {
      for (const key of [row.storage_key, row.thumbnail_key, row.display_key]) if (key) expect(await t.store.head(key), key).toBeNull();
    }
    expect(await t.store.head(rows[2]!.storage_key)).not.toBeNull();
  });

  test('premium items have the same actions on /api/premium/bulk', async () => {
    const rows = manyMedia(t.database, ann.user._id, 2, () => ({ gallery: 'premium' }), 'Q');
    const ids = rows.map((r) => r.id);
    expect(await updated({ action: 'favorite', ids }, ann, 'premium')).toBe(2);
    expect(await updated({ action: 'add-tags', ids, tags: ['Gold'] }, ann, 'premium')).toBe(2);
    expect((await list(ann, '?tags=gold&filter=favorites', 'premium')).totalItems).toBe(2);
    expect(await updated({ action: 'delete', ids }, ann, 'premium')).toBe(2);
    expect((await list(ann, '/recycling-bin', 'premium')).totalItems).toBe(2);
  });

  test('search keeps up with every key-changing action (the full-text index moves the items at once)', async () => {
    const rows = manyMedia(t.database, ann.user._id, 6, (i) => ({ title: `Harbour ${i}`, tags: i % 2 === 0 ? ['Dusk'] : [] }), 'S');
    const ids = rows.map((r) => r.id);
    const found = async (query: string, gallery = 'gallery') => titles(await list(ann, `?sortBy=title&sortOrder=asc&${query}`, gallery));
    expect(await updated({ action: 'favorite', ids: ids.slice(0, 3) })).toBe(3);
    expect(await found('search=harbour&filter=favorites')).toEqual(['Harbour 0', 'Harbour 1', 'Harbour 2']);
    expect(await found('search=arbo&tags=dusk&filter=favorites')).toEqual(['Harbour 0', 'Harbour 2']);
    expect(await updated({ action: 'delete', ids: ids.slice(1, 4) })).toBe(3);
    expect(await found('search=harbour')).toEqual(['Harbour 0', 'Harbour 4', 'Harbour 5']);
    expect(await found('search=ha')).toEqual(['Harbour 0', 'Harbour 4', 'Harbour 5']);
    expect(await updated({ action: 'restore', ids })).toBe(3);
    expect(await updated({ action: 'unfavorite', ids })).toBe(3);
    expect(await found('search=harbour&filter=favorites')).toEqual([]);
    expect(await updated({ action: 'move-to-premium', ids: ids.slice(4) })).toBe(2);
    expect(await found('search=harbour')).toEqual(['Harbour 0', 'Harbour 1', 'Harbour 2', 'Harbour 3']);
    expect(await found('search=harbour', 'premium')).toEqual(['Harbour 4', 'Harbour 5']);
    // One entry per item in the index, each under the item's current key; nothing left deferred.
    const index = await sql<{ key: number }>`select key from media_search_ids where media_id in (select value from json_each(${JSON.stringify(ids)}))`.execute(
      t.database.db,
    );
    expect(index.rows).toHaveLength(6);
    for (const { key } of index.rows) {
      const hits = await sql<{ n: number }>`select count(*) as n from media_search where media_search match '"harbour"' and rowid = ${key}`.execute(
        t.database.db,
      );
      expect(hits.rows[0]!.n).toBe(1);
    }
    const leftover = await sql<{ n: number }>`select (select count(*) from media_search_deferred) + (select count(*) from media_search_rekeyed) as n`.execute(
      t.database.db,
    );
    expect(leftover.rows[0]!.n).toBe(0);
    // The tag copies, their keys and the tag counts agree with a fresh reading of the items.
    const stale = await sql<{ n: number }>`select count(*) as n from media_tags join media_search_ids as ids on ids.media_id = media_tags.media_id
      where media_tags.key <> ids.key`.execute(t.database.db);
    expect(stale.rows[0]!.n).toBe(0);
    const miscounted = await sql<{ n: number }>`select count(*) as n from (
        select media.owner_id, media_tags.tag, media.gallery, media.deleted_at is not null as binned, media.type, media.is_favorite, count(*) as n
        from media_tags join media on media.id = media_tags.media_id group by 1, 2, 3, 4, 5, 6
      ) as fresh full outer join (select * from media_tag_counts where n <> 0) as kept
        using (owner_id, tag, gallery, binned, type, is_favorite)
      where fresh.n is not kept.n`.execute(t.database.db);
    expect(miscounted.rows[0]!.n).toBe(0);
    expect(await found('tags=dusk&filter=favorites')).toEqual([]);
    expect(await found('tags=dusk')).toEqual(['Harbour 0', 'Harbour 2']);
    expect(await found('tags=dusk', 'premium')).toEqual(['Harbour 4']);
  });

  test('1,000 items in one call', async () => {
    const rows = manyMedia(t.database, ann.user._id, 1000, () => ({}), 'K');
    expect(await updated({ action: 'add-tags', ids: rows.map((r) => r.id), tags: ['Bulk'] })).toBe(1000);
    expect((await list(ann, '?tags=bulk&limit=1')).totalItems).toBe(1000);
    expect(await updated({ action: 'delete', ids: rows.map((r) => r.id) })).toBe(1000);
    expect((await list(ann, '/recycling-bin?limit=1')).totalItems).toBe(1000);
  });
});

describe('all or nothing', () => {
  const ACTIONS: { action: BulkAction; tags?: string[]; albumId?: true }[] = [
    { action: 'delete' },
    { action: 'restore' },
    { action: 'permanent-delete' },
    { action: 'favorite' },
    { action: 'unfavorite' },
    { action: 'add-tags', tags: ['X'] },
    { action: 'remove-tags', tags: ['Lace'] },
    { action: 'set-tags', tags: ['Y'] },
    { action: 'add-to-album', albumId: true },
    { action: 'move-to-premium' },
  ];

  test('an id of another user, of the other gallery, or unknown: 404, and nothing changes for any action', async () => {
    const mine = manyMedia(t.database, ann.user._id, 2, (i) => ({ tags: ['Lace'], favorite: i === 0, deletedAt: i === 0 ? now : null }));
    const paid = newMedia(t.database, ann.user._id, { gallery: 'premium' });
    const theirs = newMedia(t.database, bea.user._id, { tags: ['Lace'] });
    for (const row of [...mine, paid, theirs]) await putMediaBytes(t.store, row);
    const album = await ok<{ _id: string }>(call('/api/albums', ann, 'POST', { name: 'Kept' }), 201);
    const before = await snapshot();
    for (const { action, tags, albumId } of ACTIONS) {
      for (const other of [theirs.id, paid.id, crypto.randomUUID()]) {
        const res = await bulk({ action, ids: [...mine.map((r) => r.id), other], ...(tags ? { tags } : {}), ...(albumId ? { albumId: album._id } : {}) });
        expect(res.status, `${action} with ${other}`).toBe(404);
        expect(await errorOf(res)).toBe('Media not found');
      }
    }
    expect(await snapshot()).toEqual(before);
    await t.runJobs();
    for (const row of [...mine, paid, theirs]) expect(await t.store.head(row.storage_key)).not.toBeNull();
    expect(await t.database.db.selectFrom('album_media').selectAll().where('album_id', '=', album._id).execute()).toEqual([]);
  });

  test("another user's bulk call on my ids is 404 and changes nothing", async () => {
    const mine = manyMedia(t.database, ann.user._id, 3);
    const before = await snapshot();
    for (const { action, tags } of ACTIONS.filter((a) => !a.albumId)) {
      const res = await bulk({ action, ids: mine.map((r) => r.id), ...(tags ? { tags } : {}) }, bea);
      expect(res.status, action).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('an edit that would break one item (too many tags) leaves every item as it was', async () => {
    const full = Array.from({ length: 100 }, (_, i) => `tag${i}`);
    const rows = [newMedia(t.database, ann.user._id, { tags: ['One'] }), newMedia(t.database, ann.user._id, { tags: full })];
    const before = await snapshot();
    const res = await bulk({ action: 'add-tags', ids: rows.map((r) => r.id), tags: ['Extra'] });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('An item can have at most 100 tags');
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input', () => {
  test('each mistake is a 400 that says what is wrong, and nothing changes', async () => {
    const row = newMedia(t.database, ann.user._id);
    const before = await snapshot();
    for (const [body, message] of [
      [{ action: 'explode', ids: [row.id] }, M.action],
      [{ ids: [row.id] }, M.action],
      [{ action: 'delete' }, M.ids],
      [{ action: 'delete', ids: [] }, M.ids],
      [{ action: 'delete', ids: 'x' }, M.ids],
      [{ action: 'delete', ids: [42] }, M.ids],
      [{ action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => `id${i}`) }, M.ids],
      [{ action: 'add-tags', ids: [row.id] }, M.bulkTags],
      [{ action: 'add-tags', ids: [row.id], tags: [] }, M.bulkTags],
      [{ action: 'add-tags', ids: [row.id], tags: ['x'.repeat(51)] }, M.tagLong],
      [{ action: 'add-to-album', ids: [row.id] }, M.albumId],
    ] as const) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await errorOf(res)).toContain(message);
    }
    const notJson = await t.request('/api/gallery/bulk', { method: 'POST', as: ann, body: '{"action":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a burst of 100 identical bulk calls', () => {
  test('delete: the items are binned once, the counts stay true, and the first call alone counts them', async () => {
    const rows = manyMedia(t.database, ann.user._id, 10);
    const answers = await Promise.all(Array.from({ length: 100 }, () => bulk({ action: 'delete', ids: rows.map((r) => r.id) })));
    const counted = await Promise.all(answers.map(async (res) => (res.status === 200 ? ((await res.json()) as { updated: number }).updated : -1)));
    expect(counted.filter((n) => n === 10)).toHaveLength(1);
    expect(counted.filter((n) => n === 0)).toHaveLength(99);
    expect([(await list(ann)).totalItems, (await list(ann, '/recycling-bin')).totalItems]).toEqual([0, 10]);
  });

  test('permanent-delete of items with tags in an album, beside bins and restores of others: deleted once, every kept count and key still true', async () => {
    const rows = manyMedia(t.database, ann.user._id, 10, (i) => ({ title: `Burst ${i}`, tags: ['Burst', `b${i % 3}`], favorite: i % 2 === 0 }), 'PB');
    const others = manyMedia(t.database, ann.user._id, 10, () => ({ title: 'Burst other', tags: ['Burst'] }), 'PO');
    const album = await ok<{ _id: string }>(call('/api/albums', ann, 'POST', { name: 'Burst album' }), 201);
    await ok(call(`/api/albums/${album._id}/media`, ann, 'POST', { mediaIds: [...rows, ...others].map((r) => r.id) }));
    const gone = rows.map((r) => r.id);
    const kept = others.map((r) => r.id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 4 === 0 ? bulk({ action: i % 8 === 0 ? 'delete' : 'restore', ids: kept }) : bulk({ action: 'permanent-delete', ids: gone }),
      ),
    );
    const deletes = answers.filter((_, i) => i % 4 !== 0);
    const statuses = await Promise.all(
      deletes.map(async (res) => [res.status, res.status === 200 ? ((await res.json()) as { updated: number }).updated : null]),
    );
    // The first delete takes all ten; the others find them gone (the whole call is then 404).
    expect(statuses.filter(([status, n]) => status === 200 && n === 10)).toHaveLength(1);
    expect(statuses.filter(([status]) => status === 404)).toHaveLength(deletes.length - 1);
    expect(answers.filter((_, i) => i % 4 === 0).every((res) => res.status === 200)).toBe(true);
    const db = t.database.sqlite;
    expect(db.query(`select count(*) as n from media where id in (select value from json_each(?))`).get(JSON.stringify(gone))).toEqual({ n: 0 });
    expect(db.query('select count(*) as n from media_search_deferred').get()).toEqual({ n: 0 });
    // Gallery counts, tag counts, the album's counts and the keys of items in albums agree with a fresh reading.
    const counts = db.query('select owner_id, gallery, binned, type, is_favorite, n from media_counts where n <> 0 order by 1, 2, 3, 4, 5').all();
    const countsExact = db
      .query(
        'select owner_id, gallery, deleted_at is not null as binned, type, is_favorite, count(*) as n from media group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5',
      )
      .all();
    expect(counts).toEqual(countsExact);
    const tagCounts = db
      .query('select owner_id, tag, gallery, binned, type, is_favorite, n from media_tag_counts where n <> 0 order by 1, 2, 3, 4, 5, 6')
      .all();
    const tagCountsExact = db
      .query(
        `select media.owner_id, media_tags.tag, media.gallery, media.deleted_at is not null as binned, media.type, media.is_favorite, count(*) as n
         from media_tags join media on media.id = media_tags.media_id group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
      )
      .all();
    expect(tagCounts).toEqual(tagCountsExact);
    const albumRow = db.query('select media_count as n from albums where id = ?').get(album._id) as { n: number };
    const inBin = db
      .query(`select count(*) as n from media where id in (select value from json_each(?)) and deleted_at is not null`)
      .get(JSON.stringify(kept)) as { n: number };
    expect(albumRow.n).toBe(10 - inBin.n);
    const albumKeys = db.query('select key from album_item_keys order by key').all();
    const albumKeysExact = db
      .query('select distinct ids.key from album_media join media_search_ids as ids on ids.media_id = album_media.media_id order by 1')
      .all();
    expect(albumKeys).toEqual(albumKeysExact);
  });
});
