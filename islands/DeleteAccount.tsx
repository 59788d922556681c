// Delete Account: the profile's delete action with the spec's confirmation dialog. On success the
// session is gone with the account, and the visitor goes to /.

import { useRef, useState } from 'react';
import { TrashIcon } from './components/Icons.tsx';
import { api } from './lib/api.ts';

export type DeleteAccountProps = { userId: string };

export const DELETE_TEXT = {
  title: 'Delete Account',
  body: 'Are you sure you want to delete your account? This action is irreversible.',
} as const;

export default function DeleteAccount({ userId }: DeleteAccountProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function open() {
    setError(null);
    dialog.current?.showModal();
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
      <dialog
        ref={dialog}
        aria-labelledby="delete-account-title"
        className="w-[min(92vw,26rem)] rounded-2xl border border-line bg-surface p-0 text-fg shadow-xl"
      >
        <div className="p-6">
          <h2 id="delete-account-title" className="text-lg font-bold">
            {DELETE_TEXT.title}
          </h2>
          <p className="mt-2 text-sm text-muted">{DELETE_TEXT.body}</p>
          {error ? (
            <p role="alert" className="mt-3 text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-2 border-t border-line px-6 py-3">
          <button type="button" className="btn-ghost" onClick={() => dialog.current?.close()} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={confirm} disabled={busy}>
            Confirm
          </button>
        </div>
      </dialog>
    </>
  );
}
