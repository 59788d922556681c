// The users API and pages over HTTP: who may create, list, read, change and delete which account,
// the bootstrap admin, the last admin, validation, cascades, and that no answer ever carries a
// password or its hash.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type Credentials, cookieHeader, createTestApp, type SignedIn, setCookies, type TestApp } from '../../../test/helpers/test-app.ts';
import { localDate } from '../../shared/dates.ts';
import { SITE_MESSAGES } from '../gate/gate.service.ts';

const PASSWORDS = ['admin password', 'bob password', 'carol password', 'dave password', 'new password 123', 'correct horse battery'];
let now = Date.UTC(2031, 6, 1, 9, 30);
const clock = () => new Date(now);

const apps: TestApp[] = [];
async function app() {
  const t = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', LOGIN_MAX_ATTEMPTS: '100' } });
  apps.push(t);
  return t;
}

afterAll(async () => {
  // Every JSON answer of this suite: never a password, never a hash.
  const bodies = apps.flatMap((t) => t.jsonBodies);
  expect(bodies.length).toBeGreaterThan(100);
  for (const body of bodies) {
    expect(body).not.toContain('$argon2');
    expect(body).not.toContain('password_hash');
    for (const password of PASSWORDS) expect(body).not.toContain(password);
  }
  for (const t of apps) await t.close();
});

/** `email missing`, `password "short"`: a test-name label for a field change. */
function describeChange(change: Record<string, unknown>): string {
  return Object.entries(change)
    .map(([key, value]) => `${key} ${value === undefined ? 'missing' : JSON.stringify(value)}`)
    .join(', ');
}

/** The chip right after the Account Profile header. */
function roleChip(html: string): string | undefined {
  const header = html.slice(html.indexOf('Account Profile'));
  return header.match(/^Account Profile(?:<[^>]+>|\s)*<span class="chip[^"]*">([^<]*)<\/span>/)?.[1];
}

const userShape = {
  _id: expect.any(String),
  name: expect.any(String),
  username: expect.any(String),
  email: expect.any(String),
  role: expect.stringMatching(/^(admin|user)$/),
  admin: expect.any(Boolean),
  created: expect.any(String),
};

describe('the first account (bootstrap)', () => {
  test('anyone past the gate creates it, and it is an admin even when it asks to be a user; then only admins create', async () => {
    const t = await app();
    const site = await t.enterSite();
    const res = await t.request('/api/users', {
      method: 'POST',
      as: { siteToken: site },
      json: { username: 'first', name: 'First', email: 'first@example.test', password: 'admin password', role: 'user' },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      ...userShape,
      username: 'first',
      name: 'First',
      email: 'first@example.test',
      role: 'admin',
      admin: true,
      created: new Date(now).toISOString(),
      updated: null,
    });

    const second = await t.request('/api/users', {
      method: 'POST',
      as: { siteToken: site },
      json: { username: 'second', name: 'Second', email: 's@example.test', password: 'bob password' },
    });
    expect(second.status).toBe(401);
    expect(await second.json()).toEqual({ error: 'You must be signed in' });
    const noSite = await t.request('/api/users', {
      method: 'POST',
      json: { username: 'third', name: 'Third', email: 't@example.test', password: 'bob password' },
    });
    expect(noSite.status).toBe(401);
    expect(await noSite.json()).toEqual({ error: SITE_MESSAGES.required });
    expect((await t.database.db.selectFrom('users').select('username').execute()).map((u) => u.username)).toEqual(['first']);
  });
});

describe('authorisation matrix', () => {
  let t: TestApp;
  let site: string;
  let admin: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  const as: Record<string, () => Credentials | undefined> = {};

  beforeAll(async () => {
    t = await app();
    // A minute apart, so the list (oldest first) has one order.
    admin = await t.createUser({ username: 'admin', name: 'Ada Admin', password: 'admin password' });
    now += 60_000;
    bob = await t.createUser({ username: 'bob', name: 'Bob', password: 'bob password' }, admin);
    now += 60_000;
    carol = await t.createUser({ username: 'carol', name: 'Carol', password: 'carol password' }, admin);
    site = await t.enterSite();
    as['no site token'] = () => undefined;
    // biome-ignore lint/complexity/useLiteralKeys: kept from before the linter; fix when this code is next touched
    as['anonymous'] = () => ({ siteToken: site });
    as['another user'] = () => bob;
    as['the owner'] = () => carol;
    as['an admin'] = () => admin;
  });

  const nameOf = async (id: string) => (await t.database.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst())?.name;

  test.each([
    ['no site token', 401, SITE_MESSAGES.required],
    ['anonymous', 401, 'You must be signed in'],
    ['another user', 200, null],
    ['the owner', 200, null],
    ['an admin', 200, null],
  ] as const)('GET /api/users as %s -> %d', async (who, status, error) => {
    const res = await t.request('/api/users', { as: as[who]!() });
    expect(res.status).toBe(status);
    const body = await res.json();
    if (error) return expect(body).toEqual({ error });
    if (who === 'an admin') {
      expect(body).toEqual([
        expect.objectContaining({ ...userShape, username: 'admin' }),
        expect.objectContaining({ username: 'bob', email: 'bob@example.test' }),
        expect.objectContaining({ username: 'carol' }),
      ]);
    } else {
      // Others see names only: no usernames, emails or roles.
      expect(body).toEqual([
        { _id: admin.user._id, name: 'Ada Admin' },
        { _id: bob.user._id, name: 'Bob' },
        { _id: carol.user._id, name: 'Carol' },
      ]);
    }
  });

  test.each([
    ['no site token', 401],
    ['anonymous', 401],
    ['another user', 403],
    ['the owner', 200],
    ['an admin', 200],
  ] as const)('GET /api/users/{carol} as %s -> %d', async (who, status) => {
    const res = await t.request(`/api/users/${carol.user._id}`, { as: as[who]!() });
    expect(res.status).toBe(status);
    const body = await res.json();
    if (status === 200)
      expect(body).toEqual({
        ...userShape,
        _id: carol.user._id,
        username: 'carol',
        name: 'Carol',
        email: 'carol@example.test',
        role: 'user',
        admin: false,
        updated: null,
      });
    else expect(Object.keys(body as object)).toEqual(['error']);
  });

  test.each([
    ['no site token', 401],
    ['anonymous', 401],
    ['another user', 403],
    ['the owner', 200],
    ['an admin', 200],
  ] as const)('PUT /api/users/{carol} as %s -> %d', async (who, status) => {
    const before = await nameOf(carol.user._id);
    now += 60_000;
    const res = await t.request(`/api/users/${carol.user._id}`, { method: 'PUT', as: as[who]!(), json: { name: `Carol by ${who}` } });
    expect(res.status).toBe(status);
    if (status === 200) {
      expect(await res.json()).toMatchObject({ _id: carol.user._id, name: `Carol by ${who}`, updated: new Date(now).toISOString() });
      expect(await nameOf(carol.user._id)).toBe(`Carol by ${who}`);
    } else {
      expect(await nameOf(carol.user._id)).toBe(before);
    }
  });

  test.each([
    ['no site token', 401],
    ['anonymous', 401],
    ['another user', 403],
    ['the owner', 200],
    ['an admin', 200],
  ] as const)('DELETE /api/users/{victim} as %s -> %d', async (who, status) => {
    const victim = await t.createUser({ username: `victim-${who.replaceAll(' ', '-')}`, password: 'dave password' }, admin);
    const credentials = who === 'the owner' ? victim : as[who]!();
    const res = await t.request(`/api/users/${victim.user._id}`, { method: 'DELETE', as: credentials });
    expect(res.status).toBe(status);
    const exists = await nameOf(victim.user._id);
    if (status === 200) {
      expect(await res.json()).toEqual({ success: true, message: 'User deleted' });
      expect(exists).toBeUndefined();
    } else {
      expect(exists).toBeDefined();
    }
  });

  test.each([
    ['no site token', 401],
    ['anonymous', 401],
    ['another user', 403],
    ['the owner', 403],
    ['an admin', 201],
  ] as const)('POST /api/users as %s -> %d', async (who, status) => {
    const username = `new-${who.replaceAll(' ', '-')}`;
    const res = await t.request('/api/users', {
      method: 'POST',
      as: as[who]!(),
      json: { username, name: 'New', email: 'new@example.test', password: 'dave password' },
    });
    expect(res.status).toBe(status);
    const row = await t.database.db.selectFrom('users').select('role').where('username', '=', username).executeTakeFirst();
    if (status === 201) {
      expect(await res.json()).toMatchObject({ username, role: 'user', admin: false });
      expect(row).toEqual({ role: 'user' });
    } else {
      expect(row).toBeUndefined();
    }
  });

  test('an unknown id is 404 for an admin (and 403 for anyone else, who may only touch their own)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await t.request('/api/users/no-such-user', { method, as: admin, json: method === 'PUT' ? { name: 'X' } : undefined });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'User not found' });
      expect((await t.request('/api/users/no-such-user', { method, as: bob, json: method === 'PUT' ? { name: 'X' } : undefined })).status).toBe(403);
    }
  });
});

describe('rules', () => {
  let t: TestApp;
  let admin: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await app();
    admin = await t.createUser({ username: 'Alice', name: 'Alice', password: 'admin password' });
    bob = await t.createUser({ username: 'bob', name: 'Bob', password: 'bob password' }, admin);
  });

  const roleOf = async (id: string) => (await t.database.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst())?.role;

  test('a user cannot change their own role; an admin can, also by sending the whole user back (Promote User)', async () => {
    const self = await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', as: bob, json: { role: 'admin' } });
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ error: 'Only an administrator can change a role' });
    expect(await roleOf(bob.user._id)).toBe('user');
    // Sending one's own unchanged role is no role change.
    expect((await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', as: bob, json: { role: 'user', name: 'Bob' } })).status).toBe(200);

    const whole = (await (await t.request(`/api/users/${bob.user._id}`, { as: admin })).json()) as Record<string, unknown>;
    const promoted = await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', as: admin, json: { ...whole, role: 'admin' } });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({ _id: bob.user._id, role: 'admin', admin: true, username: 'bob' });
    // The role counts from the next request on: bob now sees the full list.
    const list = (await (await t.request('/api/users', { as: bob })).json()) as object[];
    expect(list[0]).toHaveProperty('email');
    // And back (there is another admin).
    expect((await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', as: admin, json: { role: 'user' } })).status).toBe(200);
    expect(await roleOf(bob.user._id)).toBe('user');
  });

  test('an admin creates accounts with a role', async () => {
    const res = await t.request('/api/users', {
      method: 'POST',
      as: admin,
      json: { username: 'second-admin', name: 'Second', email: 'second@example.test', password: 'dave password', role: 'admin' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ role: 'admin', admin: true });
    const id = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'second-admin').executeTakeFirstOrThrow()).id;
    expect((await t.request(`/api/users/${id}`, { method: 'DELETE', as: admin })).status).toBe(200);
  });

  test('the last admin can be neither deleted nor demoted (409); with a second admin it can', async () => {
    const del = await t.request(`/api/users/${admin.user._id}`, { method: 'DELETE', as: admin });
    expect(del.status).toBe(409);
    expect(await del.json()).toEqual({ error: 'The last administrator cannot be deleted' });
    const demote = await t.request(`/api/users/${admin.user._id}`, { method: 'PUT', as: admin, json: { role: 'user' } });
    expect(demote.status).toBe(409);
    expect(await demote.json()).toEqual({ error: 'The last administrator cannot be demoted' });
    expect(await roleOf(admin.user._id)).toBe('admin');

    const second = await t.createUser({ username: 'carol', password: 'carol password', role: 'admin' }, admin);
    expect(second.user.role).toBe('admin');
    expect((await t.request(`/api/users/${admin.user._id}`, { method: 'PUT', as: admin, json: { role: 'user' } })).status).toBe(200);
    // Now carol is the last admin.
    expect((await t.request(`/api/users/${second.user._id}`, { method: 'PUT', as: second, json: { role: 'user' } })).status).toBe(409);
    expect((await t.request(`/api/users/${second.user._id}`, { method: 'DELETE', as: second })).status).toBe(409);
    expect((await t.request(`/api/users/${admin.user._id}`, { method: 'PUT', as: second, json: { role: 'admin' } })).status).toBe(200);
  });

  test('usernames are unique ignoring case (409), on create and on rename', async () => {
    const create = await t.request('/api/users', {
      method: 'POST',
      as: admin,
      json: { username: 'ALICE', name: 'Other', email: 'o@example.test', password: 'dave password' },
    });
    expect(create.status).toBe(409);
    expect(await create.json()).toEqual({ error: 'That username is already taken' });
    const rename = await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', as: bob, json: { username: 'alice' } });
    expect(rename.status).toBe(409);
    expect(await rename.json()).toEqual({ error: 'That username is already taken' });
    // A change of case of one's own name is fine, and sign-in ignores case.
    expect((await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', as: bob, json: { username: 'Bob' } })).status).toBe(200);
    expect((await t.signIn('BOB', 'bob password')).user._id).toBe(bob.user._id);
  });

  test.each(
    (
      [
        [{ email: 'not-an-email' }, 'Email must be a valid email address'],
        [{ email: undefined }, 'Email is required'],
        [{ password: 'short' }, 'Password must be at least 8 characters'],
        [{ password: undefined }, 'Password is required'],
        [{ role: 'root' }, 'Role must be admin or user'],
        [{ username: undefined }, 'Username is required'],
        [{ username: '   ' }, 'Username is required'],
        [{ username: 'has space' }, 'Username may contain letters, digits and . _ @ - only'],
        [{ name: undefined }, 'Name is required'],
      ] as [Record<string, unknown>, string][]
    ).map(([change, message]) => [describeChange(change), change, message] as const),
  )('POST /api/users with %s -> 400', async (_, change, message) => {
    const res = await t.request('/api/users', {
      method: 'POST',
      as: admin,
      json: { username: 'dave', name: 'Dave', email: 'dave@example.test', password: 'dave password', ...change },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
    expect(await t.database.db.selectFrom('users').select('id').where('username_key', '=', 'dave').execute()).toEqual([]);
  });

  test.each(
    (
      [
        [{ email: 'nope' }, 'Email must be a valid email address'],
        [{ password: 'short' }, 'Password must be at least 8 characters'],
        [{ role: 'superuser' }, 'Role must be admin or user'],
      ] as [Record<string, unknown>, string][]
    ).map(([change, message]) => [describeChange(change), change, message] as const),
  )('PUT /api/users/{id} with %s -> 400', async (_, change, message) => {
    const res = await t.request(`/api/users/${bob.user._id}`, { method: 'PUT', as: admin, json: change });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
  });

  test('bad bodies are 4xx JSON, never 500', async () => {
    for (const [method, path] of [
      ['POST', '/api/users'],
      ['PUT', `/api/users/${bob.user._id}`],
    ] as const) {
      for (const [init, status] of [
        [{ headers: { 'content-type': 'application/json' }, body: '{"name":' }, 400],
        [{ headers: { 'content-type': 'application/json' }, body: 'null' }, 400],
        [{ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x' }, 415],
        [{ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(70_000) }) }, 413],
      ] as const) {
        const res = await t.request(path, { method, as: admin, ...init });
        expect(res.status).toBe(status);
        expect(((await res.json()) as { error: unknown }).error).toBeString();
      }
    }
  });

  test('a password change takes effect at the next sign-in', async () => {
    const res = await t.request(`/api/users/${bob.user._id}`, {
      method: 'PUT',
      as: bob,
      json: { password: 'new password 123', currentPassword: 'bob password' },
    });
    expect(res.status).toBe(200);
    await expect(t.signIn('bob', 'bob password')).rejects.toThrow('401');
    expect((await t.signIn('bob', 'new password 123')).user._id).toBe(bob.user._id);
  });

  test('deleting a user deletes their sessions; deleting oneself also clears one’s session cookie', async () => {
    const dave = await t.createUser({ username: 'dave', password: 'dave password' }, admin);
    const again = await t.signIn('dave', 'dave password');
    const sessions = () => t.database.db.selectFrom('sessions').select('id').where('user_id', '=', dave.user._id).execute();
    expect(await sessions()).toHaveLength(2);
    const res = await t.request(`/api/users/${dave.user._id}`, { method: 'DELETE', as: admin });
    expect(res.status).toBe(200);
    expect(await sessions()).toEqual([]);
    for (const s of [dave, again]) expect((await t.request('/api/users', { as: s })).status).toBe(401);
    // The admin's own session is untouched.
    expect((await t.request('/api/users', { as: admin })).status).toBe(200);
    expect(setCookies(res).get('hub_session')).toBeUndefined();

    const erin = await t.createUser({ username: 'erin', password: 'dave password' }, admin);
    const self = await t.request(`/api/users/${erin.user._id}`, {
      method: 'DELETE',
      headers: { cookie: cookieHeader({ hub_site: erin.siteToken, hub_session: erin.token }), origin: 'http://localhost' },
    });
    expect(self.status).toBe(200);
    expect(setCookies(self).get('hub_session')).toMatchObject({ value: '', attributes: { 'max-age': '0' } });
    expect(await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', erin.user._id).execute()).toEqual([]);
  });
});

describe('pages', () => {
  let t: TestApp;
  let admin: SignedIn;
  let bob: SignedIn;
  const cookies = (s: SignedIn | { siteToken: string; token?: string }) => ({ cookie: cookieHeader({ hub_site: s.siteToken, hub_session: s.token }) });
  const page = (path: string, s: SignedIn | { siteToken: string; token?: string }) => t.request(path, { headers: cookies(s) });

  beforeAll(async () => {
    t = await app();
    admin = await t.createUser({ username: 'admin', name: 'Ada Admin', password: 'admin password' });
    now += 24 * 3600_000;
    bob = await t.createUser({ username: 'bob', name: 'Bob Builder', password: 'bob password' }, admin);
  });

  test.each(['/', '/user/some-id', '/user/edit/some-id', '/admin', '/admin?tab=users'])('signed out, %s redirects to /signin?next=<path>', async (path) => {
    const res = await page(path, { siteToken: await t.enterSite() });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/signin?next=${encodeURIComponent(path)}`);
  });

  test('/users lists the names for a signed-in user, each linking to the profile, and asks others to sign in', async () => {
    const res = await page('/users', bob);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('All Users');
    expect(html).toContain(`href="/user/${admin.user._id}"`);
    expect(html).toContain('>Ada Admin</span>');
    expect(html).toContain('>Bob Builder</span>');
    expect(html).not.toContain('admin@example.test');

    const anonymous = await page('/users', { siteToken: bob.siteToken });
    expect(anonymous.status).toBe(200);
    const text = await anonymous.text();
    expect(text).toContain('All Users');
    expect(text).not.toContain('Ada Admin');
    expect(text).toContain('href="/signin?next=%2Fusers"');
  });

  test('the profile shows the role chip, Member Since, Last Updated Never, and no hash', async () => {
    const res = await page(`/user/${bob.user._id}`, bob);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Account Profile');
    expect(roleChip(html)).toBe('User');
    expect(html).toContain('Standard User Account');
    expect(html).toContain('Member Since');
    expect(html).toContain(localDate(new Date(now).toISOString(), false));
    expect(html).toMatch(/Last Updated<\/dt><dd[^>]*>Never<\/dd>/);
    expect(html).toContain(`href="/user/edit/${bob.user._id}"`);
    expect(html).not.toContain('$argon2');

    const adminHtml = await (await page(`/user/${admin.user._id}`, admin)).text();
    expect(roleChip(adminHtml)).toBe('Administrator');
    expect(adminHtml).toContain('Administrator Account');
  });

  test('another user’s profile is not authorised (403) for a user; an admin may view it without edit actions', async () => {
    const res = await page(`/user/${admin.user._id}`, bob);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('Not authorised');
    expect(html).not.toContain('Ada Admin</p>');

    const asAdmin = await page(`/user/${bob.user._id}`, admin);
    expect(asAdmin.status).toBe(200);
    const adminView = await asAdmin.text();
    expect(adminView).toContain('Bob Builder');
    expect(adminView).not.toContain(`href="/user/edit/${bob.user._id}"`);
  });

  test('/user/edit/{other} is 403, even for an admin; one’s own shows Name, Email, Password and Submit', async () => {
    expect((await page(`/user/edit/${admin.user._id}`, bob)).status).toBe(403);
    expect((await page(`/user/edit/${bob.user._id}`, admin)).status).toBe(403);
    const res = await page(`/user/edit/${bob.user._id}`, bob);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const field of ['name="name"', 'name="email"', 'name="password"', 'Submit', 'Edit Profile']) expect(html).toContain(field);
  });

  test('the edit form changes only filled fields and goes to the profile', async () => {
    const before = await t.database.db.selectFrom('users').selectAll().where('id', '=', bob.user._id).executeTakeFirstOrThrow();
    now += 3600_000;
    const res = await t.request(`/user/edit/${bob.user._id}`, {
      method: 'POST',
      headers: { ...cookies(bob), 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: new URLSearchParams({ name: 'Robert Builder', email: '', password: '' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/user/${bob.user._id}`);
    const after = await t.database.db.selectFrom('users').selectAll().where('id', '=', bob.user._id).executeTakeFirstOrThrow();
    expect(after).toEqual({ ...before, name: 'Robert Builder', updated_at: now });
    const html = await (await page(`/user/${bob.user._id}`, bob)).text();
    expect(html).toContain('Robert Builder');
    expect(html).not.toMatch(/Last Updated<\/dt><dd[^>]*>Never<\/dd>/);
  });

  test('the edit form shows a bad value’s reason and changes nothing; another’s form post is refused', async () => {
    const res = await t.request(`/user/edit/${bob.user._id}`, {
      method: 'POST',
      headers: { ...cookies(bob), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'not-an-email', password: 'short' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Email must be a valid email address');
    const row = await t.database.db.selectFrom('users').select('email').where('id', '=', bob.user._id).executeTakeFirstOrThrow();
    expect(row.email).toBe('bob@example.test');

    const other = await t.request(`/user/edit/${admin.user._id}`, {
      method: 'POST',
      headers: { ...cookies(bob), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Hacked',
    });
    expect(other.status).toBe(403);
    const adminRow = await t.database.db.selectFrom('users').select('name').where('id', '=', admin.user._id).executeTakeFirstOrThrow();
    expect(adminRow.name).toBe('Ada Admin');
  });
});
