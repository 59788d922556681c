import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { createTestApp, type SignedIn, type TestApp } from '../test/helpers/test-app.ts';
import type { LocalDiskStore } from './storage/local-disk-store.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2031-06-15T12:00:00Z') });
  // Routes that fail, to see how errors reach a visitor.
  t.app.get('/boom', () => {
    throw new Error('database password is hunter2');
  });
  t.app.get('/api/boom', () => {
    throw new Error('database password is hunter2');
  });
  admin = await t.createUser({ username: 'admin' });
});
afterAll(() => t.close());

// Past the site gate and signed in: the gate and sign-in have tests of their own.
const get = (path: string, init?: RequestInit) => t.request(path, { ...init, as: admin });
const scripts = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];
const THEME_SCRIPT = /^<script type="module" src="\/static\/build\/islands\/theme-[a-z0-9]+\.js">$/;
const ISLAND_ENTRY = /^<script type="module" src="\/static\/build\/islands\/client-[a-z0-9]+\.js" data-islands="[^"]+">$/;
/** The values of the theme radios rendered as checked. */
const checkedModes = (html: string) =>
  (html.match(/<input [^>]*name="mode"[^>]*>/g) ?? []).filter((input) => / checked=""/.test(input)).map((input) => /value="(\w+)"/.exec(input)![1]);

describe('pages', () => {
  test('home renders the app shell: brand, home icon, 18+ notice, footer with the current year', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<title>Home · Private Hub</title>');
    expect(html).toMatch(/<a href="\/"[^>]*>.*<span[^>]*>Private Hub<\/span><\/a>/);
    expect(html).toContain('aria-label="Home"');
    expect(html).toContain('© 2031 Private Hub. All rights reserved.');
    expect(html).toContain('Adults only (18+)');
    expect(html).toContain('name="rating" content="RTA-5042-1996-1400-1577-RTA"');
    expect(html).toMatch(/<link rel="stylesheet" href="\/static\/build\/app-[0-9a-f]{12}\.css"\/>/);
  });

  test('a page with an island (the lockout badge) loads two module scripts: the theme switch and the island entry', async () => {
    const html = await (await get('/')).text();
    expect(html).toContain('data-island="LockoutBadge"');
    expect(scripts(html)).toEqual([expect.stringMatching(THEME_SCRIPT), expect.stringMatching(ISLAND_ENTRY)]);
    // The entry's tag names the scripts of this page's islands, and of no other island.
    const named = JSON.parse(html.match(/data-islands="([^"]+)"/)![1]!.replaceAll('&quot;', '"')) as Record<string, string>;
    expect(Object.keys(named).sort()).toEqual(['Home', 'LockoutBadge']);
    for (const url of Object.values(named)) expect(url).toMatch(/^\/static\/build\/islands\/[A-Za-z]+-[a-z0-9]+\.js(#[\w$]+)?$/);
  });

  test('with the lockout off the badge is not rendered at all, so a page without other islands loads no React', async () => {
    const open = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0' } });
    try {
      const member = await open.createUser({ username: 'member' });
      const html = await (await open.request('/users', { as: member })).text();
      expect(html).toContain('Lock Site');
      expect(html).not.toContain('data-island');
      expect(scripts(html)).toEqual([expect.stringMatching(THEME_SCRIPT)]);
    } finally {
      await open.close();
    }
  });

  test('the theme switch is a form that works without JavaScript: three named radios and a way back to this page', async () => {
    const html = await (await get('/users?page=2')).text();
    expect(html).toMatch(/<form [^>]*action="\/theme" method="post"/);
    expect(html).toContain('<input type="hidden" name="returnTo" value="/users?page=2"/>');
    expect(html).toContain('role="radiogroup" aria-label="Theme"');
    for (const label of ['Light theme', 'System theme', 'Dark theme'])
      expect(html).toContain(`<span class="sr-only">${label.replace(' ', '<!-- --> ')}</span>`);
    expect(checkedModes(html)).toEqual(['system']);
  });

  test('the theme mode comes from the cookie, so the first paint is already right', async () => {
    const dark = await (await get('/', { headers: { cookie: 'mui-mode=dark' } })).text();
    expect(dark).toContain('<html lang="en" data-mode="dark">');
    expect(checkedModes(dark)).toEqual(['dark']);
    const light = await (await get('/', { headers: { cookie: 'mui-mode=light' } })).text();
    expect(light).toContain('data-mode="light"');
    const bogus = await (await get('/', { headers: { cookie: 'mui-mode=<script>' } })).text();
    expect(bogus).toContain('data-mode="system"');
  });

  test('an unknown page answers 404 with the shell, a way home, the theme switch and no React', async () => {
    const res = await get('/no/such/page', { headers: { cookie: 'mui-mode=dark' } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('href="/"');
    expect(html).toContain('data-mode="dark"');
    expect(checkedModes(html)).toEqual(['dark']);
    expect(scripts(html)).toEqual([expect.stringMatching(THEME_SCRIPT)]);
    expect(html).not.toContain('data-island');
  });

  test("every 403 page keeps the whole shell: the refused Admin Panel as much as another member's profile", async () => {
    const member = await t.createUser({ username: 'member403' }, admin);
    const pages = [await t.request('/admin', { as: member }), await t.request(`/user/${admin.user._id}`, { as: member })];
    for (const res of pages) {
      expect(res.status).toBe(403);
      const html = await res.text();
      expect(html).toContain('<title>Not authorised · Private Hub</title>');
      expect(html).toMatch(/<h1[^>]*>Not authorised<\/h1>/);
      expect(html).toContain('Lock Site');
      expect(html).toContain('data-island="LockoutBadge"');
      expect(html).toContain('Account menu for member403');
    }
  });

  test('a failing page shows the error page with a reference, never the error itself', async () => {
    const res = await get('/boom');
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain(res.headers.get('x-request-id')!);
    expect(html).not.toContain('hunter2');
    expect(html).not.toContain('at ');
    expect(scripts(html)).toEqual([expect.stringMatching(THEME_SCRIPT)]);
  });
});

describe('API errors', () => {
  test('unknown API paths answer JSON 404', async () => {
    const res = await get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  test('a failing API call answers JSON 500 without details, and the log keeps the reason', async () => {
    const res = await get('/api/boom');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal server error' });
    const id = res.headers.get('x-request-id')!;
    expect(t.logs.some((l) => l.includes('ERROR') && l.includes(id) && l.includes('unhandled error'))).toBe(true);
  });
});

describe('security headers', () => {
  test.each(['/', '/api/nothing', '/healthz', '/no/page'])('%s carries CSP without inline script, nosniff, no-referrer and frame denial', async (path) => {
    const res = await get(path);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  test('pages contain no inline script for the policy to block', async () => {
    const html = await (await get('/')).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\son[a-z]+="/);
  });
});

describe('static assets', () => {
  test('hashed build output is cached for a year; the stylesheet holds the classes pages use and both themes', async () => {
    const html = await (await get('/')).text();
    const css = html.match(/href="(\/static\/build\/app-[0-9a-f]+\.css)"/)![1]!;
    const res = await get(css);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toContain('text/css');
    const text = await res.text();
    expect(text).toContain('.bg-surface');
    expect(text).toContain('html[data-mode=dark]');
    expect(text).toContain('prefers-color-scheme: dark');
    const entry = html.match(/src="(\/static\/build\/islands\/client-[a-z0-9]+\.js)"/)![1]!;
    const js = await get(entry);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('other static files are served with a short cache, and missing ones are 404', async () => {
    const icon = await get('/static/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await get('/static/nope.css')).status).toBe(404);
    expect((await get('/static/../package.json')).status).toBe(404);
    expect((await get('/static/%2e%2e/package.json')).status).toBe(404);
  });
});

describe('request log', () => {
  test('one line per request with method, path, status, duration and id, but never the query string', async () => {
    const res = await get('/?token=abc123secret&password=correct-horse');
    const id = res.headers.get('x-request-id')!;
    const line = t.logs.find((l) => l.includes(`id=${id}`))!;
    expect(line).toMatch(/ INFO {2}request method=GET path=\/ status=200 ms=[\d.]+ id=/);
    expect(t.logs.join('\n')).not.toContain('abc123secret');
    expect(t.logs.join('\n')).not.toContain('correct-horse');
  });

  test('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    const kept = await get('/healthz', { headers: { 'x-request-id': 'proxy-abc-12345' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-abc-12345');
    const replaced = await get('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /healthz', () => {
  test('answers 200 when the database and the media store answer', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  test('answers 503 naming the media store when its folder is gone', async () => {
    const broken = await createTestApp();
    try {
      rmSync((broken.store as LocalDiskStore).root, { recursive: true, force: true });
      const res = await broken.app.request('/healthz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'Unavailable: media store', status: 'unavailable', database: 'ok', storage: 'unavailable' });
    } finally {
      await broken.close();
    }
  });

  test('answers 503 naming the database when it cannot be read', async () => {
    const broken = await createTestApp();
    try {
      broken.database.sqlite.close(true);
      const res = await broken.app.request('/healthz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: 'Unavailable: database', database: 'unavailable', storage: 'ok' });
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
