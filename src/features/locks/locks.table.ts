// Row types of the locks: one row of settings per owner who set a PIN, one row per unlocked session.

import type { Selectable } from 'kysely';

export interface UserLocksTable {
  user_id: string;
  premium: number;
  connect: number;
  minutes: number;
  /** argon2id hash of the PIN. */
  pin_hash: string | null;
  updated_at: number;
}
export type UserLocksRow = Selectable<UserLocksTable>;

export interface SessionUnlocksTable {
  session_id: string;
  user_id: string;
  /** Epoch ms until which the session has its owner's locked areas open. */
  until: number;
}
