// Export: the user's own sign-in password again, then the Bitwarden-compatible CSV of every
// account (passwords in clear text) is saved as a file. The hub checks the password (and says
// what is wrong); it leaves the form once the dialog closes.

import { type FormEvent, useState } from 'react';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { DownloadIcon } from '../links/icons.tsx';
import { connectApi } from './connect-api.ts';

export const EXPORT_DIALOG_PLACE = 'export-vault';
export const EXPORT_TEXT = {
  title: 'Export Accounts',
  done: 'Accounts exported',
} as const;

/** Hands the file to the browser's download (an object URL, revoked once used). */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ExportDialog({ control, toast, onExported }: { control: DialogControl; toast: ToastControl; onExported: () => void }) {
  const [password, setPassword] = useState('');
  const [exporting, setExporting] = useState(false);

  async function exportAll(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (exporting) return;
    setExporting(true);
    const outcome = await connectApi.exportCsv(password);
    setExporting(false);
    if (!outcome.ok) {
      toast.show(outcome.message, 'error', control.isOpen() ? EXPORT_DIALOG_PLACE : 'page');
      return;
    }
    saveFile(outcome.value.file, outcome.value.name);
    control.close();
    onExported();
  }

  function closed() {
    toast.closeIn(EXPORT_DIALOG_PLACE);
    setPassword('');
  }

  return (
    <Dialog control={control} title={EXPORT_TEXT.title} width="sm" onClose={closed}>
      <form onSubmit={exportAll} noValidate>
        <div className="space-y-3 px-6">
          <p className="text-sm">
            A CSV file in Bitwarden's format, with every account and its password in plain text. Keep it somewhere safe and delete it once imported.
          </p>
          <PasswordField
            name="current-password"
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(value) => setPassword(value)}
          />
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={exporting}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={exporting}>
            <DownloadIcon />
            {exporting ? 'Exporting…' : 'Export'}
          </button>
        </DialogActions>
      </form>
      {toast.render(EXPORT_DIALOG_PLACE)}
    </Dialog>
  );
}
