// The factories make accounts the hub itself accepts: the credentials work through the API.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { FACTORY_PASSWORD, signedInUser } from '../test/helpers/factories.ts';
import { createTestApp, type TestApp } from '../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('a factory user is signed in through its credentials and can sign in with the factory password', async () => {
  const alice = await signedInUser(t.database.db, { username: 'alice', name: 'Alice' });
  const res = await t.request(`/api/users/${alice.user._id}`, { as: alice });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { name: string }).name).toBe('Alice');
  expect((await t.signIn('alice', FACTORY_PASSWORD)).user._id).toBe(alice.user._id);
});
