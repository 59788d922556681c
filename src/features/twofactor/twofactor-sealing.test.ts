// The TOTP keys are sealed with the vault key (decision 0055): nothing in the database opens them
// without the key, rows from before sealing are sealed at the next start, the key's start-up
// check counts them, and a key rotation re-seals them with the vault's values.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { runCli } from '../../cli.ts';
import { open, SecretBoxError, secretKey } from '../../security/secret-box.ts';
import { openVaultKeys } from '../connect/connect.service.ts';
import { totpPlace } from './twofactor.service.ts';

const PASSWORD = 'correct horse battery';
const STEP_MS = 30_000;
let now = Date.UTC(2031, 6, 1, 9, 0, 10);
const clock = () => new Date(now);
const codeFor = (secret: string) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(now / STEP_MS)), 6);

describe('two-factor keys sealed with the vault key', () => {
  let t: TestApp;
  let admin: SignedIn;
  const keyFile = () => path.join(t.dataDir, 'secret.key');
  const stored = (userId: string) =>
    t.database.sqlite.query<{ secret: string }, [string]>('select secret from user_totp where user_id = ?').get(userId)!.secret;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', LOGIN_MAX_ATTEMPTS: '1000' } });
    admin = await t.createUser({ username: 'Alice', name: 'Alice A' });
  });
  afterAll(() => t.close());

  async function enrol(who: SignedIn): Promise<string> {
    const { secret } = (await (await t.request('/api/me/2fa/totp/setup', { method: 'POST', as: who })).json()) as { secret: string };
    const res = await t.request('/api/me/2fa/totp/enable', { method: 'POST', as: who, json: { code: codeFor(secret) } });
    expect(res.status).toBe(200);
    now += STEP_MS;
    return secret;
  }

  /** A whole sign-in: the password, then the code of now. */
  async function signsInWithCode(username: string, secret: string): Promise<boolean> {
    const site = { siteToken: admin.siteToken };
    const first = await t.request('/auth/signin/', { method: 'POST', json: { username, password: PASSWORD }, as: site });
    const { challenge } = (await first.json()) as { challenge: string };
    const done = await t.request('/auth/signin/2fa', { method: 'POST', json: { challenge, code: codeFor(secret) }, as: site });
    now += STEP_MS;
    return done.status === 200;
  }

  test('the key is stored sealed, for its account only: the database alone does not give it', async () => {
    const bo = await t.createUser({ username: 'bo', password: PASSWORD }, admin);
    const cy = await t.createUser({ username: 'cy', password: PASSWORD }, admin);
    const boSecret = await enrol(bo);
    await enrol(cy);
    const key = secretKey(readFileSync(keyFile()));
    const raw = stored(bo.user._id);
    expect(raw).toStartWith(`v1.${key.id}.`);
    expect(raw).not.toContain(boSecret);
    expect(open(() => key, raw, totpPlace(bo.user._id))).toBe(boSecret);
    // Sealed for bo: it opens neither as cy's key nor as a vault value.
    expect(() => open(() => key, raw, totpPlace(cy.user._id))).toThrow(SecretBoxError);
    expect(() => open(() => key, raw, { rowId: bo.user._id, ownerId: bo.user._id, field: 'password' })).toThrow(SecretBoxError);
    expect(await signsInWithCode('bo', boSecret)).toBe(true);
  });

  test('a key stored before sealing is sealed at the next start, and its codes still work', async () => {
    const dee = await t.createUser({ username: 'dee', password: PASSWORD }, admin);
    const secret = await enrol(dee);
    // As the hub before sealing kept it.
    t.database.sqlite.query('update user_totp set secret = ? where user_id = ?').run(secret, dee.user._id);
    const { notes } = await openVaultKeys(t.database.db, { dataDir: t.dataDir });
    expect(notes).toContain('sealed 1 two-factor key with the vault key');
    expect(stored(dee.user._id)).toStartWith('v1.');
    expect(stored(dee.user._id)).not.toContain(secret);
    await t.restart();
    expect(await signsInWithCode('dee', secret)).toBe(true);
    // Nothing left to seal the time after.
    expect((await openVaultKeys(t.database.db, { dataDir: t.dataDir })).notes).toEqual([]);
  });

  test('without the vault key the hub refuses to start over sealed two-factor keys (it used to make a new key and lock them out)', async () => {
    const saved = readFileSync(keyFile());
    const keyId = secretKey(saved).id;
    const sealedKeys = t.database.sqlite.query<{ n: number }, []>('select count(*) as n from user_totp').get()!.n;
    expect(t.database.sqlite.query<{ n: number }, []>('select count(*) as n from vault_accounts').get()!.n).toBe(0);
    rmSync(keyFile());
    try {
      await expect(openVaultKeys(t.database.db, { dataDir: t.dataDir })).rejects.toThrow(
        `The vault key is missing: ${sealedKeys} encrypted vault values were sealed with key ${keyId}`,
      );
    } finally {
      writeFileSync(keyFile(), saved, { mode: 0o600 });
    }
  });

  test('vault rotate-key re-seals the two-factor keys: after it, only the new key opens them and sign-in works', async () => {
    const eve = await t.createUser({ username: 'eve', password: PASSWORD }, admin);
    const secret = await enrol(eve);
    const oldKey = secretKey(readFileSync(keyFile()));
    const lines: string[] = [];
    const code = await runCli(['vault', 'rotate-key'], {
      env: { DATA_DIR: t.dataDir },
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
      readLine: async () => '',
      readSecret: async () => '',
      interactive: false,
    });
    expect(code).toBe(0);
    const newKey = secretKey(readFileSync(keyFile()));
    expect(newKey.id).not.toBe(oldKey.id);
    const users = t.database.sqlite.query<{ n: number }, []>('select count(*) as n from user_totp').get()!.n;
    expect(lines).toContain(`Re-encrypted 0 value(s) of 0 vault account(s) and ${users} two-factor key(s) under key ${newKey.id} (was ${oldKey.id}).`);
    const raw = stored(eve.user._id);
    expect(raw).toStartWith(`v1.${newKey.id}.`);
    expect(() => open(() => oldKey, raw, totpPlace(eve.user._id))).toThrow(SecretBoxError);
    await t.restart();
    expect(await signsInWithCode('eve', secret)).toBe(true);
  });
});
