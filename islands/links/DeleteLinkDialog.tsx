// Asks before a link is deleted.

import { useState } from 'react';
import { LINK_TEXT, type Link } from '../../src/shared/links.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { linksApi } from './links-api.ts';

export const DELETE_PLACE = 'link-delete';

export function DeleteLinkDialog({
  control,
  toast,
  link,
  onDeleted,
}: {
  control: DialogControl;
  toast: ToastControl;
  link: Link | null;
  onDeleted: (link: Link) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!link || busy) return;
    setBusy(true);
    const outcome = await linksApi.remove(link);
    setBusy(false);
    if (!outcome.ok) return toast.show(outcome.message || LINK_TEXT.deleteFailed, 'error', control.isOpen() ? DELETE_PLACE : 'page');
    control.close();
    await onDeleted(link);
  }
  return (
    <Dialog control={control} title="Delete Link" width="sm" onClose={() => toast.closeIn(DELETE_PLACE)}>
      <p className="break-words px-6 text-sm">
        Delete <strong>{link?.name}</strong>? This cannot be undone.
      </p>
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={() => control.close()}>
          Cancel
        </button>
        <button type="button" className="btn-danger" disabled={busy} onClick={confirm}>
          Delete
        </button>
      </DialogActions>
      {toast.render(DELETE_PLACE)}
    </Dialog>
  );
}
