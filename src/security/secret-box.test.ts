import { describe, expect, test } from 'bun:test';
import { keyIdOf, keyIdOfSealed, newSecretKey, open, type SealedPlace, SecretBoxError, type SecretKey, seal, secretKey } from './secret-box.ts';

const key = newSecretKey();
const place: SealedPlace = { rowId: 'row-1', ownerId: 'owner-1', field: 'password' };
const keys =
  (...known: SecretKey[]) =>
  (id: string) =>
    known.find((k) => k.id === id);

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SecretBoxError) return error.problem;
    throw error;
  }
  return 'opened';
}

/** The sealed value with one byte of its body flipped. */
function flipped(sealed: string, index: number): string {
  const [version, id, body] = sealed.split('.') as [string, string, string];
  const bytes = Buffer.from(body, 'base64url');
  bytes[index]! ^= 0x01;
  return `${version}.${id}.${bytes.toString('base64url')}`;
}

describe('secret box', () => {
  test('round trip: any text, empty and long, in a versioned value naming its key', () => {
    for (const text of ['hunter2', '', 'pässwörd 🔑 with spaces ', 'x'.repeat(4096)]) {
      const sealed = seal(key, text, place);
      expect(sealed).toMatch(new RegExp(`^v1\\.${key.id}\\.[\\w-]+$`));
      expect(open(keys(key), sealed, place)).toBe(text);
    }
  });

  test('a fresh nonce per value: the same text sealed twice differs, and the text is not in it', () => {
    const a = seal(key, 'same secret', place);
    const b = seal(key, 'same secret', place);
    expect(a).not.toBe(b);
    expect(Buffer.from(a.split('.')[2]!, 'base64url').subarray(0, 12)).not.toEqual(Buffer.from(b.split('.')[2]!, 'base64url').subarray(0, 12));
    expect(a).not.toContain('same secret');
    expect(a).not.toContain(Buffer.from('same secret').toString('base64url'));
  });

  test('the key id is a short hash of the key, never the key', () => {
    expect(key.id).toMatch(/^[\w-]{12}$/);
    expect(key.id).toBe(keyIdOf(key.bytes));
    expect(key.id).not.toBe(newSecretKey().id);
    expect(Buffer.from(key.bytes).toString('base64url')).not.toContain(key.id);
    expect(keyIdOfSealed(seal(key, 'x', place))).toBe(key.id);
    expect(keyIdOfSealed('plain text')).toBeNull();
    expect(() => secretKey(new Uint8Array(31))).toThrow('A vault key is 32 bytes, not 31');
  });

  test('a changed byte anywhere (nonce, ciphertext, tag) is refused as tampered', () => {
    const sealed = seal(key, 'hunter2', place);
    const length = Buffer.from(sealed.split('.')[2]!, 'base64url').length;
    for (const index of [0, 11, 12, length - 17, length - 1]) expect(problemOf(() => open(keys(key), flipped(sealed, index), place))).toBe('tampered');
  });

  test('a value moved to another row, another owner or another field does not open', () => {
    const sealed = seal(key, 'hunter2', place);
    expect(problemOf(() => open(keys(key), sealed, { ...place, rowId: 'row-2' }))).toBe('tampered');
    expect(problemOf(() => open(keys(key), sealed, { ...place, ownerId: 'owner-2' }))).toBe('tampered');
    expect(problemOf(() => open(keys(key), sealed, { ...place, field: 'username' }))).toBe('tampered');
    // The parts are length-prefixed: moving characters from one part to the next is another place.
    expect(problemOf(() => open(keys(key), sealed, { rowId: 'row-1o', ownerId: 'wner-1', field: 'password' }))).toBe('tampered');
  });

  test('an unknown version, a key not at hand, a swapped key id and malformed text are refused with their reason', () => {
    const sealed = seal(key, 'hunter2', place);
    const other = newSecretKey();
    expect(problemOf(() => open(keys(key), sealed.replace(/^v1\./, 'v2.'), place))).toBe('version');
    expect(problemOf(() => open(keys(other), sealed, place))).toBe('unknown-key');
    try {
      open(keys(other), sealed, place);
    } catch (error) {
      expect((error as SecretBoxError).keyId).toBe(key.id);
      expect((error as SecretBoxError).message).not.toContain('hunter2');
    }
    // The value relabelled with another key's id: that key does not open it.
    expect(problemOf(() => open(keys(key, other), sealed.replace(key.id, other.id), place))).toBe('tampered');
    for (const bad of ['hunter2', 'v1..', 'v1.abc', `v1.${key.id}.!!!`, `v1.${key.id}.AAAA`, `v1.${key.id}.a.b`])
      expect(['format', 'unknown-key']).toContain(problemOf(() => open(keys(key), bad, place)));
  });
});
