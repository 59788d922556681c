// The accounts table. Rows carry the password hash; only the users service turns them into public users.

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: uniqueness ignores case. */
  username_key: string;
  name: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  created_at: number;
  updated_at: number | null;
  /** Discreet mode (neutral titles, blurred media, the panic key): 0 or 1. */
  discreet: Generated<number>;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
