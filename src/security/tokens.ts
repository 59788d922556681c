// Random bearer tokens (sessions, site access) and the hashes the database keeps instead of them.

import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** 160 random bits, base32: what the client holds. */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The id stored for a token: hex SHA-256. A stolen database yields no usable token. */
export function tokenId(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Tokens we issue are 32 base32 characters; anything else is rejected before any lookup. */
export function isWellFormedToken(token: string | undefined | null): token is string {
  return typeof token === 'string' && /^[a-z2-7]{32}$/.test(token);
}
