// The sign-in form: username, password with show/hide, the server's error above the button.
// Without JavaScript it posts to /signin; live, it signs in through the API and goes on to the
// page the visitor came from.

import { type FormEvent, useState } from 'react';
import { PasswordField } from './components/PasswordField.tsx';
import { api } from './lib/api.ts';
import { PasskeySignInButton } from './passkeys/PasskeySignInButton.tsx';

export type SignInFormProps = {
  next: string;
  error?: string | null;
  username?: string;
};

export default function SignInForm({ next, error = null, username: initialUsername = '' }: SignInFormProps) {
  const [message, setMessage] = useState<string | null>(error);
  const [busy, setBusy] = useState(false);

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
    const result = await api<{ token?: string }>('/auth/signin/', { method: 'POST', body, fallback: 'Sign-in failed' });
    if (result.ok && result.value?.token) {
      location.assign(next);
      return;
    }
    setMessage(result.ok ? 'Sign-in failed' : result.status === 0 ? 'Connection error. Please try again.' : result.message);
    setBusy(false);
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
