// The site lockout badge: a countdown to the moment the site locks, in the shell's bottom bar. For
// administrators, in the last two hours, a banner above it says so and offers the reset; the banner
// is a part of its own, loaded only when it is due (decision record 0046), and the badge asks the
// hub with fetch itself: it is on every signed-in page, so its script is kept small.

import { Suspense, useEffect, useRef, useState } from 'react';
import { formatCountdown, LOCKOUT_POLL_MS, LOCKOUT_STATUS_PATH, LOCKOUT_TICK_MS, type LockoutStatus, parseLockoutStatus } from '../src/shared/lockout.ts';
import { lazily } from './media/lazily.ts';

// In the server's HTML while it shows: the server loads it at start, the browser hydrates around it.
const LockoutBanner = lazily(() => import('./lockout/LockoutBanner.tsx').then((m) => m.default), { renderedByServer: true });

// A type alias, not an interface: it must stay assignable to Record<string, unknown> (island props).
export type LockoutBadgeProps = {
  /** The status the server rendered with; the first client render uses it as-is (hydration). */
  initial: LockoutStatus;
  /** The viewer is an administrator: the last two hours bring the banner with the reset. */
  admin?: boolean;
};

/** The administrators' banner shows while less than this is left. */
const BANNER_FROM_MS = 2 * 60 * 60 * 1000;
/** Shown when the status endpoint answers with an error status (spec, error catalogue). */
const LOCKOUT_FETCH_FAILED = 'Failed to fetch lockout status';
/** The countdown turns to the warning colour for the last hour (from 01:00:00 shown). */
const WARN_FROM_MS = 60 * 60 * 1000;

/** Milliseconds until the shown (rounded-up) second changes; at most one tick. */
function untilNextSecond(left: number): number {
  const part = left % LOCKOUT_TICK_MS;
  return part > 0 ? part : LOCKOUT_TICK_MS;
}

function errorText(err: unknown): string {
  return `Error: ${err instanceof Error ? err.message : String(err)}`;
}

export default function LockoutBadge({ initial, admin = false }: LockoutBadgeProps) {
  const [status, setStatus] = useState<LockoutStatus>(initial);
  const [remaining, setRemaining] = useState(initial.timeRemaining);
  const [error, setError] = useState<string | null>(null);
  // Asks the server again; set once mounted (nothing is fetched during server rendering).
  const refresh = useRef<() => void>(() => {});

  // Fetching, and the 60 s poll. Only the newest request may change what is shown.
  useEffect(() => {
    const controller = new AbortController();
    let newest = 0;
    const load = async () => {
      const request = ++newest;
      // An error status is the catalogue's text; no answer, or an answer that is not JSON, says why.
      let next: LockoutStatus | null | undefined;
      let failure: unknown;
      try {
        const response = await fetch(LOCKOUT_STATUS_PATH, { headers: { accept: 'application/json' }, signal: controller.signal });
        if (response.ok) next = parseLockoutStatus(response.status === 204 ? undefined : await response.json());
      } catch (err) {
        failure = err;
      }
      if (request !== newest || controller.signal.aborted) return;
      if (next) {
        setError(null);
        setStatus(next);
        setRemaining(next.timeRemaining);
      } else {
        setError(failure ? errorText(failure) : next === null ? errorText(new Error('Unexpected lockout status answer')) : LOCKOUT_FETCH_FAILED);
      }
    };
    refresh.current = () => void load();
    const poll = setInterval(refresh.current, LOCKOUT_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(poll);
      refresh.current = () => {};
    };
  }, []);

  // The countdown runs against a deadline fixed when the status arrived (or at mount), so a timer
  // that a background tab delays still lands on the right time. Each tick is timed for the moment
  // the shown second changes; at zero the status is fetched again.
  useEffect(() => {
    if (!status.lockoutEnabled || status.isLocked || !(status.timeRemaining > 0)) return;
    const deadline = Date.now() + status.timeRemaining;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = Math.max(0, deadline - Date.now());
      setRemaining(left);
      if (left > 0) timer = setTimeout(tick, untilNextSecond(left));
      else refresh.current();
    };
    timer = setTimeout(tick, untilNextSecond(status.timeRemaining));
    return () => clearTimeout(timer);
  }, [status]);

  let kind: 'error' | 'locked' | 'countdown';
  let text: string;
  let tone: string;
  if (error) {
    kind = 'error';
    text = error;
    tone = 'border-danger text-danger';
  } else if (!status.lockoutEnabled) {
    return null;
  } else if (status.isLocked) {
    kind = 'locked';
    text = 'LOCKED';
    tone = 'border-danger text-danger';
  } else {
    kind = 'countdown';
    text = formatCountdown(remaining);
    tone = remaining <= WARN_FROM_MS ? 'border-warn text-warn' : 'border-line text-fg';
  }

  // The ticking digits are a timer (never announced by itself); only the switch to LOCKED or to an
  // error is, through a status region that stays in the page, empty, while the clock runs.
  const announcement = kind === 'locked' ? 'Site locked' : kind === 'error' ? `Site lockout: ${text}` : '';
  const banner = admin && kind === 'countdown' && remaining > 0 && remaining < BANNER_FROM_MS;
  return (
    <>
      {banner ? (
        <Suspense fallback={null}>
          <LockoutBanner remaining={remaining} refresh={refresh} />
        </Suspense>
      ) : null}
      <div
        data-lockout-badge={kind}
        title={kind === 'countdown' ? 'Time left until the site locks' : undefined}
        className={`pointer-events-auto inline-flex items-center gap-1.5 rounded-full border bg-surface px-3 py-1 text-xs font-semibold tabular-nums shadow-md ${tone}`}
      >
        {/* The hub's clock icon (ClockIcon), drawn here: the badge is on every page and kept small. */}
        <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" className="shrink-0">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {kind === 'countdown' ? (
          <>
            <span className="sr-only">Site locks in </span>
            <span role="timer" data-lockout-text="">
              {text}
            </span>
          </>
        ) : (
          <span aria-hidden="true" data-lockout-text="" className={kind === 'locked' ? 'tracking-wider' : undefined}>
            {text}
          </span>
        )}
        <span role="status" className="sr-only">
          {announcement}
        </span>
      </div>
    </>
  );
}
