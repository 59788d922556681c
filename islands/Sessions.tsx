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
const when = (iso: string | null, live: boolean, seconds = false) => (iso ? localDateTime(iso, live, seconds) : SESSIONS_TEXT.unknown);

/** What names a row: its browser and system, and when it signed in. */
interface RowName {
  device: string;
  signedInAt: string;
}

/**
 * Each row's name, told apart from the others': rows of one browser that signed in the same way in
 * the same minute show the seconds too; rows alike even then (a script signing in twice at once)
 * are numbered after the browser.
 */
function rowNames(sessions: SessionInfo[], live: boolean): Map<string, RowName> {
  const key = (session: SessionInfo, seconds: boolean) =>
    `${describeUserAgent(session.userAgent)}|${when(session.createdAt, live, seconds)}|${session.method ?? ''}`;
  const tally = (keys: string[]) => keys.reduce((counts, k) => counts.set(k, (counts.get(k) ?? 0) + 1), new Map<string, number>());
  const byMinute = tally(sessions.map((session) => key(session, false)));
  const seconds = sessions.map((session) => (byMinute.get(key(session, false)) ?? 0) > 1);
  const keys = sessions.map((session, i) => key(session, seconds[i]!));
  const alike = tally(keys);
  const numbered = new Map<string, number>();
  return new Map(
    sessions.map((session, i) => {
      const k = keys[i]!;
      const n = (numbered.get(k) ?? 0) + 1;
      numbered.set(k, n);
      const device = describeUserAgent(session.userAgent);
      return [session._id, { device: (alike.get(k) ?? 0) > 1 ? `${device} (${n})` : device, signedInAt: when(session.createdAt, live, seconds[i]) }];
    }),
  );
}

/** "Chrome on Linux, signed in December 1, 2026 at 2:05 PM with password + code": what the row's Sign out ends. */
function describeRow(session: SessionInfo, name: RowName): string {
  return `${name.device}, signed in ${name.signedInAt}${session.method ? ` ${SIGN_IN_METHOD_TEXT[session.method]}` : ''}`;
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
  const names = rowNames(sessions, live);
  const endingName = ending ? names.get(ending._id) : undefined;

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
          const name = names.get(session._id)!;
          return (
            <li key={session._id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 py-3">
              <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
                {name.device}
                {session.current ? <span className="chip bg-accent text-accent-fg">{SESSIONS_TEXT.thisDevice}</span> : null}
              </p>
              {/* Beside the browser's name on a phone (the lines below take the whole width), beside all three lines wider. */}
              <button
                type="button"
                className="btn-outline px-3 py-1.5 sm:row-span-3"
                aria-haspopup="dialog"
                aria-label={session.current ? 'Sign out this device' : `Sign out ${describeRow(session, name)}`}
                onClick={() => ask(session)}
              >
                Sign out
              </button>
              <p className="col-span-2 mt-0.5 text-sm sm:col-span-1">
                Signed in <time dateTime={session.createdAt}>{name.signedInAt}</time>
                {session.method ? (
                  <>
                    {' '}
                    <span className="whitespace-nowrap">{SIGN_IN_METHOD_TEXT[session.method]}</span>
                  </>
                ) : null}
              </p>
              <p className="col-span-2 text-sm text-muted sm:col-span-1">
                Last seen {session.lastSeenAt ? <time dateTime={session.lastSeenAt}>{when(session.lastSeenAt, live)}</time> : SESSIONS_TEXT.unknown}
                {' · '}
                <span className="break-words">{session.ip ?? SESSIONS_TEXT.unknownAddress}</span>
              </p>
            </li>
          );
        })}
      </ul>
      <Dialog control={control} title={SESSIONS_TEXT.confirmTitle} width="sm" closable={!busy} onClose={() => setEnding(null)}>
        <p className="px-6 text-sm text-muted">
          {ending && endingName ? `${describeRow(ending, endingName)}. ${ending.current ? SESSIONS_TEXT.confirmCurrent : SESSIONS_TEXT.confirmOther}` : null}
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
