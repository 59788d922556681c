// Delete Account: the profile's delete action with the spec's confirmation dialog. On success the
// session is gone with the account, and the visitor goes to /.

import { useState } from 'react';
import { Dialog, DialogActions, useDialog } from './components/Dialog.tsx';
import { FormError } from './components/FormMessage.tsx';
import { TrashIcon } from './components/Icons.tsx';
import { api } from './lib/api.ts';

export type DeleteAccountProps = { userId: string };

export const DELETE_TEXT = {
  title: 'Delete Account',
  body: 'Are you sure you want to delete your account? This action is irreversible.',
} as const;

export default function DeleteAccount({ userId }: DeleteAccountProps) {
  const control = useDialog();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function open() {
    setError(null);
    control.open();
  }

  async function confirm() {
    setBusy(true);
    const result = await api(`/api/users/${encodeURIComponent(userId)}`, { method: 'DELETE', fallback: 'The account could not be deleted.' });
    if (result.ok) {
      try {
        sessionStorage.removeItem('jwt');
      } catch {
        // nothing stored
      }
      location.assign('/');
      return;
    }
    if (result.status === 0) {
      console.error('Delete account failed:', result.cause);
      setError('Connection error. Please try again.');
    } else {
      console.error('Delete account failed:', result.error ?? result.status);
      setError(result.message);
    }
    setBusy(false);
  }

  return (
    <>
      <button type="button" onClick={open} className="btn-danger" aria-haspopup="dialog">
        <TrashIcon />
        Delete
      </button>
      <Dialog control={control} title={DELETE_TEXT.title} width="sm" closable={!busy}>
        <p className="px-6 text-sm text-muted">{DELETE_TEXT.body}</p>
        <FormError className="mt-3 px-6">{error}</FormError>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={() => control.close()} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={confirm} disabled={busy}>
            Confirm
          </button>
        </DialogActions>
      </Dialog>
    </>
  );
}
