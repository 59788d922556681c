// "Sign in with a passkey" under the sign-in form: no username, no password; the browser offers
// the passkeys it holds for this hub. Shown only where the browser has WebAuthn; its code loads
// when pressed.

import { useState } from 'react';
import { loadWebAuthn, useWebAuthn } from './support.ts';

export const PASSKEY_SIGN_IN_LABEL = 'Sign in with a passkey';

export function KeyIcon({ size = 18 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="M10.7 12.3 20 3M16 7l3 3M14 9l2 2" />
    </svg>
  );
}

export function PasskeySignInButton({ next }: { next: string }) {
  const available = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!available) return null;

  async function signIn() {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const { signInWithPasskey } = await loadWebAuthn();
    const outcome = await signInWithPasskey();
    if (outcome.ok) {
      location.assign(next);
      return;
    }
    setMessage(outcome.message);
    setBusy(false);
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <button type="button" className="btn-outline w-full justify-center py-2.5" onClick={signIn} disabled={busy}>
        <KeyIcon />
        {busy ? 'Waiting for your passkey…' : PASSKEY_SIGN_IN_LABEL}
      </button>
      {message ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}
