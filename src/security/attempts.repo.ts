// SQL of the guessing limit: one row per counted password attempt, keyed by what and who.

import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Records an attempt for `key` only if fewer than `max` were recorded since `since`, in one
 * statement, so concurrent requests cannot all slip under the limit. Returns the new row's id,
 * or null when the limit is reached.
 */
export async function reserveAttempt(db: Db, key: string, now: number, since: number, max: number): Promise<number | null> {
  const result = await sql<{ id: number }>`
    insert into login_attempts (key, attempted_at)
    select ${key}, ${now}
    where (select count(*) from login_attempts where key = ${key} and attempted_at > ${since}) < ${max}
    returning id`.execute(db);
  return result.rows[0]?.id ?? null;
}

/** The oldest attempt for `key` still inside the window: the limit lifts when it leaves. */
export async function oldestAttemptSince(db: Db, key: string, since: number): Promise<number | null> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.min<number>('attempted_at').as('oldest'))
    .where('key', '=', key)
    .where('attempted_at', '>', since)
    .executeTakeFirst();
  return row?.oldest ?? null;
}

export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

export async function deleteAttemptsFor(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

export async function deleteAttemptsBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', before).execute();
}

export async function countAttempts(db: Db, key: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
