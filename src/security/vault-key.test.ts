import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../test/helpers/test-app.ts';
import { newSecretKey, type SecretKey } from './secret-box.ts';
import { promoteNextKey, resolveVaultKeys, type SealedFacts, VaultKeyError, writeNextKey } from './vault-key.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = tempDir('hub-key-');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const none: SealedFacts = { valuesByKey: new Map(), currentKeyId: null };
const sealedWith = (key: SecretKey, count = 3): SealedFacts => ({ valuesByKey: new Map([[key.id, count]]), currentKeyId: key.id });
const keyFile = (dir: string) => path.join(dir, 'secret.key');
const put = (file: string, key: SecretKey) => writeFileSync(file, key.bytes, { mode: 0o600 });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof VaultKeyError) return error.message;
    throw error;
  }
  throw new Error('expected a VaultKeyError');
}

describe('the vault key', () => {
  test('first start: DATA_DIR/secret.key is made with 32 random bytes, mode 0600; later starts read it', () => {
    const dir = dataDir();
    const first = resolveVaultKeys({ dataDir: dir }, none);
    expect(first.notes).toEqual([`created a new vault key in ${keyFile(dir)}`]);
    const bytes = readFileSync(keyFile(dir));
    expect(bytes).toHaveLength(32);
    expect(statSync(keyFile(dir)).mode & 0o777).toBe(0o600);
    expect(first.keys.source).toBe('file');
    const again = resolveVaultKeys({ dataDir: dir }, sealedWith(first.keys.current()));
    expect(again.notes).toEqual([]);
    expect(again.keys.current().id).toBe(first.keys.current().id);
    expect(readFileSync(keyFile(dir))).toEqual(bytes);
  });

  test('values exist but the key file is missing: refused, and no new key is made', () => {
    const dir = dataDir();
    const key = newSecretKey();
    const message = refusal(() => resolveVaultKeys({ dataDir: dir }, sealedWith(key, 5)));
    expect(message).toBe(
      `The vault key is missing: 5 encrypted vault values were sealed with key ${key.id}, which should be in ${keyFile(dir)} (or in VAULT_KEY). Put that key back, from your backup; the hub will not make a new key over existing data.`,
    );
    expect(existsSync(keyFile(dir))).toBe(false);
  });

  test('another key in the file, or in VAULT_KEY: refused, the file untouched', () => {
    const dir = dataDir();
    const right = newSecretKey();
    const wrong = newSecretKey();
    put(keyFile(dir), wrong);
    expect(refusal(() => resolveVaultKeys({ dataDir: dir }, sealedWith(right, 1)))).toBe(
      `The vault key is wrong: ${keyFile(dir)} holds key ${wrong.id}, but 1 encrypted vault value was sealed with key ${right.id}. Put the right key back in ${keyFile(dir)} (or in VAULT_KEY), from your backup; the hub will not make a new key over existing data.`,
    );
    expect(readFileSync(keyFile(dir))).toEqual(Buffer.from(wrong.bytes));
    expect(refusal(() => resolveVaultKeys({ dataDir: dir, vaultKey: wrong.bytes }, sealedWith(right, 2)))).toStartWith(
      `The vault key is wrong: VAULT_KEY is key ${wrong.id}, but 2 encrypted vault values were sealed with key ${right.id}.`,
    );
    writeFileSync(keyFile(dir), 'not a key');
    expect(refusal(() => resolveVaultKeys({ dataDir: dir }, none))).toBe(
      `The vault key file ${keyFile(dir)} is not a vault key (it must hold exactly 32 bytes). Put the right key back; the hub will not make a new key over existing data.`,
    );
  });

  test('VAULT_KEY: used as it is, no file written', () => {
    const dir = dataDir();
    const key = newSecretKey();
    const { keys } = resolveVaultKeys({ dataDir: dir, vaultKey: key.bytes }, sealedWith(key));
    expect(keys.source).toBe('env');
    expect(keys.where).toBe('VAULT_KEY');
    expect(keys.current().id).toBe(key.id);
    expect(existsSync(keyFile(dir))).toBe(false);
  });

  test('a rotation that committed but stopped before its rename is finished; one that did not commit is ignored', () => {
    const dir = dataDir();
    const old = newSecretKey();
    const next = newSecretKey();
    put(keyFile(dir), old);
    writeNextKey(dir, next);
    expect(statSync(path.join(dir, 'secret.key.next')).mode & 0o777).toBe(0o600);
    // Not committed: the values still name the old key.
    const before = resolveVaultKeys({ dataDir: dir }, sealedWith(old));
    expect(before.keys.current().id).toBe(old.id);
    expect(existsSync(path.join(dir, 'secret.key.next'))).toBe(true);
    // Committed: the database names the next key.
    const after = resolveVaultKeys({ dataDir: dir }, sealedWith(next));
    expect(after.notes).toEqual(['finished a vault key rotation that stopped before putting the new key in place']);
    expect(after.keys.current().id).toBe(next.id);
    expect(readFileSync(keyFile(dir))).toEqual(Buffer.from(next.bytes));
    expect(existsSync(path.join(dir, 'secret.key.next'))).toBe(false);
    // The rotation's own rename then finds its work done.
    expect(() => promoteNextKey(dir, next)).not.toThrow();
  });

  test("a running hub's keyring finds a key the files gained since (a rotation beside it)", () => {
    const dir = dataDir();
    const { keys } = resolveVaultKeys({ dataDir: dir }, none);
    const next = newSecretKey();
    expect(keys.find(next.id)).toBeUndefined();
    writeNextKey(dir, next);
    expect(keys.find(next.id)?.id).toBe(next.id);
    const later = newSecretKey();
    put(path.join(dir, 'secret.key.next'), later);
    promoteNextKey(dir, later);
    expect(keys.find(later.id)?.id).toBe(later.id);
    // Found, not yet used for new values until told.
    expect(keys.current().id).not.toBe(later.id);
  });
});
