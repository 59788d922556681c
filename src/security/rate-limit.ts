// Counts failed attempts per client address; past the limit every attempt is refused until the
// window passes, even one with the right password.

import { TooManyRequestsError } from '../errors.ts';
import type { Clock } from '../http/context.ts';

export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();
  private calls = 0;

  constructor(
    private readonly options: { maxAttempts: number; windowMs: number; clock: Clock },
  ) {}

  private recent(key: string, now: number): number[] {
    const since = now - this.options.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Throws TooManyRequestsError (with the seconds to wait) when `key` is over the limit. */
  assertAllowed(key: string): void {
    const now = this.options.clock().getTime();
    const list = this.recent(key, now);
    if (list.length >= this.options.maxAttempts) {
      const retryAfterMs = list[0]! + this.options.windowMs - now;
      throw new TooManyRequestsError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
    }
  }

  recordFailure(key: string): void {
    const now = this.options.clock().getTime();
    this.recent(key, now).length; // prunes
    this.failures.set(key, [...(this.failures.get(key) ?? []), now]);
    if (++this.calls % 1000 === 0) this.prune(now);
  }

  /** A success forgives earlier mistakes from that address. */
  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
