// Asks before a deletion (to the bin, forever, or of a selection); the work runs in the page island.

import { type ReactNode, useState } from 'react';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';

export interface Confirmation {
  title: string;
  message: ReactNode;
  action: string;
  run: () => Promise<void>;
}

export function ConfirmDialog({ control, confirmation, children }: { control: DialogControl; confirmation: Confirmation | null; children?: ReactNode }) {
  const [working, setWorking] = useState(false);
  async function confirm() {
    if (!confirmation || working) return;
    setWorking(true);
    await confirmation.run();
    setWorking(false);
  }
  return (
    <Dialog control={control} title={confirmation?.title ?? ''} width="sm">
      <p className="break-words px-6 text-sm">{confirmation?.message}</p>
      {children}
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={working}>
          Cancel
        </button>
        <button type="button" className="btn-danger" onClick={confirm} disabled={working}>
          {working ? 'Deleting…' : confirmation?.action}
        </button>
      </DialogActions>
    </Dialog>
  );
}
