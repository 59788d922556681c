// Star ratings over HTTP on a real temp database: an item's rating (1-5, or null) set by its owner
// in both galleries, refused when it is not a whole number of 1 to 5, and 404 on another member's
// item; the lists' minRating filter and sort=rating (highest first, unrated last, ties by date) on
// their own and with every other filter, checked against the rule itself; the bulk call's `rate`,
// owner-scoped and safe under a burst; the OpenAPI document naming all of it; a lean page keeping it.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { manyMedia, newMedia } from '../../../test/helpers/media-factory.ts';
import { newModel } from '../../../test/helpers/models-factory.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { type BulkResult, expandPage, leanPage, type MediaItem, type MediaPage } from '../../shared/media.ts';

const now = Date.UTC(2031, 4, 6, 12, 0);
let t: TestApp;
let ann: SignedIn;
let bea: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
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
const list = (as: SignedIn, query: string, prefix = '/api/gallery') => ok<MediaPage>(call(`${prefix}${query}`, as));

describe('PUT /api/{gallery}/{id} with {rating}', () => {
  for (const gallery of ['gallery', 'premium'] as const) {
    test(`${gallery}: the owner sets 1 to 5 and clears with null; the item answers it everywhere`, async () => {
      const row = newMedia(t.database, ann.user._id, { gallery, title: 'Dune' });
      const fresh = await ok<MediaItem>(call(`/api/${gallery}/${row.id}`, ann));
      expect(fresh.rating).toBeNull();
      for (const rating of [1, 5, 3]) {
        const item = await ok<MediaItem>(call(`/api/${gallery}/${row.id}`, ann, 'PUT', { rating }));
        expect(item.rating).toBe(rating);
        // The title and tags stay as they were.
        expect(item.title).toBe('Dune');
      }
      expect((await ok<MediaItem>(call(`/api/${gallery}/${row.id}`, ann))).rating).toBe(3);
      expect((await list(ann, '', `/api/${gallery}`)).media[0]!.rating).toBe(3);
      // With a title in the same call, both change.
      const both = await ok<MediaItem>(call(`/api/${gallery}/${row.id}`, ann, 'PUT', { title: 'Dune II', rating: 4 }));
      expect([both.title, both.rating]).toEqual(['Dune II', 4]);
      expect((await ok<MediaItem>(call(`/api/${gallery}/${row.id}`, ann, 'PUT', { rating: null }))).rating).toBeNull();
    });

    test(`${gallery}: 0, 6, 2.5, "3", true and -1 are 400 with {error}, and the rating stays`, async () => {
      const row = newMedia(t.database, ann.user._id, { gallery, rating: 2 });
      for (const rating of [0, 6, 2.5, '3', true, -1, 'five', [3]]) {
        const res = await call(`/api/${gallery}/${row.id}`, ann, 'PUT', { rating });
        expect(res.status, JSON.stringify(rating)).toBe(400);
        expect(((await res.json()) as { error: string }).error).toContain('rating');
      }
      expect((await ok<MediaItem>(call(`/api/${gallery}/${row.id}`, ann))).rating).toBe(2);
    });

    test(`${gallery}: another member's item is 404 and keeps its rating`, async () => {
      const row = newMedia(t.database, ann.user._id, { gallery, rating: 4 });
      const res = await call(`/api/${gallery}/${row.id}`, bea, 'PUT', { rating: 1 });
      expect(res.status).toBe(404);
      expect(await res.json()).toHaveProperty('error');
      expect((await ok<MediaItem>(call(`/api/${gallery}/${row.id}`, ann))).rating).toBe(4);
    });
  }

  test("the free gallery's spec path PUT /api/gallery/{id}/update takes it too; an item of the other gallery is 404", async () => {
    const row = newMedia(t.database, ann.user._id, {});
    expect((await ok<MediaItem>(call(`/api/gallery/${row.id}/update`, ann, 'PUT', { rating: 5 }))).rating).toBe(5);
    expect((await call(`/api/premium/${row.id}`, ann, 'PUT', { rating: 1 })).status).toBe(404);
  });
});

describe('lists: minRating and sort=rating', () => {
  /** 60 items: ratings null, 1-5 in turn, some videos, favourites, tags, a model's, a few in the bin. */
  async function seed(owner: SignedIn, gallery: 'gallery' | 'premium' = 'gallery') {
    const model = await newModel(t.database.db, owner.user._id, { name: 'Mia' });
    const rows = manyMedia(t.database, owner.user._id, 60, (i) => ({
      gallery,
      rating: i % 6 === 0 ? null : i % 6,
      type: i % 4 === 0 ? 'video' : 'image',
      favorite: i % 5 === 0,
      tags: i % 3 === 0 ? ['Beach'] : ['City'],
      title: i % 2 === 0 ? `sunset ${i}` : `night ${i}`,
      modelId: i % 7 === 0 ? model : null,
      deletedAt: i === 59 ? now : null,
      // Ties on purpose: pairs share a date.
      createdAt: now - 1_000_000 + Math.floor(i / 2) * 1000,
    }));
    return { rows, model };
  }
  type Row = ReturnType<typeof manyMedia>[number];
  /** The rule: highest first, unrated last, ties by newest then id (desc); asc is the exact reverse. */
  const byRating = (a: Row, b: Row) => (b.rating ?? 0) - (a.rating ?? 0) || b.created_at - a.created_at || (a.id < b.id ? 1 : -1);
  const newest = (a: Row, b: Row) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1);
  const ids = (page: MediaPage) => page.media.map((m) => m._id);

  test('minRating=N lists the items rated N or more, counted exactly, in every order and with every other filter', async () => {
    const { rows, model } = await seed(ann);
    // Another member's highly rated items never show.
    manyMedia(t.database, bea.user._id, 10, () => ({ rating: 5 }));
    const listed = rows.filter((r) => r.deleted_at === null);
    const cases: [string, (r: Row) => boolean][] = [
      ['', () => true],
      ['&filter=videos', (r) => r.type === 'video'],
      ['&filter=favorites', (r) => r.is_favorite === 1],
      ['&search=sunset', (r) => r.title.startsWith('sunset')],
      ['&tags=beach', (r) => r.tags.includes('Beach')],
      [`&modelId=${model}`, (r) => r.model_id === model],
      ['&search=sunset&tags=beach', (r) => r.title.startsWith('sunset') && r.tags.includes('Beach')],
    ];
    for (const min of [1, 3, 5]) {
      for (const [query, keep] of cases) {
        const want = listed.filter((r) => r.rating !== null && r.rating >= min && keep(r)).sort(newest);
        const page = await list(ann, `?minRating=${min}${query}&limit=1000`);
        expect(page.totalItems, `minRating=${min}${query}`).toBe(want.length);
        expect(ids(page), `minRating=${min}${query}`).toEqual(want.map((r) => r.id));
        // A page further on, in the rating's order.
        const paged = await list(ann, `?minRating=${min}${query}&sort=rating&limit=3&page=2`);
        expect(ids(paged), `minRating=${min}${query} sort=rating page 2`).toEqual(
          [...want]
            .sort(byRating)
            .slice(3, 6)
            .map((r) => r.id),
        );
      }
    }
    // Anything not a whole number from 1 to 5 is a 400 naming the parameter.
    for (const bad of ['0', '6', '2.5', 'three', '-1', '1e9']) {
      const res = await call(`/api/gallery?minRating=${bad}`, ann);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain('minRating');
    }
    // Blank is "not given", as for every other parameter.
    expect((await list(ann, '?minRating=&limit=1000')).totalItems).toBe(listed.length);
  });

  test('minRating=N in every other order, both ways, paged, alone and with videos or favourites, is the rule', async () => {
    const { rows } = await seed(ann);
    manyMedia(t.database, bea.user._id, 10, () => ({ rating: 5 }));
    const listed = rows.filter((r) => r.deleted_at === null);
    const nullsFirst = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);
    const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : 1);
    const orders: [string, (a: Row, b: Row) => number][] = [
      ['createdAt', (a, b) => a.created_at - b.created_at || byId(a, b)],
      ['title', (a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : a.title.toLowerCase() > b.title.toLowerCase() ? 1 : byId(a, b))],
      ['size', (a, b) => a.size - b.size || byId(a, b)],
      ['duration', (a, b) => nullsFirst(a.duration, b.duration) || byId(a, b)],
    ];
    const filters: [string, (r: Row) => boolean][] = [
      ['', () => true],
      ['&filter=videos', (r) => r.type === 'video'],
      ['&filter=favorites', (r) => r.is_favorite === 1],
    ];
    for (const min of [2, 4]) {
      for (const [sortBy, asc] of orders) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          for (const [query, keep] of filters) {
            const want = listed
              .filter((r) => r.rating !== null && r.rating >= min && keep(r))
              .sort((a, b) => (sortOrder === 'asc' ? asc(a, b) : asc(b, a)))
              .map((r) => r.id);
            const base = `?minRating=${min}${query}&sortBy=${sortBy}&sortOrder=${sortOrder}`;
            const all = await list(ann, `${base}&limit=1000`);
            expect(all.totalItems, base).toBe(want.length);
            expect(ids(all), base).toEqual(want);
            expect(ids(await list(ann, `${base}&limit=3&page=2`)), `${base} page 2`).toEqual(want.slice(3, 6));
          }
        }
      }
    }
  });

  test('sort=rating: highest first and unrated last, ties by newest then id, asc the exact reverse; in premium and with a search', async () => {
    const { rows } = await seed(ann, 'premium');
    const listed = rows.filter((r) => r.deleted_at === null);
    const desc = [...listed].sort(byRating);
    expect(ids(await list(ann, '?sort=rating&limit=1000', '/api/premium'))).toEqual(desc.map((r) => r.id));
    expect(ids(await list(ann, '?sortBy=rating&sortOrder=desc&limit=1000', '/api/premium'))).toEqual(desc.map((r) => r.id));
    expect(ids(await list(ann, '?sort=rating&order=asc&limit=1000', '/api/premium'))).toEqual([...desc].reverse().map((r) => r.id));
    const page = await list(ann, '?sort=rating&limit=50', '/api/premium');
    expect(page.media[0]!.rating).toBe(5);
    expect(page.media.at(-1)!.rating).toBeNull();
    // A search sorted by rating.
    const sunset = desc.filter((r) => r.title.startsWith('sunset'));
    expect(ids(await list(ann, '?search=sunset&sort=rating&limit=1000', '/api/premium'))).toEqual(sunset.map((r) => r.id));
    // The free gallery has none of them.
    expect((await list(ann, '?minRating=1')).totalItems).toBe(0);
  });
});

describe('POST /api/{gallery}/bulk {action: "rate", rating}', () => {
  test('rates many of the owner’s items at once, counts only those it changed, null clears; another member’s id makes it 404 and changes nothing', async () => {
    const rows = manyMedia(t.database, ann.user._id, 5, (i) => ({ rating: i === 0 ? 4 : null }));
    const all = rows.map((r) => r.id);
    expect(await ok<BulkResult>(call('/api/gallery/bulk', ann, 'POST', { action: 'rate', ids: all, rating: 4 }))).toEqual({ updated: 4 });
    expect((await list(ann, '?minRating=4')).totalItems).toBe(5);
    expect(await ok<BulkResult>(call('/api/gallery/bulk', ann, 'POST', { action: 'rate', ids: all.slice(0, 2), rating: null }))).toEqual({ updated: 2 });
    expect((await list(ann, '?minRating=1')).totalItems).toBe(3);

    const theirs = newMedia(t.database, bea.user._id, { rating: 2 });
    const res = await call('/api/gallery/bulk', ann, 'POST', { action: 'rate', ids: [...all, theirs.id], rating: 1 });
    expect(res.status).toBe(404);
    expect((await list(ann, '?minRating=4')).totalItems).toBe(3);
    expect((await ok<MediaItem>(call(`/api/gallery/${theirs.id}`, bea))).rating).toBe(2);
    // Premium's own bulk call rates premium items only.
    expect((await call('/api/premium/bulk', ann, 'POST', { action: 'rate', ids: all, rating: 1 })).status).toBe(404);
  });

  test('rate without a rating, or with 0, 6, 2.5 or "3", is 400 and changes nothing', async () => {
    const row = newMedia(t.database, ann.user._id, { rating: 3 });
    for (const body of [{}, { rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: '3' }]) {
      const res = await call('/api/gallery/bulk', ann, 'POST', { action: 'rate', ids: [row.id], ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain('rating');
    }
    expect((await ok<MediaItem>(call(`/api/gallery/${row.id}`, ann))).rating).toBe(3);
  });

  test('a burst of 100 identical rate calls changes each item once: the counts add up to the items, every one is rated', async () => {
    const rows = manyMedia(t.database, ann.user._id, 20);
    const body = { action: 'rate', ids: rows.map((r) => r.id), rating: 5 };
    const answers = await Promise.all(Array.from({ length: 100 }, () => call('/api/gallery/bulk', ann, 'POST', body)));
    const results = await Promise.all(answers.map(async (res) => (res.status === 200 ? ((await res.json()) as BulkResult).updated : -res.status)));
    expect(results.every((n) => n >= 0)).toBe(true);
    expect(results.reduce((sum, n) => sum + n, 0)).toBe(20);
    expect((await list(ann, '?minRating=5')).totalItems).toBe(20);
  });
});

test('the OpenAPI document shows the rating on the item, minRating and sort=rating on both lists, rate in the bulk call and rating in the edit', async () => {
  const admin = await signedInUser(t.database.db, { role: 'admin' }, now);
  const doc = (await ok<unknown>(call('/api/openapi.json', admin))) as {
    paths: Record<
      string,
      Record<string, { parameters?: { name: string; schema: Record<string, unknown> }[]; requestBody?: { content: Record<string, { schema: unknown }> } }>
    >;
    components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  };
  const text = JSON.stringify(doc);
  expect(doc.components.schemas.MediaItem!.properties.rating).toMatchObject({ anyOf: [{ type: 'integer', minimum: 1, maximum: 5 }, { type: 'null' }] });
  for (const path of ['/api/gallery', '/api/premium']) {
    const params = doc.paths[path]!.get!.parameters!;
    const min = params.find((p) => p.name === 'minRating');
    expect(min?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    expect(JSON.stringify(params.find((p) => p.name === 'sort')?.schema)).toContain('"rating"');
    expect(JSON.stringify(doc.paths[`${path}/bulk`]!.post!.requestBody)).toContain('"rate"');
    expect(JSON.stringify(doc.paths[`${path}/{id}`]!.put!.requestBody)).toContain('"rating"');
  }
  expect(text).toContain('minRating');
});

test("a gallery page's lean rows keep each item's rating (and its absence)", () => {
  const item = (id: string, rating: number | null): MediaItem => ({
    _id: id,
    title: id,
    type: 'image',
    mimeType: 'image/png',
    url: `/media/${id}`,
    thumbnail: null,
    display: `/media/${id}/display`,
    size: 1,
    duration: null,
    width: null,
    height: null,
    takenAt: null,
    camera: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    tags: [],
    isFavorite: false,
    modelId: null,
    modelName: null,
    originalName: `${id}.png`,
    source: 'gallery',
    status: 'ready',
    failure: null,
    placeholder: null,
    deletedAt: null,
    playback: null,
    progress: null,
    playbackPosition: null,
    playCount: 0,
    rating,
  });
  const page: MediaPage = { media: [item('a', 4), item('b', null), item('c', 1)], totalItems: 3, totalPages: 1 };
  expect(expandPage(leanPage(page))).toEqual(page);
});
