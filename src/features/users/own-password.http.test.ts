// Changing one's own password needs the current one (issue 22, finding 2): over the API and on the
// Edit Profile page. Missing → 400, wrong → 403, each counted by the sign-in guessing limit for
// that account and address; an administrator setting someone else's password needs none.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { cookieHeader, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { USER_MESSAGES } from './users.service.ts';

let t: TestApp;
let admin: SignedIn;
let bob: SignedIn;
beforeEach(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS: '3', TRUST_PROXY: 'true', SITE_LOCKOUT_HOURS: '0' } });
  admin = await t.createUser({ username: 'ada', password: 'ada password' });
  bob = await t.createUser({ username: 'bob', password: 'bob password' }, admin);
});
afterEach(() => t.close());

const HOME = '192.0.2.40';
const put = (as: SignedIn, id: string, json: unknown, address = HOME) =>
  t.request(`/api/users/${id}`, { method: 'PUT', as, json, headers: { 'x-forwarded-for': address } });
const signsInWith = async (username: string, password: string, address = '198.51.100.40') =>
  (
    await t.request('/auth/signin/', {
      method: 'POST',
      json: { username, password },
      as: { siteToken: admin.siteToken },
      headers: { 'x-forwarded-for': address },
    })
  ).status === 200;

describe('PUT /api/users/{own id} with a new password', () => {
  test('without currentPassword: 400 with a clear error, and the password stays', async () => {
    for (const body of [{ password: 'new password 123' }, { password: 'new password 123', currentPassword: '' }]) {
      const res = await put(bob, bob.user._id, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: USER_MESSAGES.currentPasswordRequired });
    }
    expect(await signsInWith('bob', 'bob password')).toBe(true);
    expect(await signsInWith('bob', 'new password 123')).toBe(false);
  });

  test('with a wrong currentPassword: 403 with a clear error, and the password stays', async () => {
    const res = await put(bob, bob.user._id, { password: 'new password 123', currentPassword: 'a guess' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: USER_MESSAGES.currentPasswordWrong });
    expect(await signsInWith('bob', 'bob password')).toBe(true);
  });

  test('with the right currentPassword: 200, and the new password signs in', async () => {
    const res = await put(bob, bob.user._id, { password: 'new password 123', currentPassword: 'bob password' });
    expect(res.status).toBe(200);
    expect(await signsInWith('bob', 'new password 123')).toBe(true);
    expect(await signsInWith('bob', 'bob password')).toBe(false);
  });

  test('wrong current passwords count as failed sign-in attempts: past the limit even the right one is 429, and so is signing in from there', async () => {
    for (let i = 0; i < 3; i++) expect((await put(bob, bob.user._id, { password: 'new password 123', currentPassword: `guess ${i}` })).status).toBe(403);
    const refused = await put(bob, bob.user._id, { password: 'new password 123', currentPassword: 'bob password' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'Too many attempts. Please try again in 15 minutes.' });
    expect(await signsInWith('bob', 'bob password', HOME)).toBe(false);
    // Other members at that address are not held back.
    expect(await signsInWith('ada', 'ada password', HOME)).toBe(true);
  });

  test('an administrator’s own password needs it too; changing only the name needs none', async () => {
    expect((await put(admin, admin.user._id, { password: 'new password 123' })).status).toBe(400);
    expect((await put(admin, admin.user._id, { name: 'Ada Lovelace' })).status).toBe(200);
  });

  test('an administrator sets a member’s password without the member’s (or their own) current password', async () => {
    const res = await put(admin, bob.user._id, { password: 'reset password 1' });
    expect(res.status).toBe(200);
    expect(await signsInWith('bob', 'reset password 1')).toBe(true);
  });
});

describe('the Edit Profile page', () => {
  const cookies = (as: SignedIn) => ({ cookie: cookieHeader({ hub_site: as.siteToken, hub_session: as.token }) });
  const post = (fields: Record<string, string>) =>
    t.request(`/user/edit/${bob.user._id}`, {
      method: 'POST',
      headers: { ...cookies(bob), 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', 'x-forwarded-for': HOME },
      body: new URLSearchParams(fields).toString(),
    });

  test('shows a Current password field for one’s own account', async () => {
    const html = await (await t.request(`/user/edit/${bob.user._id}`, { headers: cookies(bob) })).text();
    expect(html).toMatch(/<input[^>]*name="currentPassword"[^>]*type="password"|<input[^>]*type="password"[^>]*name="currentPassword"/);
    expect(html).toMatch(/autocomplete="current-password"/i);
    expect(html).toContain('Current password');
  });

  test('a new password with a wrong current one is refused on the page and changes nothing; with the right one it is saved', async () => {
    const wrong = await post({ name: '', email: '', password: 'new password 123', currentPassword: 'a guess' });
    expect(wrong.status).toBe(403);
    const html = await wrong.text();
    expect(html).toContain(USER_MESSAGES.currentPasswordWrong);
    expect(html).not.toContain('a guess');
    expect(await signsInWith('bob', 'bob password')).toBe(true);

    const missing = await post({ name: '', email: '', password: 'new password 123', currentPassword: '' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(USER_MESSAGES.currentPasswordRequired);

    const right = await post({ name: '', email: '', password: 'new password 123', currentPassword: 'bob password' });
    expect(right.status).toBe(303);
    expect(await signsInWith('bob', 'new password 123')).toBe(true);
  });
});
