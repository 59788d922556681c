// The delete confirmation of a vault account: names the account; nothing is sent before Delete.

import { useState } from 'react';
import type { VaultAccount } from '../../src/shared/connect.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { TrashIcon } from '../components/Icons.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { connectApi } from './connect-api.ts';

export const DELETE_ACCOUNT_PLACE = 'delete-vault-account';

export function DeleteAccountDialog({
  control,
  toast,
  account,
  onDeleted,
}: {
  control: DialogControl;
  toast: ToastControl;
  account: VaultAccount | null;
  onDeleted: (account: VaultAccount) => void;
}) {
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    if (!account || deleting) return;
    setDeleting(true);
    const outcome = await connectApi.remove(account);
    setDeleting(false);
    if (!outcome.ok) {
      toast.show(outcome.message, 'error', control.isOpen() ? DELETE_ACCOUNT_PLACE : 'page');
      return;
    }
    control.close();
    onDeleted(account);
  }

  return (
    <Dialog control={control} title="Delete Account" width="sm" onClose={() => toast.closeIn(DELETE_ACCOUNT_PLACE)}>
      <p className="px-6 text-sm">
        Are you sure you want to delete <strong className="break-words">{account?.name}</strong>? Its username, email and password are removed from the vault.
        This cannot be undone.
      </p>
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={deleting}>
          Cancel
        </button>
        <button type="button" className="btn-danger" onClick={remove} disabled={deleting || !account}>
          <TrashIcon />
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      </DialogActions>
      {toast.render(DELETE_ACCOUNT_PLACE)}
    </Dialog>
  );
}
