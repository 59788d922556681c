// The Admin Panel island: the user table with the Create New Admin and Promote User dialogs, the
// Libraries card (folders on the server indexed where they are), the Site Lockout Administration
// card, and the spec's toasts (closing after 6 seconds). The parts live in islands/admin/; this
// file holds the state they share.

import { useEffect, useState } from 'react';
import type { PublicUser } from '../src/shared/contracts/users.ts';
import type { Library } from '../src/shared/libraries.ts';
import type { LockoutStatus } from '../src/shared/lockout.ts';
import { adminCall, isUserList } from './admin/admin-api.ts';
import { CreateAdminDialog } from './admin/CreateAdminDialog.tsx';
import { LibrariesCard } from './admin/LibrariesCard.tsx';
import { LockoutCard } from './admin/LockoutCard.tsx';
import { PromoteDialog } from './admin/PromoteDialog.tsx';
import { ADMIN_TEXT } from './admin/text.ts';
import { UsersTable } from './admin/UsersTable.tsx';
import { useDialog } from './components/Dialog.tsx';
import { TOAST_MS, useToast } from './components/useToast.tsx';

export { ADMIN_TEXT, RELOAD_AFTER_RESET_MS } from './admin/text.ts';

export type AdminProps = {
  users: PublicUser[];
  /** Every library folder (the page renders them; the card keeps them current). */
  libraries?: Library[];
  lockout: LockoutStatus;
  lockoutHours: number;
  viewerId: string;
};

export default function Admin({ users: initialUsers, libraries = [], lockout, lockoutHours, viewerId }: AdminProps) {
  const [users, setUsers] = useState<PublicUser[]>(initialUsers);
  const [live, setLive] = useState(false);
  const toast = useToast(TOAST_MS.admin);
  const createDialog = useDialog();
  const promoteDialog = useDialog();
  // The user the promote dialog is about, and whether the dialog lets the admin choose one.
  const [promoteId, setPromoteId] = useState('');
  const [choosing, setChoosing] = useState(false);

  useEffect(() => setLive(true), []);

  async function reload(): Promise<void> {
    const outcome = await adminCall<unknown>('/api/users', { fallback: ADMIN_TEXT.loadFailed });
    if (outcome.ok && isUserList(outcome.value)) setUsers(outcome.value);
    else toast.show(ADMIN_TEXT.loadFailed, 'error');
  }

  function openCreate() {
    toast.close();
    createDialog.open();
  }

  function openPromote(user: PublicUser | null) {
    setChoosing(user === null);
    setPromoteId(user?._id ?? '');
    toast.close();
    promoteDialog.open();
  }

  async function promoted(updated: PublicUser) {
    setUsers((list) => list.map((u) => (u._id === updated._id ? { ...u, ...updated } : u)));
    await reload();
  }

  return (
    <>
      <div className="space-y-6">
        <UsersTable users={users} viewerId={viewerId} live={live} onCreate={openCreate} onPromote={openPromote} />
        <LibrariesCard initial={libraries} users={users} toast={toast} />
        <LockoutCard initial={lockout} hours={lockoutHours} notify={toast.show} />
      </div>
      <CreateAdminDialog control={createDialog} toast={toast} onCreated={reload} />
      <PromoteDialog
        control={promoteDialog}
        toast={toast}
        users={users}
        chosenId={promoteId}
        choosing={choosing}
        onChoose={setPromoteId}
        onClosed={() => setPromoteId('')}
        onPromoted={promoted}
      />
      {toast.render()}
    </>
  );
}
