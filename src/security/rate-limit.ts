// The guessing limit: at most `maxAttempts` password checks per client address in a window. An
// attempt is reserved (counted) before the slow check runs and forgiven only on success, so a burst
// of concurrent requests gets no more checks than one request at a time would. Counts live in
// SQLite, so a restart does not wipe them.

import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { TooManyRequestsError } from '../errors.ts';
import * as repo from './attempts.repo.ts';
import { ServerBusyError } from './work-queue.ts';

/** One counted attempt. Left alone it stays counted (a failure); the check's outcome decides. */
export interface Attempt {
  /** The password was right: this and every earlier attempt from the address are forgiven. */
  succeeded(): Promise<void>;
  /** No password was checked after all (the server was busy): the attempt is not counted. */
  cancel(): Promise<void>;
}

export class AttemptLimiter {
  constructor(private readonly options: { db: Kysely<Database>; maxAttempts: number; windowMs: number; clock: Clock }) {}

  /** Counts one attempt for `key`, or throws TooManyRequestsError (with the seconds to wait). */
  async reserve(key: string): Promise<Attempt> {
    const { db, maxAttempts, windowMs, clock } = this.options;
    const now = clock().getTime();
    const since = now - windowMs;
    await repo.deleteAttemptsBefore(db, since);
    const id = await repo.reserveAttempt(db, key, now, since, maxAttempts);
    if (id === null) {
      const oldest = (await repo.oldestAttemptSince(db, key, since)) ?? now;
      throw new TooManyRequestsError(Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)));
    }
    return {
      succeeded: () => repo.deleteAttemptsFor(db, key),
      cancel: () => repo.deleteAttempt(db, id),
    };
  }

  /**
   * Throws TooManyRequestsError when `key` has no attempt left in the window, without counting
   * one: for checks that cost nothing when they succeed (an API key), which count only failures.
   */
  async assertAllowed(key: string): Promise<void> {
    const { db, maxAttempts, windowMs, clock } = this.options;
    const now = clock().getTime();
    const since = now - windowMs;
    if ((await repo.countAttempts(db, key, since)) < maxAttempts) return;
    const oldest = (await repo.oldestAttemptSince(db, key, since)) ?? now;
    throw new TooManyRequestsError(Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)));
  }

  /**
   * Runs one password check under the limit: counted before it starts, forgiven if it succeeds,
   * not counted if the server was too busy to run it.
   */
  async check(key: string, verify: () => Promise<boolean>): Promise<boolean> {
    const attempt = await this.reserve(key);
    let ok: boolean;
    try {
      ok = await verify();
    } catch (error) {
      if (error instanceof ServerBusyError) await attempt.cancel();
      throw error;
    }
    if (ok) await attempt.succeeded();
    return ok;
  }

  /** Attempts counted against `key` in the current window (for tests and the CLI). */
  count(key: string): Promise<number> {
    const { db, windowMs, clock } = this.options;
    return repo.countAttempts(db, key, clock().getTime() - windowMs);
  }
}
