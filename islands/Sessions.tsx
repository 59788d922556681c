// The profile's Sessions: every device signed in to the account ("This device" first, marked), with
// the browser and system read from its User-Agent, when and how it signed in (the password, with a
// code or a recovery code, a passkey), when it was last seen (date and time), its address, and a
// Sign out button each (after a confirmation). Ending this device's own session signs it out.

import { useEffect, useState } from 'react';
import type { SessionInfo, SignInMethod } from '../src/shared/contracts/sessions.ts';
import { localDateTime } from '../src/shared/dates.ts';
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
  unknown: 'Unknown',
  unknownAddress: 'Unknown address',
} as const;

/** How a session began, as the row says it: "Signed in … with password + code". */
export const SIGN_IN_METHOD_TEXT: Record<SignInMethod, string> = {
  password: 'with password',
  'password+code': 'with password + code',
  'password+recovery': 'with password + recovery code',
  passkey: 'with a passkey',
  setup: 'at the first-run setup',
};

/** "November 21, 2026 at 2:05 PM", in the visitor's time zone once live (UTC, said so, before). */
const when = (iso: string | null, live: boolean) => (iso ? localDateTime(iso, live) : SESSIONS_TEXT.unknown);

/** What tells a row from the others of the same browser: when it signed in, and how. */
function signedIn(session: SessionInfo, live: boolean): string {
  const method = session.method ? ` ${SIGN_IN_METHOD_TEXT[session.method]}` : '';
  return `signed in ${when(session.createdAt, live)}${method}`;
}

export default function Sessions({ initial }: SessionsProps) {
  // This device first, then the others as the hub lists them: the most recent sign-in first.
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
                <p className="mt-0.5 text-sm">
                  Signed in <time dateTime={session.createdAt}>{when(session.createdAt, live)}</time>
                  {session.method ? ` ${SIGN_IN_METHOD_TEXT[session.method]}` : null}
                </p>
                <p className="text-sm text-muted">
                  Last seen {session.lastSeenAt ? <time dateTime={session.lastSeenAt}>{when(session.lastSeenAt, live)}</time> : SESSIONS_TEXT.unknown}
                  {' · '}
                  <span className="break-all">{session.ip ?? SESSIONS_TEXT.unknownAddress}</span>
                </p>
              </div>
              <button
                type="button"
                className="btn-outline px-3 py-1.5"
                aria-haspopup="dialog"
                aria-label={session.current ? 'Sign out this device' : `Sign out ${device}, ${signedIn(session, live)}`}
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
          {ending
            ? `${describeUserAgent(ending.userAgent)}, ${signedIn(ending, live)}. ${ending.current ? SESSIONS_TEXT.confirmCurrent : SESSIONS_TEXT.confirmOther}`
            : null}
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
