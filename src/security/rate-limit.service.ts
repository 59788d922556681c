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
// - the second factor (codes and recovery codes of two-factor sign-in): N per account, whatever the
//   address and the challenge (decision 0058).
// - the locks' PIN: its own limiter's N per account (decision 0057).
// A right answer takes back only its own attempt (check). Failures are forgiven only by a caller
// that says so (forgive), when a whole step is done: a completed sign-in forgives that account's
// password failures from that address (never anyone else's), the vault's export its own, the site
// password the address's wrong site passwords. Nothing forgives the second factor or the PIN: their
// failures leave only with the window, so no success of one step forgives failures of another.

import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { TooManyRequestsError } from '../errors.ts';
import * as repo from './attempts.repo.ts';
import { ServerBusyError } from './work-queue.ts';

export type AttemptScope = 'site' | 'signin' | 'vault' | 'code' | 'pin';

/** The scopes whose failures a completed step may forgive; the second factor and the PIN are not among them. */
export type ForgivingScope = Exclude<AttemptScope, 'code' | 'pin'>;

/** Who is guessing at what: an account (a user's id, or `name:` and the typed name) from an address. */
export interface AttemptSource {
  account?: string;
  address: string;
}

/** One counted attempt. Left alone it stays counted (a failure); the check's outcome decides. */
export interface Attempt {
  /**
   * Not a failure after all (the answer was right, or no secret was checked: a busy server, a dead
   * challenge): this attempt alone is taken back. It forgives nothing else.
   */
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
    // Codes and recovery codes (decision 0058): per account, across challenges and addresses.
    code: { pair: null, account: max, address: null },
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
    return { cancel: () => repo.deleteAttempt(db, id) };
  }

  /**
   * A whole step is done (a completed sign-in, an export, the site password): the failures of this
   * scope for this account from this address are forgiven, no one else's and no other scope's.
   */
  async forgive(scope: ForgivingScope, source: AttemptSource): Promise<void> {
    await repo.deleteAttemptsOf(this.options.db, { scope, account: source.account ?? '', address: source.address });
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
   * Runs one check under the limit: counted before it starts, taken back if it succeeds or if the
   * server was too busy to run it; a failure stays counted. It forgives nothing: a caller whose
   * whole step is done calls forgive.
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
    if (ok) await attempt.cancel();
    return ok;
  }

  /** Attempts counted against an account from an address in the current window (for tests). */
  count(scope: AttemptScope, source: AttemptSource): Promise<number> {
    const { db, windowMs, clock } = this.options;
    return repo.countAttempts(db, { scope, account: source.account ?? '', address: source.address }, 'pair', clock().getTime() - windowMs);
  }
}
