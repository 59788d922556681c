// SQL of API keys: rows keyed by id, found by the SHA-256 of the key a client sends.

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertUnderCap } from '../../db/owned.ts';
import type { ApiKeyRow, NewApiKeyRow } from './keys.table.ts';

/**
 * Inserts the key unless its user already holds `max` keys; the count and the insert are one
 * statement, so a burst of creates cannot pass the cap. Returns whether it was inserted.
 */
export function insertKeyUnderCap(db: Db, row: NewApiKeyRow, max: number): Promise<boolean> {
  return insertUnderCap(db, 'api_keys', { ...row, last_used_at: null }, sql`user_id = ${row.user_id}`, max);
}

export async function listUserKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function findUserKey(db: Db, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** A key by its hash, with what the request needs of its owner. */
export async function findKeyWithUser(db: Db, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(['api_keys.id as keyId', 'api_keys.scopes', 'api_keys.last_used_at as lastUsedAt', 'users.id as userId', 'users.name', 'users.role'])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}

/** Deletes one of a user's keys; returns whether there was one. */
export async function deleteUserKey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('api_keys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Notes a use, unless one was noted since `notBefore` (so at most one write a minute). */
export async function touchKey(db: Db, id: string, now: number, notBefore: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', notBefore)]))
    .execute();
}
