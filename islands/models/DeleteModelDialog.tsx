// Asks before a model is deleted; the delete itself runs in the board.

import { useState } from 'react';
import type { Model } from '../../src/shared/models.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';

export function DeleteModelDialog({ control, model, onConfirm }: { control: DialogControl; model: Model | null; onConfirm: (model: Model) => Promise<void> }) {
  const [deleting, setDeleting] = useState(false);
  async function confirm() {
    if (!model || deleting) return;
    setDeleting(true);
    await onConfirm(model);
    setDeleting(false);
  }
  return (
    <Dialog control={control} title="Delete Model" width="sm">
      <p className="break-words px-6 text-sm">
        Delete <strong>{model?.name}</strong>? Their profile, tags and links are removed. This cannot be undone.
      </p>
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={deleting}>
          Cancel
        </button>
        <button type="button" className="btn-danger" onClick={confirm} disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      </DialogActions>
    </Dialog>
  );
}
