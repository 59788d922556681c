// Discreet mode on every page: each GET page route of the app, walked from the app's own route
// list, has the neutral title (DISCREET_TITLE), the neutral icon and data-discreet while the
// viewer has it on, and its normal title while off. Pages without a session (the gate after the
// panic key, sign-in) follow this browser's memory of the mode.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { cookieHeader, createTestApp, type SignedIn, type TestApp } from '../../test/helpers/test-app.ts';
import { BRAND_NAME } from '../shared/brand.ts';

const TITLE = 'Shopping list';

let t: TestApp;
let ann: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0', DISCREET_TITLE: TITLE } });
  ann = await t.createUser({ username: 'ann' });
});
afterAll(() => t.close());

/** Every page address of the app: its GET routes that are not the API, media, static files or health. */
function pagePaths(): string[] {
  const paths = t.app.routes
    .filter((r) => r.method === 'GET' && !r.path.includes('*'))
    .map((r) => r.path)
    .filter((p) => !/^\/(api|media|static|auth)\b|^\/(healthz|robots\.txt)$/.test(p))
    .map((p) => p.replace(':userId', encodeURIComponent(ann.user._id)));
  return [...new Set(paths), '/no/such/page'];
}

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const htmlTag = (html: string) => html.match(/<html[^>]*>/)?.[0] ?? '';

async function walk(): Promise<{ path: string; status: number; html: string }[]> {
  const pages = [];
  for (const path of pagePaths()) {
    const res = await t.request(path, { as: ann });
    // /setup and /signin send a signed-in member on; the pages they lead to are walked anyway.
    if (res.status >= 300 && res.status < 400) continue;
    expect(res.headers.get('content-type')).toContain('text/html');
    pages.push({ path, status: res.status, html: await res.text() });
  }
  return pages;
}

const setDiscreet = async (discreet: boolean) =>
  expect((await t.request('/api/me/preferences', { method: 'PUT', json: { discreet }, as: ann })).status).toBe(200);

describe('discreet mode on every page', () => {
  test('on: every page has the neutral title, the neutral icon and data-discreet', async () => {
    await setDiscreet(true);
    const pages = await walk();
    // Home, Links, Watch, Models, All Users, Profile, Edit Profile, Admin, Connect, the two galleries, a 404.
    expect(pages.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/', '/links', '/watch', '/models', '/users', '/admin', '/connect', '/gallery', '/premium', '/no/such/page']),
    );
    expect(pages.length).toBeGreaterThanOrEqual(12);
    for (const page of pages) {
      expect({ path: page.path, title: titleOf(page.html) }).toEqual({ path: page.path, title: TITLE });
      expect({ path: page.path, html: htmlTag(page.html) }).toEqual({ path: page.path, html: expect.stringContaining('data-discreet=""') });
      expect(page.html).toContain('href="/static/favicon-notes.svg"');
      expect(page.html).not.toContain('href="/static/favicon.svg"');
      expect(page.html).toMatch(/<script type="module" src="\/static\/build\/islands\/discreet-[a-z0-9]+\.js">/);
    }
  });

  test('off: every page has its normal title and nothing of discreet mode', async () => {
    await setDiscreet(false);
    const pages = await walk();
    expect(pages.length).toBeGreaterThanOrEqual(12);
    for (const page of pages) {
      expect({ path: page.path, title: titleOf(page.html) }).toEqual({ path: page.path, title: expect.stringContaining(BRAND_NAME) });
      expect(page.html).not.toContain('data-discreet');
      expect(page.html).not.toContain(TITLE);
      expect(page.html).toContain('href="/static/favicon.svg"');
    }
  });

  test("without a session, the gate and sign-in follow this browser's memory of the mode", async () => {
    const gate = await t.request('/gallery', { headers: { cookie: cookieHeader({ hub_discreet: '1' }) } });
    expect(gate.status).toBe(401);
    const gateHtml = await gate.text();
    expect(titleOf(gateHtml)).toBe(TITLE);
    expect(htmlTag(gateHtml)).toContain('data-discreet=""');
    const signIn = await t.request('/signin', { as: { siteToken: ann.siteToken }, headers: { cookie: cookieHeader({ hub_discreet: '1' }) } });
    expect(titleOf(await signIn.text())).toBe(TITLE);
    expect(titleOf(await (await t.request('/gallery')).text())).toContain(BRAND_NAME);
  });

  test("a signed-in member's page brings this browser's memory in step with their preference", async () => {
    await setDiscreet(true);
    const page = await t.request('/links', { as: ann });
    expect(page.headers.getSetCookie().some((c) => c.startsWith('hub_discreet=1'))).toBe(true);
    await setDiscreet(false);
    const after = await t.request('/links', { as: ann, headers: { cookie: cookieHeader({ hub_discreet: '1' }) } });
    expect(after.headers.getSetCookie().some((c) => /^hub_discreet=;.*Max-Age=0/i.test(c))).toBe(true);
  });
});
