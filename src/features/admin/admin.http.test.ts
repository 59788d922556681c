// Administration over HTTP: the lockout reset (admin bearer or same-origin admin session) and the
// Admin Panel page.
import { afterEach, describe, expect, test } from 'bun:test';
import { cookieHeader, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { LOCKOUT_DISABLED } from './admin.routes.tsx';

const HOUR = 3600_000;
const START = Date.UTC(2031, 8, 1, 20, 0);
let now = START;
const clock = () => new Date(now);

let t: TestApp;
let admin: SignedIn;
let bob: SignedIn;
async function app(env: Record<string, string> = {}) {
  now = START;
  t = await createTestApp({ clock, env });
  admin = await t.createUser({ username: 'admin', name: 'Ada Admin' });
  bob = await t.createUser({ username: 'bob', name: 'Bob' }, admin);
}
afterEach(() => t.close());

const reset = (init: Parameters<TestApp['request']>[1] = {}) => t.request('/api/admin/reset-lockout', { method: 'POST', ...init });
const remaining = async () => ((await (await t.request('/api/site/lockout-status')).json()) as { timeRemaining: number }).timeRemaining;
const sessionCookies = (s: SignedIn) => cookieHeader({ hub_site: s.siteToken, hub_session: s.token });

describe('POST /api/admin/reset-lockout', () => {
  test('an admin bearer moves the expiry to now + SITE_LOCKOUT_HOURS and gets it back as ISO time', async () => {
    await app();
    now += 10 * HOUR;
    expect(await remaining()).toBe(14 * HOUR);
    const res = await reset({ as: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ newExpiryTime: new Date(now + 24 * HOUR).toISOString() });
    expect(await remaining()).toBe(24 * HOUR);
    // Tokens keep working across a reset before the lock.
    expect((await t.request('/api/users', { as: bob })).status).toBe(200);
  });

  test('decimal hours: SITE_LOCKOUT_HOURS=1.5', async () => {
    await app({ SITE_LOCKOUT_HOURS: '1.5' });
    now += HOUR;
    const res = await reset({ as: admin });
    expect(await res.json()).toEqual({ newExpiryTime: new Date(now + 1.5 * HOUR).toISOString() });
    expect(await remaining()).toBe(1.5 * HOUR);
  });

  test('a non-admin gets 403, a visitor without a session 401, one without a site token 401; the expiry stays', async () => {
    await app();
    now += HOUR;
    const user = await reset({ as: bob });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ error: 'Only an administrator can do this' });
    const anonymous = await reset({ as: { siteToken: bob.siteToken } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'You must be signed in' });
    const noSite = await reset({ as: { token: admin.token } });
    expect(noSite.status).toBe(401);
    expect(await remaining()).toBe(23 * HOUR);
  });

  test('an admin cookie session works from this origin, and is refused cross-site', async () => {
    await app();
    now += HOUR;
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await reset({ headers: { cookie: sessionCookies(admin), ...headers } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
    }
    expect(await remaining()).toBe(23 * HOUR);

    const res = await reset({ headers: { cookie: sessionCookies(admin), origin: 'http://localhost', 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(200);
    expect(await remaining()).toBe(24 * HOUR);
  });

  test('with the lockout disabled it answers 409', async () => {
    await app({ SITE_LOCKOUT_HOURS: '0' });
    const res = await reset({ as: admin });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: LOCKOUT_DISABLED });
  });

  test('once locked, not even an admin can reset it over HTTP (only the server can)', async () => {
    await app();
    now += 24 * HOUR;
    const res = await reset({ as: admin });
    expect(res.status).toBe(423);
    expect(await t.request('/api/site/lockout-status').then((r) => r.json())).toMatchObject({ isLocked: true });
  });
});

describe('GET /admin', () => {
  test('an admin sees the panel with the users (no hashes) and the lockout; a user gets 403; signed out goes to sign-in', async () => {
    await app();
    const res = await t.request('/admin', { headers: { cookie: sessionCookies(admin) } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Admin Panel - User Management');
    expect(html).toContain('data-island="Admin"');
    expect(html).toContain('Ada Admin');
    expect(html).toContain('bob@example.test');
    expect(html).not.toContain('$argon2');
    expect(html).not.toContain('password_hash');

    const user = await t.request('/admin', { headers: { cookie: sessionCookies(bob) } });
    expect(user.status).toBe(403);
    const userHtml = await user.text();
    expect(userHtml).not.toContain('bob@example.test');
    expect(userHtml).not.toContain('data-island="Admin"');

    const signedOut = await t.request('/admin', { headers: { cookie: cookieHeader({ hub_site: bob.siteToken }) } });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/signin?next=%2Fadmin');
  });

  test('the user menu offers Admin Panel to admins only', async () => {
    await app();
    const adminHome = await (await t.request('/', { headers: { cookie: sessionCookies(admin) } })).text();
    expect(adminHome).toContain('href="/admin"');
    const userHome = await (await t.request('/', { headers: { cookie: sessionCookies(bob) } })).text();
    expect(userHome).not.toContain('href="/admin"');
    expect(userHome).toContain(`href="/user/${bob.user._id}"`);
  });
});
