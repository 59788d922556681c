// Plain forms after a refusal: the page comes back with the status of the error, what was typed
// (never a password), and the problem under the field it concerns.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { signedInUser } from '../../test/helpers/factories.ts';
import { cookieHeader, createTestApp, type SignedIn, type TestApp } from '../../test/helpers/test-app.ts';

let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.database.db, { username: 'alice' });
});
afterAll(() => t.close());

/** The <input> element named `name` in the page. */
const input = (html: string, name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? '';

const post = (path: string, fields: Record<string, string>) =>
  t.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookieHeader({ hub_site: alice.siteToken, hub_session: alice.token }),
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams(fields).toString(),
  });

test('Edit Profile: a bad email is marked on its field, the name typed is kept, the password is not sent back', async () => {
  const res = await post(`/user/edit/${alice.user._id}`, { name: 'Alice Typed', email: 'not-an-email', password: 'a secret password' });
  expect(res.status).toBe(400);
  const html = await res.text();
  expect(input(html, 'email')).toContain('aria-invalid="true"');
  expect(html).toContain('id="field-email-error"');
  expect(html).toContain('Email must be a valid email address');
  expect(input(html, 'name')).toContain('value="Alice Typed"');
  expect(html).not.toContain('a secret password');
  expect(input(html, 'name')).not.toContain('aria-invalid');
});

test('Edit Profile: a password too short is named on the password field', async () => {
  const html = await (await post(`/user/edit/${alice.user._id}`, { name: '', email: '', password: 'short' })).text();
  expect(input(html, 'password')).toContain('aria-invalid="true"');
  expect(html).toContain('Password must be at least 8 characters');
});

test('Setup: two different site passwords are marked on the repeat field, and nothing is stored', async () => {
  const fresh = await createTestApp({ env: { SITE_PASSWORD: '' } });
  try {
    const res = await fresh.request('/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({
        sitePassword: 'first choice 1',
        sitePasswordConfirm: 'second choice',
        name: 'Root',
        username: 'root',
        email: 'bad',
        password: 'root password',
      }).toString(),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(input(html, 'sitePasswordConfirm')).toContain('aria-invalid="true"');
    expect(html).toContain('The two site passwords do not match');
    expect(input(html, 'username')).toContain('value="root"');
    expect(html).not.toContain('first choice 1');
    expect(await fresh.database.db.selectFrom('site_state').select('site_password_hash').executeTakeFirst()).toEqual({ site_password_hash: null });
  } finally {
    await fresh.close();
  }
});
