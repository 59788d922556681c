// Sign-in, sessions and sign-out over HTTP: the API of DECISIONS.md, the cookies, sliding expiry
// with an injected clock, the rate limit on sign-in and the site password, and the sign-in page.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { cookieHeader, createTestApp, type SignedIn, setCookies, TEST_SITE_PASSWORD, type TestApp } from '../../../test/helpers/test-app.ts';
import { SIGN_IN_FAILED } from './auth.service.ts';

const DAY = 24 * 3600_000;
const THIRTY_DAYS_S = 30 * 24 * 3600;
const PASSWORD = 'correct horse battery';

let now = Date.UTC(2031, 4, 1, 12);
const clock = () => new Date(now);

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

describe('POST /auth/signin/ and GET /auth/signout/', () => {
  let t: TestApp;
  let admin: SignedIn;
  let site: string;
  beforeAll(async () => {
    // The lockout is off here: these tests move the clock by weeks. All requests come from one
    // address, and these tests fail on purpose more often than the default limit allows.
    t = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', LOGIN_MAX_ATTEMPTS: '100' } });
    admin = await t.createUser({ username: 'Alice', name: 'Alice A' });
    site = await t.enterSite();
  });
  afterAll(() => t.close());

  const signIn = (body: unknown, path = '/auth/signin/', headers: Record<string, string> = {}) =>
    t.request(path, { method: 'POST', json: body, as: { siteToken: site }, headers });

  test.each(['/auth/signin/', '/auth/signin'])('%s answers {token, user} and sets the HttpOnly hub_session cookie', async (path) => {
    const res = await signIn({ username: 'alice', password: PASSWORD }, path);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: unknown };
    expect(body).toEqual({ token: expect.stringMatching(/^[a-z2-7]{32}$/), user: { _id: admin.user._id, name: 'Alice A', role: 'admin', admin: true } });
    const cookie = setCookies(res).get('hub_session')!;
    expect(cookie.value).toBe(body.token);
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': String(THIRTY_DAYS_S) });
    expect(cookie.attributes.secure).toBeUndefined();
    // The token works as a bearer token and as the cookie.
    expect((await t.request(`/api/users/${admin.user._id}`, { as: { siteToken: site, token: body.token } })).status).toBe(200);
    expect((await t.request(`/api/users/${admin.user._id}`, { headers: { cookie: cookieHeader({ hub_site: site, hub_session: body.token }) } })).status).toBe(
      200,
    );
    // Only its SHA-256 is stored.
    const ids = (await t.database.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(body.token);
    expect(ids).toContain(new Bun.CryptoHasher('sha256').update(body.token).digest('hex'));
  });

  test('over HTTPS the session cookie is Secure', async () => {
    const res = await t.request('https://localhost/auth/signin/', {
      method: 'POST',
      json: { username: 'alice', password: PASSWORD },
      as: { siteToken: site },
    });
    expect(res.status).toBe(200);
    expect(setCookies(res).get('hub_session')!.attributes.secure).toBe(true);
  });

  test('an unknown user and a wrong password get the identical 401', async () => {
    const unknown = await signIn({ username: 'nobody', password: PASSWORD });
    const wrong = await signIn({ username: 'alice', password: 'wrong password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const [a, b] = [await unknown.text(), await wrong.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({ error: 'Invalid username or password' });
    expect(unknown.headers.getSetCookie()).toEqual([]);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  test.each([
    ['no fields', {}],
    ['empty strings', { username: '', password: '' }],
    ['no password', { username: 'alice' }],
    ['no username', { password: PASSWORD }],
    ['a blank username', { username: '   ', password: PASSWORD }],
  ])('%s: 401 with the same message', async (_, body) => {
    const res = await signIn(body);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: SIGN_IN_FAILED });
  });

  test('bad bodies are 4xx JSON, never 500', async () => {
    for (const [init, status] of [
      [{ headers: { 'content-type': 'application/json' }, body: '{' }, 400],
      [{ headers: { 'content-type': 'application/json' }, body: '[]' }, 400],
      [{ headers: { 'content-type': 'application/json' }, body: '{"username":1,"password":2}' }, 400],
      [{ headers: { 'content-type': 'text/plain' }, body: 'alice' }, 415],
    ] as const) {
      const res = await t.request('/auth/signin/', { method: 'POST', ...init, as: { siteToken: site } });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: unknown }).error).toBeString();
    }
  });

  test('sign-out revokes the session: the bearer token stops working; hub_session and t are cleared', async () => {
    const session = await t.signIn('alice', PASSWORD, site);
    const res = await t.request('/auth/signout/', { as: session });
    expect(res.status).toBe(200);
    const cookies = setCookies(res);
    expect(cookies.get('hub_session')).toMatchObject({ value: '', attributes: { 'max-age': '0', path: '/' } });
    expect(cookies.get('t')).toMatchObject({ value: '', attributes: { 'max-age': '0', path: '/' } });
    const after = await t.request('/api/users', { as: session });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'You must be signed in' });
    // The site token is not touched: the visitor is still past the gate.
    expect(await (await t.request('/api/site/verify-token', { as: session })).json()).toEqual({ valid: true });
  });

  test('sign-out by cookie (and without the trailing slash) revokes that session on the server', async () => {
    const session = await t.signIn('alice', PASSWORD, site);
    const res = await t.request('/auth/signout', { headers: { cookie: cookieHeader({ hub_site: site, hub_session: session.token }) } });
    expect(res.status).toBe(200);
    expect((await t.request('/api/users', { as: session })).status).toBe(401);
    const id = new Bun.CryptoHasher('sha256').update(session.token).digest('hex');
    expect(await t.database.db.selectFrom('sessions').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  test('a dead session cookie is cleared on the next request', async () => {
    const res = await t.request('/users', { headers: { cookie: cookieHeader({ hub_site: site, hub_session: 'a'.repeat(32) }) } });
    expect(res.status).toBe(200);
    expect(setCookies(res).get('hub_session')).toMatchObject({ value: '', attributes: { 'max-age': '0' } });
  });

  test('sessions slide: the cookie is re-sent once half of the 30 days is used, and dies 30 days after the last use', async () => {
    const start = now;
    const session = await t.signIn('alice', PASSWORD, site);
    const cookie = () => ({ cookie: cookieHeader({ hub_site: site, hub_session: session.token }) });

    now = start + 14 * DAY;
    const early = await t.request('/users', { headers: cookie() });
    expect(early.status).toBe(200);
    expect(setCookies(early).get('hub_session')).toBeUndefined();

    now = start + 16 * DAY;
    const later = await t.request('/users', { headers: cookie() });
    expect(setCookies(later).get('hub_session')).toMatchObject({ value: session.token, attributes: { 'max-age': String(THIRTY_DAYS_S), httponly: true } });
    // The site token slides the same way, and its cookie is re-sent too.
    expect(setCookies(later).get('hub_site')).toMatchObject({ value: site, attributes: { 'max-age': String(THIRTY_DAYS_S), httponly: true } });

    // 29 days after that use (45 after sign-in): still signed in.
    now = start + 45 * DAY;
    expect((await t.request(`/api/users/${admin.user._id}`, { headers: cookie() })).status).toBe(200);

    // 30 days without any use: gone, by bearer and by cookie.
    now = start + 75 * DAY + 1;
    const fresh = await t.enterSite();
    const expired = await t.request(`/api/users/${admin.user._id}`, { as: { siteToken: fresh, token: session.token } });
    expect(expired.status).toBe(401);
    const page = await t.request(`/user/${admin.user._id}`, { headers: { cookie: cookieHeader({ hub_site: fresh, hub_session: session.token }) } });
    expect(page.status).toBe(303);
    expect(setCookies(page).get('hub_session')?.value).toBe('');
    site = fresh;
  });

  test('a session dies with its user; the bearer of a deleted account is 401', async () => {
    const bob = await t.createUser({ username: 'bob' }, await t.signIn('alice', PASSWORD, site));
    const res = await t.request(`/api/users/${bob.user._id}`, { method: 'DELETE', as: bob });
    expect(res.status).toBe(200);
    expect((await t.request('/api/users', { as: bob })).status).toBe(401);
  });
});

describe('rate limits (LOGIN_MAX_ATTEMPTS=3, LOGIN_WINDOW_MINUTES=10, behind a trusted proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { LOGIN_MAX_ATTEMPTS: '3', LOGIN_WINDOW_MINUTES: '10', TRUST_PROXY: 'true', SITE_LOCKOUT_HOURS: '0' } });
    await t.createUser({ username: 'alice' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    // Each test starts after every earlier window has passed.
    now += DAY;
  });

  const from = (address: string) => ({ 'x-forwarded-for': `203.0.113.77, ${address}` });

  test('sign-in: after 3 failures one address gets 429 with Retry-After, even with the right password; others are unaffected', async () => {
    const site = await t.enterSite();
    const signIn = (password: string, address: string) =>
      t.request('/auth/signin/', { method: 'POST', json: { username: 'alice', password }, as: { siteToken: site }, headers: from(address) });
    for (let i = 0; i < 3; i++) expect((await signIn('wrong password', '10.0.0.1')).status).toBe(401);

    const blocked = await signIn(PASSWORD, '10.0.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('600');
    expect(await blocked.json()).toEqual({ error: 'Too many attempts. Please try again in 10 minutes.' });
    expect(blocked.headers.getSetCookie()).toEqual([]);

    // The client part of X-Forwarded-For can be forged; the proxy's last entry decides.
    expect(
      (
        await t.request('/auth/signin/', {
          method: 'POST',
          json: { username: 'alice', password: PASSWORD },
          as: { siteToken: site },
          headers: { 'x-forwarded-for': '10.0.0.9, 10.0.0.1' },
        })
      ).status,
    ).toBe(429);
    expect((await signIn(PASSWORD, '10.0.0.2')).status).toBe(200);

    now += 4 * 60_000;
    const still = await signIn(PASSWORD, '10.0.0.1');
    expect(still.status).toBe(429);
    expect(still.headers.get('retry-after')).toBe('360');
    // The no-JavaScript form is limited by the same counter.
    const viaForm = await t.request('/signin', { ...form({ username: 'alice', password: PASSWORD, next: '/' }, from('10.0.0.1')), as: { siteToken: site } });
    expect(viaForm.status).toBe(429);
    expect(viaForm.headers.get('retry-after')).toBe('360');
    expect(await viaForm.text()).toContain('Too many attempts. Please try again in 6 minutes.');

    now += 6 * 60_000;
    expect((await signIn(PASSWORD, '10.0.0.1')).status).toBe(200);
  });

  test('site password: the same rule, on its own counter', async () => {
    const enter = (password: string, address: string) => t.request('/api/site/verify-password', { method: 'POST', json: { password }, headers: from(address) });
    for (let i = 0; i < 3; i++) expect((await enter('wrong', '10.0.0.3')).status).toBe(401);
    const blocked = await enter(TEST_SITE_PASSWORD, '10.0.0.3');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('600');
    expect(await blocked.json()).toEqual({ success: false, error: 'Too many attempts. Please try again in 10 minutes.' });
    expect(blocked.headers.getSetCookie()).toEqual([]);
    // The gate form too.
    const viaForm = await t.request('/site/enter', form({ password: TEST_SITE_PASSWORD, next: '/' }, from('10.0.0.3')));
    expect(viaForm.status).toBe(429);
    expect(viaForm.headers.get('retry-after')).toBe('600');
    expect(viaForm.headers.getSetCookie()).toEqual([]);

    expect((await enter(TEST_SITE_PASSWORD, '10.0.0.4')).status).toBe(200);
    // Failed site passwords do not use up sign-in attempts from that address.
    const site = await t.enterSite();
    const signIn = await t.request('/auth/signin/', {
      method: 'POST',
      json: { username: 'alice', password: PASSWORD },
      as: { siteToken: site },
      headers: from('10.0.0.3'),
    });
    expect(signIn.status).toBe(200);

    now += 10 * 60_000;
    expect((await enter(TEST_SITE_PASSWORD, '10.0.0.3')).status).toBe(200);
  });

  test('a success forgives earlier failures from that address', async () => {
    const enter = (password: string) => t.request('/api/site/verify-password', { method: 'POST', json: { password }, headers: from('10.0.0.5') });
    expect((await enter('wrong')).status).toBe(401);
    expect((await enter('wrong')).status).toBe(401);
    expect((await enter(TEST_SITE_PASSWORD)).status).toBe(200);
    expect((await enter('wrong')).status).toBe(401);
    expect((await enter('wrong')).status).toBe(401);
    expect((await enter(TEST_SITE_PASSWORD)).status).toBe(200);
  });

  test('without TRUST_PROXY a forged X-Forwarded-For does not escape the limit', async () => {
    const direct = await createTestApp({ clock, env: { LOGIN_MAX_ATTEMPTS: '2', LOGIN_WINDOW_MINUTES: '10' } });
    try {
      const enter = (password: string, address: string) =>
        direct.request('/api/site/verify-password', { method: 'POST', json: { password }, headers: { 'x-forwarded-for': address } });
      expect((await enter('wrong', '1.1.1.1')).status).toBe(401);
      expect((await enter('wrong', '2.2.2.2')).status).toBe(401);
      expect((await enter(TEST_SITE_PASSWORD, '3.3.3.3')).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('the sign-in page', () => {
  let t: TestApp;
  let site: string;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0' } });
    await t.createUser({ username: 'alice' });
    site = await t.enterSite();
  });
  afterAll(() => t.close());

  const withSite = (extra: Record<string, string | undefined> = {}) => ({ cookie: cookieHeader({ hub_site: site, ...extra }) });

  test('/signin shows the spec texts and the 18+ warning, and carries next', async () => {
    const res = await t.request('/signin?next=%2Fuser%2Fabc', { headers: withSite() });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      'Welcome Back',
      'Personal Site Access',
      'Personal Site - Account Required',
      '18+ ADULT CONTENT WARNING',
      'explicit adult material',
      '18 years of age or older',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('name="next" value="/user/abc"');
    expect(html).toContain('name="username"');
    expect(html).toContain('name="password"');
  });

  test('the form signs in and goes to next (303), setting the session cookie', async () => {
    const res = await t.request('/signin', {
      ...form({ username: 'alice', password: PASSWORD, next: '/users' }),
      headers: { ...form({}).headers, ...withSite() },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/users');
    const session = setCookies(res).get('hub_session')!;
    expect(session.attributes).toMatchObject({ httponly: true, samesite: 'Lax' });
    const page = await t.request('/users', { headers: withSite({ hub_session: session.value }) });
    expect(await page.text()).toContain('>alice</span>');
    // Signed in, /signin goes straight on.
    const again = await t.request('/signin?next=%2Fusers', { headers: withSite({ hub_session: session.value }) });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/users');
  });

  test.each(['//evil.com', 'https://evil.com', '/\\evil.com'])('the form does not follow next=%p off the site', async (next) => {
    const res = await t.request('/signin', { ...form({ username: 'alice', password: PASSWORD, next }), headers: { ...form({}).headers, ...withSite() } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  test('a wrong password shows the page again with the message and the username kept', async () => {
    const res = await t.request('/signin', {
      ...form({ username: 'alice', password: 'nope nope', next: '/users' }),
      headers: { ...form({}).headers, ...withSite() },
    });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('Invalid username or password');
    expect(html).toContain('Welcome Back');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('hub_session='))).toBe(false);
  });

  test('a cross-site sign-in form post is refused', async () => {
    const res = await t.request('/signin', {
      ...form({ username: 'alice', password: PASSWORD }),
      headers: { ...form({}).headers, ...withSite(), 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('hub_session='))).toBe(false);
  });

  test('the Sign Out form ends the session and goes to /signin', async () => {
    const session = await t.signIn('alice', PASSWORD, site);
    const res = await t.request('/signout', { method: 'POST', headers: withSite({ hub_session: session.token }) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/signin');
    expect(setCookies(res).get('hub_session')?.value).toBe('');
    expect((await t.request('/api/users', { as: session })).status).toBe(401);
  });
});
