// The 'Add New Account' / 'Edit Account' dialog: Account Name, Username, Email, Password (masked,
// with the generator), Website URL, Custom Favicon URL and Category, checked here as the server
// checks them. Editing reads the password from the hub only once the dialog is open, and sends
// it back only if it was changed.

import { type FormEvent, useEffect, useState } from 'react';
import {
  DEFAULT_VAULT_CATEGORY,
  VAULT_CATEGORIES,
  VAULT_CATEGORY_STYLES,
  VAULT_LIMITS,
  VAULT_TEXT,
  type VaultAccount,
  type VaultAccountInput,
  type VaultCategory,
} from '../../src/shared/connect.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { SelectField, TextField } from '../components/Field.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { type Problems, useDraft } from '../components/useDraft.ts';
import type { ToastControl } from '../components/useToast.tsx';
import { connectApi } from './connect-api.ts';
import { PasswordGenerator } from './PasswordGenerator.tsx';

export const ACCOUNT_DIALOG_PLACE = 'account-dialog';

type Draft = Required<Omit<VaultAccountInput, 'category'>> & { category: VaultCategory };

const EMPTY: Draft = { name: '', username: '', email: '', password: '', website: '', favicon: '', category: DEFAULT_VAULT_CATEGORY };

const draftOf = (account: VaultAccount | null): Draft =>
  account
    ? {
        name: account.name,
        username: account.username,
        email: account.email,
        password: '',
        website: account.website,
        favicon: account.favicon,
        category: account.category,
      }
    : EMPTY;

/** An absolute http(s) address, as the server requires. */
function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The shape browsers check for type=email: something@domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function problemsOf(draft: Draft): Problems<'name' | 'email' | 'website' | 'favicon'> {
  const problems: Problems<'name' | 'email' | 'website' | 'favicon'> = {};
  if (draft.name.trim() === '') problems.name = VAULT_TEXT.nameRequired;
  if (draft.email.trim() !== '' && !EMAIL.test(draft.email.trim())) problems.email = VAULT_TEXT.invalidEmail;
  if (draft.website.trim() !== '' && !isWebUrl(draft.website.trim())) problems.website = VAULT_TEXT.invalidWebsite;
  if (draft.favicon.trim() !== '' && !isWebUrl(draft.favicon.trim())) problems.favicon = VAULT_TEXT.invalidFavicon;
  return problems;
}

export function AccountDialog({
  control,
  toast,
  editing,
  opening,
  onSaved,
}: {
  control: DialogControl;
  toast: ToastControl;
  /** The account being edited, or null to add one. */
  editing: VaultAccount | null;
  /** Counts the openings: each one starts afresh (and an edit reads the password again). */
  opening: number;
  onSaved: (account: VaultAccount, added: boolean) => void;
}) {
  const { draft, setDraft, problems, edit, validate } = useDraft(() => draftOf(editing), problemsOf, editing, opening);
  const [saving, setSaving] = useState(false);
  /** While editing: the stored password is on its way (the field waits). */
  const [loadingPassword, setLoadingPassword] = useState(false);
  /** The password as stored, so an untouched field is not sent again. */
  const [storedPassword, setStoredPassword] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the toast and the control are stable; only a new opening reads the password again
  useEffect(() => {
    setStoredPassword(null);
    if (!editing || opening === 0) return;
    if (!editing.hasPassword) {
      setStoredPassword('');
      return;
    }
    let current = true;
    setLoadingPassword(true);
    void connectApi.reveal(editing).then((outcome) => {
      if (!current) return;
      setLoadingPassword(false);
      if (!outcome.ok) {
        toast.show(outcome.message, 'error', control.isOpen() ? ACCOUNT_DIALOG_PLACE : 'page');
        return;
      }
      setStoredPassword(outcome.value.password);
      setDraft((d) => ({ ...d, password: outcome.value.password }));
    });
    return () => {
      current = false;
      setLoadingPassword(false);
    };
  }, [editing, opening]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || loadingPassword) return;
    if (!validate()) return;
    setSaving(true);
    const body: VaultAccountInput = {
      name: draft.name.trim(),
      username: draft.username.trim(),
      email: draft.email.trim(),
      website: draft.website.trim(),
      favicon: draft.favicon.trim(),
      category: draft.category,
    };
    // A password is kept exactly as typed (spaces are part of it). On edit, an untouched field
    // (or one whose stored value never arrived) leaves the stored password as it is.
    if (!editing) body.password = draft.password;
    else if (storedPassword !== null && draft.password !== storedPassword) body.password = draft.password;
    else if (storedPassword === null && draft.password !== '') body.password = draft.password;
    const outcome = editing ? await connectApi.update(editing, body) : await connectApi.create(body);
    setSaving(false);
    if (!outcome.ok) {
      toast.show(outcome.message, 'error', control.isOpen() ? ACCOUNT_DIALOG_PLACE : 'page');
      return;
    }
    control.close();
    onSaved(outcome.value, editing === null);
  }

  function closed() {
    toast.closeIn(ACCOUNT_DIALOG_PLACE);
    // Nothing of the password stays in the form once it is closed.
    setDraft(EMPTY);
    setStoredPassword(null);
  }

  return (
    <Dialog control={control} title={editing ? VAULT_TEXT.editTitle : VAULT_TEXT.addTitle} width="lg" onClose={closed}>
      <form onSubmit={save} noValidate>
        <div className="max-h-[calc(100dvh-11rem)] space-y-4 overflow-y-auto px-6 pb-2 pt-1">
          <TextField
            label="Account Name"
            required
            autoComplete="off"
            maxLength={VAULT_LIMITS.name}
            value={draft.name}
            onValue={edit('name')}
            error={problems.name ?? null}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Username" plain autoComplete="off" maxLength={VAULT_LIMITS.username} value={draft.username} onValue={edit('username')} />
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              plain
              autoComplete="off"
              maxLength={VAULT_LIMITS.email}
              value={draft.email}
              onValue={edit('email')}
              error={problems.email ?? null}
            />
          </div>
          <div>
            <PasswordField
              name="password"
              label="Password"
              autoComplete="new-password"
              disabled={loadingPassword}
              value={draft.password}
              onChange={edit('password')}
            />
          </div>
          <PasswordGenerator disabled={loadingPassword} onGenerated={(password) => setDraft((d) => ({ ...d, password }))} />
          <TextField
            label="Website URL"
            type="url"
            inputMode="url"
            plain
            autoComplete="off"
            placeholder="https://"
            maxLength={VAULT_LIMITS.website}
            value={draft.website}
            onValue={edit('website')}
            error={problems.website ?? null}
          />
          <TextField
            label="Custom Favicon URL (optional)"
            type="url"
            inputMode="url"
            plain
            autoComplete="off"
            placeholder="https://"
            hint="Leave empty to use the website's own icon."
            maxLength={VAULT_LIMITS.favicon}
            value={draft.favicon}
            onValue={edit('favicon')}
            error={problems.favicon ?? null}
          />
          <SelectField
            label="Category"
            value={draft.category}
            onValue={(value) =>
              setDraft((d) => ({ ...d, category: (VAULT_CATEGORIES as readonly string[]).includes(value) ? (value as VaultCategory) : d.category }))
            }
          >
            {VAULT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {VAULT_CATEGORY_STYLES[category].label}
              </option>
            ))}
          </SelectField>
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving || loadingPassword}>
            {saving ? 'Saving…' : editing ? VAULT_TEXT.editButton : VAULT_TEXT.addButton}
          </button>
        </DialogActions>
      </form>
      {toast.render(ACCOUNT_DIALOG_PLACE)}
    </Dialog>
  );
}
