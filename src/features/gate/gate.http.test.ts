// The site gate over HTTP: the password endpoint and its cookie, token checks, what a visitor
// without a site token sees, Lock Site, the no-JavaScript gate form and the first-run setup.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { cookieHeader, createTestApp, setCookies, TEST_SITE_PASSWORD, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { SITE_MESSAGES } from './gate.service.ts';

const THIRTY_DAYS_S = 30 * 24 * 3600;

const verifyPassword = (t: TestApp, body: unknown, init: RequestInit = {}, url = '/api/site/verify-password') =>
  t.request(url, { method: 'POST', json: body, ...init });

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The hidden `next` field of the gate form, as the HTML carries it. */
function hiddenNext(html: string): string | undefined {
  const raw = html.match(/<input type="hidden" name="next" value="([^"]*)"/)?.[1];
  return raw?.replaceAll('&amp;', '&');
}

describe('POST /api/site/verify-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('the right password answers success with a site token and sets the HttpOnly hub_site cookie', async () => {
    const res = await verifyPassword(t, { password: TEST_SITE_PASSWORD });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; siteToken: string };
    expect(body).toEqual({ success: true, siteToken: expect.stringMatching(/^[a-z2-7]{32}$/) });
    const cookie = setCookies(res).get('hub_site')!;
    expect(cookie.value).toBe(body.siteToken);
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': String(THIRTY_DAYS_S) });
    // Plain HTTP (a LAN address): a Secure cookie would never come back.
    expect(cookie.attributes.secure).toBeUndefined();
    // The token works by header and by cookie.
    expect(await (await t.request('/api/site/verify-token', { as: { siteToken: body.siteToken } })).json()).toEqual({ valid: true });
  });

  test('each success issues a different token, and only its SHA-256 is stored', async () => {
    const a = (await (await verifyPassword(t, { password: TEST_SITE_PASSWORD })).json()) as { siteToken: string };
    const b = (await (await verifyPassword(t, { password: TEST_SITE_PASSWORD })).json()) as { siteToken: string };
    expect(a.siteToken).not.toBe(b.siteToken);
    const ids = (await t.database.db.selectFrom('site_tokens').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(a.siteToken);
    expect(ids).toContain(new Bun.CryptoHasher('sha256').update(a.siteToken).digest('hex'));
  });

  test('over HTTPS the cookie is Secure', async () => {
    const res = await verifyPassword(t, { password: TEST_SITE_PASSWORD }, {}, 'https://localhost/api/site/verify-password');
    expect(res.status).toBe(200);
    expect(setCookies(res).get('hub_site')!.attributes).toMatchObject({ secure: true, httponly: true, samesite: 'Lax' });
  });

  test('x-forwarded-proto: https is believed only from a trusted proxy', async () => {
    const untrusted = await verifyPassword(t, { password: TEST_SITE_PASSWORD }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(setCookies(untrusted).get('hub_site')!.attributes.secure).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const res = await verifyPassword(proxied, { password: TEST_SITE_PASSWORD }, { headers: { 'x-forwarded-proto': 'https' } });
      expect(setCookies(res).get('hub_site')!.attributes.secure).toBe(true);
      const plain = await verifyPassword(proxied, { password: TEST_SITE_PASSWORD }, { headers: { 'x-forwarded-proto': 'http' } });
      expect(setCookies(plain).get('hub_site')!.attributes.secure).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  test('a wrong password answers 401 with the spec message and no cookie', async () => {
    const res = await verifyPassword(t, { password: 'not the password' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: 'Incorrect site password. Please try again.' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  test.each([
    ['empty', { password: '' }],
    ['whitespace only', { password: '  \t ' }],
    ['missing', {}],
    ['null', { password: null }],
    ['not a string', { password: 12345678 }],
  ])('a %s password answers 400 Please enter the site password', async (_, body) => {
    const res = await verifyPassword(t, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'Please enter the site password' });
  });

  test('broken, non-object, non-JSON and oversized bodies answer 4xx JSON, never 500', async () => {
    const cases: [RequestInit, number][] = [
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"password":' }, 400],
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: '["household secret"]' }, 400],
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: '"household secret"' }, 400],
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: '' }, 400],
      [{ method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'household secret' }, 415],
      [{ method: 'POST' }, 415],
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'x'.repeat(100_000) }) }, 413],
    ];
    for (const [init, status] of cases) {
      const res = await t.request('/api/site/verify-password', init);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as { error?: unknown };
      expect(body.error).toBeString();
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe('GET /api/site/verify-token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('valid by header and by cookie; a header token is handed back as the cookie', async () => {
    const token = await t.enterSite();
    const byHeader = await t.request('/api/site/verify-token', { as: { siteToken: token } });
    expect(await byHeader.json()).toEqual({ valid: true });
    expect(setCookies(byHeader).get('hub_site')?.value).toBe(token);
    const byCookie = await t.request('/api/site/verify-token', { headers: { cookie: `hub_site=${token}` } });
    expect(await byCookie.json()).toEqual({ valid: true });
  });

  test('no token, garbage, a well-formed unknown token or a revoked one: valid false', async () => {
    expect(await (await t.request('/api/site/verify-token')).json()).toEqual({ valid: false });
    expect(await (await t.request('/api/site/verify-token', { as: { siteToken: 'garbage' } })).json()).toEqual({ valid: false });
    expect(await (await t.request('/api/site/verify-token', { as: { siteToken: 'a'.repeat(32) } })).json()).toEqual({ valid: false });
    const token = await t.enterSite();
    await t.request('/api/site/lock', { method: 'POST', as: { siteToken: token } });
    expect(await (await t.request('/api/site/verify-token', { as: { siteToken: token } })).json()).toEqual({ valid: false });
    // A dead cookie is cleared so the browser stops sending it.
    const res = await t.request('/api/site/verify-token', { headers: { cookie: `hub_site=${token}` } });
    expect(await res.json()).toEqual({ valid: false });
    expect(setCookies(res).get('hub_site')).toMatchObject({ value: '', attributes: { 'max-age': '0' } });
  });
});

describe('site token expiry', () => {
  test('a site token in use slides forward, and its cookie is sent again so the browser keeps it', async () => {
    const DAY = 24 * 3600_000;
    let now = Date.UTC(2031, 0, 1);
    const t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
    try {
      const token = await t.enterSite();
      const start = now;
      now = start + 10 * DAY;
      const early = await t.request('/signin', { headers: { cookie: `hub_site=${token}` } });
      expect(early.status).toBe(200);
      expect(setCookies(early).get('hub_site')).toBeUndefined();
      now = start + 16 * DAY;
      const later = await t.request('/signin', { headers: { cookie: `hub_site=${token}` } });
      expect(setCookies(later).get('hub_site')).toMatchObject({ value: token, attributes: { 'max-age': String(THIRTY_DAYS_S), httponly: true } });
      // A token sent by header slides too, but gets no cookie it did not come with.
      const other = await t.enterSite();
      now = start + 32 * DAY;
      const byHeader = await t.request('/api/users', { as: { siteToken: other } });
      expect(byHeader.status).toBe(401); // signed out, but past the gate
      expect(await byHeader.json()).toEqual({ error: 'You must be signed in' });
      expect(setCookies(byHeader).get('hub_site')).toBeUndefined();
      // 40 days after entering, still in; 30 days unused after that, out.
      now = start + 40 * DAY;
      expect((await t.request('/signin', { headers: { cookie: `hub_site=${token}` } })).status).toBe(200);
      now = start + 70 * DAY + 1;
      expect((await t.request('/signin', { headers: { cookie: `hub_site=${token}` } })).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('without a site token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ username: 'admin' });
  });
  afterAll(() => t.close());

  test.each([
    ['GET', '/api/users'],
    ['POST', '/api/users'],
    ['GET', '/api/users/some-id'],
    ['PUT', '/api/users/some-id'],
    ['DELETE', '/api/users/some-id'],
    ['POST', '/api/admin/reset-lockout'],
    ['POST', '/auth/signin/'],
    ['POST', '/auth/signin'],
    ['GET', '/auth/signout/'],
    ['GET', '/api/no-such-endpoint'],
  ])('%s %s answers 401 JSON asking for site access', async (method, path) => {
    const res = await t.request(path, { method, json: method === 'GET' ? undefined : { username: 'admin', password: 'correct horse battery' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: SITE_MESSAGES.required });
  });

  test('a garbage x-site-token or cookie is no better than none', async () => {
    expect((await t.request('/api/users', { as: { siteToken: 'garbage' } })).status).toBe(401);
    expect((await t.request('/api/users', { headers: { cookie: 'hub_site=garbage' } })).status).toBe(401);
  });

  test('a session alone does not pass the gate', async () => {
    const admin = await t.signIn('admin', 'correct horse battery');
    const res = await t.request('/api/users', { as: { token: admin.token } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: SITE_MESSAGES.required });
  });

  test.each(['/', '/users', '/signin', '/admin', '/user/abc', '/user/edit/abc', '/watch', '/no/such/page', '/users?sort=name&x=1'])(
    'the page %s shows the gate (401) at the same URL, coming back to it afterwards',
    async (path) => {
      const res = await t.request(path);
      expect(res.status).toBe(401);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain('Private Access');
      expect(html).toContain('action="/site/enter"');
      expect(html).toContain('Enter Site');
      expect(hiddenNext(html)).toBe(path);
      // The gate shows nothing of the hub behind it.
      expect(html).not.toContain('Welcome Back');
      expect(html).not.toContain('All Users');
    },
  );

  test('a form post to a page without a site token is refused', async () => {
    const res = await t.request('/user/edit/abc', form({ name: 'x' }));
    expect(res.status).toBe(401);
  });

  test('static files, robots.txt and the health check stay open', async () => {
    expect((await t.request('/static/favicon.svg')).status).toBe(200);
    expect((await t.request('/robots.txt')).status).toBe(200);
    expect((await t.request('/healthz')).status).toBe(200);
    expect((await t.request('/api/site/lockout-status')).status).toBe(200);
  });
});

describe('Lock Site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('POST /api/site/lock revokes the token on the server and clears the cookie', async () => {
    const token = await t.enterSite();
    const other = await t.enterSite();
    const res = await t.request('/api/site/lock', { method: 'POST', as: { siteToken: token }, headers: { cookie: `hub_site=${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(setCookies(res).get('hub_site')).toMatchObject({ value: '', attributes: { 'max-age': '0', path: '/' } });
    // A copy of the token kept elsewhere (sessionStorage, another tool) is dead too.
    expect(await t.request('/api/site/verify-token', { as: { siteToken: token } }).then((r) => r.json())).toEqual({ valid: false });
    expect((await t.request('/', { as: { siteToken: token } })).status).toBe(401);
    // Only that token: other browsers keep their access.
    expect(await t.request('/api/site/verify-token', { as: { siteToken: other } }).then((r) => r.json())).toEqual({ valid: true });
  });

  test('the Lock Site form (POST /site/lock) does the same and goes to /', async () => {
    const token = await t.enterSite();
    const res = await t.request('/site/lock', { method: 'POST', headers: { cookie: `hub_site=${token}` } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(setCookies(res).get('hub_site')?.value).toBe('');
    expect(await t.request('/api/site/verify-token', { as: { siteToken: token } }).then((r) => r.json())).toEqual({ valid: false });
  });

  test('a cross-site Lock Site post is refused and the token keeps working', async () => {
    const token = await t.enterSite();
    const res = await t.request('/site/lock', { method: 'POST', headers: { cookie: `hub_site=${token}`, 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect(await t.request('/api/site/verify-token', { as: { siteToken: token } }).then((r) => r.json())).toEqual({ valid: true });
  });
});

describe('the gate form without JavaScript (POST /site/enter)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('the right password sets the cookie and goes back to the page asked for', async () => {
    const res = await t.request('/site/enter', form({ password: TEST_SITE_PASSWORD, next: '/users?x=1' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/users?x=1');
    const cookie = setCookies(res).get('hub_site')!;
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Lax' });
    const page = await t.request('/users', { headers: { cookie: `hub_site=${cookie.value}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('All Users');
  });

  test.each([
    '//evil.com',
    '//evil.com/users',
    'https://evil.com',
    'http://evil.com/',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'evil.com',
    '/\t/evil.com',
    '',
  ])('next=%p is not followed off the site', async (next) => {
    const res = await t.request('/site/enter', form({ password: TEST_SITE_PASSWORD, next }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  test('without next it goes to /', async () => {
    const res = await t.request('/site/enter', form({ password: TEST_SITE_PASSWORD }));
    expect(res.headers.get('location')).toBe('/');
  });

  test('a wrong or blank password shows the gate again with the message, keeping next, and sets no cookie', async () => {
    const wrong = await t.request('/site/enter', form({ password: 'nope', next: '/users' }));
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain('Incorrect site password. Please try again.');
    expect(hiddenNext(html)).toBe('/users');
    expect(wrong.headers.getSetCookie()).toEqual([]);

    const blank = await t.request('/site/enter', form({ password: '   ', next: '/users' }));
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain('Please enter the site password');
  });

  test('a cross-site form post is refused (no login CSRF)', async () => {
    const res = await t.request('/site/enter', {
      ...form({ password: TEST_SITE_PASSWORD }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe('first run: no site password anywhere', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const setupForm = (fields: Record<string, string> = {}) =>
    form({
      sitePassword: 'our new site secret',
      sitePasswordConfirm: 'our new site secret',
      name: 'First Admin',
      username: 'boss',
      email: 'boss@example.test',
      password: 'boss password',
      ...fields,
    });

  test('every page shows the setup page; the API stays closed and the gate says it is not set up', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    for (const path of ['/', '/signin', '/users', '/admin', '/setup', '/no/such/page']) {
      const res = await t.request(path);
      expect(res.headers.get('location')).toBeNull();
      const html = await res.text();
      expect(html).toContain('Set up your hub');
      expect(html).toContain('name="sitePassword"');
      expect(html).toContain('action="/setup"');
    }
    expect((await t.request('/api/users')).status).toBe(401);
    const res = await verifyPassword(t, { password: 'anything at all' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, error: SITE_MESSAGES.notSetUp });
  });

  test('with an administrator from ADMIN_USERNAME already there, setup asks only for the site password', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    // An account made on the server (as ADMIN_USERNAME or the CLI would) before anyone set up the gate.
    const { createServices } = await import('../services.ts');
    await createServices({ db: t.database.db, config: loadConfig({ DATA_DIR: t.dataDir }), clock: () => new Date() }).users.create(null, {
      username: 'root',
      name: 'Root',
      email: 'root@localhost',
      password: 'root password',
    });
    const html = await (await t.request('/')).text();
    expect(html).toContain('name="sitePassword"');
    expect(html).not.toContain('name="username"');
    expect(html).toContain('The administrator account exists already.');
    const res = await t.request('/setup', form({ sitePassword: 'our new site secret', sitePasswordConfirm: 'our new site secret' }));
    expect(res.status).toBe(303);
    const entered = (await (await t.request('/api/site/verify-password', { method: 'POST', json: { password: 'our new site secret' } })).json()) as {
      siteToken: string;
    };
    expect((await t.signIn('root', 'root password', entered.siteToken)).user.admin).toBe(true);
  });

  test('POST /setup stores an argon2id hash of the site password, creates the admin and signs them in', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const res = await t.request('/setup', setupForm());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const cookies = setCookies(res);
    const site = cookies.get('hub_site')!.value;
    const session = cookies.get('hub_session')!.value;
    expect(cookies.get('hub_session')!.attributes).toMatchObject({ httponly: true, samesite: 'Lax' });

    const state = await t.database.db.selectFrom('site_state').select('site_password_hash').executeTakeFirstOrThrow();
    expect(state.site_password_hash).toStartWith('$argon2id$');
    expect(state.site_password_hash).not.toContain('our new site secret');
    const users = await t.database.db.selectFrom('users').select(['username', 'role', 'password_hash']).execute();
    expect(users).toEqual([{ username: 'boss', role: 'admin', password_hash: expect.stringMatching(/^\$argon2id\$/) }]);

    // Signed in and past the gate: the home page, and /admin.
    const home = await t.request('/', { headers: { cookie: cookieHeader({ hub_site: site, hub_session: session }) } });
    expect(home.status).toBe(200);
    expect((await t.request('/admin', { headers: { cookie: cookieHeader({ hub_site: site, hub_session: session }) } })).status).toBe(200);
    // Its sessions list says it began at the first-run setup.
    const sessions = await t.request('/api/me/sessions', { headers: { cookie: cookieHeader({ hub_site: site, hub_session: session }) } });
    expect(((await sessions.json()) as { method: string }[]).map((s) => s.method)).toEqual(['setup']);
    // The chosen password opens the gate from now on.
    expect((await verifyPassword(t, { password: 'our new site secret' })).status).toBe(200);
    expect((await verifyPassword(t, { password: TEST_SITE_PASSWORD })).status).toBe(401);
    // And the setup page is gone.
    const setupPage = await t.request('/setup', { headers: { cookie: cookieHeader({ hub_site: site }) } });
    expect(setupPage.status).toBe(303);
  });

  test('afterwards POST /setup cannot change the site password or add an admin, with or without site access', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const first = await t.request('/setup', setupForm());
    const site = setCookies(first).get('hub_site')!.value;
    const takeover = {
      sitePassword: 'attacker secret!',
      sitePasswordConfirm: 'attacker secret!',
      username: 'mallory',
      email: 'm@evil.example',
      password: 'mallory password',
    };

    const anonymous = await t.request('/setup', setupForm(takeover));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.getSetCookie().some((c) => c.startsWith('hub_session='))).toBe(false);
    const withSiteAccess = await t.request('/setup', {
      ...setupForm(takeover),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `hub_site=${site}` },
    });
    expect(withSiteAccess.status).toBe(303);
    expect(withSiteAccess.headers.getSetCookie().some((c) => c.startsWith('hub_session='))).toBe(false);

    expect((await verifyPassword(t, { password: 'attacker secret!' })).status).toBe(401);
    expect((await verifyPassword(t, { password: 'our new site secret' })).status).toBe(200);
    expect((await t.database.db.selectFrom('users').select('username').execute()).map((u) => u.username)).toEqual(['boss']);
  });

  test('two setups at the same moment: one wins, the other is refused and changes nothing', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const [a, b] = await Promise.all([
      t.request('/setup', setupForm({ sitePassword: 'first site secret', sitePasswordConfirm: 'first site secret', username: 'first' })),
      t.request('/setup', setupForm({ sitePassword: 'second site secret', sitePasswordConfirm: 'second site secret', username: 'second' })),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([303, 409]);
    const [winner, loser] = a.status === 303 ? ['first', 'second'] : ['second', 'first'];
    expect(await (a.status === 409 ? a : b).text()).toContain(SITE_MESSAGES.alreadySetUp);
    expect((await verifyPassword(t, { password: `${winner} site secret` })).status).toBe(200);
    expect((await verifyPassword(t, { password: `${loser} site secret` })).status).toBe(401);
    expect((await t.database.db.selectFrom('users').select('username').execute()).map((u) => u.username)).toEqual([winner]);
  });

  test('bad setup input shows the form again with the reason and changes nothing', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const cases: [Record<string, string>, string][] = [
      [{ sitePasswordConfirm: 'something else' }, 'The two site passwords do not match'],
      [{ sitePassword: '', sitePasswordConfirm: '' }, 'Choose a site password'],
      [{ sitePassword: 'short', sitePasswordConfirm: 'short' }, 'The site password must be at least 8 characters'],
      [{ email: 'not-an-email' }, 'Email must be a valid email address'],
      [{ password: 'short' }, 'Password must be at least 8 characters'],
      [{ username: '' }, 'Username is required'],
    ];
    for (const [fields, message] of cases) {
      const res = await t.request('/setup', setupForm(fields));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain('Set up your hub');
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const state = await t.database.db.selectFrom('site_state').select('site_password_hash').executeTakeFirstOrThrow();
    expect(state.site_password_hash).toBeNull();
    expect(await t.database.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  test('a cross-site setup post is refused', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const res = await t.request('/setup', { ...setupForm(), headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    const state = await t.database.db.selectFrom('site_state').select('site_password_hash').executeTakeFirstOrThrow();
    expect(state.site_password_hash).toBeNull();
  });

  test('with SITE_PASSWORD set but no account, setup creates only the admin and needs site access', async () => {
    t = await createTestApp();
    const noAccess = await t.request('/setup', form({ name: 'A', username: 'first', email: 'first@example.test', password: 'first password' }));
    expect(noAccess.status).toBe(401);
    const site = await t.enterSite();
    const page = await t.request('/setup', { as: { siteToken: site } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Create the administrator account');
    expect(html).not.toContain('name="sitePassword"');
    const res = await t.request('/setup', {
      ...form({ name: 'A', username: 'first', email: 'first@example.test', password: 'first password' }),
      as: { siteToken: site },
    });
    expect(res.status).toBe(303);
    expect(setCookies(res).get('hub_session')?.value).toMatch(/^[a-z2-7]{32}$/);
    expect(await t.database.db.selectFrom('users').select(['username', 'role']).execute()).toEqual([{ username: 'first', role: 'admin' }]);
  });
});
