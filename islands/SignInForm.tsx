// The sign-in form: username, password with show/hide, the server's error above the button.
// Without JavaScript it posts to /signin; live, it signs in through the API and goes on to the
// page the visitor came from. For an account with two-factor sign-in a second step asks for the
// code of the authenticator app (or a recovery code) and posts it with the challenge.

import { type FormEvent, useState } from 'react';
import { PasswordField } from './components/PasswordField.tsx';
import { api } from './lib/api.ts';
import { PasskeySignInButton } from './passkeys/PasskeySignInButton.tsx';

export type SignInFormProps = {
  next: string;
  error?: string | null;
  username?: string;
  /** The password step passed: the code step is shown (rendered so by the server for the plain form). */
  challenge?: string;
};

/** The server's words for a challenge that has ended (5 minutes, or 5 wrong codes): back to the password. */
const CHALLENGE_GONE = 'This sign-in has expired. Enter your password again.';

const messageFor = (result: { ok: false; status: number; message: string }) => (result.status === 0 ? 'Connection error. Please try again.' : result.message);

export default function SignInForm({ next, error = null, username: initialUsername = '', challenge: initialChallenge }: SignInFormProps) {
  const [message, setMessage] = useState<string | null>(error);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(initialChallenge ?? null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Inputs are uncontrolled, so what was typed before the island went live is kept.
    const fields = new FormData(event.currentTarget);
    const username = String(fields.get('username') ?? '');
    const password = String(fields.get('password') ?? '');
    setBusy(true);
    setMessage(null);
    // Empty fields are sent as absent; the server's message is shown as-is.
    const body: Record<string, string> = {};
    if (username) body.username = username;
    if (password) body.password = password;
    const result = await api<{ token?: string; twoFactorRequired?: boolean; challenge?: string }>('/auth/signin/', {
      method: 'POST',
      body,
      fallback: 'Sign-in failed',
    });
    if (result.ok && result.value?.token) {
      location.assign(next);
      return;
    }
    if (result.ok && result.value?.twoFactorRequired && result.value.challenge) {
      setChallenge(result.value.challenge);
      setBusy(false);
      return;
    }
    setMessage(result.ok ? 'Sign-in failed' : messageFor(result));
    setBusy(false);
  }

  if (challenge) {
    return (
      <CodeStep
        next={next}
        challenge={challenge}
        error={message}
        onGone={(text) => {
          setChallenge(null);
          setMessage(text);
        }}
      />
    );
  }

  return (
    <form method="post" action="/signin" onSubmit={submit} noValidate className="space-y-4">
      <input type="hidden" name="next" value={next} />
      <div>
        <label htmlFor="signin-username" className="mb-1 block text-sm font-medium">
          Username
        </label>
        <input
          id="signin-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: kept from before the linter; fix when this code is next touched
          autoFocus
          defaultValue={initialUsername}
          className="field"
        />
      </div>
      <PasswordField name="password" label="Password" autoComplete="current-password" />
      {message ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {message}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign In'}
      </button>
      <PasskeySignInButton next={next} />
    </form>
  );
}

/** The code step: 6 digits from the app, or (toggled) a recovery code. */
function CodeStep({ next, challenge, error, onGone }: { next: string; challenge: string; error: string | null; onGone: (message: string) => void }) {
  const [recovery, setRecovery] = useState(false);
  const [message, setMessage] = useState<string | null>(error);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setMessage(null);
    const result = await api<{ token?: string }>('/auth/signin/2fa', { method: 'POST', body: { challenge, code }, fallback: 'Sign-in failed' });
    if (result.ok && result.value?.token) {
      location.assign(next);
      return;
    }
    if (!result.ok && result.message === CHALLENGE_GONE) {
      onGone(result.message);
      return;
    }
    setMessage(result.ok ? 'Sign-in failed' : messageFor(result));
    setBusy(false);
  }

  return (
    <form method="post" action="/signin" onSubmit={submit} noValidate className="space-y-4" aria-labelledby="signin-code-heading">
      <input type="hidden" name="next" value={next} />
      <input type="hidden" name="challenge" value={challenge} />
      <div>
        <h2 id="signin-code-heading" className="font-display text-lg font-semibold">
          Two-factor sign-in
        </h2>
        <p className="mt-1 text-sm text-muted">
          {recovery ? 'Enter one of your recovery codes. Each works once.' : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      <div>
        <label htmlFor="signin-code" className="mb-1 block text-sm font-medium">
          {recovery ? 'Recovery code' : 'Authentication code'}
        </label>
        {recovery ? (
          <input
            key="recovery"
            id="signin-code"
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            // biome-ignore lint/a11y/noAutofocus: the only field of this step, shown after the user asked for it
            autoFocus
            placeholder="xxxx-xxxx-xxxx-xxxx"
            className="field font-mono"
          />
        ) : (
          <input
            key="totp"
            id="signin-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            // biome-ignore lint/a11y/noAutofocus: the only field of this step, shown right after the password
            autoFocus
            placeholder="123456"
            className="field font-mono tracking-widest"
          />
        )}
      </div>
      {message ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {message}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
        {busy ? 'Checking…' : 'Verify'}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="font-semibold text-accent" onClick={() => setRecovery((on) => !on)}>
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <a href={`/signin?next=${encodeURIComponent(next)}`} className="text-muted">
          Start over
        </a>
      </div>
    </form>
  );
}
