// The streaming-sites API and the Watch page over HTTP on a real temp database: every endpoint,
// owner isolation, each validation message, filters and sorts, hostile input, and the service
// functions home and profile call.

import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { manyStreamingSites, newStreamingSite } from '../../../test/helpers/sites-factory.ts';
import { cookieHeader, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { STREAMING_SITE_MESSAGES as M, type StreamingSite, WATCH_PAGE_SIZE } from '../../shared/watch.ts';
import { createWatchService } from './watch.service.ts';

const START = Date.now();
let now = START;
const clock = () => new Date(now);

let t: TestApp;
let ada: SignedIn;
let bob: SignedIn;

const api = (path: string, as: SignedIn | { siteToken: string }, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, as });
const rows = () => t.database.db.selectFrom('streaming_sites').selectAll().orderBy('id').execute();
const create = async (as: SignedIn, json: Record<string, unknown>): Promise<StreamingSite> => {
  const res = await api('/api/streaming-sites', as, { method: 'POST', json });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as StreamingSite;
};
const list = async (as: SignedIn, query = ''): Promise<{ names: string[]; total: number; sites: StreamingSite[] }> => {
  const res = await api(`/api/streaming-sites${query}`, as);
  expect(res.status).toBe(200);
  const sites = (await res.json()) as StreamingSite[];
  return { names: sites.map((s) => s.name), total: Number(res.headers.get('x-total-count')), sites };
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  ada = await signedInUser(t.database.db, { username: 'ada', name: 'Ada' }, START);
  bob = await signedInUser(t.database.db, { username: 'bob', name: 'Bob' }, START);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('streaming_sites').execute();
  now += 60_000;
});

describe('credentials', () => {
  const endpoints = [
    ['GET', '/api/streaming-sites'],
    ['POST', '/api/streaming-sites'],
    ['GET', '/api/streaming-sites/some-id'],
    ['PUT', '/api/streaming-sites/some-id'],
    ['DELETE', '/api/streaming-sites/some-id'],
    ['POST', '/api/streaming-sites/some-id/visit'],
  ] as const;

  test.each(endpoints)('%s %s without a session is 401 with the spec’s message', async (method, path) => {
    const res = await api(
      path,
      { siteToken: ada.siteToken },
      { method, ...(method === 'GET' || method === 'DELETE' ? {} : { json: { name: 'X', url: 'https://x.example' } }) },
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'You must be logged in to perform this action' });
    expect(await rows()).toEqual([]);
  });

  test.each(endpoints)('%s %s without the site token is 401 too', async (method, path) => {
    const res = await t.request(path, { method, headers: { authorization: `Bearer ${ada.token}` } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: unknown }).error).toBeString();
  });
});

describe('create, read, update, delete, visit', () => {
  test('POST answers 201 with the entity; description, category and favourite have defaults', async () => {
    const res = await api('/api/streaming-sites', ada, { method: 'POST', json: { name: '  Tube One  ', url: ' https://tube.example/watch ' } });
    expect(res.status).toBe(201);
    const site = (await res.json()) as StreamingSite;
    expect(site).toEqual({
      _id: expect.any(String),
      name: 'Tube One',
      url: 'https://tube.example/watch',
      description: '',
      category: 'Other',
      isFavorite: false,
      lastVisited: null,
      createdAt: new Date(now).toISOString(),
    });
    const [row] = await rows();
    expect(row).toMatchObject({ id: site._id, owner_id: ada.user._id, created_at: now, updated_at: null });
  });

  test('POST keeps every field given', async () => {
    const site = await create(ada, { name: 'JP', url: 'http://jp.example', description: 'Late night', category: 'Japanese', isFavorite: true });
    expect(site).toMatchObject({ name: 'JP', url: 'http://jp.example', description: 'Late night', category: 'Japanese', isFavorite: true });
    expect(await (await api(`/api/streaming-sites/${site._id}`, ada)).json()).toEqual(site);
  });

  test('PUT changes only the fields sent; {isFavorite} toggles the favourite', async () => {
    const site = await create(ada, { name: 'Before', url: 'https://a.example', description: 'Keep me', category: 'Korean' });
    now += 1000;
    let res = await api(`/api/streaming-sites/${site._id}`, ada, { method: 'PUT', json: { isFavorite: true } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...site, isFavorite: true });
    res = await api(`/api/streaming-sites/${site._id}`, ada, { method: 'PUT', json: { name: 'After', category: 'White' } });
    expect(await res.json()).toEqual({ ...site, isFavorite: true, name: 'After', category: 'White' });
    res = await api(`/api/streaming-sites/${site._id}`, ada, { method: 'PUT', json: { isFavorite: false, description: '' } });
    expect(await res.json()).toEqual({ ...site, name: 'After', category: 'White', description: '' });
    const [row] = await rows();
    expect(row).toMatchObject({ name: 'After', url: 'https://a.example', description: '', category: 'White', is_favorite: 0, updated_at: now });
  });

  test('PUT ignores unknown and read-only fields (a client may send the whole entity back)', async () => {
    const site = await create(ada, { name: 'Whole', url: 'https://whole.example' });
    const before = await rows();
    const res = await api(`/api/streaming-sites/${site._id}`, ada, {
      method: 'PUT',
      json: {
        ...site,
        _id: 'other-id',
        createdAt: '2000-01-01T00:00:00.000Z',
        lastVisited: '2001-01-01T00:00:00.000Z',
        owner_id: bob.user._id,
        ownerId: bob.user._id,
        hacked: true,
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(site);
    expect(await rows()).toEqual(before);
  });

  test('PUT with an empty body changes nothing', async () => {
    const site = await create(ada, { name: 'Same', url: 'https://same.example' });
    const before = await rows();
    const res = await api(`/api/streaming-sites/${site._id}`, ada, { method: 'PUT', json: {} });
    expect(await res.json()).toEqual(site);
    expect(await rows()).toEqual(before);
  });

  test('visit sets lastVisited to now and answers the entity', async () => {
    const site = await create(ada, { name: 'Visited', url: 'https://visit.example' });
    now += 5000;
    const res = await api(`/api/streaming-sites/${site._id}/visit`, ada, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...site, lastVisited: new Date(now).toISOString() });
    expect((await rows())[0]).toMatchObject({ last_visited_at: now, updated_at: null });
  });

  test('DELETE removes the site: gone from reads and lists', async () => {
    const site = await create(ada, { name: 'Doomed', url: 'https://doomed.example' });
    const keep = await create(ada, { name: 'Kept', url: 'https://kept.example' });
    const res = await api(`/api/streaming-sites/${site._id}`, ada, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Streaming site deleted' });
    expect((await api(`/api/streaming-sites/${site._id}`, ada)).status).toBe(404);
    expect((await api(`/api/streaming-sites/${site._id}`, ada, { method: 'DELETE' })).status).toBe(404);
    expect((await list(ada)).sites).toEqual([keep]);
  });

  test('unknown ids are 404 with a message on every endpoint', async () => {
    for (const id of ['no-such-id', crypto.randomUUID(), 'x'.repeat(5000), '%E2%9C%93', '..%2F..%2Fetc', "1' or '1'='1"]) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['POST', '/visit'],
      ] as const) {
        const res = await api(`/api/streaming-sites/${id}${suffix}`, ada, { method, ...(method === 'PUT' ? { json: { name: 'X' } } : {}) });
        expect(res.status).toBe(404);
        expect(((await res.json()) as { error: string }).error).toBeString();
      }
    }
  });

  test('deleting the owner deletes their sites', async () => {
    const carl = await signedInUser(t.database.db, { username: 'carl' }, now);
    await create(carl, { name: 'Carl’s', url: 'https://carl.example' });
    await t.database.db.deleteFrom('users').where('id', '=', carl.user._id).execute();
    expect(await rows()).toEqual([]);
  });
});

describe('owner isolation', () => {
  test('another user’s site is 404 everywhere and never listed, searched or filtered; nothing of it changes', async () => {
    const secret = await create(ada, { name: 'Ada Secret', url: 'https://secret.example', description: 'private', category: 'Hentai', isFavorite: true });
    await t.database.db.updateTable('streaming_sites').set({ last_visited_at: now }).execute();
    const before = await rows();
    const base = `/api/streaming-sites/${secret._id}`;
    expect((await api(base, bob)).status).toBe(404);
    expect((await api(base, bob, { method: 'PUT', json: { name: 'Stolen', isFavorite: false } })).status).toBe(404);
    expect((await api(`${base}/visit`, bob, { method: 'POST' })).status).toBe(404);
    const del = await api(base, bob, { method: 'DELETE' });
    expect(del.status).toBe(404);
    expect(await del.json()).toEqual({ error: M.notFound });
    for (const query of ['', '?search=secret', '?search=hentai', '?category=Hentai', '?favorite=true', '?sort=name', '?limit=1000']) {
      const seen = await list(bob, query);
      expect(seen).toEqual({ names: [], total: 0, sites: [] });
    }
    expect(await rows()).toEqual(before);
    // The owner still has it, untouched.
    expect((await list(ada)).sites).toEqual([{ ...secret, lastVisited: new Date(now).toISOString() }]);
  });

  test('the service functions for home and profile see only the owner’s rows', async () => {
    const sites = createWatchService({ db: t.database.db, clock });
    await newStreamingSite(t.database.db, bob.user._id, { isFavorite: true, lastVisitedAt: now });
    expect(await sites.favorites(ada.user._id, 10)).toEqual([]);
    expect(await sites.countFavorites(ada.user._id)).toBe(0);
    expect(await sites.recentlyVisited(ada.user._id, 10)).toEqual([]);
    expect(await sites.countFavorites(bob.user._id)).toBe(1);
  });
});

describe('list: filters, search, sorts, paging', () => {
  beforeEach(async () => {
    const db = t.database.db;
    const id = ada.user._id;
    await newStreamingSite(db, id, { name: 'alpha Tube', url: 'https://alpha.example', category: 'Japanese', createdAt: now - 5000 });
    await newStreamingSite(db, id, { name: 'Bravo', url: 'https://bravo.example/KOREAN-stuff', category: 'Other', isFavorite: true, createdAt: now - 4000 });
    await newStreamingSite(db, id, {
      name: 'charlie',
      url: 'https://c.example',
      description: 'Best JAPANESE picks',
      category: 'Chinese',
      createdAt: now - 3000,
    });
    await newStreamingSite(db, id, { name: 'Delta 100%_off', url: 'https://delta.example', category: 'Korean', isFavorite: true, createdAt: now - 2000 });
    await newStreamingSite(db, id, { name: 'Echo', url: 'https://echo.example', category: 'Hentai', createdAt: now - 1000 });
  });

  test('newest first by default, with the total in X-Total-Count', async () => {
    expect(await list(ada)).toMatchObject({ names: ['Echo', 'Delta 100%_off', 'charlie', 'Bravo', 'alpha Tube'], total: 5 });
  });

  test('sort=name is A to Z ignoring case; order=desc turns it; sortBy/sortOrder spellings work', async () => {
    expect((await list(ada, '?sort=name')).names).toEqual(['alpha Tube', 'Bravo', 'charlie', 'Delta 100%_off', 'Echo']);
    expect((await list(ada, '?sort=name&order=desc')).names).toEqual(['Echo', 'Delta 100%_off', 'charlie', 'Bravo', 'alpha Tube']);
    expect((await list(ada, '?sortBy=name&sortOrder=desc')).names).toEqual(['Echo', 'Delta 100%_off', 'charlie', 'Bravo', 'alpha Tube']);
    expect((await list(ada, '?sort=createdAt&order=asc')).names).toEqual(['alpha Tube', 'Bravo', 'charlie', 'Delta 100%_off', 'Echo']);
  });

  test('search covers name, description, URL and category, ignoring case', async () => {
    expect((await list(ada, '?search=TUBE')).names).toEqual(['alpha Tube']);
    expect((await list(ada, '?search=japanese')).names).toEqual(['charlie', 'alpha Tube']);
    expect((await list(ada, '?search=korean')).names).toEqual(['Delta 100%_off', 'Bravo']);
    expect((await list(ada, '?search=echo.example')).names).toEqual(['Echo']);
    expect(await list(ada, '?search=nothing-like-it')).toMatchObject({ names: [], total: 0 });
  });

  test('search takes % and _ literally', async () => {
    expect((await list(ada, `?search=${encodeURIComponent('100%_')}`)).names).toEqual(['Delta 100%_off']);
    expect((await list(ada, '?search=%25')).names).toEqual(['Delta 100%_off']);
    expect((await list(ada, '?search=_')).names).toEqual(['Delta 100%_off']);
  });

  test('category and favorite filter, alone and together with search', async () => {
    expect((await list(ada, '?category=Korean')).names).toEqual(['Delta 100%_off']);
    expect((await list(ada, '?category=White')).names).toEqual([]);
    expect((await list(ada, '?favorite=true')).names).toEqual(['Delta 100%_off', 'Bravo']);
    expect((await list(ada, '?favorite=false')).names).toEqual(['Echo', 'charlie', 'alpha Tube']);
    expect((await list(ada, '?favorite=true&category=Other')).names).toEqual(['Bravo']);
    expect((await list(ada, '?favorite=true&search=korean&sort=name')).names).toEqual(['Bravo', 'Delta 100%_off']);
  });

  test('limit and offset page the list; X-Total-Count stays the filtered total', async () => {
    expect(await list(ada, '?limit=2')).toMatchObject({ names: ['Echo', 'Delta 100%_off'], total: 5 });
    expect(await list(ada, '?limit=2&offset=2')).toMatchObject({ names: ['charlie', 'Bravo'], total: 5 });
    expect(await list(ada, '?limit=2&offset=4')).toMatchObject({ names: ['alpha Tube'], total: 5 });
    expect(await list(ada, '?limit=2&offset=10')).toMatchObject({ names: [], total: 5 });
    expect(await list(ada, '?limit=1&favorite=true')).toMatchObject({ names: ['Delta 100%_off'], total: 2 });
    expect(await list(ada, '?limit=2&page=2')).toMatchObject({ names: ['charlie', 'Bravo'], total: 5 });
  });

  test('rows created in the same millisecond page without repeats or gaps', async () => {
    await t.database.db.deleteFrom('streaming_sites').execute();
    await manyStreamingSites(t.database.db, ada.user._id, 7, now, () => ({ createdAt: now }));
    const seen: string[] = [];
    for (let offset = 0; offset < 7; offset += 3) seen.push(...(await list(ada, `?limit=3&offset=${offset}`)).names);
    expect(seen.toSorted()).toEqual(['Site 000', 'Site 001', 'Site 002', 'Site 003', 'Site 004', 'Site 005', 'Site 006']);
    expect(seen[0]).toBe('Site 006');
  });
});

describe('validation messages', () => {
  const valid = { name: 'Valid', url: 'https://valid.example' };
  const cases: [string, Record<string, unknown>, string][] = [
    ['no name', { url: valid.url }, M.nameRequired],
    ['a blank name', { ...valid, name: '   ' }, M.nameRequired],
    ['a number as name', { ...valid, name: 42 }, M.nameRequired],
    ['a name of 201 characters', { ...valid, name: 'n'.repeat(201) }, M.nameTooLong],
    ['no URL', { name: 'X' }, M.urlRequired],
    ['a blank URL', { ...valid, url: ' ' }, M.urlRequired],
    ['a relative URL', { ...valid, url: '/watch' }, M.urlInvalid],
    ['a bare host', { ...valid, url: 'tube.example' }, M.urlInvalid],
    ['a javascript: URL', { ...valid, url: 'javascript:alert(1)' }, M.urlScheme],
    ['a JavaScript: URL with capitals and spaces', { ...valid, url: ' JavaScript:alert(document.cookie)' }, M.urlScheme],
    ['a data: URL', { ...valid, url: 'data:text/html,<script>alert(1)</script>' }, M.urlScheme],
    ['a file: URL', { ...valid, url: 'file:///etc/passwd' }, M.urlScheme],
    ['an ftp: URL', { ...valid, url: 'ftp://files.example/' }, M.urlScheme],
    ['a URL of 2049 characters', { ...valid, url: `https://long.example/${'a'.repeat(2049 - 21)}` }, M.urlTooLong],
    ['a URL as an object', { ...valid, url: { href: 'https://x.example' } }, M.urlRequired],
    ['a description of 2001 characters', { ...valid, description: 'd'.repeat(2001) }, M.descriptionTooLong],
    ['a description as a number', { ...valid, description: 7 }, 'description must be text'],
    ['an unknown category', { ...valid, category: 'Martian' }, M.category],
    ['a lower-case category', { ...valid, category: 'japanese' }, M.category],
    ['a string as favourite', { ...valid, isFavorite: 'true' }, M.favorite],
  ];

  test.each(cases)('POST with %s -> 400 and nothing stored', async (_, json, message) => {
    const res = await api('/api/streaming-sites', ada, { method: 'POST', json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
    expect(await rows()).toEqual([]);
  });

  test.each(cases.filter(([, json]) => 'name' in json && 'url' in json))('PUT with %s -> 400 and nothing changed', async (_, json, message) => {
    const site = await create(ada, { name: 'Original', url: 'https://original.example' });
    const before = await rows();
    const res = await api(`/api/streaming-sites/${site._id}`, ada, { method: 'PUT', json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
    expect(await rows()).toEqual(before);
  });

  test('the longest values allowed are kept whole', async () => {
    const url = `https://long.example/${'a'.repeat(2048 - 21)}`;
    const site = await create(ada, { name: 'n'.repeat(200), url, description: 'd'.repeat(2000) });
    expect(site.name.length).toBe(200);
    expect(site.url).toBe(url);
    expect(site.description.length).toBe(2000);
  });

  test('HTML in a name is stored as text', async () => {
    const name = '<img src=x onerror=alert(1)><b>Tube</b>';
    const site = await create(ada, { name, url: 'https://html.example' });
    expect(site.name).toBe(name);
    expect((await rows())[0]?.name).toBe(name);
  });
});

describe('hostile requests are 4xx JSON, never 500, and change nothing', () => {
  test('bodies: wrong type, broken JSON, null, arrays, too large', async () => {
    const site = await create(ada, { name: 'Target', url: 'https://target.example' });
    const before = await rows();
    for (const [method, path] of [
      ['POST', '/api/streaming-sites'],
      ['PUT', `/api/streaming-sites/${site._id}`],
    ] as const) {
      for (const [init, status] of [
        [{ headers: { 'content-type': 'text/plain' }, body: '{"name":"x","url":"https://x.example"}' }, 415],
        [{ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x&url=https://x.example' }, 415],
        [{ body: '{"name":"x"}' }, 415],
        [{ headers: { 'content-type': 'application/json' }, body: '{"name":' }, 400],
        [{ headers: { 'content-type': 'application/json' }, body: 'null' }, 400],
        [{ headers: { 'content-type': 'application/json' }, body: '"a string"' }, 400],
        [{ headers: { 'content-type': 'application/json' }, body: '[{"name":"x","url":"https://x.example"}]' }, 400],
        [{ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(70_000), url: 'https://x.example' }) }, 413],
      ] as const) {
        const res = await t.request(path, { method, as: ada, ...init });
        expect(res.status).toBe(status);
        expect(((await res.json()) as { error: unknown }).error).toBeString();
      }
    }
    expect(await rows()).toEqual(before);
  });

  test('PUT with bad values for every field', async () => {
    const site = await create(ada, { name: 'Target', url: 'https://target.example' });
    const before = await rows();
    for (const json of [
      { name: null },
      { url: null },
      { category: null },
      { isFavorite: null },
      { isFavorite: 1 },
      { name: ['a'] },
      { url: 'javascript:void(0)' },
      { url: 'data:,x' },
    ]) {
      const res = await api(`/api/streaming-sites/${site._id}`, ada, { method: 'PUT', json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: unknown }).error).toBeString();
    }
    expect(await rows()).toEqual(before);
  });

  test.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=abc', 'limit must be a whole number'],
    ['limit=1.5', 'limit must be a whole number'],
    ['limit=100000', 'limit must be at most 1000'],
    ['offset=-1', 'offset must be at least 0'],
    ['sort=rowid', 'sort must be one of createdAt, name'],
    ['sort=name;drop table users', 'sort must be one of createdAt, name'],
    ['order=sideways', 'order must be asc or desc'],
    ['category=Martian', M.category],
    ['favorite=yes', 'favorite must be true or false'],
    [`search=${'s'.repeat(201)}`, 'search must be at most 200 characters'],
  ])('GET ?%s -> 400 %s', async (query, message) => {
    const res = await api(`/api/streaming-sites?${query}`, ada);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
  });

  test('unknown query parameters are ignored', async () => {
    await create(ada, { name: 'Only', url: 'https://only.example' });
    expect(await list(ada, '?owner_id=someone&hack=1')).toMatchObject({ names: ['Only'], total: 1 });
  });
});

describe('service functions for home and profile', () => {
  test('favorites (newest first, capped), countFavorites, recentlyVisited (latest visit first, visited only)', async () => {
    const sites = createWatchService({ db: t.database.db, clock });
    const db = t.database.db;
    const id = ada.user._id;
    await newStreamingSite(db, id, { name: 'Old fav', isFavorite: true, createdAt: now - 3000, lastVisitedAt: now - 10 });
    await newStreamingSite(db, id, { name: 'New fav', isFavorite: true, createdAt: now - 1000 });
    await newStreamingSite(db, id, { name: 'Mid fav', isFavorite: true, createdAt: now - 2000, lastVisitedAt: now - 500 });
    await newStreamingSite(db, id, { name: 'Plain', createdAt: now, lastVisitedAt: now - 1 });
    expect((await sites.favorites(id, 10)).map((s) => s.name)).toEqual(['New fav', 'Mid fav', 'Old fav']);
    expect((await sites.favorites(id, 2)).map((s) => s.name)).toEqual(['New fav', 'Mid fav']);
    expect(await sites.countFavorites(id)).toBe(3);
    const visited = await sites.recentlyVisited(id, 6);
    expect(visited.map((s) => s.name)).toEqual(['Plain', 'Old fav', 'Mid fav']);
    expect(visited[0]).toMatchObject({ lastVisited: new Date(now - 1).toISOString(), isFavorite: false, category: 'Other' });
    expect((await sites.recentlyVisited(id, 1)).map((s) => s.name)).toEqual(['Plain']);
  });
});

describe('the Watch page', () => {
  const page = (path: string, who: SignedIn) => t.request(path, { headers: { cookie: cookieHeader({ hub_site: who.siteToken, hub_session: who.token }) } });

  test('signed out, /watch redirects to sign in and back', async () => {
    const res = await t.request('/watch?tab=favorites', { headers: { cookie: cookieHeader({ hub_site: ada.siteToken }) } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/signin?next=${encodeURIComponent('/watch?tab=favorites')}`);
  });

  test('renders the owner’s cards with favicon from the hub, escaped names, chip and Watch Now; tabs as links', async () => {
    await create(ada, { name: '<b>Bold</b> & Co', url: 'https://bold.example/x?y=1', description: 'Nice <i>stuff</i>', category: 'Korean' });
    await create(bob, { name: 'Bob Only', url: 'https://bob.example' });
    const res = await page('/watch', ada);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; Co');
    expect(html).not.toContain('<b>Bold</b>');
    expect(html).toContain('Nice &lt;i&gt;stuff&lt;/i&gt;');
    expect(html).not.toContain('Bob Only');
    expect(html).toContain(`src="/api/favicon?url=${encodeURIComponent('https://bold.example/x?y=1')}"`);
    expect(html).toMatch(/<a href="https:\/\/bold\.example\/x\?y=1" target="_blank" rel="noopener noreferrer" class="btn-primary[^"]*">.*Watch Now<\/a>/);
    expect(html).toContain('>Korean</span>');
    for (const [href, label] of [
      ['/watch', 'All'],
      ['/watch?tab=favorites', 'Favorites'],
      ['/watch?tab=chinese', 'Chinese'],
      ['/watch?tab=japanese', 'Japanese'],
      ['/watch?tab=korean', 'Korean'],
      ['/watch?tab=white', 'White'],
      ['/watch?tab=hentai', 'Hentai'],
      ['/watch?tab=other', 'Other'],
    ] as const) {
      expect(html).toMatch(new RegExp(`<a href="${href.replace(/[?]/g, '\\?')}"[^>]*>${label}</a>`));
    }
    expect(html).toMatch(/<a href="\/watch" aria-current="page"/);
    expect(html).toContain('data-island="Watch"');
  });

  test('each tab has its own empty message', async () => {
    await create(ada, { name: 'Only Other', url: 'https://other.example' });
    const text = async (path: string) => (await (await page(path, ada)).text()).replace(/<!-- -->/g, '');
    expect(await text('/watch?tab=favorites')).toContain('No favorite streaming sites yet.');
    expect(await text('/watch?tab=japanese')).toContain('No Japanese streaming sites yet.');
    expect(await text('/watch?tab=hentai')).toContain('No Hentai streaming sites yet.');
    expect(await text('/watch?search=zzz')).toContain('No streaming sites match “zzz”.');
    expect(await text('/watch?tab=other')).toContain('Only Other');
    await t.database.db.deleteFrom('streaming_sites').execute();
    expect(await text('/watch')).toContain('No streaming sites yet.');
    // An unknown tab is All.
    expect(await text('/watch?tab=nonsense')).toContain('No streaming sites yet.');
  });

  test('tabs filter by category and favourite; search narrows within the tab', async () => {
    await create(ada, { name: 'Fav JP', url: 'https://fav-jp.example', category: 'Japanese', isFavorite: true });
    await create(ada, { name: 'Plain JP', url: 'https://plain-jp.example', category: 'Japanese' });
    await create(ada, { name: 'Fav KR', url: 'https://fav-kr.example', category: 'Korean', isFavorite: true });
    const names = async (path: string) => [...(await (await page(path, ada)).text()).matchAll(/<h2 id="site-[^"]+-name"[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(await names('/watch')).toEqual(['Fav KR', 'Plain JP', 'Fav JP']);
    expect(await names('/watch?tab=favorites')).toEqual(['Fav KR', 'Fav JP']);
    expect(await names('/watch?tab=japanese')).toEqual(['Plain JP', 'Fav JP']);
    expect(await names('/watch?tab=japanese&search=fav')).toEqual(['Fav JP']);
  });

  test(`more than ${WATCH_PAGE_SIZE} sites are paged with Previous and Next links`, async () => {
    await manyStreamingSites(t.database.db, ada.user._id, WATCH_PAGE_SIZE + 1, now - 100_000);
    const first = await (await page('/watch', ada)).text();
    expect(first.match(/<article /g)?.length).toBe(WATCH_PAGE_SIZE);
    expect(first).toContain('href="/watch?page=2"');
    const second = (await (await page('/watch?page=2', ada)).text()).replace(/<!-- -->/g, '');
    expect(second.match(/<article /g)?.length).toBe(1);
    expect(second).toContain('Site 000');
    expect(second).toContain('Page 2 of 2');
    expect(second).toMatch(/<a[^>]*href="\/watch"[^>]*rel="prev"/);
  });
});
