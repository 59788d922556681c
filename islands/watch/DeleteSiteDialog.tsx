// The delete confirmation of a streaming site: names the site; nothing is sent before Delete.

import { useState } from 'react';
import type { StreamingSite } from '../../src/shared/watch.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { TrashIcon } from '../components/Icons.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { watchApi } from './watch-api.ts';

export const DELETE_DIALOG_PLACE = 'delete-site';

export function DeleteSiteDialog({
  control,
  toast,
  site,
  onDeleted,
}: {
  control: DialogControl;
  toast: ToastControl;
  site: StreamingSite | null;
  onDeleted: (site: StreamingSite) => void;
}) {
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    if (!site || deleting) return;
    setDeleting(true);
    const outcome = await watchApi.remove(site);
    setDeleting(false);
    if (!outcome.ok) {
      toast.show(outcome.message, 'error', control.isOpen() ? DELETE_DIALOG_PLACE : 'page');
      return;
    }
    control.close();
    onDeleted(site);
  }

  return (
    <Dialog control={control} title="Delete Streaming Site" width="sm" onClose={() => toast.closeIn(DELETE_DIALOG_PLACE)}>
      <p className="px-6 text-sm">
        Are you sure you want to delete <strong className="break-words">{site?.name}</strong>? This cannot be undone.
      </p>
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={deleting}>
          Cancel
        </button>
        <button type="button" className="btn-danger" onClick={remove} disabled={deleting || !site}>
          <TrashIcon />
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      </DialogActions>
      {toast.render(DELETE_DIALOG_PLACE)}
    </Dialog>
  );
}
