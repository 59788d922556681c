// The Promote User to Admin dialog: for a row's user, or with a choice among those who are not
// admins; it names the user and warns what the promotion grants before anything is sent.

import { useState } from 'react';
import type { PublicUser } from '../../src/shared/contracts/users.ts';
import { Avatar } from '../components/Avatar.tsx';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { SelectField } from '../components/Field.tsx';
import { WarningIcon } from '../components/Icons.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { adminCall, isAdmin } from './admin-api.ts';
import { ADMIN_TEXT } from './text.ts';

export const PROMOTE_PLACE = 'promote';

export function PromoteDialog({
  control,
  toast,
  users,
  chosenId,
  choosing,
  onChoose,
  onClosed,
  onPromoted,
}: {
  control: DialogControl;
  toast: ToastControl;
  users: PublicUser[];
  /** The user it is about ('' while none is chosen). */
  chosenId: string;
  /** Whether the admin chooses the user here (Promote User) rather than from a row. */
  choosing: boolean;
  onChoose: (id: string) => void;
  onClosed: () => void;
  onPromoted: (user: PublicUser) => Promise<void>;
}) {
  const [promoting, setPromoting] = useState(false);
  const candidates = users.filter((u) => !isAdmin(u));
  const target = users.find((u) => u._id === chosenId) ?? null;

  async function promote() {
    const user = target;
    if (!user || isAdmin(user) || promoting) return;
    setPromoting(true);
    // The whole user goes back with role admin (never a password).
    const body = { name: user.name, username: user.username, email: user.email, role: 'admin' as const };
    const outcome = await adminCall<PublicUser>(`/api/users/${encodeURIComponent(user._id)}`, { method: 'PUT', body, fallback: ADMIN_TEXT.promoteFailed });
    setPromoting(false);
    if (!outcome.ok) {
      toast.show(outcome.message, 'error', control.isOpen() ? PROMOTE_PLACE : 'page');
      return;
    }
    const updated = outcome.value && typeof outcome.value === 'object' && outcome.value._id === user._id ? outcome.value : user;
    control.close();
    toast.show(ADMIN_TEXT.promoted(user.name), 'success');
    await onPromoted(updated);
  }

  function closed() {
    onClosed();
    toast.closeIn(PROMOTE_PLACE);
  }

  return (
    <Dialog control={control} title="Promote User to Admin" onClose={closed}>
      <div className="space-y-4 px-6 pb-2">
        {choosing ? (
          candidates.length === 0 && target === null ? (
            <p className="text-sm text-muted">Every user is already an administrator.</p>
          ) : (
            <SelectField label="User" value={chosenId} onValue={onChoose}>
              <option value="">Choose a user…</option>
              {candidates.map((u) => (
                <option key={u._id} value={u._id}>
                  {u.name} ({u.username})
                </option>
              ))}
            </SelectField>
          )
        ) : null}
        {target ? (
          <>
            <p className="text-sm">Are you sure you want to promote this user to admin?</p>
            <div className="flex items-center gap-3 rounded-xl border border-line bg-raised px-4 py-3">
              <Avatar name={target.name} size="md" letters={1} />
              <div className="min-w-0">
                <p className="truncate font-semibold">{target.name}</p>
                <p className="truncate text-sm text-muted">{target.email}</p>
              </div>
            </div>
            <p role="note" className="flex gap-2 rounded-xl border border-warn/50 bg-warn/10 px-4 py-3 text-sm">
              <WarningIcon className="mt-0.5 shrink-0 text-warn" />
              <span>
                <strong className="text-warn">Warning:</strong> This will grant {target.name} full administrative privileges, including managing users and the
                site lockout.
              </span>
            </p>
          </>
        ) : null}
      </div>
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={promoting}>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={promote} disabled={!target || isAdmin(target) || promoting}>
          {promoting ? 'Promoting…' : 'Promote'}
        </button>
      </DialogActions>
      {toast.render(PROMOTE_PLACE)}
    </Dialog>
  );
}
