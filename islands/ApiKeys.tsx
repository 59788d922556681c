// The profile's API keys: the user's keys (name, scopes, created, last used), a form that creates
// one and shows it once with a copy button, and revoking with a confirmation (decision 0050).

import { type FormEvent, useEffect, useState } from 'react';
import { API_KEY_SCOPES, type ApiKeyScope, type ApiKeyView, MAX_API_KEY_NAME_LENGTH, type NewApiKey, SCOPE_LABELS } from '../src/shared/api-keys.ts';
import { localDate } from '../src/shared/dates.ts';
import { Dialog, DialogActions, useDialog } from './components/Dialog.tsx';
import { TextField } from './components/Field.tsx';
import { FormError } from './components/FormMessage.tsx';
import { api } from './lib/api.ts';

export type ApiKeysProps = { keys: ApiKeyView[] };

export const API_KEYS_TEXT = {
  heading: 'API keys',
  intro: 'A key lets a script or another app use the hub’s API as you, within the scopes you tick. Vault, admin and account settings are never open to a key.',
  empty: 'No API keys yet.',
  name: 'Key name',
  nameHint: 'What uses it, for example “Backup script”.',
  scopes: 'Scopes',
  create: 'Create key',
  noScope: 'Tick at least one scope.',
  shownOnce: 'Copy this key now: it will not be shown again.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the key and copy it yourself.',
  done: 'Done',
  revoke: 'Revoke',
  revokeTitle: 'Revoke API key',
  revokeBody: (name: string) => `Scripts using “${name}” stop working at once. This cannot be undone.`,
  cancel: 'Cancel',
  never: 'Never',
  createFailed: 'The key could not be created.',
  revokeFailed: 'The key could not be revoked.',
} as const;

/** What a new key's form starts with: read only, the least a useful key can do. */
const FRESH_SCOPES: ApiKeyScope[] = ['read'];

const SCOPE_NAMES: Record<ApiKeyScope, string> = { read: 'Read', write: 'Write', upload: 'Upload' };

export default function ApiKeys({ keys: initial }: ApiKeysProps) {
  const [keys, setKeys] = useState(initial);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(FRESH_SCOPES);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  // Dates in UTC on the server (so hydration matches), in the visitor's time zone once live.
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  const confirm = useDialog();

  function toggle(scope: ApiKeyScope, on: boolean) {
    setScopes((now) => API_KEY_SCOPES.filter((s) => (s === scope ? on : now.includes(s))));
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    if (scopes.length === 0) return setError(API_KEYS_TEXT.noScope);
    setBusy(true);
    setError(null);
    const result = await api<NewApiKey>('/api/keys', { method: 'POST', body: { name, scopes }, fallback: API_KEYS_TEXT.createFailed });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    const { key: _secret, ...listed } = result.value;
    setKeys((now) => [listed, ...now]);
    setCreated(result.value);
    setCopy('idle');
    // The next key starts afresh: a key with more scopes is a choice made for that key, not carried over.
    setName('');
    setScopes(FRESH_SCOPES);
  }

  async function copyKey() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  function askRevoke(key: ApiKeyView) {
    setRevoking(key);
    setRevokeError(null);
    confirm.open();
  }

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    const result = await api(`/api/keys/${encodeURIComponent(revoking._id)}`, { method: 'DELETE', fallback: API_KEYS_TEXT.revokeFailed });
    setBusy(false);
    // Already gone (revoked elsewhere) is as good as revoked.
    if (!result.ok && result.status !== 404) return setRevokeError(result.message);
    const gone = revoking._id;
    setKeys((now) => now.filter((k) => k._id !== gone));
    if (created?._id === gone) setCreated(null);
    confirm.close();
  }

  return (
    <section className="card overflow-hidden" aria-labelledby="api-keys-heading">
      <div className="border-b border-line px-5 py-4">
        <h2 id="api-keys-heading" className="font-display text-lg font-bold">
          {API_KEYS_TEXT.heading}
        </h2>
        <p className="mt-1 text-sm text-muted">{API_KEYS_TEXT.intro}</p>
      </div>

      {keys.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">{API_KEYS_TEXT.empty}</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Your API keys">
          {keys.map((key) => (
            <li key={key._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium [overflow-wrap:anywhere]">{key.name}</span>
                  <code className="text-xs text-muted" title="The key’s last four characters">
                    …{key.hint}
                  </code>
                </p>
                <p className="mt-1 flex flex-wrap gap-1">
                  <span className="sr-only">Scopes:</span>
                  {key.scopes.map((scope) => (
                    <span key={scope} className="chip border border-line">
                      {SCOPE_NAMES[scope]}
                    </span>
                  ))}
                </p>
                <p className="mt-1 text-xs text-muted">
                  Created {localDate(key.createdAt, local)} · Last used {key.lastUsedAt ? localDate(key.lastUsedAt, local) : API_KEYS_TEXT.never}
                </p>
              </div>
              <button type="button" className="btn-outline" onClick={() => askRevoke(key)} aria-label={`${API_KEYS_TEXT.revoke} ${key.name}`}>
                {API_KEYS_TEXT.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}

      {created ? (
        <div className="border-t border-line bg-raised px-5 py-4" role="status">
          <p className="text-sm font-medium">{API_KEYS_TEXT.shownOnce}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {/* As tall as the key needs: on a phone it wraps, whole, instead of scrolling out of sight. */}
            <textarea
              readOnly
              rows={1}
              value={created.key}
              aria-label={`New key ${created.name}`}
              className="field min-w-0 basis-full resize-none break-all font-mono text-sm [field-sizing:content] sm:basis-0 sm:flex-1"
              onFocus={(e) => e.currentTarget.select()}
              spellCheck={false}
            />
            <button type="button" className="btn-primary" onClick={copyKey}>
              {copy === 'copied' ? API_KEYS_TEXT.copied : API_KEYS_TEXT.copy}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setCreated(null)}>
              {API_KEYS_TEXT.done}
            </button>
          </div>
          {copy === 'failed' ? <p className="mt-2 text-xs text-danger">{API_KEYS_TEXT.copyFailed}</p> : null}
        </div>
      ) : null}

      <form onSubmit={create} className="space-y-3 border-t border-line px-5 py-4" aria-label="Create an API key">
        <TextField label={API_KEYS_TEXT.name} hint={API_KEYS_TEXT.nameHint} value={name} onValue={setName} maxLength={MAX_API_KEY_NAME_LENGTH} required />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{API_KEYS_TEXT.scopes}</legend>
          <div className="space-y-1">
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.currentTarget.checked)} />
                <span>{SCOPE_LABELS[scope]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormError>{error}</FormError>
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {API_KEYS_TEXT.create}
          </button>
        </div>
      </form>

      <Dialog control={confirm} title={API_KEYS_TEXT.revokeTitle} width="sm" closable={!busy}>
        <p className="px-6 text-sm text-muted">{revoking ? API_KEYS_TEXT.revokeBody(revoking.name) : null}</p>
        <FormError className="mt-3 px-6">{revokeError}</FormError>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={() => confirm.close()} disabled={busy}>
            {API_KEYS_TEXT.cancel}
          </button>
          <button type="button" className="btn-danger" onClick={revoke} disabled={busy}>
            {API_KEYS_TEXT.revoke}
          </button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
