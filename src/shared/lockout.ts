// The site lockout status as the badge sees it; shared by the server (first paint) and the island.
// Browser-safe: no server imports.

/** The answer of GET /api/site/lockout-status. */
export interface LockoutStatus {
  lockoutEnabled: boolean;
  isLocked: boolean;
  /** Milliseconds until the site locks. */
  timeRemaining: number;
}

/** How often the badge asks the server for the status. */
export const LOCKOUT_POLL_MS = 60_000;
/** How often the countdown is redrawn. */
export const LOCKOUT_TICK_MS = 1_000;
export const LOCKOUT_STATUS_PATH = '/api/site/lockout-status';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Milliseconds as HH:MM:SS. Hours are at least two digits and may exceed 24. Remaining time is
 * rounded up to the next whole second, so 00:00:00 shows only once no time is left; negative or
 * non-finite input gives 00:00:00.
 */
export function formatCountdown(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** Checks an answer from the server; null when it is not a lockout status. */
export function parseLockoutStatus(value: unknown): LockoutStatus | null {
  if (typeof value !== 'object' || value === null) return null;
  const { lockoutEnabled, isLocked, timeRemaining } = value as Record<string, unknown>;
  if (typeof lockoutEnabled !== 'boolean' || typeof isLocked !== 'boolean') return null;
  if (typeof timeRemaining !== 'number' || Number.isNaN(timeRemaining)) return null;
  return { lockoutEnabled, isLocked, timeRemaining };
}

/** A lockout period in words: "24 hours", "1 hour", "0.5 hours". */
export function hoursText(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
