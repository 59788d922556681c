// SQL of the guessing limit: one row per counted password attempt, by scope, account and address.

import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface AttemptTarget {
  scope: string;
  account: string;
  address: string;
}

/** The caps of one scope within a window; null where there is none. */
export interface AttemptCaps {
  /** Attempts per account from one address. */
  pair: number | null;
  /** Attempts per account, whatever the address. */
  account: number | null;
  /** Attempts from one address, whatever the account. */
  address: number | null;
}

// A cap of null compares against a count that never reaches it.
const NO_CAP = Number.MAX_SAFE_INTEGER;

/**
 * Records an attempt only if every cap still has room since `since`, in one statement, so
 * concurrent requests cannot all slip under a limit (SQLite runs one write at a time). Returns the
 * new row's id, or null when a cap is reached.
 */
export async function reserveAttempt(db: Db, target: AttemptTarget, now: number, since: number, caps: AttemptCaps): Promise<number | null> {
  const { scope, account, address } = target;
  const result = await sql<{ id: number }>`
    insert into login_attempts (scope, account, address, attempted_at)
    select ${scope}, ${account}, ${address}, ${now}
    where (select count(*) from login_attempts where scope = ${scope} and account = ${account} and address = ${address} and attempted_at > ${since}) < ${caps.pair ?? NO_CAP}
      and (select count(*) from login_attempts where scope = ${scope} and account = ${account} and attempted_at > ${since}) < ${caps.account ?? NO_CAP}
      and (select count(*) from login_attempts where scope = ${scope} and address = ${address} and attempted_at > ${since}) < ${caps.address ?? NO_CAP}
    returning id`.execute(db);
  return result.rows[0]?.id ?? null;
}

export type AttemptCounter = keyof AttemptCaps;

function scoped(db: Db, target: AttemptTarget, counter: AttemptCounter, since: number) {
  let query = db.selectFrom('login_attempts').where('scope', '=', target.scope).where('attempted_at', '>', since);
  if (counter !== 'address') query = query.where('account', '=', target.account);
  if (counter !== 'account') query = query.where('address', '=', target.address);
  return query;
}

/** Attempts a counter holds for `target` since `since`. */
export async function countAttempts(db: Db, target: AttemptTarget, counter: AttemptCounter, since: number): Promise<number> {
  const row = await scoped(db, target, counter, since)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the `skip`+1-th oldest attempt of a counter was made (the limit lifts when it leaves the window). */
export async function nthOldestAttempt(db: Db, target: AttemptTarget, counter: AttemptCounter, since: number, skip: number): Promise<number | null> {
  const row = await scoped(db, target, counter, since).select('attempted_at').orderBy('attempted_at').limit(1).offset(skip).executeTakeFirst();
  return row?.attempted_at ?? null;
}

export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

/** A success: that account's attempts from that address are forgiven, no one else's. */
export async function deleteAttemptsOf(db: Db, target: AttemptTarget): Promise<void> {
  await db.deleteFrom('login_attempts').where('scope', '=', target.scope).where('account', '=', target.account).where('address', '=', target.address).execute();
}

/** Forgets a scope's attempts older than its window (each limiter keeps the window of its scopes). */
export async function deleteAttemptsBefore(db: Db, scope: string, before: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('scope', '=', scope).where('attempted_at', '<=', before).execute();
}
