// The Admin Panel: user management, the library folders and the site lockout, live through the
// Admin island.

import { Island } from '../../../http/island.tsx';
import { Page } from '../../../http/ui.tsx';
import type { Library } from '../../../shared/libraries.ts';
import type { LockoutStatus } from '../../../shared/lockout.ts';
import type { PublicUser } from '../../users/users.schema.ts';

export function AdminPage({
  users,
  libraries,
  lockout,
  lockoutHours,
  viewerId,
}: {
  users: PublicUser[];
  libraries: Library[];
  lockout: LockoutStatus;
  lockoutHours: number;
  viewerId: string;
}) {
  return (
    <Page title="Admin Panel - User Management">
      <Island name="Admin" props={{ users, libraries, lockout, lockoutHours, viewerId }} />
    </Page>
  );
}
