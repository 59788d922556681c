// The parts of the profile's Two-factor section that only a member setting it up or turning it
// off needs: the QR code and the secret as text, the first code, the recovery codes (shown once,
// with copy and download) and the turn-off form that asks for the password.

import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../components/FormMessage.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { copyToClipboard } from '../connect/clipboard.ts';
import { api } from '../lib/api.ts';

interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

export const PANEL_TEXT = {
  scan: 'Scan this QR code with your authenticator app (such as Aegis, 2FAS, Google Authenticator or 1Password).',
  manual: 'Or enter this key by hand:',
  code: '6-digit code from the app',
  turnOn: 'Turn on',
  cancel: 'Cancel',
  codesTitle: 'Your recovery codes',
  codesIntro: 'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  copy: 'Copy codes',
  copied: 'Copied',
  download: 'Download (.txt)',
  done: 'Done',
  offIntro: 'Enter your password to turn two-factor sign-in off. Your recovery codes stop working.',
  confirmOff: 'Turn off two-factor sign-in',
} as const;

/** The secret in groups of four, as authenticator apps show keys typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

export function recoveryCodesFile(codes: string[]): string {
  return `Private Hub recovery codes\nEach code signs you in once in place of an authenticator code.\n\n${codes.join('\n')}\n`;
}

export function Enrol({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    let live = true;
    void api<TotpSetup>('/api/me/2fa/totp/setup', { method: 'POST', fallback: 'Two-factor sign-in could not be set up.' }).then((result) => {
      if (!live) return;
      if (result.ok) setSetup(result.value);
      else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, []);

  async function enable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setError(null);
    const result = await api<{ recoveryCodes: string[] }>('/api/me/2fa/totp/enable', {
      method: 'POST',
      body: { code },
      fallback: 'The code could not be checked.',
    });
    setBusy(false);
    if (result.ok) setCodes(result.value.recoveryCodes);
    else setError(result.message);
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

  return (
    <div className="mt-3 space-y-4">
      {setup ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {/* The hub's own SVG (drawn from the address above, no user text in it). Dark on white in both themes: scanners need the contrast. */}
          <div
            className="h-48 w-48 shrink-0 self-center rounded-lg bg-white p-1 sm:self-start [&>svg]:h-full [&>svg]:w-full"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the hub's own QR drawing
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <div className="min-w-0 space-y-2 text-sm">
            <p>{PANEL_TEXT.scan}</p>
            <p className="text-muted">{PANEL_TEXT.manual}</p>
            <p>
              <code
                data-testid="totp-secret"
                className="block break-words rounded-lg border border-line bg-raised px-3 py-2 font-mono text-base tracking-wider"
              >
                {grouped(setup.secret)}
              </code>
            </p>
          </div>
        </div>
      ) : error ? null : (
        <p className="text-sm text-muted">Making a key…</p>
      )}
      <form onSubmit={enable} noValidate className="space-y-3">
        {setup ? (
          <div>
            <label htmlFor="totp-enable-code" className="mb-1 block text-sm font-medium">
              {PANEL_TEXT.code}
            </label>
            <input
              id="totp-enable-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              placeholder="123456"
              className="field max-w-[12rem] font-mono tracking-widest"
            />
          </div>
        ) : null}
        <FormError>{error}</FormError>
        <div className="flex flex-wrap gap-2">
          {setup ? (
            <button type="submit" className="btn-primary" disabled={busy}>
              {PANEL_TEXT.turnOn}
            </button>
          ) : null}
          <button type="button" className="btn-ghost" onClick={onCancel} disabled={busy}>
            {PANEL_TEXT.cancel}
          </button>
        </div>
      </form>
    </div>
  );
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const file = recoveryCodesFile(codes);
  return (
    <div className="mt-3 space-y-3">
      <h3 className="font-semibold">{PANEL_TEXT.codesTitle}</h3>
      <p className="text-sm text-muted">{PANEL_TEXT.codesIntro}</p>
      <ul
        aria-label={PANEL_TEXT.codesTitle}
        className="grid grid-cols-1 gap-1 rounded-lg border border-line bg-raised p-3 font-mono text-sm min-[420px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline"
          onClick={async () => {
            setCopied(await copyToClipboard(codes.join('\n')));
          }}
        >
          {copied ? PANEL_TEXT.copied : PANEL_TEXT.copy}
        </button>
        <a className="btn-outline no-underline" href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download="hub-recovery-codes.txt">
          {PANEL_TEXT.download}
        </a>
        <button type="button" className="btn-primary" onClick={onDone}>
          {PANEL_TEXT.done}
        </button>
      </div>
    </div>
  );
}

export function TurnOff({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    setError(null);
    const result = await api('/api/me/2fa/totp', { method: 'DELETE', body: { password }, fallback: 'Two-factor sign-in could not be turned off.' });
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.message);
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 max-w-sm space-y-3">
      <p className="text-sm text-muted">{PANEL_TEXT.offIntro}</p>
      <PasswordField name="password" label="Password" autoComplete="current-password" />
      <FormError>{error}</FormError>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-danger" disabled={busy}>
          {PANEL_TEXT.confirmOff}
        </button>
        <button type="button" className="btn-ghost" onClick={onCancel} disabled={busy}>
          {PANEL_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
