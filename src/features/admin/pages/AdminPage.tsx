// The Admin Panel: user management and the site lockout, live through the AdminPanel island.

import { Island } from '../../../http/island.tsx';
import { Page } from '../../../http/ui.tsx';
import type { LockoutStatus } from '../../../shared/lockout.ts';
import type { PublicUser } from '../../users/users.schema.ts';

export function AdminPage({ users, lockout, lockoutHours, viewerId }: { users: PublicUser[]; lockout: LockoutStatus; lockoutHours: number; viewerId: string }) {
  return (
    <Page title="Admin Panel - User Management">
      <Island name="AdminPanel" props={{ users, lockout, lockoutHours, viewerId }} />
    </Page>
  );
}
