// The links API and page over HTTP on a real temp database: saving, the spec's messages, filters,
// sorts and paging, visits, owner isolation, and hostile input (always a 4xx with {error}, never a
// change). Link Dump, bookmarks and sync have their own files.

import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { manyLinks, newLink } from '../../../test/helpers/links-factory.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { Link } from '../../shared/links.ts';

let t: TestApp;
let now: number;
let ada: SignedIn;
let bob: SignedIn;

beforeEach(async () => {
  now = Date.parse('2026-11-21T12:00:00Z');
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
  ada = await signedInUser(t.database.db, { username: 'ada' }, now);
  bob = await signedInUser(t.database.db, { username: 'bob' }, now);
});
afterEach(() => t.close());

const create = (json: unknown, as: SignedIn = ada) => t.request('/api/links', { method: 'POST', json, as });
const list = async (query = '', as: SignedIn = ada) => {
  const res = await t.request(`/api/links${query}`, { as });
  expect(res.status).toBe(200);
  return { links: (await res.json()) as Link[], total: Number(res.headers.get('x-total-count')) };
};
const names = async (query = '', as: SignedIn = ada) => (await list(query, as)).links.map((l) => l.name);
const rows = () => t.database.db.selectFrom('links').selectAll().orderBy('id').execute();
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe('saving links', () => {
  test('POST creates a link (201) with the defaults of the spec, and GET lists it', async () => {
    const res = await create({ name: '  Jane  ', url: ' https://www.pornhub.com/model/jane ' });
    expect(res.status).toBe(201);
    const link = (await res.json()) as Link;
    expect(link).toEqual({
      _id: expect.any(String),
      name: 'Jane',
      url: 'https://www.pornhub.com/model/jane',
      description: '',
      category: 'PornHub',
      isFavorite: false,
      lastVisited: null,
      autoImported: false,
      sourceModel: null,
      createdAt: '2026-11-21T12:00:00.000Z',
    });
    const { links, total } = await list();
    expect(links).toEqual([link]);
    expect(total).toBe(1);
    expect((await t.request(`/api/links/${link._id}`, { as: ada }).then((r) => r.json())) as Link).toEqual(link);
  });

  test('PUT changes only what is sent; {isFavorite} alone toggles the favourite', async () => {
    const link = (await (await create({ name: 'Jane', url: 'https://x.com/jane', description: 'posts', category: 'X' })).json()) as Link;
    const renamed = await t.request(`/api/links/${link._id}`, { method: 'PUT', json: { name: 'Jane D' }, as: ada });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ ...link, name: 'Jane D' });
    const fav = (await (await t.request(`/api/links/${link._id}`, { method: 'PUT', json: { isFavorite: true }, as: ada })).json()) as Link;
    expect(fav).toEqual({ ...link, name: 'Jane D', isFavorite: true });
    const unfav = (await (await t.request(`/api/links/${link._id}`, { method: 'PUT', json: { isFavorite: false }, as: ada })).json()) as Link;
    expect(unfav.isFavorite).toBe(false);
    const all = (await (
      await t.request(`/api/links/${link._id}`, { method: 'PUT', json: { url: 'https://reddit.com/u/jane', category: 'Reddit', description: '' }, as: ada })
    ).json()) as Link;
    expect(all).toMatchObject({ url: 'https://reddit.com/u/jane', category: 'Reddit', description: '', name: 'Jane D' });
  });

  test('DELETE removes it: gone from the list, and a second delete is 404', async () => {
    const link = (await (await create({ name: 'Jane', url: 'https://fansly.com/jane' })).json()) as Link;
    const res = await t.request(`/api/links/${link._id}`, { method: 'DELETE', as: ada });
    expect(res.status).toBe(200);
    expect((await list()).links).toEqual([]);
    const again = await t.request(`/api/links/${link._id}`, { method: 'DELETE', as: ada });
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe('Link not found');
  });

  test('POST /visit sets lastVisited to now and answers the link', async () => {
    const link = (await (await create({ name: 'Jane', url: 'https://erome.com/jane' })).json()) as Link;
    now += 60_000;
    const res = await t.request(`/api/links/${link._id}/visit`, { method: 'POST', as: ada });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...link, lastVisited: '2026-11-21T12:01:00.000Z' });
  });

  test('names with HTML are kept as text, and the page shows them escaped', async () => {
    const name = '<img src=x onerror=alert(1)> & "Jane"';
    const link = (await (await create({ name, url: 'https://example.test/?q=<b>' })).json()) as Link;
    expect(link.name).toBe(name);
    const page = await t.request('/links', { as: ada });
    const html = await page.text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  test("unknown fields are ignored: _id, owner, autoImported, sourceModel, lastVisited, createdAt stay the hub's", async () => {
    const res = await create({
      name: 'Jane',
      url: 'https://x.com/jane',
      _id: 'mine',
      owner_id: bob.user._id,
      autoImported: true,
      sourceModel: 'Fake',
      lastVisited: '2020-01-01T00:00:00Z',
      createdAt: '2020-01-01T00:00:00Z',
      extra: { deep: 1 },
    });
    expect(res.status).toBe(201);
    const link = (await res.json()) as Link;
    expect(link._id).not.toBe('mine');
    expect(link).toMatchObject({ autoImported: false, sourceModel: null, lastVisited: null, createdAt: '2026-11-21T12:00:00.000Z' });
    expect((await list('', bob)).links).toEqual([]);
    const put = await t.request(`/api/links/${link._id}`, { method: 'PUT', json: { ...link, _id: 'other', autoImported: true, name: 'Jane 2' }, as: ada });
    expect(await put.json()).toEqual({ ...link, name: 'Jane 2' });
  });
});

describe("the spec's messages and the limits (400, nothing saved or changed)", () => {
  const cases: [string, unknown, string][] = [
    ['no name', { url: 'https://x.com/a' }, 'Link name is required'],
    ['a blank name', { name: '   ', url: 'https://x.com/a' }, 'Link name is required'],
    ['a name that is not text', { name: 5, url: 'https://x.com/a' }, 'Link name is required'],
    ['no URL', { name: 'A' }, 'URL is required'],
    ['a blank URL', { name: 'A', url: '  ' }, 'URL is required'],
    ['a URL that is not text', { name: 'A', url: ['https://x.com'] }, 'URL is required'],
    ['a relative URL', { name: 'A', url: '/links' }, 'Please enter a valid URL'],
    ['a URL without scheme', { name: 'A', url: 'x.com/jane' }, 'Please enter a valid URL'],
    ['javascript:', { name: 'A', url: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    ['JavaScript: in capitals', { name: 'A', url: 'JAVASCRIPT:alert(1)//https://x.com' }, 'Please enter a valid URL'],
    ['data:', { name: 'A', url: 'data:text/html,<script>alert(1)</script>' }, 'Please enter a valid URL'],
    ['file:', { name: 'A', url: 'file:///etc/passwd' }, 'Please enter a valid URL'],
    ['ftp:', { name: 'A', url: 'ftp://example.test/' }, 'Please enter a valid URL'],
    ['a name over 200 characters', { name: 'n'.repeat(201), url: 'https://x.com/a' }, 'Link name must be at most 200 characters'],
    ['a URL over 2048 characters', { name: 'A', url: `https://x.com/${'a'.repeat(2040)}` }, 'URL must be at most 2048 characters'],
    ['a description over 2000 characters', { name: 'A', url: 'https://x.com/a', description: 'd'.repeat(2001) }, 'Description must be at most 2000 characters'],
    ['a description that is not text', { name: 'A', url: 'https://x.com/a', description: { a: 1 } }, 'description must be text'],
    [
      'an unknown category',
      { name: 'A', url: 'https://x.com/a', category: 'Twitter' },
      'Category must be one of PornHub, X, OnlyFans, Fansly, Erome, KBJFan, Reddit, Other',
    ],
    [
      'a category in other case',
      { name: 'A', url: 'https://x.com/a', category: 'pornhub' },
      'Category must be one of PornHub, X, OnlyFans, Fansly, Erome, KBJFan, Reddit, Other',
    ],
    ['isFavorite as text', { name: 'A', url: 'https://x.com/a', isFavorite: 'yes' }, 'isFavorite must be true or false'],
  ];
  for (const [what, body, message] of cases) {
    test(`POST with ${what}`, async () => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
      expect(await rows()).toEqual([]);
    });
  }

  test('PUT with each of them changes nothing', async () => {
    const id = await newLink(t.database.db, ada.user._id, { name: 'Kept', url: 'https://x.com/kept' });
    const before = await rows();
    for (const [, body, message] of cases) {
      const partial = Object.fromEntries(
        Object.entries(body as object)
          .filter(([k]) => k !== 'name' || message.startsWith('Link name'))
          .filter(([k]) => k !== 'url' || message.includes('URL')),
      );
      if (Object.keys(partial).length === 0) continue;
      const res = await t.request(`/api/links/${id}`, { method: 'PUT', json: partial, as: ada });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
    expect(await rows()).toEqual(before);
  });

  test('bodies that are not JSON objects: 415 without the JSON type, 400 when broken or not an object', async () => {
    const id = await newLink(t.database.db, ada.user._id);
    const before = await rows();
    for (const [path, method] of [
      ['/api/links', 'POST'],
      [`/api/links/${id}`, 'PUT'],
      ['/api/links/detect', 'POST'],
    ] as const) {
      const plain = await t.request(path, { method, body: 'name=A', headers: { 'content-type': 'application/x-www-form-urlencoded' }, as: ada });
      expect(plain.status).toBe(415);
      expect(await errorOf(plain)).toBe('Send the body as JSON (Content-Type: application/json)');
      const broken = await t.request(path, { method, body: '{"name":', headers: { 'content-type': 'application/json' }, as: ada });
      expect(broken.status).toBe(400);
      expect(await errorOf(broken)).toBe('The request body is not valid JSON');
      for (const json of [[1, 2], 'text', null, 42]) {
        const res = await t.request(path, { method, json, as: ada });
        expect(res.status).toBe(400);
        expect(await errorOf(res)).toBe('The request body must be a JSON object');
      }
      const huge = await t.request(path, { method, json: { name: 'x'.repeat(100_000), url: 'https://x.com' }, as: ada });
      expect(huge.status).toBe(413);
    }
    expect(await rows()).toEqual(before);
  });

  test('bad ids are 404 on every call', async () => {
    for (const id of ['nope', '%00', 'a'.repeat(3000), "1' or '1'='1", '..%2F..%2Fusers']) {
      for (const [method, path, json] of [
        ['GET', `/api/links/${id}`, undefined],
        ['PUT', `/api/links/${id}`, { name: 'A' }],
        ['DELETE', `/api/links/${id}`, undefined],
        ['POST', `/api/links/${id}/visit`, undefined],
      ] as const) {
        const res = await t.request(path, { method, json, as: ada });
        expect(res.status).toBe(404);
        expect(typeof (await errorOf(res))).toBe('string');
      }
    }
  });
});

describe("one owner's links are nobody else's", () => {
  test("user B gets 404 for A's link on every call and never sees it in a list, search, filter or export", async () => {
    const id = await newLink(t.database.db, ada.user._id, { name: 'Ada secret', url: 'https://onlyfans.com/ada-secret', isFavorite: true, lastVisited: now });
    const before = await rows();
    for (const [method, path, json] of [
      ['GET', `/api/links/${id}`, undefined],
      ['PUT', `/api/links/${id}`, { name: 'Mine now', isFavorite: false }],
      ['DELETE', `/api/links/${id}`, undefined],
      ['POST', `/api/links/${id}/visit`, undefined],
    ] as const) {
      const res = await t.request(path, { method, json, as: bob });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe('Link not found');
    }
    expect(await rows()).toEqual(before);
    for (const query of ['', '?search=secret', '?category=OnlyFans', '?favorite=true', '?sort=lastVisited', '?limit=200&offset=0']) {
      expect(await list(query, bob)).toEqual({ links: [], total: 0 });
    }
    const exported = await (await t.request('/api/links/export', { as: bob })).text();
    expect(exported).not.toContain('ada-secret');
    expect(await (await t.request('/links?search=secret', { as: bob })).text()).not.toContain('Ada secret');
  });

  test('every call needs a signed-in user: 401 for the API, the sign-in page for /links', async () => {
    const site = { siteToken: ada.siteToken };
    for (const [method, path] of [
      ['GET', '/api/links'],
      ['POST', '/api/links'],
      ['GET', '/api/links/x'],
      ['PUT', '/api/links/x'],
      ['DELETE', '/api/links/x'],
      ['POST', '/api/links/x/visit'],
      ['POST', '/api/links/detect'],
      ['POST', '/api/links/sync-from-models'],
      ['GET', '/api/links/export'],
      ['POST', '/api/links/import'],
    ] as const) {
      const res = await t.request(path, { method, as: site, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) });
      expect(res.status).toBe(401);
      expect(typeof (await errorOf(res))).toBe('string');
    }
    const page = await t.request('/links?category=X', { as: site });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/signin?next=%2Flinks%3Fcategory%3DX');
  });
});

describe('listing: search, filters, sorts and paging', () => {
  beforeEach(async () => {
    const db = t.database.db;
    const at = (m: number) => Date.parse('2026-11-01T00:00:00Z') + m * 60_000;
    await newLink(db, ada.user._id, {
      name: 'alpha Jane',
      url: 'https://www.pornhub.com/model/jane',
      category: 'PornHub',
      createdAt: at(1),
      lastVisited: at(50),
    });
    await newLink(db, ada.user._id, {
      name: 'Bravo',
      url: 'https://x.com/bravo',
      category: 'X',
      description: 'Posts by JANE daily',
      isFavorite: true,
      createdAt: at(2),
    });
    await newLink(db, ada.user._id, {
      name: 'charlie',
      url: 'https://onlyfans.com/CHARLIE_100%',
      category: 'OnlyFans',
      isFavorite: true,
      createdAt: at(3),
      lastVisited: at(40),
    });
    await newLink(db, ada.user._id, { name: 'Delta', url: 'https://example.test/delta', category: 'Reddit', createdAt: at(4) });
    await newLink(db, ada.user._id, { name: 'echo_1', url: 'https://example.test/echo', category: 'Other', createdAt: at(5) });
  });

  test('newest first by default, with the total in X-Total-Count', async () => {
    expect(await list()).toMatchObject({ total: 5 });
    expect(await names()).toEqual(['echo_1', 'Delta', 'charlie', 'Bravo', 'alpha Jane']);
  });

  test('search covers name, description, URL and category, ignoring case; % and _ are literal', async () => {
    expect(await names('?search=jane')).toEqual(['Bravo', 'alpha Jane']);
    expect(await names('?search=CHARLIE')).toEqual(['charlie']);
    expect(await names('?search=reddit')).toEqual(['Delta']);
    expect(await names('?search=example.test')).toEqual(['echo_1', 'Delta']);
    expect(await names('?search=100%25')).toEqual(['charlie']);
    expect(await names('?search=o_1')).toEqual(['echo_1']);
    expect(await names('?search=%25')).toEqual(['charlie']);
    expect(await list('?search=nothing-like-this')).toEqual({ links: [], total: 0 });
  });

  test('category and favorite filters, alone and with search', async () => {
    expect(await names('?category=X')).toEqual(['Bravo']);
    expect(await names('?category=Other')).toEqual(['echo_1']);
    expect(await names('?favorite=true')).toEqual(['charlie', 'Bravo']);
    expect(await names('?favorite=false')).toEqual(['echo_1', 'Delta', 'alpha Jane']);
    expect(await names('?favorite=true&search=jane')).toEqual(['Bravo']);
    expect(await list('?category=Fansly')).toEqual({ links: [], total: 0 });
  });

  test('sorts: name (ignoring case), createdAt and lastVisited, both orders', async () => {
    expect(await names('?sort=name&order=asc')).toEqual(['alpha Jane', 'Bravo', 'charlie', 'Delta', 'echo_1']);
    expect(await names('?sortBy=name&sortOrder=desc')).toEqual(['echo_1', 'Delta', 'charlie', 'Bravo', 'alpha Jane']);
    expect(await names('?sort=createdAt&order=asc')).toEqual(['alpha Jane', 'Bravo', 'charlie', 'Delta', 'echo_1']);
    expect((await names('?sort=lastVisited&order=desc')).slice(0, 2)).toEqual(['alpha Jane', 'charlie']);
  });

  test('limit and offset page the list; the total stays the filtered total', async () => {
    const first = await list('?limit=2');
    expect(first.links.map((l) => l.name)).toEqual(['echo_1', 'Delta']);
    expect(first.total).toBe(5);
    expect(await names('?limit=2&offset=2')).toEqual(['charlie', 'Bravo']);
    expect(await names('?limit=2&page=3')).toEqual(['alpha Jane']);
    expect(await list('?favorite=true&limit=1')).toMatchObject({ total: 2 });
    expect(await list('?offset=50')).toEqual({ links: [], total: 5 });
  });

  test('bad query values are 400 with one message', async () => {
    for (const [query, message] of [
      ['?category=Twitter', 'Category must be one of PornHub, X, OnlyFans, Fansly, Erome, KBJFan, Reddit, Other'],
      ['?favorite=yes', 'favorite must be true or false'],
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=201', 'limit must be at most 200'],
      ['?limit=abc', 'limit must be a whole number'],
      ['?offset=-1', 'offset must be at least 0'],
      ['?sort=url', 'sort must be one of createdAt, name, lastVisited'],
      ['?order=up', 'order must be asc or desc'],
      [`?search=${'s'.repeat(201)}`, 'search must be at most 200 characters'],
    ] as const) {
      const res = await t.request(`/api/links${query}`, { as: ada });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
  });
});

describe('the service functions Home and the profile call', () => {
  test('recentlyVisited (visited only, newest visit first), favorites and countFavorites, each for its owner only', async () => {
    const db = t.database.db;
    await newLink(db, ada.user._id, { name: 'old visit', lastVisited: 1000 });
    await newLink(db, ada.user._id, { name: 'new visit', lastVisited: 5000, isFavorite: true, createdAt: 10 });
    await newLink(db, ada.user._id, { name: 'never visited', isFavorite: true, createdAt: 20 });
    await newLink(db, bob.user._id, { name: 'bob visit', lastVisited: 9000, isFavorite: true });
    const { createServices } = await import('../services.ts');
    const { loadConfig } = await import('../../config.ts');
    const links = createServices({ db, config: loadConfig({ DATA_DIR: t.dataDir, SITE_PASSWORD: 'x' }), clock: () => new Date(now) }).links;
    expect((await links.recentlyVisited(ada.user._id, 4)).map((l) => l.name)).toEqual(['new visit', 'old visit']);
    expect((await links.recentlyVisited(ada.user._id, 1)).map((l) => l.name)).toEqual(['new visit']);
    expect((await links.favorites(ada.user._id, 10)).map((l) => l.name)).toEqual(['never visited', 'new visit']);
    expect(await links.countFavorites(ada.user._id)).toBe(2);
    expect(await links.countFavorites(bob.user._id)).toBe(1);
  });
});

describe('the Links page', () => {
  test('tabs, the search form, cards with the shortened URL, Visit Site in a new tab, and the empty state', async () => {
    const empty = await (await t.request('/links', { as: ada })).text();
    expect(empty).toContain('Add Your First Link');
    for (const tab of ['All', 'Favorites', 'PornHub', 'X', 'OnlyFans', 'Fansly', 'Erome', 'KBJFan', 'Reddit', 'Other']) expect(empty).toContain(`>${tab}</a>`);
    await newLink(t.database.db, ada.user._id, { name: 'Long one', url: 'https://www.pornhub.com/model/a-very-long-model-name-here' });
    const html = await (await t.request('/links', { as: ada })).text();
    expect(html).toContain('https://www.pornhub.com/model/a-very-lon...');
    expect(html).toMatch(
      /<a href="https:\/\/www\.pornhub\.com\/model\/a-very-long-model-name-here" target="_blank" rel="noopener noreferrer"[^>]*>.*Visit Site/,
    );
    expect(html).toContain(`/api/favicon?url=${encodeURIComponent('https://www.pornhub.com/model/a-very-long-model-name-here')}`);
    expect(html).not.toContain('Add Your First Link');
  });

  test('the tab, search and page live in the query string; the pager keeps them', async () => {
    await manyLinks(t.database.db, ada.user._id, 100, (i) => ({ url: `https://x.com/u${i}`, category: 'X', createdAt: 1000 + i }));
    await newLink(t.database.db, ada.user._id, { name: 'Not X', url: 'https://reddit.com/r/a', category: 'Reddit' });
    const first = await (await t.request('/links?category=X&search=bulk', { as: ada })).text();
    expect(first).toContain('aria-current="page"');
    expect(first).toMatch(/aria-current="page"[^>]*>X<\/a>|href="\/links\?category=X&amp;search=bulk" aria-current="page"/);
    expect(first).toContain('Page 1 of 3');
    expect(first).toContain('href="/links?category=X&amp;search=bulk&amp;page=2"');
    expect(first).not.toContain('Not X');
    const third = await (await t.request('/links?category=X&search=bulk&page=3', { as: ada })).text();
    expect(third).toContain('Bulk 0000');
    expect(third).toContain('href="/links?category=X&amp;search=bulk&amp;page=2"');
    expect(third).not.toContain('page=4');
    const bad = await t.request('/links?category=Nope', { as: ada });
    expect(bad.status).toBe(400);
  });
});
