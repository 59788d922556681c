// Row types of Connect's vault: one account of one owner, and the id of the key its values are sealed with.

import type { Insertable, Selectable } from 'kysely';
import type { VaultCategory } from '../../shared/connect.ts';

/** The fields stored sealed (src/security/secret-box.ts); the rest is in the clear. */
export const SEALED_FIELDS = ['username', 'email', 'password', 'website', 'favicon'] as const;
export type SealedField = (typeof SEALED_FIELDS)[number];

export interface VaultAccountsTable {
  id: string;
  owner_id: string;
  /** In the clear: searched, ordered and shown in lists. */
  name: string;
  category: VaultCategory;
  /** Sealed text, or null when empty. */
  username: string | null;
  email: string | null;
  password: string | null;
  website: string | null;
  favicon: string | null;
  /** Epoch ms. */
  created_at: number;
  updated_at: number;
}
export type VaultAccountRow = Selectable<VaultAccountsTable>;
export type NewVaultAccountRow = Insertable<VaultAccountsTable>;

/** One row, id 1: the id of the key new values are sealed with. */
export interface VaultKeyStateTable {
  id: number;
  key_id: string;
}
