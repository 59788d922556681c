// GET /api/favicon on a real temp database, against a fixture site on 127.0.0.1 that the app is
// allowed to reach through FETCH_ALLOW_HOSTS; the clock is injected to walk past expiries.

import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { type FixtureServer, startFixtureServer } from '../../../test/helpers/fixture-server.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { GENERIC_ICON_SVG } from './generic-icon.ts';

const DAY = 24 * 60 * 60 * 1000;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(7)]);
const OTHER_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(9)]);
const ICO = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, ...new Array(30).fill(1)]);

let site: FixtureServer;
/** A second loopback server that is not allowed: it must never hear from the hub. */
let forbidden: FixtureServer;
let t: TestApp;
let now: number;
let user: SignedIn;

const page = (head: string) => (_req: unknown, res: import('node:http').ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>${head}</head><body>hi</body></html>`);
const file = (bytes: Uint8Array | string, type: string) => (_req: unknown, res: import('node:http').ServerResponse) =>
  res.writeHead(200, { 'content-type': type }).end(bytes);

beforeEach(async () => {
  site = await startFixtureServer();
  forbidden = await startFixtureServer();
  now = Date.parse('2026-11-21T12:00:00Z');
  // The lockout is off so walking the clock forward by days does not lock the site.
  t = await createTestApp({ clock: () => new Date(now), env: { FETCH_ALLOW_HOSTS: site.hostPort, SITE_LOCKOUT_HOURS: '0' } });
  user = await t.createUser({ username: 'ada', password: 'correct horse battery' });
});

afterEach(async () => {
  expect(forbidden.connections).toBe(0);
  await t.close();
  await site.close();
  await forbidden.close();
});

/** Sessions last 30 days: after a jump in time, sign in again. */
const signInAgain = async () => (user = await t.signIn('ada', 'correct horse battery'));
const favicon = (url: string, headers: Record<string, string> = {}) => t.request(`/api/favicon?url=${encodeURIComponent(url)}`, { as: user, headers });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const isGeneric = async (res: Response) => res.headers.get('content-type') === 'image/svg+xml' && (await res.text()) === GENERIC_ICON_SVG;

describe('GET /api/favicon', () => {
  test("serves the page's declared icon, fetching only the home page and the icon, with long private caching", async () => {
    site.route('/', page('<link rel="apple-touch-icon" href="/touch.png"><link rel="icon" type="image/png" sizes="32x32" href="/img/fav.png">'));
    site.route('/img/fav.png', file(PNG, 'image/png'));
    const res = await favicon(`${site.origin}/private/path?who=ada`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(await bytesOf(res)).toEqual(PNG);
    // The stored page's path never leaves the hub.
    expect(site.requests).toEqual(['GET /', 'GET /img/fav.png']);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await favicon(site.origin, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  test('falls back to /favicon.ico, typed by its bytes whatever the server says', async () => {
    site.route('/', page('<title>no icons here</title>'));
    site.route('/favicon.ico', file(ICO, 'application/octet-stream'));
    const res = await favicon(`${site.origin}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    expect(await bytesOf(res)).toEqual(ICO);
    expect(site.requests).toEqual(['GET /', 'GET /favicon.ico']);
  });

  test('an SVG is refused (it can carry script): the generic icon is served', async () => {
    site.route('/', page('<link rel="icon" type="image/svg+xml" href="/icon.svg">'));
    site.route('/icon.svg', file('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'));
    // Even labelled as an icon, SVG bytes are not one.
    site.route('/favicon.ico', file('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/x-icon'));
    const res = await favicon(site.origin);
    expect(res.status).toBe(200);
    expect(await isGeneric(res)).toBe(true);
    expect(site.requests).toEqual(['GET /', 'GET /favicon.ico']);
  });

  test('an icon over 100 KB is refused; the next candidate is tried, then the generic icon', async () => {
    const big = new Uint8Array(100 * 1024 + 1);
    big.set(PNG);
    site.route('/', page('<link rel="icon" href="/big.png"><link rel="icon" href="/small.gif">'));
    site.route('/big.png', file(big, 'image/png'));
    site.route('/favicon.ico', file(big, 'image/x-icon'));
    expect(await isGeneric(await favicon(site.origin))).toBe(true);
    expect(site.requests).toEqual(['GET /', 'GET /big.png', 'GET /small.gif', 'GET /favicon.ico']);
  });

  test('stored: later requests (after a restart too) are served without asking the site; refetched after 30 days', async () => {
    site.route('/', page('<link rel="icon" href="/fav.png">'));
    site.route('/fav.png', file(PNG, 'image/png'));
    expect(await bytesOf(await favicon(`${site.origin}/a`))).toEqual(PNG);
    expect(site.requests).toHaveLength(2);
    // Another page of the same site, shared by every account: still the stored icon.
    const bob = await t.createUser({ username: 'bob' }, user);
    expect(await bytesOf(await t.request(`/api/favicon?url=${encodeURIComponent(`${site.origin}/b`)}`, { as: bob }))).toEqual(PNG);
    await t.restart();
    now += 30 * DAY - 1;
    await signInAgain();
    expect(await bytesOf(await favicon(site.origin))).toEqual(PNG);
    expect(site.requests).toHaveLength(2);

    site.route('/fav.png', file(OTHER_PNG, 'image/png'));
    now += 1;
    const refreshed = await favicon(site.origin);
    expect(await bytesOf(refreshed)).toEqual(OTHER_PNG);
    expect(site.requests).toEqual(['GET /', 'GET /fav.png', 'GET /', 'GET /fav.png']);
  });

  test('a failure is remembered for 3 days: the generic icon without asking again, then one new try', async () => {
    // Every path answers 404.
    expect(await isGeneric(await favicon(site.origin))).toBe(true);
    expect(site.requests).toEqual(['GET /', 'GET /favicon.ico']);
    now += 3 * DAY - 1;
    await signInAgain();
    expect(await isGeneric(await favicon(site.origin))).toBe(true);
    expect(site.requests).toHaveLength(2);
    now += 1;
    site.route('/favicon.ico', file(ICO, 'image/vnd.microsoft.icon'));
    const res = await favicon(site.origin);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    expect(site.requests).toEqual(['GET /', 'GET /favicon.ico', 'GET /', 'GET /favicon.ico']);
  });

  test('concurrent requests for one site fetch it once', async () => {
    site.route('/', (_req, res) => {
      setTimeout(() => page('<link rel="icon" href="/fav.png">')(_req, res), 150);
    });
    site.route('/fav.png', file(PNG, 'image/png'));
    const answers = await Promise.all([favicon(`${site.origin}/1`), favicon(`${site.origin}/2`), favicon(site.origin)]);
    for (const res of answers) expect(await bytesOf(res)).toEqual(PNG);
    expect(site.requests).toEqual(['GET /', 'GET /fav.png']);
  });

  test('a refused address gives the generic icon and sends nothing', async () => {
    forbidden.route('/', page('<link rel="icon" href="/fav.png">'));
    for (const url of [
      'http://127.0.0.2/',
      `http://127.0.0.2:${forbidden.port}/`,
      `http://127.0.0.1:${forbidden.port}/`,
      `http://[::ffff:127.0.0.1]:${forbidden.port}/`,
      `http://2130706433:${forbidden.port}/`,
    ]) {
      const res = await favicon(url);
      expect(res.status).toBe(200);
      expect(await isGeneric(res)).toBe(true);
    }
    expect(site.connections).toBe(0);
    // Nothing was stored for the refusals, so a change of FETCH_ALLOW_HOSTS applies at once.
    const rows = await t.database.db.selectFrom('favicons').selectAll().execute();
    expect(rows).toEqual([]);
  });

  test('needs a signed-in user (401) behind the site gate', async () => {
    const siteToken = await t.enterSite();
    const signedOut = await t.request(`/api/favicon?url=${encodeURIComponent(site.origin)}`, { as: { siteToken } });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: expect.any(String) });
    expect((await t.request(`/api/favicon?url=${encodeURIComponent(site.origin)}`)).status).toBe(401);
    expect(site.connections).toBe(0);
  });

  test('a missing, non-http(s), unparseable or too long url is 400 with an error', async () => {
    const cases: Array<[string, string]> = [
      ['/api/favicon', 'url is required'],
      ['/api/favicon?url=', 'url is required'],
      [`/api/favicon?url=${encodeURIComponent('ftp://example.test/')}`, 'url must be an http or https address'],
      [`/api/favicon?url=${encodeURIComponent('javascript:alert(1)')}`, 'url must be an http or https address'],
      ['/api/favicon?url=not%20a%20url', 'url must be an http or https address'],
      [`/api/favicon?url=${encodeURIComponent(`https://example.test/${'a'.repeat(2048)}`)}`, 'url must be at most 2048 characters'],
    ];
    for (const [path, error] of cases) {
      const res = await t.request(path, { as: user });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(site.connections).toBe(0);
  });
});
