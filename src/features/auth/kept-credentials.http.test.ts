// Site tokens and sessions are kept between requests until the database changes. Every way a
// credential stops working must still stop it at the next request: in this hub (signing out,
// locking, deleting a user, a new role) and from another process on the same file (the command
// line: a new site password, a password reset, a deleted user).

import { afterEach, describe, expect, test } from 'bun:test';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { openDatabase } from '../../db/client.ts';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const GALLERY = '/api/gallery?limit=5';

/** Runs `sql` on a second connection to the hub's database file, as the command line would. */
async function fromAnotherProcess(sql: string, ...parameters: string[]): Promise<void> {
  const other = openDatabase(t.database.sqlite.filename);
  other.sqlite.prepare(sql).run(...parameters);
  await other.close();
}

async function signedInTwice(): Promise<{ admin: SignedIn; bob: SignedIn }> {
  const admin = await t.createUser({ username: 'admin' });
  const bob = await t.createUser({ username: 'bob' }, admin);
  // Two requests each, so that both are answered from what the hub keeps.
  for (const who of [admin, bob]) for (let i = 0; i < 2; i++) expect((await t.request(GALLERY, { as: who })).status).toBe(200);
  return { admin, bob };
}

describe('credentials kept between requests', () => {
  test('a site token revoked by a new site password from the command line is refused at once', async () => {
    t = await createTestApp();
    const { bob } = await signedInTwice();
    await fromAnotherProcess('delete from site_tokens');
    expect((await t.request(GALLERY, { as: bob })).status).toBe(401);
  });

  test("a session ended from the command line (a user's new password) is refused at once", async () => {
    t = await createTestApp();
    const { bob } = await signedInTwice();
    await fromAnotherProcess('delete from sessions where user_id = ?', bob.user._id);
    expect((await t.request(GALLERY, { as: bob })).status).toBe(401);
  });

  test('a user deleted from the command line is signed out at once', async () => {
    t = await createTestApp();
    const { bob } = await signedInTwice();
    await fromAnotherProcess('delete from users where id = ?', bob.user._id);
    expect((await t.request(GALLERY, { as: bob })).status).toBe(401);
  });

  test('a role changed from another process counts at the next request', async () => {
    t = await createTestApp();
    const { admin } = await signedInTwice();
    expect((await t.request('/admin', { as: admin })).status).toBe(200);
    await fromAnotherProcess("update users set role = 'user' where id = ?", admin.user._id);
    expect((await t.request('/admin', { as: admin })).status).toBe(403);
  });

  test('signing out ends the session at the next request', async () => {
    t = await createTestApp();
    const { bob } = await signedInTwice();
    expect((await t.request('/auth/signout/', { as: bob })).ok).toBe(true);
    expect((await t.request(GALLERY, { as: bob })).status).toBe(401);
  });

  test('locking forgets the site token at the next request', async () => {
    t = await createTestApp();
    const { bob } = await signedInTwice();
    expect((await t.request('/api/site/lock', { method: 'POST', as: { siteToken: bob.siteToken } })).ok).toBe(true);
    expect((await t.request(GALLERY, { as: bob })).status).toBe(401);
  });

  test('a user deleted by an administrator is signed out at once', async () => {
    t = await createTestApp();
    const { admin, bob } = await signedInTwice();
    expect((await t.request(`/api/users/${bob.user._id}`, { method: 'DELETE', as: admin })).ok).toBe(true);
    expect((await t.request(GALLERY, { as: bob })).status).toBe(401);
  });

  test('an administrator demoted by another is refused what only administrators may do at once', async () => {
    t = await createTestApp();
    const { admin } = await signedInTwice();
    const carol = await t.createUser({ username: 'carol', role: 'admin' }, admin);
    expect((await t.request('/admin', { as: carol })).status).toBe(200);
    expect((await t.request(`/api/users/${carol.user._id}`, { method: 'PUT', as: admin, json: { role: 'user' } })).status).toBe(200);
    expect((await t.request('/admin', { as: carol })).status).toBe(403);
  });

  test('a site whose lockout expires is locked for a token used a moment before', async () => {
    let now = Date.now();
    t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '1' } });
    const { bob } = await signedInTwice();
    now += 2 * 60 * 60 * 1000;
    expect((await t.request(GALLERY, { as: bob })).status).toBe(423);
  });
});
