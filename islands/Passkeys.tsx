// The profile's Passkeys section: the member's passkeys (name, added, last used), adding one made
// on this device under a name, and removing one after a confirmation. The WebAuthn code loads when
// Add is pressed; a browser without WebAuthn is told it cannot make passkeys.

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { localDate } from '../src/shared/dates.ts';
import { MAX_PASSKEY_NAME_LENGTH, MAX_PASSKEYS_PER_USER, type PasskeySummary } from '../src/shared/passkeys.ts';
import { Dialog, DialogActions, useDialog } from './components/Dialog.tsx';
import { api } from './lib/api.ts';
import { KeyIcon } from './passkeys/PasskeySignInButton.tsx';
import { loadWebAuthn, useWebAuthn } from './passkeys/support.ts';

export const PASSKEYS_TEXT = {
  heading: 'Passkeys',
  intro: 'Sign in without a password, with the screen lock of your phone or computer (fingerprint, face or PIN).',
  none: 'No passkeys yet.',
  add: 'Add a passkey',
  nameLabel: 'Passkey name',
  unsupported: 'This browser cannot make passkeys.',
  removeTitle: 'Remove passkey',
  loadFailed: 'The passkeys could not be loaded.',
} as const;

export type PasskeysProps = Record<string, never>;

const when = (iso: string | null) => (iso ? localDate(iso) : 'Never');

export default function Passkeys(_props: PasskeysProps) {
  const available = useWebAuthn();
  const [passkeys, setPasskeys] = useState<PasskeySummary[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const confirm = useDialog();

  useEffect(() => {
    void api<PasskeySummary[]>('/api/me/passkeys', { fallback: PASSKEYS_TEXT.loadFailed }).then((result) => {
      if (result.ok) setPasskeys(result.value);
      else setMessage(result.status === 0 ? 'Connection error. Please try again.' : result.message);
    });
  }, []);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const name = nameField.current?.value.trim() ?? '';
    setMessage(null);
    if (!name) {
      setMessage('Give the passkey a name');
      nameField.current?.focus();
      return;
    }
    setBusy(true);
    const { addPasskey } = await loadWebAuthn();
    const outcome = await addPasskey<PasskeySummary>(name);
    if (outcome.ok) {
      setPasskeys((list) => [...(list ?? []), outcome.value]);
      if (nameField.current) nameField.current.value = '';
    } else setMessage(outcome.message);
    setBusy(false);
  }

  function askRemove(passkey: PasskeySummary) {
    setMessage(null);
    setRemoving(passkey);
    confirm.open();
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const result = await api(`/api/me/passkeys/${encodeURIComponent(removing._id)}`, { method: 'DELETE', fallback: 'The passkey could not be removed.' });
    // Gone either way (a 404: it was removed elsewhere).
    if (result.ok || result.status === 404) setPasskeys((list) => (list ?? []).filter((p) => p._id !== removing._id));
    else setMessage(result.status === 0 ? 'Connection error. Please try again.' : result.message);
    setBusy(false);
    confirm.close();
  }

  const full = (passkeys?.length ?? 0) >= MAX_PASSKEYS_PER_USER;
  return (
    <section className="card overflow-hidden" aria-labelledby="passkeys-heading">
      <div className="border-b border-line px-5 py-4">
        <h2 id="passkeys-heading" className="flex items-center gap-2 font-display text-xl font-bold">
          <KeyIcon size={20} />
          {PASSKEYS_TEXT.heading}
        </h2>
        <p className="mt-1 text-sm text-muted">{PASSKEYS_TEXT.intro}</p>
      </div>
      {passkeys === null ? (
        <p className="px-5 py-4 text-sm text-muted">{message ? '' : 'Loading passkeys…'}</p>
      ) : passkeys.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">{PASSKEYS_TEXT.none}</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium">{passkey.name}</p>
                <p className="text-sm text-muted">
                  Added {when(passkey.createdAt)} · Last used {when(passkey.lastUsedAt)}
                </p>
              </div>
              <button type="button" className="btn-outline" onClick={() => askRemove(passkey)} aria-label={`Remove ${passkey.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="space-y-3 border-t border-line px-5 py-4">
        {available === null ? null : !available ? (
          <p className="text-sm text-muted">{PASSKEYS_TEXT.unsupported}</p>
        ) : full ? (
          <p className="text-sm text-muted">You have {MAX_PASSKEYS_PER_USER} passkeys, the most an account can have. Remove one to add another.</p>
        ) : (
          <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-3">
            <div className="min-w-[12rem] flex-1">
              <label htmlFor="passkey-name" className="mb-1 block text-sm font-medium">
                {PASSKEYS_TEXT.nameLabel}
              </label>
              <input id="passkey-name" ref={nameField} maxLength={MAX_PASSKEY_NAME_LENGTH} placeholder="e.g. My phone" autoComplete="off" className="field" />
            </div>
            <button type="submit" className="btn-primary" disabled={busy || passkeys === null}>
              <KeyIcon size={16} />
              {busy ? 'Waiting for your device…' : PASSKEYS_TEXT.add}
            </button>
          </form>
        )}
        {message ? (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {message}
          </p>
        ) : null}
      </div>
      <Dialog control={confirm} title={PASSKEYS_TEXT.removeTitle} width="sm" onClose={() => setRemoving(null)}>
        <p className="px-6 text-sm">
          Remove the passkey “{removing?.name}”? You will no longer be able to sign in with it. The device may still list it until you delete it there too.
        </p>
        <DialogActions>
          <button type="button" className="btn-outline" onClick={() => confirm.close()}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={remove} disabled={busy}>
            Remove
          </button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
