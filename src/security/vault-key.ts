// The vault key: VAULT_KEY (base64 of 32 bytes) or DATA_DIR/secret.key (32 random bytes, made with
// mode 0600 on the first start). If sealed vault values exist and their key is not at hand, the
// hub refuses to start and says so; it never makes a new key over existing data. A key rotation
// (`vault rotate-key`) writes secret.key.next, re-seals every value in one transaction, then
// renames it over secret.key; a start that finds a committed but unrenamed rotation finishes it.

import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { newSecretKey, SECRET_KEY_BYTES, type SecretKey, secretKey } from './secret-box.ts';

export const VAULT_KEY_FILE = 'secret.key';
export const NEXT_VAULT_KEY_FILE = 'secret.key.next';

/** The hub cannot start (or rotate) with the key it has: one line saying what is wrong and where the key belongs. */
export class VaultKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VaultKeyError';
  }
}

/** What the database says: how many sealed values name each key id, and the id new values use. */
export interface SealedFacts {
  valuesByKey: ReadonlyMap<string, number>;
  currentKeyId: string | null;
}

/** The keys at hand, by id: the current one (new values) and any other the key files hold. */
export interface VaultKeyring {
  /** 'file': DATA_DIR/secret.key; 'env': VAULT_KEY. */
  readonly source: 'file' | 'env';
  /** Where the key lives, for messages: the key file's path, or VAULT_KEY. */
  readonly where: string;
  current(): SecretKey;
  /** The key with this id; an unknown id makes the key files be read again once (a rotation may have happened). */
  find(id: string): SecretKey | undefined;
  /** New values are sealed with `key` from now on (after a rotation). */
  use(key: SecretKey): void;
}

export interface KeyFiles {
  file: string;
  next: string;
}

export function keyFilesIn(dataDir: string): KeyFiles {
  return { file: path.join(dataDir, VAULT_KEY_FILE), next: path.join(dataDir, NEXT_VAULT_KEY_FILE) };
}

class Keyring implements VaultKeyring {
  private readonly known = new Map<string, SecretKey>();
  constructor(
    readonly source: 'file' | 'env',
    readonly where: string,
    private currentKey: SecretKey,
    private readonly files?: KeyFiles,
  ) {
    this.known.set(currentKey.id, currentKey);
  }

  current(): SecretKey {
    return this.currentKey;
  }

  find(id: string): SecretKey | undefined {
    const known = this.known.get(id);
    if (known || !this.files) return known;
    for (const file of [this.files.file, this.files.next]) {
      const key = readKey(file);
      if (key && key !== 'invalid') this.known.set(key.id, key);
    }
    return this.known.get(id);
  }

  use(key: SecretKey): void {
    this.known.set(key.id, key);
    this.currentKey = key;
  }
}

/** A keyring of exactly these keys (tests, and tools that hold the key themselves). */
export function fixedKeyring(current: SecretKey, where = 'VAULT_KEY'): VaultKeyring {
  return new Keyring('env', where, current);
}

/** The key in a file; null when there is no file; 'invalid' when it is not 32 bytes. */
function readKey(file: string): SecretKey | null | 'invalid' {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return bytes.length === SECRET_KEY_BYTES ? secretKey(bytes) : 'invalid';
}

function syncFolder(folder: string): void {
  // A rename or a new file is durable once its folder is; some file systems refuse, and then it is as good as it gets.
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Best effort.
  }
}

/** Writes a new file with mode 0600; `exclusive`: fails with EEXIST rather than replace one. */
function writeKeyFile(file: string, key: SecretKey, exclusive: boolean): void {
  const fd = openSync(file, exclusive ? 'wx' : 'w', 0o600);
  try {
    writeSync(fd, key.bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  syncFolder(path.dirname(file));
}

/** "3 encrypted vault values were", "1 encrypted vault value was". */
const valuesWere = (n: number) => (n === 1 ? '1 encrypted vault value was' : `${n} encrypted vault values were`);
const NO_NEW_KEY = 'the hub will not make a new key over existing data';

/** The first key id the rows need that `have` is not, with its count. */
function missingNeed(facts: SealedFacts, have: string | null): [string, number] | undefined {
  return [...facts.valuesByKey].find(([id]) => id !== have);
}

export interface ResolvedVaultKeys {
  keys: VaultKeyring;
  /** What was done on the way (a key made, a rotation finished), for the log; never a key. */
  notes: string[];
}

/**
 * Decides the vault key at start-up (and before a rotation) from the settings, the key files and
 * what the database's sealed values name. Throws VaultKeyError when values exist whose key is not
 * at hand. Call it inside a write transaction, so a rotation cannot commit half-way through.
 */
export function resolveVaultKeys(config: { dataDir: string; vaultKey?: Uint8Array }, facts: SealedFacts): ResolvedVaultKeys {
  const files = keyFilesIn(config.dataDir);
  if (config.vaultKey) {
    const key = secretKey(config.vaultKey);
    const need = missingNeed(facts, key.id);
    if (need) {
      throw new VaultKeyError(
        `The vault key is wrong: VAULT_KEY is key ${key.id}, but ${valuesWere(need[1])} sealed with key ${need[0]}. Set VAULT_KEY to that key (or unset it to use ${files.file}); ${NO_NEW_KEY}.`,
      );
    }
    return { keys: new Keyring('env', 'VAULT_KEY', key), notes: [] };
  }

  const notes: string[] = [];
  let current = readKey(files.file);
  if (current === 'invalid') {
    throw new VaultKeyError(
      `The vault key file ${files.file} is not a vault key (it must hold exactly ${SECRET_KEY_BYTES} bytes). Put the right key back; ${NO_NEW_KEY}.`,
    );
  }
  const next = readKey(files.next);
  // A rotation committed (the database names the next key) but stopped before its rename: finish it.
  // A next key no value names is an unfinished rotation's and is left alone (never used).
  if (next && next !== 'invalid' && (facts.currentKeyId === next.id || facts.valuesByKey.has(next.id))) {
    renameSync(files.next, files.file);
    syncFolder(config.dataDir);
    current = next;
    notes.push('finished a vault key rotation that stopped before putting the new key in place');
  }
  if (current === null) {
    const need = missingNeed(facts, null);
    if (need) {
      throw new VaultKeyError(
        `The vault key is missing: ${valuesWere(need[1])} sealed with key ${need[0]}, which should be in ${files.file} (or in VAULT_KEY). Put that key back, from your backup; ${NO_NEW_KEY}.`,
      );
    }
    try {
      writeKeyFile(files.file, newSecretKey(), true);
      notes.push(`created a new vault key in ${files.file}`);
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    current = readKey(files.file);
    if (!current || current === 'invalid') throw new VaultKeyError(`The vault key file ${files.file} could not be read back after it was made.`);
  }
  const need = missingNeed(facts, current.id);
  if (need) {
    throw new VaultKeyError(
      `The vault key is wrong: ${files.file} holds key ${current.id}, but ${valuesWere(need[1])} sealed with key ${need[0]}. Put the right key back in ${files.file} (or in VAULT_KEY), from your backup; ${NO_NEW_KEY}.`,
    );
  }
  if ((statSync(files.file).mode & 0o077) !== 0) notes.push(`${files.file} can be read by other users of this machine: chmod 600 it`);
  return { keys: new Keyring('file', files.file, current, files), notes };
}

/** Rotation, step 1: the new key beside the current one (secret.key.next, mode 0600, synced). */
/** Held (created exclusively) while `vault rotate-key` runs. */
export const ROTATION_LOCK_FILE = 'secret.key.rotating';

/**
 * Claims the one rotation that may run in DATA_DIR; the release removes the claim. Two rotations
 * at once would each write secret.key.next over the other's, and the one that commits could then
 * find its key gone: the vault sealed under a key no file holds.
 */
export function claimRotation(dataDir: string): () => void {
  const lock = path.join(dataDir, ROTATION_LOCK_FILE);
  try {
    closeSync(openSync(lock, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new VaultKeyError(`Another key rotation is running in ${dataDir}. If none is (one was interrupted), delete ${lock} and rotate again.`);
  }
  return () => rmSync(lock, { force: true });
}

export function writeNextKey(dataDir: string, key: SecretKey): void {
  const { next } = keyFilesIn(dataDir);
  try {
    unlinkSync(next);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeKeyFile(next, key, true);
}

/**
 * Rotation, last step (after the re-sealing committed): the next key replaces secret.key. When a
 * hub starting meanwhile already did it, there is nothing left to do.
 */
export function promoteNextKey(dataDir: string, key: SecretKey): void {
  const files = keyFilesIn(dataDir);
  const next = readKey(files.next);
  if (next && next !== 'invalid' && next.id === key.id) {
    renameSync(files.next, files.file);
    syncFolder(dataDir);
    return;
  }
  const current = readKey(files.file);
  if (!current || current === 'invalid' || current.id !== key.id)
    throw new VaultKeyError(`The new vault key ${key.id} is neither in ${files.next} nor in ${files.file}.`);
}
