// Seals and opens the vault's secret strings with AES-256-GCM (node:crypto): a fresh random 96-bit
// nonce per value, and the value's place (row, owner, field) as associated data, so a value copied
// into another row, another owner's row or another field does not open. The sealed text names its
// format version and its key (a short hash of the key, never the key):
//
//   v1.<keyId>.<base64url(nonce[12] | ciphertext | tag[16])>

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const SECRET_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** A vault key and its id (the id goes into every value sealed with it). */
export interface SecretKey {
  id: string;
  bytes: Uint8Array;
}

/** Where a sealed value belongs: it opens only in this place. */
export interface SealedPlace {
  rowId: string;
  ownerId: string;
  field: string;
}

export type SecretBoxProblem = 'format' | 'version' | 'unknown-key' | 'tampered';

/** A value that does not open: malformed, another format, a key not at hand, or not this place's (or altered). */
export class SecretBoxError extends Error {
  constructor(
    readonly problem: SecretBoxProblem,
    message: string,
    /** The key id the value names, when it could be read. */
    readonly keyId?: string,
  ) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** The id of a key: 12 base64url characters of a domain-separated SHA-256 (no use for guessing the key). */
export function keyIdOf(bytes: Uint8Array): string {
  return createHash('sha256').update('private-hub vault key id\0').update(bytes).digest('base64url').slice(0, 12);
}

export function secretKey(bytes: Uint8Array): SecretKey {
  if (bytes.length !== SECRET_KEY_BYTES) throw new Error(`A vault key is ${SECRET_KEY_BYTES} bytes, not ${bytes.length}`);
  return { id: keyIdOf(bytes), bytes: new Uint8Array(bytes) };
}

/** A new random key. */
export function newSecretKey(): SecretKey {
  return secretKey(randomBytes(SECRET_KEY_BYTES));
}

/**
 * The associated data: the version and each part of the place, each preceded by its byte length
 * (4 bytes, big-endian), so no two different places join to the same bytes.
 */
function associatedData(place: SealedPlace): Buffer {
  const parts = [VERSION, place.rowId, place.ownerId, place.field].map((part) => Buffer.from(part, 'utf8'));
  const out = Buffer.alloc(parts.reduce((n, p) => n + 4 + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.writeUInt32BE(part.length, at);
    part.copy(out, at + 4);
    at += 4 + part.length;
  }
  return out;
}

export function seal(key: SecretKey, plaintext: string, place: SealedPlace): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(place));
  const body = Buffer.concat([nonce, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${key.id}.${body.toString('base64url')}`;
}

/** The key id a sealed value names, or null when it is not a sealed value of a known version. */
export function keyIdOfSealed(sealed: string): string | null {
  const parts = sealed.split('.');
  return parts.length === 3 && parts[0] === VERSION && parts[1] ? parts[1] : null;
}

/** Opens a value sealed for `place`; `keyFor` gives the key of an id (undefined: not at hand). */
export function open(keyFor: (id: string) => SecretKey | undefined, sealed: string, place: SealedPlace): string {
  const parts = sealed.split('.');
  if (parts.length !== 3) throw new SecretBoxError('format', 'not a sealed value');
  const [version, keyId, encoded] = parts as [string, string, string];
  if (version !== VERSION) throw new SecretBoxError('version', `unknown sealed-value version ${JSON.stringify(version.slice(0, 8))}`);
  if (!/^[\w-]{1,64}$/.test(keyId)) throw new SecretBoxError('format', 'not a sealed value');
  const key = keyFor(keyId);
  if (!key || key.id !== keyId) throw new SecretBoxError('unknown-key', `sealed with key ${keyId}, which is not at hand`, keyId);
  if (!/^[\w-]*$/.test(encoded)) throw new SecretBoxError('format', 'not a sealed value', keyId);
  const body = Buffer.from(encoded, 'base64url');
  if (body.length < NONCE_BYTES + TAG_BYTES) throw new SecretBoxError('format', 'sealed value too short', keyId);
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, body.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(place));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(body.subarray(NONCE_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    // GCM's tag did not match: altered bytes, or sealed for another row, owner or field.
    throw new SecretBoxError('tampered', 'the sealed value was altered or belongs elsewhere', keyId);
  }
}
