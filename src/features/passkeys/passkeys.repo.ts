// SQL of passkeys and their challenges. Every query of a member's passkeys carries the member.

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertUnderCap } from '../../db/owned.ts';
import type { NewPasskey, NewPasskeyChallenge } from './passkeys.table.ts';

const LISTED = ['id', 'name', 'created_at', 'last_used_at'] as const;

export async function listPasskeys(db: Db, userId: string) {
  return db.selectFrom('passkeys').select(LISTED).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** The member's credential ids (for excludeCredentials) with their transports. */
export async function credentialsOf(db: Db, userId: string) {
  return db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function credentialExists(db: Db, credentialId: string): Promise<boolean> {
  return (await db.selectFrom('passkeys').select('id').where('credential_id', '=', credentialId).executeTakeFirst()) !== undefined;
}

/** Inserts the passkey unless the member already has `max` (one statement: bursts too); whether it went in. */
export function insertPasskeyUnderCap(db: Db, row: NewPasskey, max: number): Promise<boolean> {
  return insertUnderCap(db, 'passkeys', row, sql`user_id = ${row.user_id}`, max);
}

/** Deletes one of the member's passkeys; false when the member has none with that id. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A credential for signing in, with the account it belongs to. */
export async function findForSignIn(db: Db, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.user_id')
    .select([
      'passkeys.id',
      'passkeys.credential_id',
      'passkeys.public_key',
      'passkeys.counter',
      'passkeys.transports',
      'users.id as userId',
      'users.name as userName',
      'users.role',
    ])
    .where('passkeys.credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function recordUse(db: Db, id: string, change: { counter: number; backed_up: number; device_type: string; last_used_at: number }): Promise<void> {
  await db.updateTable('passkeys').set(change).where('id', '=', id).execute();
}

/**
 * Keeps a new challenge unless its holder (the member registering, or the address signing in)
 * already has `max` live ones: the count and the insert are one statement. Whether it was kept.
 */
export async function insertChallenge(db: Db, row: NewPasskeyChallenge, now: number, max: number): Promise<boolean> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  const holder = row.purpose === 'register' ? sql`user_id = ${row.user_id ?? null}` : sql`address = ${row.address ?? null}`;
  return insertUnderCap(db, 'passkey_challenges', { ...row }, sql`purpose = ${row.purpose} and ${holder} and expires_at > ${now}`, max);
}

/**
 * Takes a challenge out of the store (so it serves once, whatever the outcome): true when it was
 * there for this purpose (and member, for a registration) and had not expired.
 */
export async function takeChallenge(db: Db, challenge: string, purpose: 'register' | 'signin', userId: string | null, now: number): Promise<boolean> {
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('user_id', userId === null ? 'is' : '=', userId)
    .returning(['expires_at'])
    .executeTakeFirst();
  return row !== undefined && row.expires_at > now;
}
