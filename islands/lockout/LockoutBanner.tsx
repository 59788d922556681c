// The administrators' banner of the lockout badge, in the last two hours before the site locks:
// it says so and offers the reset. A part of its own, loaded only when it is due (decision record
// 0046): most pages never show it, so it is no part of their first load.

import { useState } from 'react';
import { formatCountdown } from '../../src/shared/lockout.ts';
import { api } from '../lib/api.ts';

export const LOCKOUT_RESET_PATH = '/api/admin/reset-lockout';
export const LOCKOUT_BANNER_TEXT = {
  label: 'Site lockout warning',
  reset: 'Reset Lockout Timer',
  resetting: 'Resetting…',
  resetFailed: 'Failed to reset site lockout',
} as const;

export interface LockoutBannerProps {
  /** Milliseconds left, as the badge shows them. */
  remaining: number;
  /** Asks the hub for the status again (the new expiry, after a reset). */
  refresh: { current: () => void };
}

export default function LockoutBanner({ remaining, refresh }: LockoutBannerProps) {
  const [resetting, setResetting] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);

  async function reset() {
    if (resetting) return;
    setResetting(true);
    setResetError(null);
    const outcome = await api<unknown>(LOCKOUT_RESET_PATH, { method: 'POST', fallback: LOCKOUT_BANNER_TEXT.resetFailed });
    setResetting(false);
    if (!outcome.ok) {
      setResetError(outcome.message);
      return;
    }
    // The new expiry comes with the next status: the banner goes once it is far enough away.
    refresh.current();
  }

  return (
    <section
      aria-label={LOCKOUT_BANNER_TEXT.label}
      data-lockout-banner=""
      className="pointer-events-auto fixed inset-x-2 bottom-14 z-50 mx-auto flex max-w-xl flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border-2 border-warn bg-surface px-4 py-3 text-sm text-fg shadow-lg sm:bottom-16"
    >
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">The site locks for everyone in {formatCountdown(remaining)}</strong> unless an administrator resets the lockout timer.
      </p>
      <button type="button" className="btn-primary px-3 py-1.5" disabled={resetting} onClick={() => void reset()}>
        {resetting ? LOCKOUT_BANNER_TEXT.resetting : LOCKOUT_BANNER_TEXT.reset}
      </button>
      {resetError ? (
        <p role="alert" className="w-full text-xs font-semibold text-danger">
          {resetError}
        </p>
      ) : null}
    </section>
  );
}
