// Credentials through the real app: header and cookie paths lead to the same checks, and
// state-changing requests that rely on cookies must come from this origin (CSRF).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { cookieHeader, createTestApp, type SignedIn, setCookies, type TestApp } from '../../test/helpers/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS: '100' } });
  admin = await t.createUser({ username: 'admin', name: 'Ada Admin' });
  bob = await t.createUser({ username: 'bob', name: 'Bob' }, admin);
});
afterAll(() => t.close());

const cookiesOf = (s: SignedIn) => cookieHeader({ hub_site: s.siteToken, hub_session: s.token });
const nameOf = async (id: string) => (await t.database.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst())?.name;
const CROSS_SITE: [string, Record<string, string>][] = [
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ['a foreign Origin', { origin: 'https://evil.invalid' }],
  ['an Origin that only starts like this host', { origin: 'http://localhost.evil.invalid' }],
  ['Origin: null', { origin: 'null' }],
  // The same host and port, another scheme: another origin (an http hub has no https pages).
  ['an https Origin on an http hub', { origin: 'https://localhost' }],
  ['an Origin of another port', { origin: 'http://localhost:8080' }],
];

describe('credentials', () => {
  test('site token and session each work by header or by cookie, in any mix', async () => {
    const path = `/api/users/${bob.user._id}`;
    const mixes: RequestInit[] = [
      { headers: { 'x-site-token': bob.siteToken, authorization: `Bearer ${bob.token}` } },
      { headers: { cookie: cookiesOf(bob) } },
      { headers: { 'x-site-token': bob.siteToken, cookie: `hub_session=${bob.token}` } },
      { headers: { cookie: `hub_site=${bob.siteToken}`, authorization: `Bearer ${bob.token}` } },
      // A session is not tied to the site token it was made with.
      { headers: { 'x-site-token': await t.enterSite(), authorization: `bearer ${bob.token}` } },
    ];
    for (const init of mixes) {
      const res = await t.request(path, init);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { _id: string })._id).toBe(bob.user._id);
    }
  });

  test('an Authorization header that is not a bearer token signs no one in', async () => {
    for (const authorization of [`Basic ${btoa('bob:correct horse battery')}`, `Token ${bob.token}`, 'Bearer', `Bearer ${bob.token} extra`]) {
      const res = await t.request('/api/users', { as: { siteToken: bob.siteToken }, headers: { authorization } });
      expect(res.status).toBe(401);
    }
  });

  test('a bad bearer token is not rescued by a good session cookie', async () => {
    const res = await t.request('/api/users', { headers: { cookie: cookiesOf(bob), authorization: `Bearer ${'a'.repeat(32)}` } });
    expect(res.status).toBe(401);
  });

  test('error answers carry a message and nothing else', async () => {
    const res = await t.request('/api/users/whatever', { method: 'DELETE', as: { siteToken: bob.siteToken } });
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
  });
});

describe('CSRF: cookie-authenticated changes must come from this origin', () => {
  test.each(CROSS_SITE)('PUT /api/users/{id} with %s is 403 and changes nothing', async (_, headers) => {
    const res = await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', json: { name: 'Forged' }, headers: { cookie: cookiesOf(bob), ...headers } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
    expect(await nameOf(bob.user._id)).toBe('Bob');
  });

  test.each(CROSS_SITE)('DELETE /api/users/{id} with %s is 403 and the account stays', async (_, headers) => {
    const res = await t.request(`/api/users/${bob.user._id}`, { method: 'DELETE', headers: { cookie: cookiesOf(bob), ...headers } });
    expect(res.status).toBe(403);
    expect(await nameOf(bob.user._id)).toBe('Bob');
  });

  test.each(CROSS_SITE)('POST /api/users by an admin cookie with %s is 403 and creates nobody', async (_, headers) => {
    const res = await t.request('/api/users', {
      method: 'POST',
      json: { username: 'forged', name: 'Forged', email: 'f@example.test', password: 'forged password', role: 'admin' },
      headers: { cookie: cookiesOf(admin), ...headers },
    });
    expect(res.status).toBe(403);
    expect(await t.database.db.selectFrom('users').select('id').where('username', '=', 'forged').execute()).toEqual([]);
  });

  test('page forms: edit profile and sign out from another site are refused', async () => {
    const edit = await t.request(`/user/edit/${bob.user._id}`, {
      method: 'POST',
      headers: { cookie: cookiesOf(bob), 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.invalid' },
      body: 'name=Forged',
    });
    expect(edit.status).toBe(403);
    expect(await nameOf(bob.user._id)).toBe('Bob');
    const signOut = await t.request('/signout', { method: 'POST', headers: { cookie: cookiesOf(bob), 'sec-fetch-site': 'cross-site' } });
    expect(signOut.status).toBe(403);
    expect((await t.request('/api/users', { as: bob })).status).toBe(200);
  });

  test('a forged Authorization header does not smuggle a cross-site cookie request through', async () => {
    const res = await t.request(`/api/users/${bob.user._id}`, {
      method: 'PUT',
      json: { name: 'Forged' },
      headers: { cookie: cookiesOf(bob), origin: 'https://evil.invalid', authorization: 'Bearer forged' },
    });
    expect(res.status).toBe(401);
    expect(await nameOf(bob.user._id)).toBe('Bob');
  });

  test('same-origin cookie requests (Origin or Sec-Fetch-Site) go through', async () => {
    const sameOrigin: Record<string, string>[] = [
      { origin: 'http://localhost' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
    ];
    for (const headers of sameOrigin) {
      const res = await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', json: { name: 'Bob' }, headers: { cookie: cookiesOf(bob), ...headers } });
      expect(res.status).toBe(200);
    }
    const res = await t.request(`/api/users/${bob.user._id}`, {
      method: 'PUT',
      json: { name: 'Bobby' },
      headers: { cookie: cookiesOf(bob), origin: 'http://localhost' },
    });
    expect(await res.json()).toMatchObject({ name: 'Bobby' });
    await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', json: { name: 'Bob' }, as: bob });
  });

  test('bearer requests are exempt: an API client may send any Origin', async () => {
    const res = await t.request(`/api/users/${bob.user._id}`, {
      method: 'PUT',
      as: bob,
      json: { name: 'Bob' },
      headers: { origin: 'https://tool.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
  });

  test('reads are not state changes: a cross-site GET is answered', async () => {
    const res = await t.request('/users', { headers: { cookie: cookiesOf(bob), 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });

  test('behind a trusted proxy the Host passed through is this origin; X-Forwarded-Host is never believed', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true', ALLOWED_HOSTS: 'hub.test' } });
    try {
      const carol = await proxied.createUser({ username: 'carol' });
      const headers = { cookie: cookiesOf(carol), host: 'hub.test', 'x-forwarded-proto': 'https' };
      const ok = await proxied.request(`/api/users/${carol.user._id}`, {
        method: 'PUT',
        json: { name: 'Carol' },
        headers: { ...headers, origin: 'https://hub.test' },
      });
      expect(ok.status).toBe(200);
      const forged = await proxied.request(`/api/users/${carol.user._id}`, {
        method: 'PUT',
        json: { name: 'Forged' },
        headers: { ...headers, origin: 'https://evil.invalid' },
      });
      expect(forged.status).toBe(403);
      // A client naming its own X-Forwarded-Host does not make its origin this one.
      const spoofed = await proxied.request(`/api/users/${carol.user._id}`, {
        method: 'PUT',
        json: { name: 'Forged' },
        headers: { ...headers, origin: 'https://evil.invalid', 'x-forwarded-host': 'evil.invalid' },
      });
      expect(spoofed.status).toBe(403);
      // Cookies set through the proxy are Secure.
      const signIn = await proxied.request('/auth/signin/', {
        method: 'POST',
        json: { username: 'carol', password: 'correct horse battery' },
        headers: { ...headers, origin: 'https://hub.test' },
      });
      expect(setCookies(signIn).get('hub_session')?.attributes.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});
