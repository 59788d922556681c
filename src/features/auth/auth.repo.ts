// SQL of sessions: rows keyed by the SHA-256 of the client's token.

import type { Db } from '../../db/database.ts';
import type { NewSession } from './auth.table.ts';

export async function insertSession(db: Db, row: NewSession): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function findSessionWithUser(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'sessions.last_seen_at as lastSeenAt',
      'users.id as userId',
      'users.name',
      'users.role',
      'users.discreet',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

/** Slides a session's expiry and/or marks it seen, in one write. */
export async function touchSession(db: Db, id: string, changes: { expires_at?: number; last_seen_at?: number }): Promise<void> {
  await db.updateTable('sessions').set(changes).where('id', '=', id).execute();
}

/** A user's live sessions, newest first (the profile's list). */
export async function listUserSessions(db: Db, userId: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent', 'ip', 'sign_in_method'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Deletes one session of one user; answers whether there was one. */
export async function deleteUserSession(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes a user's sessions, all but `keep` when given. */
export async function deleteUserSessions(db: Db, userId: string, keep?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
}

export async function countUserSessions(db: Db, userId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
