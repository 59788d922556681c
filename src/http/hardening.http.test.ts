// What an attacker tried against the access layer, each as the user would notice it: guessing
// bursts that must not outrun the limit, password hashing only after the permission check, sessions
// that end with a password change, sign-out from a foreign page, and private answers kept out of
// caches.
import { afterEach, describe, expect, test } from 'bun:test';
import { cookieHeader, createTestApp, type SignedIn, setCookies, TEST_SITE_PASSWORD, type TestApp } from '../../test/helpers/test-app.ts';
import { passwordWork } from '../security/passwords.ts';
import { SERVER_BUSY } from '../security/work-queue.ts';

const PASSWORD = 'correct horse battery';
let t: TestApp;
afterEach(() => t.close());

const wrongSitePassword = () => t.request('/api/site/verify-password', { method: 'POST', json: { password: 'not the password' } });

/**
 * Runs a burst with a password queue that waits as long as it takes. The five reserved checks run
 * one or two at a time; on a busy machine the last ones could wait past the queue's few seconds
 * and be answered "busy" without being counted (the subject of its own test below), and the burst
 * would show 4 checks instead of 5.
 */
async function patiently<T>(burst: () => Promise<T>): Promise<T> {
  const maxWaitMs = passwordWork.options.maxWaitMs;
  passwordWork.options.maxWaitMs = 120_000;
  try {
    return await burst();
  } finally {
    passwordWork.options.maxWaitMs = maxWaitMs;
  }
}

describe('the guessing limit under concurrent bursts (LOGIN_MAX_ATTEMPTS=5)', () => {
  test('200 wrong site passwords at once: exactly 5 are checked (401), every other one is 429 with Retry-After', async () => {
    t = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS: '5', LOGIN_WINDOW_MINUTES: '15' } });
    const started = passwordWork.started;
    const answers = await patiently(() => Promise.all(Array.from({ length: 200 }, wrongSitePassword)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(195);
    // Only the five reserved attempts ran a password check (argon2id), plus the one-time hash of SITE_PASSWORD.
    expect(passwordWork.started - started).toBeLessThanOrEqual(6);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await refused.json()).toEqual({ success: false, error: 'Too many attempts. Please try again in 15 minutes.' });
    // The right password is refused too until the window passes.
    expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: TEST_SITE_PASSWORD } })).status).toBe(429);
  });

  test('60 wrong sign-ins at once: exactly 5 get 401', async () => {
    t = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS: '5' } });
    await t.createUser({ username: 'alice', password: PASSWORD });
    const site = await t.enterSite();
    const answers = await patiently(() =>
      Promise.all(
        Array.from({ length: 60 }, () =>
          t.request('/auth/signin/', { method: 'POST', json: { username: 'alice', password: 'wrong password' }, as: { siteToken: site } }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
  });

  test('the counts are kept in the database: a restart does not wipe them', async () => {
    t = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS: '3' } });
    for (let i = 0; i < 3; i++) expect((await wrongSitePassword()).status).toBe(401);
    await t.restart();
    expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: TEST_SITE_PASSWORD } })).status).toBe(429);
  });

  test('when the server is too busy to check a password the answer is 429 and the attempt is not counted', async () => {
    t = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS: '2' } });
    // Fill every slot and every place in line with checks that wait until released.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { concurrency, maxWaiting } = passwordWork.options;
    const blockers = Array.from({ length: concurrency + maxWaiting }, () => passwordWork.run(() => gate));
    try {
      const busy = await wrongSitePassword();
      expect(busy.status).toBe(429);
      expect(busy.headers.get('retry-after')).toBe('5');
      expect(await busy.json()).toEqual({ success: false, error: SERVER_BUSY });
    } finally {
      release();
      await Promise.all(blockers);
    }
    // Both attempts of the limit are still there: the busy answer used none.
    expect((await wrongSitePassword()).status).toBe(401);
    expect((await wrongSitePassword()).status).toBe(401);
    expect((await wrongSitePassword()).status).toBe(429);
  });
});

describe('permissions come before password hashing', () => {
  test('POST /api/users by an anonymous visitor or a member answers 401/403 without hashing anything', async () => {
    t = await createTestApp();
    const admin = await t.createUser({ username: 'admin' });
    const member = await t.createUser({ username: 'member' }, admin);
    const body = { username: 'mallory', name: 'M', email: 'm@example.test', password: 'a long enough password' };
    const started = passwordWork.started;
    const anonymous = await t.request('/api/users', { method: 'POST', json: body, as: { siteToken: admin.siteToken } });
    expect(anonymous.status).toBe(401);
    const asMember = await t.request('/api/users', { method: 'POST', json: body, as: member });
    expect(asMember.status).toBe(403);
    // A member trying to make themselves admin while changing the password: refused before the hash.
    const promote = await t.request(`/api/users/${member.user._id}`, { method: 'PUT', json: { role: 'admin', password: 'another long password' }, as: member });
    expect(promote.status).toBe(403);
    const other = await t.request(`/api/users/${admin.user._id}`, { method: 'PUT', json: { password: 'another long password' }, as: member });
    expect(other.status).toBe(403);
    expect(passwordWork.started).toBe(started);
  });
});

describe('a new password ends the other sessions', () => {
  async function twoDevices(username: string, by?: SignedIn) {
    const phone = await t.createUser({ username, password: PASSWORD }, by);
    const laptop = await t.signIn(username, PASSWORD);
    return { phone, laptop };
  }
  const works = async (who: SignedIn) => (await t.request(`/api/users/${who.user._id}`, { as: who })).status === 200;

  test("changing one's own password through the API keeps this session and ends the others", async () => {
    t = await createTestApp();
    const { phone, laptop } = await twoDevices('alice');
    const res = await t.request(`/api/users/${phone.user._id}`, {
      method: 'PUT',
      json: { password: 'a brand new password', currentPassword: PASSWORD },
      as: phone,
    });
    expect(res.status).toBe(200);
    expect(await works(phone)).toBe(true);
    expect(await works(laptop)).toBe(false);
    // Changing only the name ends nothing.
    const again = await t.signIn('alice', 'a brand new password');
    expect((await t.request(`/api/users/${phone.user._id}`, { method: 'PUT', json: { name: 'Alice B' }, as: phone })).status).toBe(200);
    expect(await works(again)).toBe(true);
  });

  test('the edit page does the same', async () => {
    t = await createTestApp();
    const { phone, laptop } = await twoDevices('alice');
    const res = await t.request(`/user/edit/${phone.user._id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader({ hub_site: phone.siteToken, hub_session: phone.token }) },
      body: new URLSearchParams({ name: '', email: '', password: 'a brand new password', currentPassword: PASSWORD }).toString(),
    });
    expect(res.status).toBe(303);
    expect(await works(phone)).toBe(true);
    expect(await works(laptop)).toBe(false);
  });

  test("an administrator setting someone's password ends all of that user's sessions, and none of the administrator's", async () => {
    t = await createTestApp();
    const admin = await t.createUser({ username: 'admin' });
    const { phone, laptop } = await twoDevices('bob', admin);
    const res = await t.request(`/api/users/${phone.user._id}`, { method: 'PUT', json: { password: 'set by the admin' }, as: admin });
    expect(res.status).toBe(200);
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(false);
    expect(await works(admin)).toBe(true);
    expect((await t.signIn('bob', 'set by the admin')).user.name).toBe('bob');
  });

  test('Sign out everywhere on the profile ends every session of the account, this one included', async () => {
    t = await createTestApp();
    const { phone, laptop } = await twoDevices('alice');
    const cookie = cookieHeader({ hub_site: phone.siteToken, hub_session: phone.token });
    const profile = await (await t.request(`/user/${phone.user._id}`, { headers: { cookie } })).text();
    expect(profile).toContain('action="/signout/everywhere"');
    expect(profile).toContain('Signed in on 2 devices or browsers.');
    const res = await t.request('/signout/everywhere', { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/signin');
    expect(setCookies(res).get('hub_session')?.value).toBe('');
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(false);
  });

  test('POST /auth/signout-everywhere does the same for API clients', async () => {
    t = await createTestApp();
    const { phone, laptop } = await twoDevices('alice');
    expect((await t.request('/auth/signout-everywhere', { method: 'POST', as: laptop })).status).toBe(200);
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(false);
    expect((await t.request('/auth/signout-everywhere', { method: 'POST', as: { siteToken: phone.siteToken } })).status).toBe(401);
  });
});

describe('GET /auth/signout/ from another site', () => {
  test('a cookie-authenticated sign-out started by a foreign page shows a button instead of acting', async () => {
    t = await createTestApp();
    const alice = await t.createUser({ username: 'alice' });
    const cookie = cookieHeader({ hub_site: alice.siteToken, hub_session: alice.token });
    const foreigners: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { referer: 'https://evil.example/' }];
    for (const foreign of foreigners) {
      const res = await t.request('/auth/signout/', { headers: { cookie, ...foreign } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('Sign out?');
      expect(html).toMatch(/<form (action="\/signout" method="post"|method="post" action="\/signout")>/);
      expect(setCookies(res).get('hub_session')).toBeUndefined();
      expect((await t.request('/api/users', { as: alice })).status).toBe(200);
    }
  });

  test('from the hub itself, or with a bearer token, it signs out at once', async () => {
    t = await createTestApp();
    const alice = await t.createUser({ username: 'alice' });
    const same = await t.request('/auth/signout/', {
      headers: { cookie: cookieHeader({ hub_site: alice.siteToken, hub_session: alice.token }), 'sec-fetch-site': 'same-origin' },
    });
    expect(await same.json()).toEqual({ success: true });
    expect((await t.request('/api/users', { as: alice })).status).toBe(401);
    // Opened in the browser's address bar: signed out, and on to the sign-in page.
    const carol = await t.signIn('alice', PASSWORD);
    const typed = await t.request('/auth/signout/', {
      headers: { cookie: cookieHeader({ hub_site: carol.siteToken, hub_session: carol.token }), 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' },
    });
    expect(typed.status).toBe(303);
    expect(typed.headers.get('location')).toBe('/signin');
    expect((await t.request('/api/users', { as: carol })).status).toBe(401);
    const bob = await t.signIn('alice', PASSWORD);
    const bearer = await t.request('/auth/signout/', { as: bob, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(await bearer.json()).toEqual({ success: true });
    expect((await t.request('/api/users', { as: bob })).status).toBe(401);
  });
});

describe('private answers are never cached', () => {
  test('pages and API answers that depend on who asks carry Cache-Control: no-store; built assets keep their long caching', async () => {
    t = await createTestApp();
    const admin = await t.createUser({ username: 'admin' });
    const cookie = cookieHeader({ hub_site: admin.siteToken, hub_session: admin.token });
    const paths = [
      '/',
      '/admin',
      '/users',
      `/user/${admin.user._id}`,
      `/user/edit/${admin.user._id}`,
      '/signin',
      '/api/users',
      `/api/users/${admin.user._id}`,
      '/api/site/verify-token',
      '/api/site/lockout-status',
      '/nowhere',
    ];
    for (const path of paths) {
      const res = await t.request(path, { headers: { cookie } });
      expect(`${path} ${res.headers.get('cache-control')}`).toBe(`${path} no-store`);
    }
    // The gate shown to a visitor without a site token, and an API refusal.
    expect((await t.request('/admin')).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/api/users')).headers.get('cache-control')).toBe('no-store');
    const css = /href="(\/static\/build\/app-[^"]+\.css)"/.exec(await (await t.request('/', { headers: { cookie } })).text())![1]!;
    expect((await t.request(css)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
