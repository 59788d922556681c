// The Create New Admin dialog: Full Name, Username, Email, Password and Role, all required;
// Create stays disabled until the four texts are filled in.

import { type FormEvent, useState } from 'react';
import type { PublicUser, Role } from '../../src/shared/contracts/users.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { SelectField, TextField } from '../components/Field.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { adminCall } from './admin-api.ts';
import { ADMIN_TEXT } from './text.ts';

type Draft = { name: string; username: string; email: string; password: string; role: Role };
const EMPTY_DRAFT: Draft = { name: '', username: '', email: '', password: '', role: 'admin' };
/** The toast place of this dialog (a toast raised while it is open shows inside it). */
export const CREATE_PLACE = 'create';

export function CreateAdminDialog({ control, toast, onCreated }: { control: DialogControl; toast: ToastControl; onCreated: () => Promise<void> }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [creating, setCreating] = useState(false);
  const canCreate = draft.name.trim() !== '' && draft.username.trim() !== '' && draft.email.trim() !== '' && draft.password !== '';
  const edit = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canCreate || creating) return;
    setCreating(true);
    const body = { name: draft.name.trim(), username: draft.username.trim(), email: draft.email.trim(), password: draft.password, role: draft.role };
    const outcome = await adminCall<PublicUser>('/api/users', { method: 'POST', body, fallback: ADMIN_TEXT.createFailed });
    setCreating(false);
    if (!outcome.ok) {
      toast.show(outcome.message, 'error', control.isOpen() ? CREATE_PLACE : 'page');
      return;
    }
    control.close();
    setDraft(EMPTY_DRAFT);
    // Says what was made: the hub's answer names the role the account has.
    toast.show(outcome.value.role === 'admin' ? ADMIN_TEXT.created : ADMIN_TEXT.createdUser, 'success');
    await onCreated();
  }

  // A closed dialog forgets its input and any toast shown inside it.
  function closed() {
    setDraft(EMPTY_DRAFT);
    toast.closeIn(CREATE_PLACE);
  }

  return (
    <Dialog control={control} title="Create New Admin" onClose={closed}>
      <form onSubmit={create} noValidate>
        <div className="space-y-4 px-6 pb-2">
          <p className="text-sm text-muted">All fields are required. The new account can sign in straight away.</p>
          <TextField label="Full Name" required autoComplete="off" value={draft.name} onValue={edit('name')} />
          <TextField label="Username" required autoComplete="off" plain value={draft.username} onValue={edit('username')} />
          <TextField label="Email" type="email" required autoComplete="off" plain value={draft.email} onValue={edit('email')} />
          <PasswordField name="password" label="Password" autoComplete="new-password" value={draft.password} onChange={edit('password')} />
          <SelectField label="Role" required value={draft.role} onValue={(role) => setDraft((d) => ({ ...d, role: role === 'user' ? 'user' : 'admin' }))}>
            <option value="admin">Admin</option>
            <option value="user">User</option>
          </SelectField>
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={creating}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={!canCreate || creating}>
            {creating ? 'Creating…' : 'Create'}
          </button>
        </DialogActions>
      </form>
      {toast.render(CREATE_PLACE)}
    </Dialog>
  );
}
