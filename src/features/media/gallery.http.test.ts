// The gallery API over HTTP on a real temp database and store: every filter, sort (both orders,
// ties), search (title, tag, case, literal % and _), tags and model filters, paging, each 400
// naming its parameter, owner and gallery isolation on every call and in every list, the recycling
// bin's life cycle with the bytes leaving the store, the purge by the clock, account and model
// deletion, and the tag vocabulary.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { expectAccountDeletionLeavesNoBytes, storedKeys } from '../../../test/helpers/media-deletion.ts';
import { manyMedia, newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { newModel } from '../../../test/helpers/models-factory.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { MediaItem, MediaPage, TagVocabulary } from '../../shared/media.ts';
import { PRESET_TAGS, TAG_GROUPS } from '../../shared/tag-groups.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import { MEDIA_INPUT_MESSAGES as M } from './media.schema.ts';
import { scheduleBinPurge } from './purge.service.ts';

const DAY = 24 * 3600_000;
let now = Date.UTC(2031, 4, 6, 12, 0);
let t: TestApp;
let ann: SignedIn;
let bea: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0', RECYCLE_BIN_DAYS: '30' } });
});
afterAll(async () => {
  await t.close();
});
// A fresh pair of owners for each test: lists start empty.
beforeEach(async () => {
  ann = await signedInUser(t.database.db, {}, now);
  bea = await signedInUser(t.database.db, {}, now);
});

const call = (path: string, as: Credentials, method = 'GET', json?: unknown) => t.request(path, { method, as, ...(json === undefined ? {} : { json }) });
async function list(as: SignedIn, query = ''): Promise<MediaPage> {
  const res = await call(`/api/gallery${query}`, as);
  if (res.status !== 200) throw new Error(`list answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as MediaPage;
}
const titles = (page: MediaPage) => page.media.map((m) => m.title);
async function item(as: SignedIn, id: string): Promise<MediaItem> {
  const res = await call(`/api/gallery/${id}`, as);
  expect(res.status).toBe(200);
  return (await res.json()) as MediaItem;
}
const mediaRows = () => t.database.db.selectFrom('media').selectAll().orderBy('id').execute();
const tagRows = () => t.database.db.selectFrom('media_tags').selectAll().orderBy('media_id').orderBy('tag').execute();

describe('signed out', () => {
  test('every endpoint answers 401 and changes nothing', async () => {
    const row = newMedia(t.database, ann.user._id);
    const site = await t.enterSite();
    const before = await mediaRows();
    for (const [method, path, body] of [
      ['GET', '/api/gallery'],
      ['GET', '/api/gallery/recycling-bin'],
      ['GET', `/api/gallery/${row.id}`],
      ['PUT', `/api/gallery/${row.id}/update`, { title: 'X' }],
      ['PUT', `/api/gallery/${row.id}`, { title: 'X' }],
      ['POST', `/api/gallery/${row.id}/favorite`],
      ['DELETE', `/api/gallery/${row.id}/delete`],
      ['POST', `/api/gallery/${row.id}/restore`],
      ['DELETE', `/api/gallery/${row.id}/permanent-delete`],
      ['GET', '/api/tags'],
    ] as const) {
      const res = await call(path, { siteToken: site }, method, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe('You must be signed in');
    }
    expect(await mediaRows()).toEqual(before);
  });
});

describe('the list', () => {
  test('answers {media, totalItems, totalPages}, newest first, 50 a page, each item in the API shape', async () => {
    const model = await newModel(t.database.db, ann.user._id, { name: 'Mia' });
    manyMedia(t.database, ann.user._id, 120, (i) => ({ modelId: i === 119 ? model : null, tags: i === 119 ? ['Beach', 'Solo'] : [] }));
    const page = await list(ann);
    expect(page.totalItems).toBe(120);
    expect(page.totalPages).toBe(3);
    expect(page.media).toHaveLength(50);
    expect(titles(page).slice(0, 3)).toEqual(['Item 000119', 'Item 000118', 'Item 000117']);
    const first = page.media[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        '_id',
        'title',
        'type',
        'mimeType',
        'url',
        'thumbnail',
        'display',
        'size',
        'duration',
        'width',
        'height',
        'takenAt',
        'camera',
        'createdAt',
        'tags',
        'isFavorite',
        'modelId',
        'modelName',
        'originalName',
        'source',
        'status',
        'placeholder',
        'deletedAt',
        'failure',
        'playback',
        'progress',
        'playbackPosition',
        'playCount',
        'preview',
        'scrubber',
        'library',
        'offline',
        'rating',
      ].sort(),
    );
    expect(first).toMatchObject({
      type: 'image',
      mimeType: 'image/jpeg',
      url: `/media/${first._id}`,
      thumbnail: `/media/${first._id}/thumbnail`,
      display: `/media/${first._id}/display`,
      tags: ['Beach', 'Solo'],
      isFavorite: false,
      modelId: model,
      modelName: 'Mia',
      source: 'gallery',
      status: 'ready',
      deletedAt: null,
      preview: null,
      scrubber: null,
    });
    expect(titles(await list(ann, '?page=3'))).toHaveLength(20);
    expect(titles(await list(ann, '?page=3')).at(-1)).toBe('Item 000000');
    // Past the last page: an empty page with the same totals.
    expect(await list(ann, '?page=4')).toEqual({ media: [], totalItems: 120, totalPages: 3 });
    const big = await list(ann, '?limit=1000');
    expect(big.media).toHaveLength(120);
    expect(big.totalPages).toBe(1);
    expect((await list(ann, '?limit=20')).totalPages).toBe(6);
    // The spec's page count: total divided by page size, rounded up; nothing is no pages.
    expect(await list(bea)).toEqual({ media: [], totalItems: 0, totalPages: 0 });
  });

  test('filters: all, images, videos, favorites, recycling-bin; items in the bin are in no other list', async () => {
    manyMedia(t.database, ann.user._id, 20, (i) => ({
      type: i % 4 === 0 ? 'video' : 'image',
      favorite: i % 5 === 0,
      deletedAt: i % 10 === 9 ? now - DAY : null,
    }));
    const count = async (filter: string) => {
      const page = await list(ann, `?filter=${filter}&limit=100`);
      expect(page.media).toHaveLength(page.totalItems);
      return page;
    };
    const all = await count('all');
    expect(all.totalItems).toBe(18);
    expect(all.media.every((m) => m.deletedAt === null)).toBe(true);
    const images = await count('images');
    expect(images.totalItems).toBe(13);
    expect(images.media.every((m) => m.type === 'image')).toBe(true);
    const videos = await count('videos');
    expect(videos.totalItems).toBe(5);
    expect(videos.media.every((m) => m.type === 'video')).toBe(true);
    const favorites = await count('favorites');
    expect(titles(favorites)).toEqual(['Item 000015', 'Item 000010', 'Item 000005', 'Item 000000']);
    const bin = await count('recycling-bin');
    expect(titles(bin)).toEqual(['Item 000019', 'Item 000009']);
    expect(bin.media.every((m) => m.deletedAt !== null)).toBe(true);
    expect(await list(ann, '?filter=')).toEqual(await list(ann));
  });

  test('sorts: date, title (ignoring case), duration, size; both orders; ties by id in the same order', async () => {
    const rows = manyMedia(t.database, ann.user._id, 6, (i) => ({
      title: ['banana', 'Apple', 'cherry', 'apple pie', 'Banana', 'date'][i],
      type: i < 3 ? 'video' : 'image',
      duration: i < 3 ? [30, 10, 20][i] : null,
      size: [500, 100, 500, 300, 200, 500][i],
    }));
    const byId = (ids: string[]) => [...ids].sort();
    const sorted = async (q: string) => titles(await list(ann, q));
    expect(await sorted('')).toEqual(['date', 'Banana', 'apple pie', 'cherry', 'Apple', 'banana']);
    expect(await sorted('?sortBy=createdAt&sortOrder=asc')).toEqual(['banana', 'Apple', 'cherry', 'apple pie', 'Banana', 'date']);
    expect(await sorted('?sortBy=date&sortOrder=asc')).toEqual(await sorted('?sortBy=createdAt&sortOrder=asc'));
    const titleAsc = await list(ann, '?sortBy=title&sortOrder=asc');
    expect(titles(titleAsc).map((x) => x.toLowerCase())).toEqual(['apple', 'apple pie', 'banana', 'banana', 'cherry', 'date']);
    // 'banana' and 'Banana' tie ignoring case: by id, ascending here, descending below.
    const bananas = titleAsc.media.filter((m) => m.title.toLowerCase() === 'banana').map((m) => m._id);
    expect(bananas).toEqual(byId(bananas));
    const titleDesc = await list(ann, '?sortBy=title&sortOrder=desc');
    expect(titleDesc.media.map((m) => m._id)).toEqual(titleAsc.media.map((m) => m._id).reverse());
    // Images have no duration: first when ascending, last when descending.
    const durationAsc = await list(ann, '?sortBy=duration&sortOrder=asc');
    expect(durationAsc.media.map((m) => m.duration)).toEqual([null, null, null, 10, 20, 30]);
    expect((await list(ann, '?sortBy=duration&sortOrder=desc')).media.map((m) => m._id)).toEqual(durationAsc.media.map((m) => m._id).reverse());
    const sizeDesc = await list(ann, '?sortBy=size&sortOrder=desc');
    expect(sizeDesc.media.map((m) => m.size)).toEqual([500, 500, 500, 300, 200, 100]);
    const fiveHundreds = [rows[0]!.id, rows[2]!.id, rows[5]!.id];
    expect(sizeDesc.media.slice(0, 3).map((m) => m._id)).toEqual(byId(fiveHundreds).reverse());
    expect((await list(ann, '?sortBy=size&sortOrder=asc')).media.map((m) => m._id)).toEqual(sizeDesc.media.map((m) => m._id).reverse());
    // Paging follows the same order with no item twice or missing.
    const paged = [...(await list(ann, '?sortBy=size&limit=4')).media, ...(await list(ann, '?sortBy=size&limit=4&page=2')).media];
    expect(paged.map((m) => m._id)).toEqual(sizeDesc.media.map((m) => m._id));
  });

  test('most played: sort=plays (or sortBy=plays) puts the most watched first, ties newest first; a viewing moves an item up', async () => {
    const rows = manyMedia(t.database, ann.user._id, 5, (i) => ({
      title: ['never', 'twice', 'once', 'twice too', 'photo'][i],
      type: i === 4 ? 'image' : 'video',
      playCount: [0, 2, 1, 2, 0][i],
    }));
    // 'twice too' is newer than 'twice': first among the twos; the unplayed newest first too.
    expect(titles(await list(ann, '?sort=plays'))).toEqual(['twice too', 'twice', 'once', 'photo', 'never']);
    expect(titles(await list(ann, '?sortBy=plays'))).toEqual(['twice too', 'twice', 'once', 'photo', 'never']);
    expect((await list(ann, '?sort=plays')).media.map((m) => m.playCount)).toEqual([2, 2, 1, 0, 0]);
    // Ascending: the least played first, oldest first among ties (the same index backwards).
    expect(titles(await list(ann, '?sort=plays&order=asc'))).toEqual(['never', 'photo', 'once', 'twice', 'twice too']);
    expect(titles(await list(ann, '?sortBy=plays&sortOrder=asc'))).toEqual(['never', 'photo', 'once', 'twice', 'twice too']);
    // Two viewings of 'once' (POST …/played, as the viewer counts them) put it on top.
    for (let n = 0; n < 2; n++) expect((await call(`/api/gallery/${rows[2]!.id}/played`, ann, 'POST')).status).toBe(200);
    const after = await list(ann, '?sort=plays&filter=videos');
    expect(titles(after)).toEqual(['once', 'twice too', 'twice', 'never']);
    expect(after.media[0]!.playCount).toBe(3);
    // Another owner's viewings are theirs: Bea's list is her own, and empty.
    expect((await list(bea, '?sort=plays')).totalItems).toBe(0);
  });

  test('an unknown sort is a 400, in either spelling, never a silent default', async () => {
    for (const [query, message] of [
      ['sort=bogus', M.sort],
      ['sort=PLAYS', M.sort],
      ['sort=type', M.sort],
      ['sortBy=popular', M.sortBy],
      ['order=up', M.order],
      ['sort=plays&sortBy=title', M.sortsDisagree],
      ['order=asc&sortOrder=desc', M.ordersDisagree],
    ] as const) {
      const res = await call(`/api/gallery?${query}`, ann);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error, query).toBe(message);
    }
    expect(M.sort).toBe('sort must be one of createdAt, date, title, duration, size, plays, rating');
    // The same value in both spellings is one order.
    expect((await call('/api/gallery?sort=plays&sortBy=plays&order=desc&sortOrder=desc', ann)).status).toBe(200);
  });

  test('search: title and tags, ignoring case, the text taken literally', async () => {
    manyMedia(t.database, ann.user._id, 1, () => ({ title: 'Sunset at the Beach', tags: ['Outdoor'] }), 'a');
    newMedia(t.database, ann.user._id, { title: 'Pool party', tags: ['Summer Fun', 'Ünterwäsche'] });
    newMedia(t.database, ann.user._id, { title: '100% real', tags: [] });
    newMedia(t.database, ann.user._id, { title: '1000 real', tags: [] });
    newMedia(t.database, ann.user._id, { title: 'snake_case', tags: [] });
    newMedia(t.database, ann.user._id, { title: 'snakeXcase', tags: [] });
    newMedia(t.database, bea.user._id, { title: 'Sunset too', tags: ['outdoor'] });
    const found = async (search: string) => titles(await list(ann, `?search=${encodeURIComponent(search)}`)).sort();
    expect(await found('sunset')).toEqual(['Sunset at the Beach']);
    expect(await found('BEACH')).toEqual(['Sunset at the Beach']);
    expect(await found('outdoor')).toEqual(['Sunset at the Beach']);
    expect(await found('summer f')).toEqual(['Pool party']);
    expect(await found('ÜNTER')).toEqual(['Pool party']);
    expect(await found('0%')).toEqual(['100% real']);
    expect(await found('%')).toEqual(['100% real']);
    expect(await found('e_c')).toEqual(['snake_case']);
    expect(await found('_')).toEqual(['snake_case']);
    expect(await found('"')).toEqual([]);
    expect(await found('re')).toEqual(['100% real', '1000 real']);
    expect(await found('  real  ')).toEqual(['100% real', '1000 real']);
    expect(await found('nothing like it')).toEqual([]);
    const page = await list(ann, '?search=real&limit=1');
    expect(page.totalItems).toBe(2);
    expect(page.totalPages).toBe(2);
    // Search narrows the filter it is given.
    expect(titles(await list(ann, '?search=real&filter=videos'))).toEqual([]);
  });

  test('search follows edits: a new title or tags are found, the old ones not', async () => {
    const row = newMedia(t.database, ann.user._id, { title: 'Before', tags: ['oldtag'] });
    await call(`/api/gallery/${row.id}/update`, ann, 'PUT', { title: 'After', tags: ['newtag'] });
    expect(titles(await list(ann, '?search=before'))).toEqual([]);
    expect(titles(await list(ann, '?search=oldtag'))).toEqual([]);
    expect(titles(await list(ann, '?search=after'))).toEqual(['After']);
    expect(titles(await list(ann, '?search=newtag'))).toEqual(['After']);
  });

  test('tags: items with all of the tags, ignoring case', async () => {
    newMedia(t.database, ann.user._id, { title: 'one', tags: ['Beach', 'Solo'] });
    newMedia(t.database, ann.user._id, { title: 'two', tags: ['beach'] });
    newMedia(t.database, ann.user._id, { title: 'three', tags: ['Solo', 'Beach', 'Lingerie'] });
    newMedia(t.database, ann.user._id, { title: 'binned', tags: ['Beach', 'Solo'], deletedAt: now });
    newMedia(t.database, bea.user._id, { title: 'theirs', tags: ['Beach', 'Solo'] });
    const tagged = async (tags: string) => titles(await list(ann, `?tags=${encodeURIComponent(tags)}`)).sort();
    expect(await tagged('beach')).toEqual(['one', 'three', 'two']);
    expect(await tagged('BEACH, solo')).toEqual(['one', 'three']);
    expect(await tagged('beach,solo,lingerie')).toEqual(['three']);
    expect(await tagged('beach,missing')).toEqual([]);
    expect(await tagged(' , ')).toEqual(['one', 'three', 'two']);
    expect((await list(ann, '?tags=beach,solo')).totalItems).toBe(2);
    expect(titles(await list(ann, '?tags=beach,solo&filter=recycling-bin'))).toEqual(['binned']);
    expect(titles(await list(ann, '?tags=beach&search=thr'))).toEqual(['three']);
  });

  test("modelId: the model's items, with its name", async () => {
    const mia = await newModel(t.database.db, ann.user._id, { name: 'Mia' });
    const zoe = await newModel(t.database.db, ann.user._id, { name: 'Zoe' });
    newMedia(t.database, ann.user._id, { title: 'm1', modelId: mia });
    newMedia(t.database, ann.user._id, { title: 'm2', modelId: mia, type: 'video' });
    newMedia(t.database, ann.user._id, { title: 'z1', modelId: zoe });
    newMedia(t.database, ann.user._id, { title: 'none' });
    const page = await list(ann, `?modelId=${mia}`);
    expect(titles(page).sort()).toEqual(['m1', 'm2']);
    expect(page.media.every((m) => m.modelName === 'Mia' && m.modelId === mia)).toBe(true);
    expect(titles(await list(ann, `?modelId=${mia}&filter=videos`))).toEqual(['m2']);
    expect(titles(await list(ann, `?modelId=${mia}&search=m1`))).toEqual(['m1']);
    // Another owner's model (or none) simply has no items here.
    expect(await list(bea, `?modelId=${mia}`)).toEqual({ media: [], totalItems: 0, totalPages: 0 });
    expect((await list(ann, '?modelId=no-such-model')).totalItems).toBe(0);
  });

  test('a bad value is a 400 naming the parameter', async () => {
    for (const [query, message] of [
      ['page=0', M.page],
      ['page=-1', M.page],
      ['page=abc', M.page],
      ['page=1.5', M.page],
      ['limit=0', M.limit],
      ['limit=1001', M.limit],
      ['limit=ten', M.limit],
      ['limit=99999999999999999999', M.limit],
      ['filter=albums', M.filter],
      ['filter=ALL', M.filter],
      ['sortBy=name', M.sortBy],
      ['sortOrder=up', M.sortOrder],
      [`search=${'x'.repeat(201)}`, M.search],
      [`tags=${'x'.repeat(51)}`, M.tagsQuery],
      [`modelId=${'x'.repeat(101)}`, M.modelId],
    ] as const) {
      const res = await call(`/api/gallery?${query}`, ann);
      expect(res.status, query).toBe(400);
      const { error } = (await res.json()) as { error: string };
      expect(error, query).toBe(message);
      expect(error.startsWith(query.split('=')[0]!), query).toBe(true);
    }
    expect(M.limit).toBe('limit must be between 1 and 1000');
    for (const query of ['page=0', 'limit=1001', 'limit=x']) {
      const res = await call(`/api/gallery/recycling-bin?${query}`, ann);
      expect(res.status).toBe(400);
    }
  });
});

describe('one item', () => {
  test('get, edit title and tags (both paths), favourite; the tag copies and search text follow', async () => {
    const row = newMedia(t.database, ann.user._id, { title: 'Old', tags: ['a'] });
    expect((await item(ann, row.id)).title).toBe('Old');

    let res = await call(`/api/gallery/${row.id}/update`, ann, 'PUT', { title: '  New title  ' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as MediaItem).title).toBe('New title');

    res = await call(`/api/gallery/${row.id}`, ann, 'PUT', { tags: [' Beach ', 'beach', 'Sun Set', '', 'SOLO'] });
    expect(res.status).toBe(200);
    const edited = (await res.json()) as MediaItem;
    expect(edited.tags).toEqual(['Beach', 'Sun Set', 'SOLO']);
    expect(edited.title).toBe('New title');
    expect((await tagRows()).filter((r) => r.media_id === row.id).map((r) => r.tag)).toEqual(['beach', 'solo', 'sun set']);

    // A comma-joined text works too (what a tag field sends), and an empty list clears them.
    res = await call(`/api/gallery/${row.id}/update`, ann, 'PUT', { tags: 'one, Two ,,one' });
    expect(((await res.json()) as MediaItem).tags).toEqual(['one', 'Two']);
    res = await call(`/api/gallery/${row.id}/update`, ann, 'PUT', { title: 'Both', tags: [] });
    expect(await res.json()).toMatchObject({ title: 'Both', tags: [] });
    expect((await tagRows()).filter((r) => r.media_id === row.id)).toEqual([]);
    const stored = (await mediaRows()).find((r) => r.id === row.id)!;
    expect(stored.search_text).toBe('both');

    // A whole item sent back with one change is fine: unknown fields are ignored.
    const whole = await item(ann, row.id);
    res = await call(`/api/gallery/${row.id}`, ann, 'PUT', { ...whole, title: 'Whole' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as MediaItem).title).toBe('Whole');

    res = await call(`/api/gallery/${row.id}/favorite`, ann, 'POST');
    expect(((await res.json()) as MediaItem).isFavorite).toBe(true);
    expect(titles(await list(ann, '?filter=favorites'))).toEqual(['Whole']);
    res = await call(`/api/gallery/${row.id}/favorite`, ann, 'POST');
    expect(((await res.json()) as MediaItem).isFavorite).toBe(false);
    expect(titles(await list(ann, '?filter=favorites'))).toEqual([]);
  });

  test('bad edits are 400 (or 415) with a readable message and change nothing', async () => {
    const row = newMedia(t.database, ann.user._id, { title: 'Keep', tags: ['keep'] });
    const before = await mediaRows();
    const tagsBefore = await tagRows();
    for (const [body, message] of [
      [{ title: '' }, M.titleEmpty],
      [{ title: '   ' }, M.titleEmpty],
      [{ title: 'x'.repeat(501) }, M.titleLong],
      [{ title: 42 }, M.titleType],
      [{ tags: ['x'.repeat(51)] }, M.tagLong],
      [{ tags: [1, 2] }, M.tagsType],
      [{ tags: { a: 1 } }, M.tagsType],
      [{ tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }, M.tooManyTags],
      [{}, M.nothingToUpdate],
      [{ isFavorite: true }, M.nothingToUpdate],
    ] as const) {
      const res = await call(`/api/gallery/${row.id}/update`, ann, 'PUT', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(message);
    }
    let res = await t.request(`/api/gallery/${row.id}`, {
      method: 'PUT',
      as: ann,
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    res = await t.request(`/api/gallery/${row.id}`, { method: 'PUT', as: ann, body: '{"title":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    res = await t.request(`/api/gallery/${row.id}`, {
      method: 'PUT',
      as: ann,
      body: JSON.stringify({ title: 'x'.repeat(70_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(await mediaRows()).toEqual(before);
    expect(await tagRows()).toEqual(tagsBefore);
  });

  test("another owner's item, a premium item and a made-up id are 404 on every call and stay as they were", async () => {
    const theirs = newMedia(t.database, bea.user._id, { title: 'Theirs', tags: ['x'] });
    const premium = newMedia(t.database, ann.user._id, { title: 'Premium', gallery: 'premium' });
    await putMediaBytes(t.store, theirs);
    await putMediaBytes(t.store, premium);
    const before = await mediaRows();
    for (const id of [theirs.id, premium.id, 'no-such-id', '..%2F..%2Fetc', 'x'.repeat(300)]) {
      for (const [method, path, body] of [
        ['GET', `/api/gallery/${id}`],
        ['PUT', `/api/gallery/${id}/update`, { title: 'Mine now' }],
        ['PUT', `/api/gallery/${id}`, { tags: ['mine'] }],
        ['POST', `/api/gallery/${id}/favorite`],
        ['DELETE', `/api/gallery/${id}/delete`],
        ['POST', `/api/gallery/${id}/restore`],
        ['DELETE', `/api/gallery/${id}/permanent-delete`],
      ] as const) {
        const res = await call(path, ann, method, body);
        expect(res.status, `${method} ${path.slice(0, 80)}`).toBe(404);
        expect(await res.json()).toEqual({ error: 'Media not found' });
      }
    }
    expect(await mediaRows()).toEqual(before);
    expect(await storedKeys(t.store)).toEqual(expect.arrayContaining([theirs.storage_key, theirs.thumbnail_key!, premium.storage_key]));
    // Nor do they appear in any of ann's lists.
    for (const query of ['', '?filter=images', '?filter=favorites', '?filter=recycling-bin', '?search=theirs', '?search=premium', '?tags=x']) {
      expect((await list(ann, query)).totalItems, query).toBe(0);
    }
    expect((await list(bea)).totalItems).toBe(1);
  });
});

describe('the recycling bin', () => {
  test('delete puts an item in the bin only; restore brings it back where it was', async () => {
    const [keep, gone] = manyMedia(t.database, ann.user._id, 2, (i) => ({ favorite: true, tags: ['beach'], title: ['keep', 'gone'][i] }));
    let res = await call(`/api/gallery/${gone!.id}/delete`, ann, 'DELETE');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; media: MediaItem };
    expect(body.message).toBe('Media moved to recycling bin');
    expect(body.media.deletedAt).toBe(new Date(now).toISOString());
    for (const query of ['', '?filter=images', '?filter=favorites', '?search=e', '?tags=beach', '?sortBy=title']) {
      expect(titles(await list(ann, query)), query).toEqual(['keep']);
    }
    expect(titles(await list(ann, '?search=gone'))).toEqual([]);
    expect(titles(await list(ann, '?filter=recycling-bin'))).toEqual(['gone']);
    const bin = (await (await call('/api/gallery/recycling-bin', ann)).json()) as MediaPage;
    expect(bin).toMatchObject({ totalItems: 1, totalPages: 1 });
    expect(titles(bin)).toEqual(['gone']);
    // Still readable by id (the bin's viewer), and deleting again keeps its date.
    expect((await item(ann, gone!.id)).deletedAt).toBe(new Date(now).toISOString());
    now += 1000;
    await call(`/api/gallery/${gone!.id}/delete`, ann, 'DELETE');
    expect((await item(ann, gone!.id)).deletedAt).toBe(new Date(now - 1000).toISOString());

    res = await call(`/api/gallery/${gone!.id}/restore`, ann, 'POST');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: 'Media restored successfully', media: { deletedAt: null, isFavorite: true, tags: ['beach'] } });
    expect(titles(await list(ann, '?filter=favorites&sortBy=title&sortOrder=asc'))).toEqual(['gone', 'keep']);
    expect((await list(ann, '?filter=recycling-bin')).totalItems).toBe(0);
    expect(keep).toBeDefined();
  });

  test('the bin lists the most recently deleted first, in pages', async () => {
    const rows = manyMedia(t.database, ann.user._id, 5, (i) => ({ deletedAt: now - (5 - i) * 1000 }));
    manyMedia(t.database, bea.user._id, 2, () => ({ deletedAt: now }));
    const first = (await (await call('/api/gallery/recycling-bin?limit=2', ann)).json()) as MediaPage;
    expect(first.totalItems).toBe(5);
    expect(first.totalPages).toBe(3);
    expect(first.media.map((m) => m._id)).toEqual([rows[4]!.id, rows[3]!.id]);
    const last = (await (await call('/api/gallery/recycling-bin?limit=2&page=3', ann)).json()) as MediaPage;
    expect(last.media.map((m) => m._id)).toEqual([rows[0]!.id]);
  });

  test('delete forever: the original and every rendition leave the store, then the row (from the bin or not)', async () => {
    const [a, b] = manyMedia(t.database, ann.user._id, 2, (i) => ({
      displayKey: `media/test/display-${i}-${now}.webp`,
      tags: ['x'],
      deletedAt: i === 0 ? now : null,
    }));
    const other = newMedia(t.database, ann.user._id);
    for (const row of [a!, b!, other]) await putMediaBytes(t.store, row);
    for (const row of [a!, b!]) {
      const res = await call(`/api/gallery/${row.id}/permanent-delete`, ann, 'DELETE');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, message: 'Media permanently deleted' });
      expect((await call(`/api/gallery/${row.id}`, ann)).status).toBe(404);
      const keys = await storedKeys(t.store);
      for (const key of [row.storage_key, row.thumbnail_key!, row.display_key!]) expect(keys).not.toContain(key);
    }
    expect(await storedKeys(t.store)).toEqual(expect.arrayContaining([other.storage_key, other.thumbnail_key!]));
    expect((await tagRows()).filter((r) => r.media_id === a!.id || r.media_id === b!.id)).toEqual([]);
    expect((await call(`/api/gallery/${a!.id}/permanent-delete`, ann, 'DELETE')).status).toBe(404);
  });

  test('delete forever with a failing store keeps the row and answers an error', async () => {
    const failing = await createTestApp({ store: brokenDeletes(), env: { SITE_LOCKOUT_HOURS: '0' } });
    try {
      const owner = await signedInUser(failing.database.db);
      const row = newMedia(failing.database, owner.user._id);
      const res = await failing.request(`/api/gallery/${row.id}/permanent-delete`, { method: 'DELETE', as: owner });
      expect(res.status).toBe(500);
      expect(((await res.json()) as { error: string }).error).toBe('Internal server error');
      expect((await failing.request(`/api/gallery/${row.id}`, { as: owner })).status).toBe(200);
    } finally {
      await failing.close();
    }
  });

  test('the purge removes what has been in the bin RECYCLE_BIN_DAYS, bytes first, then runs again an hour later', async () => {
    const old = newMedia(t.database, ann.user._id, { title: 'old', deletedAt: now - 30 * DAY - 1 });
    const theirsOld = newMedia(t.database, bea.user._id, { title: 'theirs old', deletedAt: now - 31 * DAY });
    const recent = newMedia(t.database, ann.user._id, { title: 'recent', deletedAt: now - 29 * DAY });
    const active = newMedia(t.database, ann.user._id, { title: 'active' });
    for (const row of [old, theirsOld, recent, active]) await putMediaBytes(t.store, row);
    await scheduleBinPurge(t.services.jobs);
    await t.runJobs();
    const ids = (await mediaRows()).map((r) => r.id);
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(theirsOld.id);
    expect(ids).toEqual(expect.arrayContaining([recent.id, active.id]));
    const keys = await storedKeys(t.store);
    for (const key of [old.storage_key, old.thumbnail_key!, theirsOld.storage_key]) expect(keys).not.toContain(key);
    expect(keys).toEqual(expect.arrayContaining([recent.storage_key, active.storage_key]));
    // The job put itself back for an hour later: two days on, the recent one's time has come.
    const job = await t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'media.purge-bin').executeTakeFirstOrThrow();
    expect(job.run_at).toBe(now + 3600_000);
    now += 2 * DAY;
    await t.runJobs();
    expect((await mediaRows()).map((r) => r.id)).not.toContain(recent.id);
    expect((await mediaRows()).map((r) => r.id)).toContain(active.id);
  });

  test('RECYCLE_BIN_DAYS=0 keeps the bin until it is emptied by hand', async () => {
    const keeper = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0', RECYCLE_BIN_DAYS: '0' } });
    try {
      const owner = await signedInUser(keeper.database.db, {}, now);
      const row = newMedia(keeper.database, owner.user._id, { deletedAt: now - 3650 * DAY });
      await scheduleBinPurge(keeper.services.jobs);
      await keeper.runJobs();
      expect((await keeper.request(`/api/gallery/${row.id}`, { as: owner })).status).toBe(200);
    } finally {
      await keeper.close();
    }
  });
});

describe('deleting an account or a model', () => {
  test('an account leaves no bytes in the store; other accounts keep theirs', async () => {
    await expectAccountDeletionLeavesNoBytes(t, now);
  });

  test("a model's deletion keeps its media and clears the link", async () => {
    const mia = await newModel(t.database.db, ann.user._id, { name: 'Mia' });
    const row = newMedia(t.database, ann.user._id, { modelId: mia });
    expect((await item(ann, row.id)).modelName).toBe('Mia');
    expect((await call(`/api/models/${mia}`, ann, 'DELETE')).status).toBe(200);
    expect(await item(ann, row.id)).toMatchObject({ modelId: null, modelName: null });
    expect((await list(ann)).totalItems).toBe(1);
  });
});

describe('the tag vocabulary', () => {
  test("the 62 tags in seven groups, and the owner's own tags as entered, alphabetical, without the presets", async () => {
    newMedia(t.database, ann.user._id, { tags: ['zebra Print', 'BEACH', 'Ass', 'pov'] });
    newMedia(t.database, ann.user._id, { tags: ['apple', 'Zebra print', 'Élan'], gallery: 'premium' });
    newMedia(t.database, ann.user._id, { tags: ['binned tag'], deletedAt: now });
    newMedia(t.database, bea.user._id, { tags: ['secret of bea'] });
    const res = await call('/api/tags', ann);
    expect(res.status).toBe(200);
    const vocabulary = (await res.json()) as TagVocabulary;
    expect(vocabulary.groups.map((g) => [g.name, g.tags.length])).toEqual([
      ['Body Parts', 8],
      ['Sexual Acts', 16],
      ['Categories', 10],
      ['Style & Mood', 9],
      ['Fetish & BDSM', 8],
      ['Activities & Props', 7],
      ['Content Type', 6],
    ]);
    expect(vocabulary.groups).toEqual(TAG_GROUPS.map((g) => ({ name: g.name, tags: [...g.tags] })));
    expect(new Set(vocabulary.groups.flatMap((g) => g.tags)).size).toBe(62);
    expect(PRESET_TAGS).toHaveLength(62);
    expect(vocabulary.custom).toEqual(['apple', 'BEACH', 'binned tag', 'Élan', 'zebra Print']);
    expect(((await (await call('/api/tags', bea)).json()) as TagVocabulary).custom).toEqual(['secret of bea']);
  });
});

test("the counts behind the lists' totals stay equal to the rows after every kind of change", async () => {
  const rows = manyMedia(t.database, ann.user._id, 30, (i) => ({ type: i % 3 ? 'image' : 'video', favorite: i % 4 === 0 }));
  for (const [i, row] of rows.entries()) {
    if (i % 2 === 0) await call(`/api/gallery/${row.id}/favorite`, ann, 'POST');
    if (i % 3 === 0) await call(`/api/gallery/${row.id}/delete`, ann, 'DELETE');
    if (i % 6 === 0) await call(`/api/gallery/${row.id}/restore`, ann, 'POST');
    if (i % 5 === 0) await call(`/api/gallery/${row.id}/permanent-delete`, ann, 'DELETE');
  }
  for (const filter of ['all', 'images', 'videos', 'favorites', 'recycling-bin']) {
    const page = await list(ann, `?filter=${filter}&limit=1000`);
    expect(page.totalItems, filter).toBe(page.media.length);
  }
  const exact = await t.database.sqlite
    .query(
      `select owner_id, gallery, deleted_at is not null as binned, type, is_favorite, count(*) as n from media group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    )
    .all();
  const kept = await t.database.sqlite
    .query(`select owner_id, gallery, binned, type, is_favorite, n from media_counts where n > 0 order by 1, 2, 3, 4, 5`)
    .all();
  expect(kept).toEqual(exact);
  expect(await t.database.sqlite.query('select count(*) as n from media_counts where n < 0').get()).toEqual({ n: 0 });
  const searchIndex = (await t.database.sqlite.query('select count(*) as n from media_search_ids').get()) as { n: number };
  expect(searchIndex.n).toBe((await mediaRows()).length);
});

/** A store whose deletes fail, as a bucket that is down would. */
function brokenDeletes(): MediaStore {
  const objects = new Map<string, Uint8Array>();
  return {
    driver: 'local',
    async put(key, body) {
      const bytes = new Uint8Array(await new Response(body).arrayBuffer());
      objects.set(key, bytes);
      return { key, size: bytes.byteLength, sha256: '' };
    },
    async get() {
      return null;
    },
    async head() {
      return null;
    },
    async delete() {
      throw new Error('the store is down');
    },
    async *list() {},
    async ping() {},
  };
}

describe('Set as Profile Picture', () => {
  test("PUT /api/models/{id}/profile-picture {galleryId}: one of the owner's images becomes the model's picture, served by the hub", async () => {
    const mia = await newModel(t.database.db, ann.user._id, { name: 'Mia', image: 'https://img.example.com/mia.jpg' });
    const photo = newMedia(t.database, ann.user._id, { title: 'portrait' });
    const fresh = newMedia(t.database, ann.user._id, { title: 'still processing', status: 'processing', thumbnailKey: null });
    let res = await call(`/api/models/${mia}/profile-picture`, ann, 'PUT', { galleryId: photo.id });
    expect(res.status).toBe(200);
    const model = (await res.json()) as { profilePicture: { url: string } | null; picture: string | null };
    expect(model.profilePicture).toEqual({ url: `/media/${photo.id}/thumbnail` });
    expect(model.picture).toBe(`/media/${photo.id}/thumbnail`);
    expect(((await (await call(`/api/models/${mia}`, ann)).json()) as typeof model).picture).toBe(`/media/${photo.id}/thumbnail`);
    // Without a thumbnail yet, the display rendition (or the original) stands in.
    res = await call(`/api/models/${mia}/profile-picture`, ann, 'PUT', { galleryId: fresh.id });
    expect(((await res.json()) as typeof model).profilePicture).toEqual({ url: `/media/${fresh.id}/display` });
    // The model sent back whole (as an edit dialog does) keeps it.
    const whole = (await (await call(`/api/models/${mia}`, ann)).json()) as Record<string, unknown>;
    res = await call(`/api/models/${mia}`, ann, 'PUT', { ...whole, age: 30 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as typeof model).profilePicture).toEqual({ url: `/media/${fresh.id}/display` });
  });

  test('the picture goes when its item is deleted for good (by hand or by the purge); the model shows no broken image', async () => {
    const photo = newMedia(t.database, ann.user._id, { title: 'portrait' });
    const other = newMedia(t.database, ann.user._id, { title: 'another' });
    const mia = await newModel(t.database.db, ann.user._id, { name: 'Mia' });
    const zoe = await newModel(t.database.db, ann.user._id, { name: 'Zoe' });
    expect((await call(`/api/models/${mia}/profile-picture`, ann, 'PUT', { galleryId: photo.id })).status).toBe(200);
    expect((await call(`/api/models/${zoe}/profile-picture`, ann, 'PUT', { galleryId: other.id })).status).toBe(200);
    // In the bin the picture stays (the item can be restored).
    expect((await call(`/api/gallery/${photo.id}/delete`, ann, 'DELETE')).status).toBe(200);
    expect(((await (await call(`/api/models/${mia}`, ann)).json()) as { profilePicture: unknown }).profilePicture).toEqual({
      url: `/media/${photo.id}/thumbnail`,
    });
    expect((await call(`/api/gallery/${photo.id}/permanent-delete`, ann, 'DELETE')).status).toBe(200);
    expect(((await (await call(`/api/models/${mia}`, ann)).json()) as { profilePicture: unknown }).profilePicture).toBeNull();
    // Another model's picture from another item is untouched.
    expect(((await (await call(`/api/models/${zoe}`, ann)).json()) as { profilePicture: unknown }).profilePicture).toEqual({
      url: `/media/${other.id}/thumbnail`,
    });
  });

  test("a video is 400; another owner's item or model, an item in the bin or in premium is 404; nothing changes", async () => {
    const mia = await newModel(t.database.db, ann.user._id, { name: 'Mia' });
    const beasModel = await newModel(t.database.db, bea.user._id, { name: 'Theirs' });
    const video = newMedia(t.database, ann.user._id, { type: 'video' });
    const photo = newMedia(t.database, ann.user._id);
    const binned = newMedia(t.database, ann.user._id, { deletedAt: now });
    const premium = newMedia(t.database, ann.user._id, { gallery: 'premium' });
    const theirs = newMedia(t.database, bea.user._id);
    const models = () => t.database.db.selectFrom('models').selectAll().orderBy('id').execute();
    const before = await models();
    let res = await call(`/api/models/${mia}/profile-picture`, ann, 'PUT', { galleryId: video.id });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'The profile picture must be an image' });
    for (const galleryId of [theirs.id, binned.id, premium.id, 'nope']) {
      res = await call(`/api/models/${mia}/profile-picture`, ann, 'PUT', { galleryId });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Media not found' });
    }
    res = await call(`/api/models/${beasModel}/profile-picture`, ann, 'PUT', { galleryId: photo.id });
    expect(res.status).toBe(404);
    for (const body of [{}, { galleryId: '' }, { galleryId: 7 }]) {
      res = await call(`/api/models/${mia}/profile-picture`, ann, 'PUT', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: M.galleryId });
    }
    res = await call(`/api/models/${mia}/profile-picture`, { siteToken: ann.siteToken }, 'PUT', { galleryId: photo.id });
    expect(res.status).toBe(401);
    expect(await models()).toEqual(before);
  });
});
