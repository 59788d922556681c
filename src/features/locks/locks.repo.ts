// SQL of the locks. Every query names the owner; an unlock is read by its session and its owner.

import type { Db } from '../../db/database.ts';
import type { UserLocksRow } from './locks.table.ts';

export async function findLocks(db: Db, userId: string): Promise<UserLocksRow | undefined> {
  return db.selectFrom('user_locks').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The owner's locks and this session's unlock in one read (the guard's, on every locked-area request). */
export async function lockState(
  db: Db,
  userId: string,
  sessionId: string | null,
): Promise<{ premium: number; connect: number; until: number | null } | undefined> {
  return db
    .selectFrom('user_locks')
    .leftJoin('session_unlocks', (join) =>
      join.onRef('session_unlocks.user_id', '=', 'user_locks.user_id').on('session_unlocks.session_id', '=', sessionId ?? ''),
    )
    .select(['user_locks.premium', 'user_locks.connect', 'session_unlocks.until'])
    .where('user_locks.user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveLocks(db: Db, row: UserLocksRow): Promise<void> {
  await db
    .insertInto('user_locks')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ premium: row.premium, connect: row.connect, minutes: row.minutes, pin_hash: row.pin_hash, updated_at: row.updated_at }),
    )
    .execute();
}

export async function setUnlock(db: Db, userId: string, sessionId: string, until: number): Promise<void> {
  await db
    .insertInto('session_unlocks')
    .values({ session_id: sessionId, user_id: userId, until })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ until }))
    .execute();
}

export async function clearUnlock(db: Db, userId: string, sessionId: string): Promise<void> {
  await db.deleteFrom('session_unlocks').where('user_id', '=', userId).where('session_id', '=', sessionId).execute();
}

/** Every session of the owner locked again (a changed PIN or settings, the CLI's reset). */
export async function clearUnlocks(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('session_unlocks').where('user_id', '=', userId).execute();
}

export async function deleteLocks(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('user_locks').where('user_id', '=', userId).executeTakeFirst();
  await clearUnlocks(db, userId);
  return Number(result.numDeletedRows);
}
