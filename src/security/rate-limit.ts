// The guessing limit (decision 0053). Every password check is counted before the slow check runs,
// by what is guessed at (the scope), for which account and from which client address; the counts
// live in SQLite, so a restart does not wipe them and a burst of concurrent requests gets no more
// checks than one request at a time would. Within the window (LOGIN_WINDOW_MINUTES), with
// N = LOGIN_MAX_ATTEMPTS:
// - sign-in: N per account from one address, 4N per account whatever the address (guessing from
//   many addresses), 4N from one address whatever the account (trying many accounts). Members of a
//   household share an address: one member's typos use up only their own N.
// - the site password: N per address (there is no account; one visitor must not lock out the rest).
// - the vault's export: N per account from one address and 4N per account, on counters of its own.
// A success forgives only that account's attempts from that address: signing in as oneself does
// not clear guesses at someone else's password.

import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { TooManyRequestsError } from '../errors.ts';
import * as repo from './attempts.repo.ts';
import { ServerBusyError } from './work-queue.ts';

export type AttemptScope = 'site' | 'signin' | 'vault' | 'pin';

/** Who is guessing at what: an account (a user's id, or `name:` and the typed name) from an address. */
export interface AttemptSource {
  account?: string;
  address: string;
}

/** One counted attempt. Left alone it stays counted (a failure); the check's outcome decides. */
export interface Attempt {
  /** The password was right: this account's attempts from this address are forgiven. */
  succeeded(): Promise<void>;
  /** No password was checked after all (the server was busy): the attempt is not counted. */
  cancel(): Promise<void>;
}

/** How much looser the per-account and per-address caps of sign-in are than the per-pair one. */
export const WIDER_CAP_FACTOR = 4;

/** The caps of each scope for LOGIN_MAX_ATTEMPTS = `max`. */
export function attemptCaps(max: number): Record<AttemptScope, repo.AttemptCaps> {
  return {
    signin: { pair: max, account: WIDER_CAP_FACTOR * max, address: WIDER_CAP_FACTOR * max },
    site: { pair: null, account: null, address: max },
    vault: { pair: max, account: WIDER_CAP_FACTOR * max, address: null },
    // The locks' PIN (decision 0057): its own limiter, whose `max` is the PIN's, per account.
    pin: { pair: null, account: max, address: null },
  };
}

export class AttemptLimiter {
  private readonly caps: Record<AttemptScope, repo.AttemptCaps>;

  constructor(private readonly options: { db: Kysely<Database>; maxAttempts: number; windowMs: number; clock: Clock }) {
    this.caps = attemptCaps(options.maxAttempts);
  }

  /** Counts one attempt, or throws TooManyRequestsError (with the seconds to wait). */
  async reserve(scope: AttemptScope, source: AttemptSource): Promise<Attempt> {
    const { db, windowMs, clock } = this.options;
    const target = { scope, account: source.account ?? '', address: source.address };
    const caps = this.caps[scope];
    const now = clock().getTime();
    const since = now - windowMs;
    await repo.deleteAttemptsBefore(db, scope, since);
    const id = await repo.reserveAttempt(db, target, now, since, caps);
    if (id === null) throw new TooManyRequestsError(await this.secondsToWait(target, caps, now));
    return {
      succeeded: () => repo.deleteAttemptsOf(db, target),
      cancel: () => repo.deleteAttempt(db, id),
    };
  }

  /** Until every full counter has room again: when enough of its oldest attempts leave the window. */
  private async secondsToWait(target: repo.AttemptTarget, caps: repo.AttemptCaps, now: number): Promise<number> {
    const { db, windowMs } = this.options;
    const since = now - windowMs;
    let until = now;
    for (const counter of ['pair', 'account', 'address'] as const) {
      const cap = caps[counter];
      if (cap === null) continue;
      const count = await repo.countAttempts(db, target, counter, since);
      if (count < cap) continue;
      const leaves = await repo.nthOldestAttempt(db, target, counter, since, count - cap);
      if (leaves !== null) until = Math.max(until, leaves + windowMs);
    }
    return Math.max(1, Math.ceil((until - now) / 1000));
  }

  /**
   * Throws TooManyRequestsError when the source has no attempt left in the window, without counting
   * one: for checks that cost nothing when they succeed (an API key), which count only failures.
   */
  async assertAllowed(scope: AttemptScope, source: AttemptSource): Promise<void> {
    const target = { scope, account: source.account ?? '', address: source.address };
    const caps = this.caps[scope];
    const now = this.options.clock().getTime();
    const since = now - this.options.windowMs;
    for (const counter of ['pair', 'account', 'address'] as const) {
      const cap = caps[counter];
      if (cap !== null && (await repo.countAttempts(this.options.db, target, counter, since)) >= cap) {
        throw new TooManyRequestsError(await this.secondsToWait(target, caps, now));
      }
    }
  }

  /**
   * Runs one password check under the limit: counted before it starts, forgiven if it succeeds,
   * not counted if the server was too busy to run it.
   */
  async check(scope: AttemptScope, source: AttemptSource, verify: () => Promise<boolean>): Promise<boolean> {
    const attempt = await this.reserve(scope, source);
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

  /** Attempts counted against an account from an address in the current window (for tests). */
  count(scope: AttemptScope, source: AttemptSource): Promise<number> {
    const { db, windowMs, clock } = this.options;
    return repo.countAttempts(db, { scope, account: source.account ?? '', address: source.address }, 'pair', clock().getTime() - windowMs);
  }
}
