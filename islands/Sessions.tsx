// The profile's Sessions: every device signed in to the account ("This device" first), with the
// browser and system read from its User-Agent, when it was last seen, its address, and a Sign out
// button each (after a confirmation). Ending this device's own session signs it out.

import { useEffect, useState } from 'react';
import type { SessionInfo } from '../src/shared/contracts/sessions.ts';
import { localDate } from '../src/shared/dates.ts';
import { describeUserAgent } from '../src/shared/user-agent.ts';
import { Dialog, DialogActions, useDialog } from './components/Dialog.tsx';
import { FormError } from './components/FormMessage.tsx';
import { api } from './lib/api.ts';

export type SessionsProps = { initial: SessionInfo[] };

export const SESSIONS_TEXT = {
  title: 'Sessions',
  thisDevice: 'This device',
  confirmTitle: 'Sign out this session?',
  confirmOther: 'That device will have to sign in again.',
  confirmCurrent: 'This is the device you are using: you will be signed out here.',
  failed: 'The session could not be ended.',
} as const;

/** "November 21, 2026", in the visitor's time zone once live; "Unknown" when the hub never saw it. */
const when = (iso: string | null, live: boolean) => (iso ? localDate(iso, live) : 'Unknown');

export default function Sessions({ initial }: SessionsProps) {
  // This device first, then the most recently seen.
  const [sessions, setSessions] = useState(() => [...initial].sort((a, b) => Number(b.current) - Number(a.current)));
  const [live, setLive] = useState(false);
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const control = useDialog();
  useEffect(() => setLive(true), []);

  function ask(session: SessionInfo) {
    setEnding(session);
    setError(null);
    control.open();
  }

  async function confirm() {
    if (!ending) return;
    setBusy(true);
    const result = await api<{ current: boolean }>(`/api/me/sessions/${encodeURIComponent(ending._id)}`, { method: 'DELETE', fallback: SESSIONS_TEXT.failed });
    setBusy(false);
    if (result.ok || result.status === 404) {
      // Gone either way (a 404: it had ended already).
      if (ending.current) {
        location.assign('/signin');
        return;
      }
      setSessions((list) => list.filter((s) => s._id !== ending._id));
      control.close();
      return;
    }
    setError(result.message);
  }

  return (
    <section className="card p-5" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="font-display text-xl font-bold">
        {SESSIONS_TEXT.title}
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {sessions.map((session) => {
          const device = describeUserAgent(session.userAgent);
          return (
            <li key={session._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {device}
                  {session.current ? <span className="chip bg-accent text-accent-fg">{SESSIONS_TEXT.thisDevice}</span> : null}
                </p>
                <p className="mt-0.5 text-sm text-muted">
                  Last seen {session.lastSeenAt ? <time dateTime={session.lastSeenAt}>{when(session.lastSeenAt, live)}</time> : 'Unknown'}
                  {' · '}
                  <span className="break-all">{session.ip ?? 'Unknown address'}</span>
                </p>
                <p className="text-xs text-muted">
                  Signed in <time dateTime={session.createdAt}>{when(session.createdAt, live)}</time>
                </p>
              </div>
              <button
                type="button"
                className="btn-outline px-3 py-1.5"
                aria-haspopup="dialog"
                aria-label={`Sign out ${session.current ? 'this device' : device}`}
                onClick={() => ask(session)}
              >
                Sign out
              </button>
            </li>
          );
        })}
      </ul>
      <Dialog control={control} title={SESSIONS_TEXT.confirmTitle} width="sm" closable={!busy} onClose={() => setEnding(null)}>
        <p className="px-6 text-sm text-muted">
          {ending ? `${describeUserAgent(ending.userAgent)}. ${ending.current ? SESSIONS_TEXT.confirmCurrent : SESSIONS_TEXT.confirmOther}` : null}
        </p>
        <FormError className="mt-3 px-6">{error}</FormError>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={() => control.close()} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={confirm} disabled={busy}>
            Sign out
          </button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
