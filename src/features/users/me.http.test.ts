// The signed-in user's sessions (GET /api/me/sessions, DELETE /api/me/sessions/{id}) and
// preferences (PUT /api/me/preferences), over HTTP with an injected clock.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type SignedIn, setCookies, type TestApp } from '../../../test/helpers/test-app.ts';
import { tokenId } from '../../security/tokens.ts';
import type { SessionInfo } from '../../shared/contracts/sessions.ts';

const PASSWORD = 'correct horse battery';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let now = Date.UTC(2031, 4, 1, 12);
const clock = () => new Date(now);

let t: TestApp;
let ann: SignedIn;
let bob: SignedIn;

/** Signs `username` in from a browser at an address (the hub trusts the proxy's X-Forwarded-For here). */
async function signInFrom(username: string, userAgent: string, address: string): Promise<SignedIn> {
  const siteToken = await t.enterSite();
  const res = await t.request('/auth/signin/', {
    method: 'POST',
    json: { username, password: PASSWORD },
    as: { siteToken },
    headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
  });
  const body = (await res.json()) as { token: string; user: SignedIn['user'] };
  return { siteToken, token: body.token, user: body.user };
}

const list = async (as: SignedIn) => {
  const res = await t.request('/api/me/sessions', { as });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionInfo[];
};

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', TRUST_PROXY: 'true', LOGIN_MAX_ATTEMPTS: '100' } });
  await t.createUser({ username: 'ann' });
  await t.createUser({ username: 'bob' }, await t.signIn('ann', PASSWORD));
  ann = await signInFrom('ann', FIREFOX, '192.168.1.20');
  bob = await signInFrom('bob', PHONE, '192.168.1.31');
});
afterAll(() => t.close());

describe('GET /api/me/sessions', () => {
  test("lists only the signed-in user's sessions, marks this one, with browser, address and times", async () => {
    const sessions = await list(ann);
    // Ann: the session createUser made, the one bob was created with, and the Firefox one.
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{32}$/),
      current: true,
      createdAt: new Date(now).toISOString(),
      lastSeenAt: new Date(now).toISOString(),
      userAgent: FIREFOX,
      ip: '192.168.1.20',
      method: 'password',
    });
    // Bob's: the one createUser made (no browser named) and the phone.
    expect((await list(bob)).map((s) => s.userAgent).sort()).toEqual([PHONE, null].sort());
  });

  test('the id shown is neither the token nor the stored hash of it', async () => {
    const [mine] = (await list(ann)).filter((s) => s.current);
    expect(mine!._id).not.toBe(ann.token);
    expect(mine!._id).not.toBe(tokenId(ann.token));
    expect(JSON.stringify(await list(ann))).not.toContain(tokenId(ann.token));
    // And it is no credential: as a bearer token it signs no one in.
    expect((await t.request('/api/me/sessions', { as: { siteToken: ann.siteToken, token: mine!._id } })).status).toBe(401);
  });

  test('signed out: 401', async () => {
    expect((await t.request('/api/me/sessions', { as: { siteToken: ann.siteToken } })).status).toBe(401);
  });

  test('lastSeenAt moves with use, at most once a minute', async () => {
    const seen = async () => (await list(bob)).find((s) => s.current)!.lastSeenAt;
    const start = now;
    expect(await seen()).toBe(new Date(start).toISOString());
    now += 59_000;
    expect(await seen()).toBe(new Date(start).toISOString());
    now += 1_000;
    expect(await seen()).toBe(new Date(start + 60_000).toISOString());
    now += 30_000;
    expect(await seen()).toBe(new Date(start + 60_000).toISOString());
    now += 45_000;
    expect(await seen()).toBe(new Date(start + 135_000).toISOString());
  });

  test('a session from before the hub kept these has no browser, address or last seen (shown as Unknown)', async () => {
    const old = await signInFrom('bob', PHONE, '192.168.1.32');
    await t.database.db.updateTable('sessions').set({ user_agent: null, ip: null, last_seen_at: null }).where('id', '=', tokenId(old.token)).execute();
    const row = (await list(bob)).find((s) => s.ip === null && s.userAgent === null && s.lastSeenAt === null);
    expect(row).toBeDefined();
    // Seen now that it was used to ask.
    expect((await list(old)).find((s) => s.current)!.lastSeenAt).toBe(new Date(now).toISOString());
  });
});

describe('DELETE /api/me/sessions/{id}', () => {
  test("another user's session, or an unknown one: 404, and it lives on", async () => {
    const bobs = (await list(bob)).find((s) => s.current);
    const res = await t.request(`/api/me/sessions/${bobs!._id}`, { method: 'DELETE', as: ann });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Session not found' });
    expect((await t.request(`/api/me/sessions/${'0'.repeat(32)}`, { method: 'DELETE', as: ann })).status).toBe(404);
    // Not even by the token itself or its stored hash.
    expect((await t.request(`/api/me/sessions/${tokenId(bob.token)}`, { method: 'DELETE', as: bob })).status).toBe(404);
    expect((await t.request('/api/me/sessions', { as: bob })).status).toBe(200);
  });

  test('ends another device of mine: that device is signed out, this one is not', async () => {
    const laptop = await signInFrom('ann', FIREFOX, '192.168.1.21');
    const other = (await list(ann)).find((s) => !s.current && s.ip === '192.168.1.21')!;
    const res = await t.request(`/api/me/sessions/${other._id}`, { method: 'DELETE', as: ann });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, current: false });
    expect(setCookies(res).has('hub_session')).toBe(false);
    expect((await t.request('/api/me/sessions', { as: laptop })).status).toBe(401);
    expect((await t.request('/api/me/sessions', { as: ann })).status).toBe(200);
    expect((await list(ann)).some((s) => s._id === other._id)).toBe(false);
  });

  test('ends the current one: this device is signed out and its cookie cleared', async () => {
    const phone = await signInFrom('ann', PHONE, '192.168.1.22');
    const mine = (await list(phone)).find((s) => s.current)!;
    const res = await t.request(`/api/me/sessions/${mine._id}`, { method: 'DELETE', as: phone });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, current: true });
    expect(setCookies(res).get('hub_session')?.attributes['max-age']).toBe('0');
    expect((await t.request('/api/me/sessions', { as: phone })).status).toBe(401);
    expect((await t.request('/api/me/sessions', { as: ann })).status).toBe(200);
  });
});

describe('PUT /api/me/preferences', () => {
  const put = (json: unknown, as: SignedIn = ann) => t.request('/api/me/preferences', { method: 'PUT', json, as });

  test('turns discreet mode on and off for this user only, and this browser remembers it', async () => {
    const on = await put({ discreet: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ discreet: true });
    expect(setCookies(on).get('hub_discreet')?.value).toBe('1');
    const page = async (as: SignedIn) => (await t.request('/links', { as })).text();
    expect(await page(ann)).toContain('data-discreet=""');
    expect(await page(bob)).not.toContain('data-discreet');
    // This browser's cookie goes when it turns the mode off (an API client without it gets none).
    const off = await t.request('/api/me/preferences', { method: 'PUT', json: { discreet: false }, as: ann, headers: { cookie: 'hub_discreet=1' } });
    expect(await off.json()).toEqual({ discreet: false });
    expect(setCookies(off).get('hub_discreet')?.attributes['max-age']).toBe('0');
    expect(await page(ann)).not.toContain('data-discreet');
  });

  test('unknown keys, wrong types and no session are refused', async () => {
    for (const body of [{ discreet: 'yes' }, { discreet: true, theme: 'dark' }, { other: 1 }, { discreet: null }]) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await t.request('/api/me/preferences', { method: 'PUT', json: { discreet: true }, as: { siteToken: ann.siteToken } })).status).toBe(401);
  });

  test("the user menu's switch posts a form and comes back to the page", async () => {
    const res = await t.request('/preferences/discreet', {
      method: 'POST',
      as: ann,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ discreet: 'on', returnTo: '/links?x=1' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/links?x=1');
    expect(await (await t.request('/links', { as: ann })).text()).toContain('role="switch" aria-checked="true"');
    await put({ discreet: false });
  });
});
