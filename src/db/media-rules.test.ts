// The media library's derived data holds on a real database: the live schema has exactly the
// triggers and indexes src/db/media-rules.ts lists; after each kind of change, made through the API
// as a member makes it (per row, and the bulk calls' deferred writes), every rule holds and the
// derived values read back as the rows say; and each rule's check catches its own planted violation.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { signedInUser } from '../../test/helpers/factories.ts';
import { manyMedia } from '../../test/helpers/media-factory.ts';
import { newModel } from '../../test/helpers/models-factory.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp } from '../../test/helpers/test-app.ts';
import { checkMediaRules, liveSchemaObjects, MEDIA_INDEXES, MEDIA_RULES, MEDIA_TRIGGERS } from './media-rules.ts';

const now = Date.UTC(2031, 4, 6, 12, 0);
let t: TestApp;
let ann: SignedIn;
let bea: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
  ann = await signedInUser(t.database.db, {}, now);
  bea = await signedInUser(t.database.db, {}, now);
}, 60_000);
afterAll(() => t?.close());

async function call(path: string, as: Credentials, method = 'GET', json?: unknown) {
  const res = await t.request(path, { method, as, ...(json === undefined ? {} : { json }) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
const holds = async (step: string) => expect(await checkMediaRules(t.database.db), step).toEqual([]);
const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.database.db)).rows[0]!;

test('the live schema has exactly the triggers and indexes the module lists', async () => {
  const live = await liveSchemaObjects(t.database.db);
  expect(live.triggers).toEqual(Object.keys(MEDIA_TRIGGERS).sort());
  expect(live.indexes).toEqual(Object.keys(MEDIA_INDEXES).sort());
  // Every trigger keeps some rule, and every rule names triggers that exist.
  const kept = new Set(MEDIA_RULES.flatMap((rule) => rule.triggers));
  expect([...kept].sort()).toEqual(Object.keys(MEDIA_TRIGGERS).sort());
});

test('every rule holds after each kind of change, and the derived values read back as the rows say', async () => {
  const rows = manyMedia(t.database, ann.user._id, 12, (i) => ({ tags: i % 2 ? ['Beach', 'Solo'] : ['City'], type: i % 3 ? 'image' : 'video' }));
  manyMedia(t.database, bea.user._id, 3, () => ({ tags: ['Beach'] }));
  // a and c are videos (every third item), b and d photos.
  const [a, b, d, c] = rows.map((r) => r.id);
  await holds('inserted');

  // Per row: an edit, a favourite, the bin and back, a viewing, a rating.
  await call(`/api/gallery/${a}`, ann, 'PUT', { title: 'Renamed', tags: ['Forest', 'beach'] });
  await call(`/api/gallery/${a}/favorite`, ann, 'POST');
  await call(`/api/gallery/${b}/delete`, ann, 'DELETE');
  await call(`/api/gallery/${c}/played`, ann, 'POST');
  await call(`/api/gallery/${d}`, ann, 'PUT', { rating: 4 });
  await holds('per-row changes');
  expect(await one(sql<{ n: number }>`select sum(n) as n from media_counts where owner_id = ${ann.user._id} and is_favorite = 1`)).toEqual({ n: 1 });
  expect(await one(sql<{ n: number }>`select sum(n) as n from media_tag_counts where owner_id = ${ann.user._id} and tag = 'forest'`)).toEqual({ n: 1 });
  const found = (await call('/api/gallery?search=renamed', ann)) as { totalItems: number };
  expect(found.totalItems).toBe(1);
  await call(`/api/gallery/${b}/restore`, ann, 'POST');

  // Deferred: the bulk calls move many keys at once.
  const ids = rows.slice(4).map((r) => r.id);
  await call('/api/gallery/bulk', ann, 'POST', { action: 'favorite', ids });
  await call('/api/gallery/bulk', ann, 'POST', { action: 'delete', ids: ids.slice(0, 3) });
  await call('/api/gallery/bulk', ann, 'POST', { action: 'set-tags', ids, tags: ['Night'] });
  await call('/api/gallery/bulk', ann, 'POST', { action: 'rate', ids, rating: 2 });
  await holds('bulk changes');
  expect(await one(sql<{ n: number }>`select sum(n) as n from media_counts where owner_id = ${ann.user._id} and binned = 1`)).toEqual({ n: 3 });

  // Albums: members, their copies and counts, the items' album counts and keys.
  const album = (await call('/api/albums', ann, 'POST', { name: 'Trip' })) as { _id: string };
  await call('/api/gallery/bulk', ann, 'POST', { action: 'restore', ids: ids.slice(0, 3) });
  await call(`/api/albums/${album._id}/media`, ann, 'POST', { mediaIds: [a, b, ...ids] });
  await call(`/api/gallery/${a}/favorite`, ann, 'POST');
  await call('/api/gallery/bulk', ann, 'POST', { action: 'delete', ids: ids.slice(0, 2) });
  await call(`/api/albums/${album._id}/media`, ann, 'DELETE', { mediaIds: [b] });
  await holds('albums');
  // The album counts its items out of the bin; the keys of items in albums count every member.
  expect(await one(sql<{ n: number }>`select media_count as n from albums where id = ${album._id}`)).toEqual({ n: 1 + ids.length - 2 });
  expect(await one(sql<{ n: number }>`select count(*) as n from album_item_keys`)).toEqual({ n: 1 + ids.length });
  await call('/api/gallery/bulk', ann, 'POST', { action: 'restore', ids: ids.slice(0, 2) });
  await call('/api/gallery/move-to-premium', ann, 'POST', { mediaIds: ids.slice(0, 2) });
  await holds('moved to premium');

  // Deleted for good: a model's picture is cleared; the album and the copies follow.
  const model = await newModel(t.database.db, ann.user._id, { name: 'Mia' });
  await call(`/api/models/${model}/profile-picture`, ann, 'PUT', { galleryId: b });
  await call(`/api/gallery/${b}/permanent-delete`, ann, 'DELETE');
  await call(`/api/gallery/${a}/permanent-delete`, ann, 'DELETE');
  await call('/api/gallery/bulk', ann, 'POST', { action: 'permanent-delete', ids: [c, d] });
  await holds('deleted for good');
  expect(await one(sql<{ url: string }>`select profile_picture_url as url from models where id = ${model}`)).toEqual({ url: '' });
  await call(`/api/albums/${album._id}`, ann, 'DELETE');
  await holds('album deleted');
});

test("each rule's check catches its own planted violation (each planted in a transaction rolled back)", async () => {
  manyMedia(t.database, ann.user._id, 4, () => ({ tags: ['Plant'] }));
  const [item] = (await sql<{ id: string }>`select id from media where owner_id = ${ann.user._id} limit 1`.execute(t.database.db)).rows;
  const album = (await call('/api/albums', ann, 'POST', { name: 'Planted' })) as { _id: string };
  await call(`/api/albums/${album._id}/media`, ann, 'POST', { mediaIds: [item!.id] });
  const model = await newModel(t.database.db, ann.user._id, { name: 'Planted' });
  await holds('before planting');
  const id = item!.id;
  const plants: Record<string, ReturnType<typeof sql>> = {
    'gallery counts': sql`update media_counts set n = n + 1 where owner_id = ${ann.user._id}`,
    'search owners': sql`delete from media_search_owners where owner_id = ${ann.user._id}`,
    'full-text keys': sql`update media_search_ids set key = key + (1 << 39) where media_id = ${id}`,
    'sort copies': sql`update media_search_ids set title = 'other' where media_id = ${id}`,
    'full-text index': sql`delete from media_search where rowid = (select key from media_search_ids where media_id = ${id})`,
    'tag copies': sql`delete from media_tags where media_id = ${id}`,
    'tag counts': sql`update media_tag_counts set n = n + 5 where owner_id = ${ann.user._id}`,
    'album count of an item': sql`update media set album_count = 7 where id = ${id}`,
    'keys of items in albums': sql`delete from album_item_keys`,
    'album memberships’ copies': sql`update album_media set created_at = 1 where media_id = ${id}`,
    'album counts': sql`update albums set media_count = 99 where id = ${album._id}`,
    'model pictures': sql`update models set profile_picture_url = '/media/gone' where id = ${model}`,
    'no deferred work left': sql`insert into media_search_rekeyed (media_id, old_key) values ('x', 1)`,
  };
  const checked = MEDIA_RULES.map((rule) => rule.name).filter((name) => name !== 'forgotten library files');
  expect(Object.keys(plants).sort()).toEqual(checked.sort());
  for (const [rule, plant] of Object.entries(plants)) {
    let broken: { rule: string }[] = [];
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await plant.execute(trx);
        broken = await checkMediaRules(trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(
      broken.map((b) => b.rule),
      rule,
    ).toContain(rule);
  }
  await holds('after the roll-backs');
});
