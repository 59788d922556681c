// The gate, lockout, account and session rules, on a real database file with an injected clock.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../test/helpers/test-app.ts';
import { loadConfig } from '../config.ts';
import { type OpenDatabase, openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { applyLockoutSetting } from './gate/gate.service.ts';
import { createServices } from './services.ts';

let dir: string;
let database: OpenDatabase;
let now: number;
const clock = () => new Date(now);
const HOUR = 3600_000;

async function services(env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: dir, SITE_PASSWORD: 'household secret', ...env });
  return createServices({ db: database.db, config, clock });
}

beforeEach(async () => {
  dir = tempDir('hub-accounts-');
  database = openDatabase(path.join(dir, 'hub.sqlite'));
  await migrateToLatest(database.db);
  now = Date.UTC(2031, 0, 1);
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('site gate and lockout', () => {
  test('turning the lockout off and on again arms a fresh switch instead of locking on the old date', async () => {
    const before = await services({ SITE_LOCKOUT_HOURS: '24' });
    expect((await before.gate.lockoutStatus()).timeRemaining).toBe(24 * HOUR);
    now += 100 * HOUR; // months with the switch off, in spirit: long past the old expiry
    const off = loadConfig({ DATA_DIR: dir, SITE_LOCKOUT_HOURS: '0' });
    expect(await applyLockoutSetting(database.db, off, now)).toContain('cleared');
    expect(await applyLockoutSetting(database.db, off, now)).toBeNull();
    const after = await services({ SITE_LOCKOUT_HOURS: '24' });
    expect(await after.gate.lockoutStatus()).toEqual({ lockoutEnabled: true, isLocked: false, timeRemaining: 24 * HOUR });
    expect(await applyLockoutSetting(database.db, loadConfig({ DATA_DIR: dir, SITE_LOCKOUT_HOURS: '24' }), now)).toBeNull();
  });

  test('lowering SITE_LOCKOUT_HOURS below the time left brings the expiry forward at start-up; raising it does not', async () => {
    const day = await services({ SITE_LOCKOUT_HOURS: '24' });
    expect((await day.gate.lockoutStatus()).timeRemaining).toBe(24 * HOUR);
    now += HOUR; // 23 hours left
    const two = loadConfig({ DATA_DIR: dir, SITE_LOCKOUT_HOURS: '2' });
    expect(await applyLockoutSetting(database.db, two, now)).toContain('brought forward');
    expect((await (await services({ SITE_LOCKOUT_HOURS: '2' })).gate.lockoutStatus()).timeRemaining).toBe(2 * HOUR);
    // Raising it again changes nothing until the next reset, which grants the new full period.
    expect(await applyLockoutSetting(database.db, loadConfig({ DATA_DIR: dir, SITE_LOCKOUT_HOURS: '48' }), now)).toBeNull();
    const longer = await services({ SITE_LOCKOUT_HOURS: '48' });
    expect((await longer.gate.lockoutStatus()).timeRemaining).toBe(2 * HOUR);
    // A locked site stays locked, whatever the setting says.
    now += 3 * HOUR;
    expect(await applyLockoutSetting(database.db, two, now)).toBeNull();
    expect((await longer.gate.lockoutStatus()).isLocked).toBe(true);
  });

  test('open -> locked -> reset: tokens die at the lock, the right password is refused, reset opens again', async () => {
    const { gate } = await services({ SITE_LOCKOUT_HOURS: '24' });
    expect(await gate.lockoutStatus()).toEqual({ lockoutEnabled: true, isLocked: false, timeRemaining: 24 * HOUR });
    const token = await gate.enter('household secret', 'a');
    expect(await gate.verifyToken(token)).toBe(true);

    now += 23 * HOUR;
    expect((await gate.lockoutStatus()).timeRemaining).toBe(HOUR);
    now += HOUR;
    expect(await gate.lockoutStatus()).toEqual({ lockoutEnabled: true, isLocked: true, timeRemaining: 0 });
    expect(await gate.verifyToken(token)).toBe(false);
    await expect(gate.enter('household secret', 'a')).rejects.toMatchObject({ status: 423 });

    const { newExpiryTime } = await gate.resetLockout();
    expect(newExpiryTime).toBe(new Date(now + 24 * HOUR).toISOString());
    // Tokens from before the lock stay dead; the password works again.
    expect(await gate.verifyToken(token)).toBe(false);
    expect(await gate.verifyToken(await gate.enter('household secret', 'a'))).toBe(true);
  });

  test('an admin reset before the expiry extends it and keeps tokens working', async () => {
    const { gate } = await services({ SITE_LOCKOUT_HOURS: '1.5' });
    const token = await gate.enter('household secret', 'a');
    now += HOUR;
    await gate.resetLockout();
    expect((await gate.lockoutStatus()).timeRemaining).toBe(1.5 * HOUR);
    expect(await gate.verifyToken(token)).toBe(true);
  });

  test('SITE_LOCKOUT_HOURS=0 never locks', async () => {
    const { gate } = await services({ SITE_LOCKOUT_HOURS: '0' });
    now += 10_000 * HOUR;
    expect(await gate.lockoutStatus()).toEqual({ lockoutEnabled: false, isLocked: false, timeRemaining: 0 });
  });

  test('the expiry lives in the database, so a restart changes nothing', async () => {
    await (await services()).gate.lockoutStatus();
    now += 5 * HOUR;
    expect((await (await services()).gate.lockoutStatus()).timeRemaining).toBe(19 * HOUR);
  });

  test('blank, wrong and unset passwords get the spec texts; only token hashes are stored', async () => {
    const { gate } = await services();
    await expect(gate.enter('   ', 'a')).rejects.toThrow('Please enter the site password');
    await expect(gate.enter('nope', 'a')).rejects.toThrow('Incorrect site password. Please try again.');
    const token = await gate.enter('household secret', 'a');
    const stored = await database.db.selectFrom('site_tokens').select('id').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(token);
    expect(stored[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    await gate.revokeToken(token);
    expect(await gate.verifyToken(token)).toBe(false);

    const unset = (await services({ SITE_PASSWORD: '' })).gate;
    await expect(unset.enter('anything', 'a')).rejects.toThrow('The site password has not been set up yet.');
    await unset.setPassword('stored secret');
    expect(await unset.verifyToken(await unset.enter('stored secret', 'a'))).toBe(true);
  });

  test('five failures from one address block it, even with the right password, until the window passes', async () => {
    const { gate } = await services({ LOGIN_MAX_ATTEMPTS: '5', LOGIN_WINDOW_MINUTES: '15' });
    for (let i = 0; i < 5; i++) await expect(gate.enter('wrong', '10.0.0.1')).rejects.toMatchObject({ status: 401 });
    await expect(gate.enter('household secret', '10.0.0.1')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 900 });
    // Another address is not affected.
    expect(await gate.enter('household secret', '10.0.0.2')).toBeString();
    now += 15 * 60_000 + 1;
    expect(await gate.enter('household secret', '10.0.0.1')).toBeString();
  });
});

describe('accounts and sessions', () => {
  const alice = { username: 'Alice', name: 'Alice A', email: 'alice@example.test', password: 'alice password' };
  const bob = { username: 'bob', name: 'Bob B', email: 'bob@example.test', password: 'bob password' };

  test('the first account is an admin whoever creates it; later ones need an admin', async () => {
    const { users } = await services();
    const first = await users.create(null, { ...alice, role: 'user' });
    expect(first.role).toBe('admin');
    await expect(users.create(null, bob)).rejects.toMatchObject({ status: 401 });
    const viewerBob = await users.create({ id: first._id, role: 'admin' }, bob);
    expect(viewerBob.role).toBe('user');
    await expect(users.create({ id: viewerBob._id, role: 'user' }, { ...bob, username: 'carol' })).rejects.toMatchObject({ status: 403 });
    await expect(users.create({ id: first._id, role: 'admin' }, { ...bob, username: 'BOB' })).rejects.toMatchObject({ status: 409 });
  });

  test('no public user carries a password or hash', async () => {
    const { users } = await services();
    const created = await users.create(null, alice);
    const text = JSON.stringify([
      created,
      await users.get({ id: created._id, role: 'admin' }, created._id),
      await users.list({ id: created._id, role: 'admin' }),
    ]);
    expect(text).not.toContain('password');
    expect(text).not.toContain('argon2');
  });

  test('a user reads and changes only their own account, and cannot change their role', async () => {
    const { users } = await services();
    const admin = await users.create(null, alice);
    now += 1;
    const b = await users.create({ id: admin._id, role: 'admin' }, bob);
    const asBob = { id: b._id, role: 'user' as const };
    await expect(users.get(asBob, admin._id)).rejects.toMatchObject({ status: 403 });
    await expect(users.update(asBob, admin._id, { name: 'Hacked' })).rejects.toMatchObject({ status: 403 });
    await expect(users.remove(asBob, admin._id)).rejects.toMatchObject({ status: 403 });
    await expect(users.update(asBob, b._id, { role: 'admin' })).rejects.toMatchObject({ status: 403 });
    now += 1000;
    const renamed = await users.update(asBob, b._id, { name: 'Robert' });
    expect(renamed).toMatchObject({ name: 'Robert', updated: new Date(now).toISOString() });
    expect(await users.list(asBob)).toEqual([
      { _id: admin._id, name: 'Alice A' },
      { _id: b._id, name: 'Robert' },
    ]);
  });

  test('the last admin cannot be deleted or demoted; with two admins one can go', async () => {
    const { users } = await services();
    const admin = await users.create(null, alice);
    const asAdmin = { id: admin._id, role: 'admin' as const };
    await expect(users.remove(asAdmin, admin._id)).rejects.toThrow('The last administrator cannot be deleted');
    await expect(users.update(asAdmin, admin._id, { role: 'user' })).rejects.toThrow('The last administrator cannot be demoted');
    const b = await users.create(asAdmin, bob);
    await users.update(asAdmin, b._id, { role: 'admin' });
    await users.remove(asAdmin, admin._id);
    expect(await users.list({ id: b._id, role: 'admin' })).toHaveLength(1);
  });

  test('sign-in: same message for unknown user and wrong password; sessions slide and die with the user', async () => {
    const { users, auth } = await services();
    const admin = await users.create(null, alice);
    await expect(auth.signIn('nobody', 'alice password', 'a')).rejects.toThrow('Invalid username or password');
    await expect(auth.signIn('alice', 'wrong password', 'a')).rejects.toThrow('Invalid username or password');
    const signedIn = await auth.signIn('ALICE', 'alice password', 'a');
    expect(signedIn.user).toEqual({ _id: admin._id, name: 'Alice A', role: 'admin', admin: true });

    now += 20 * 24 * HOUR;
    const valid = await auth.validate(signedIn.token);
    expect(valid?.extended).toBe(true);
    expect(valid?.expiresAt).toBe(now + 30 * 24 * HOUR);
    now += 29 * 24 * HOUR;
    expect(await auth.validate(signedIn.token)).not.toBeNull();
    now += 31 * 24 * HOUR;
    expect(await auth.validate(signedIn.token)).toBeNull();

    const again = await auth.signIn('alice', 'alice password', 'a');
    const b = await users.create({ id: admin._id, role: 'admin' }, bob);
    const bobSession = await auth.signIn('bob', 'bob password', 'a');
    await users.remove({ id: b._id, role: 'user' }, b._id);
    expect(await auth.validate(bobSession.token)).toBeNull();
    await auth.signOut(again.token);
    expect(await auth.validate(again.token)).toBeNull();
  });
});
