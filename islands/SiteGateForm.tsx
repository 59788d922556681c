// The site gate's form: the site password with show/hide, Enter Site (or the Enter key), and the
// spec's snackbar messages. It posts as a plain form without JavaScript; live, it checks with
// the API and reloads the page the visitor asked for.

import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { PasswordField } from './components/PasswordField.tsx';
import { Snackbar } from './components/Snackbar.tsx';
import { api } from './lib/api.ts';

export type SiteGateFormProps = {
  /** Where the visitor was headed (this page's own path). */
  next: string;
  locked: boolean;
  /** A message from the server's answer to a form post (no-JavaScript path). */
  error?: string | null;
};

/** The spec's session-storage key for the site token. */
export const SITE_TOKEN_KEY = 'siteToken';
export const GATE_TEXT = {
  blank: 'Please enter the site password',
  wrong: 'Incorrect site password. Please try again.',
  network: 'Connection error. Please try again.',
} as const;

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(SITE_TOKEN_KEY);
  } catch {
    return null;
  }
}

export default function SiteGateForm({ next, locked, error = null }: SiteGateFormProps) {
  const [message, setMessage] = useState<string | null>(error);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const close = useCallback(() => setMessage(null), []);

  // A token kept from earlier in this tab is checked first (the cookie may have been cleared);
  // while that runs the page shows the plain text Loading.
  useEffect(() => {
    const token = storedToken();
    if (!token || locked) return;
    setChecking(true);
    void api<{ valid?: unknown }>('/api/site/verify-token', { headers: { 'x-site-token': token }, fallback: '' }).then((result) => {
      if (result.ok && result.value?.valid === true) {
        location.replace(next);
        return;
      }
      // The server said no (a token it does not know): forget it. No answer, or one that cannot
      // be read: keep it for the next visit.
      if (result.ok || result.cause === undefined) sessionStorage.removeItem(SITE_TOKEN_KEY);
      setChecking(false);
    });
  }, [locked, next]);

  // The input is left uncontrolled, so what was typed before the island went live is kept.
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const password = String(new FormData(form).get('password') ?? '');
    if (password.trim() === '') {
      setMessage(GATE_TEXT.blank);
      return;
    }
    setBusy(true);
    const result = await api<{ success?: boolean; siteToken?: string }>('/api/site/verify-password', {
      method: 'POST',
      body: { password },
      fallback: GATE_TEXT.wrong,
    });
    if (result.ok && result.value?.success && result.value.siteToken) {
      try {
        sessionStorage.setItem(SITE_TOKEN_KEY, result.value.siteToken);
      } catch {
        // The HttpOnly cookie the server set is what pages use; storage is a convenience.
      }
      location.replace(next);
      return;
    }
    if (!result.ok && result.status === 0) {
      setMessage(GATE_TEXT.network);
    } else {
      setMessage(result.ok ? GATE_TEXT.wrong : result.message);
      const input = form.elements.namedItem('password');
      if (input instanceof HTMLInputElement) input.value = '';
    }
    setBusy(false);
  }

  if (checking) return <p className="py-10 text-center text-muted">Loading</p>;

  return (
    <>
      <form method="post" action="/site/enter" onSubmit={submit} noValidate className="space-y-4">
        <input type="hidden" name="next" value={next} />
        <PasswordField name="password" label="Site password" autoComplete="current-password" autoFocus={!locked} disabled={locked} />
        <button type="submit" className="btn-primary w-full py-2.5" disabled={locked || busy}>
          {busy ? 'Checking…' : 'Enter Site'}
        </button>
      </form>
      <Snackbar message={message} onClose={close} />
    </>
  );
}
