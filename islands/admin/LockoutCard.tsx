// The Site Lockout Administration card: the time left (counting down), Reset Lockout Timer, and
// once the site is locked, the server commands that open it again.

import { type ReactNode, useEffect, useState } from 'react';
import { CLI } from '../../src/shared/cli-commands.ts';
import { formatCountdown, hoursText, LOCKOUT_TICK_MS, type LockoutStatus } from '../../src/shared/lockout.ts';
import { ClockIcon, RefreshIcon } from '../components/Icons.tsx';
import type { SnackbarTone } from '../components/Snackbar.tsx';
import { adminCall } from './admin-api.ts';
import { ADMIN_TEXT, RELOAD_AFTER_RESET_MS } from './text.ts';

/** The time left turns to the warning colour for the last hour. */
const WARN_FROM_MS = 60 * 60 * 1000;

export function LockoutCard({ initial, hours, notify }: { initial: LockoutStatus; hours: number; notify: (text: string, tone: SnackbarTone) => void }) {
  const [remaining, setRemaining] = useState(initial.timeRemaining);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const locked = initial.isLocked || remaining <= 0;

  // The time left counts down against a deadline fixed at mount (a late timer lands on the right time).
  useEffect(() => {
    if (!initial.lockoutEnabled || initial.isLocked || !(initial.timeRemaining > 0)) return;
    const deadline = Date.now() + initial.timeRemaining;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = Math.max(0, deadline - Date.now());
      setRemaining(left);
      if (left > 0) timer = setTimeout(tick, left % LOCKOUT_TICK_MS || LOCKOUT_TICK_MS);
    };
    timer = setTimeout(tick, initial.timeRemaining % LOCKOUT_TICK_MS || LOCKOUT_TICK_MS);
    return () => clearTimeout(timer);
  }, [initial]);

  async function reset() {
    if (busy || done || locked) return;
    setBusy(true);
    const outcome = await adminCall<{ newExpiryTime?: unknown }>('/api/admin/reset-lockout', { method: 'POST', fallback: ADMIN_TEXT.resetFailed });
    setBusy(false);
    if (!outcome.ok) {
      notify(outcome.message, 'error');
      return;
    }
    setDone(true);
    notify(`Site lockout reset: access granted for another ${hoursText(hours)}. Reloading…`, 'success');
    setTimeout(() => location.reload(), RELOAD_AFTER_RESET_MS);
  }

  let state: ReactNode;
  if (!initial.lockoutEnabled) {
    state = (
      <p className="text-sm text-muted">
        The site lockout is disabled (SITE_LOCKOUT_HOURS is 0, or the period chosen at setup is): the site stays open and there is no timer to reset.
      </p>
    );
  } else if (locked) {
    state = (
      <div className="flex flex-wrap items-center gap-3">
        <span className="chip bg-danger-solid text-white tracking-wider">LOCKED</span>
        <p className="text-sm text-muted">The site is locked.</p>
      </div>
    );
  } else {
    state = (
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">Time left before the site locks</p>
        <p className={`mt-1 text-3xl font-bold tabular-nums tracking-tight ${remaining <= WARN_FROM_MS ? 'text-warn' : 'text-fg'}`}>
          <span role="timer" aria-live="off" aria-label="Time left">
            {formatCountdown(remaining)}
          </span>
        </p>
      </div>
    );
  }

  return (
    <section aria-labelledby="admin-lockout-title" className="card p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <ClockIcon />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="admin-lockout-title" className="text-lg font-bold">
            Site Lockout Administration
          </h2>
          <p className="text-sm text-muted">Unless an administrator resets it in time, the site locks and only the server's command line can open it again.</p>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        {state}
        {initial.lockoutEnabled ? (
          <div className="sm:max-w-xs sm:text-right">
            <button
              type="button"
              className="btn-primary w-full sm:w-auto"
              onClick={reset}
              disabled={busy || done || locked}
              aria-describedby={locked ? 'admin-lockout-server-only' : 'admin-lockout-grants'}
            >
              <RefreshIcon />
              {busy ? 'Resetting…' : 'Reset Lockout Timer'}
            </button>
            {locked ? null : (
              <p id="admin-lockout-grants" className="mt-2 text-xs text-muted">
                Grants another {hoursText(hours)} of site access, counted from now.
              </p>
            )}
          </div>
        ) : null}
      </div>
      {initial.lockoutEnabled && locked ? <ServerOnlyReset /> : null}
    </section>
  );
}

/** Once locked, no site token works, so no page can reset the lockout: only the server's command line. */
function ServerOnlyReset() {
  return (
    <div id="admin-lockout-server-only" className="mt-4 rounded-xl border border-line bg-raised px-4 py-3 text-sm">
      <p className="font-semibold">Only the server can open the site again.</p>
      <p className="mt-1 text-muted">Reset is no longer possible from here. On the server, in the hub's folder, run:</p>
      <CommandLine>{CLI.lockoutReset}</CommandLine>
      <p className="mt-2 text-muted">or, when the hub runs in Docker:</p>
      <CommandLine>{CLI.dockerLockoutReset}</CommandLine>
    </div>
  );
}

function CommandLine({ children }: { children: string }) {
  return (
    <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded-lg border border-line bg-surface px-3 py-2 text-xs">
      <code>{children}</code>
    </pre>
  );
}
