// The real hub (bun src/main.ts) and its vault key: made on the first start, and a missing or
// wrong key stops a start over existing vault values with one line, never replaced by a new one.

import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newUser } from '../../../test/helpers/factories.ts';
import { BUN, freePort, PROJECT_ROOT, spawnHub } from '../../../test/helpers/spawn-hub.ts';
import { tempDir } from '../../../test/helpers/test-app.ts';
import { openDatabase } from '../../db/client.ts';
import { createSafeFetcher } from '../../security/safe-fetch.ts';
import { newSecretKey } from '../../security/secret-box.ts';
import { createFaviconsService } from '../favicons/favicons.service.ts';
import { createConnectService, openVaultKeys } from './connect.service.ts';

const dataDir = tempDir('hub-vault-start-');
const keyFile = path.join(dataDir, 'secret.key');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the hub expecting it to refuse: its exit code and its one line on stderr. */
async function refusedStart(env: Record<string, string> = {}): Promise<{ code: number; stderr: string }> {
  const child = Bun.spawn([BUN, 'src/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const code = await child.exited;
  return { code, stderr: (await new Response(child.stderr).text()).trim() };
}

describe('the vault key at start-up', () => {
  let keyId = '';
  let keyBytes: Buffer;

  test('the first start makes DATA_DIR/secret.key (32 bytes, mode 0600) and says so', async () => {
    const hub = await spawnHub({}, { dataDir });
    try {
      expect(hub.output()).toContain(`created a new vault key in ${keyFile}`);
      keyBytes = readFileSync(keyFile);
      expect(keyBytes).toHaveLength(32);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(hub.output()).not.toContain(keyBytes.toString('base64'));
    } finally {
      expect(await hub.stop()).toBe(0);
    }
    // Three accounts of one user: six sealed values (username and password each).
    const database = openDatabase(path.join(dataDir, 'hub.sqlite'));
    try {
      const user = await newUser(database.db);
      const { keys } = await openVaultKeys(database.db, { dataDir });
      keyId = keys.current().id;
      const connect = createConnectService({
        db: database.db,
        clock: () => new Date(),
        keys,
        favicons: createFaviconsService({ db: database.db, clock: () => new Date(), fetcher: createSafeFetcher() }),
      });
      for (const name of ['One', 'Two', 'Three']) await connect.create(user.id, { name, username: `${name}-user`, password: `${name}-password` });
    } finally {
      await database.close();
    }
  });

  test('the key file missing: the hub refuses to start, says where the key belongs, and makes no new one', async () => {
    rmSync(keyFile);
    const { code, stderr } = await refusedStart();
    expect(code).not.toBe(0);
    expect(stderr).toBe(
      `Start-up failed: The vault key is missing: 6 encrypted vault values were sealed with key ${keyId}, which should be in ${keyFile} (or in VAULT_KEY). Put that key back, from your backup; the hub will not make a new key over existing data.`,
    );
    expect(existsSync(keyFile)).toBe(false);
  });

  test('another key in the file, or in VAULT_KEY: refused the same way, the file left as it is', async () => {
    const wrong = newSecretKey();
    writeFileSync(keyFile, wrong.bytes, { mode: 0o600 });
    const fromFile = await refusedStart();
    expect(fromFile.code).not.toBe(0);
    expect(fromFile.stderr).toBe(
      `Start-up failed: The vault key is wrong: ${keyFile} holds key ${wrong.id}, but 6 encrypted vault values were sealed with key ${keyId}. Put the right key back in ${keyFile} (or in VAULT_KEY), from your backup; the hub will not make a new key over existing data.`,
    );
    expect(readFileSync(keyFile)).toEqual(Buffer.from(wrong.bytes));

    const fromEnv = await refusedStart({ VAULT_KEY: Buffer.from(wrong.bytes).toString('base64') });
    expect(fromEnv.code).not.toBe(0);
    expect(fromEnv.stderr).toStartWith(
      `Start-up failed: The vault key is wrong: VAULT_KEY is key ${wrong.id}, but 6 encrypted vault values were sealed with key ${keyId}.`,
    );
    expect(fromEnv.stderr).not.toContain(Buffer.from(wrong.bytes).toString('base64'));
  });

  test('VAULT_KEY that is not base64 of 32 bytes stops start-up naming VAULT_KEY, without echoing it', async () => {
    for (const bad of ['not-a-key', Buffer.alloc(16, 1).toString('base64')]) {
      const { code, stderr } = await refusedStart({ VAULT_KEY: bad });
      expect(code).toBe(2);
      expect(stderr).toBe('Invalid configuration: VAULT_KEY must be the base64 of exactly 32 bytes, such as the output of: openssl rand -base64 32');
    }
  });

  test('the right key back, in the file or in VAULT_KEY: the hub starts', async () => {
    writeFileSync(keyFile, keyBytes, { mode: 0o600 });
    const hub = await spawnHub({}, { dataDir });
    expect(await hub.stop()).toBe(0);
    rmSync(keyFile);
    const fromEnv = await spawnHub({ VAULT_KEY: keyBytes.toString('base64') }, { dataDir });
    expect(await fromEnv.stop()).toBe(0);
    // VAULT_KEY writes no file.
    expect(existsSync(keyFile)).toBe(false);
  });
});
