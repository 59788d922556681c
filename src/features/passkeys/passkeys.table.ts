// Passkeys and their pending challenges (migration 0039).

import type { Insertable, Selectable } from 'kysely';

export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  transports: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}
export type PasskeyRow = Selectable<PasskeysTable>;
export type NewPasskey = Insertable<PasskeysTable>;

export interface PasskeyChallengesTable {
  challenge: string;
  purpose: 'register' | 'signin';
  user_id: string | null;
  /** The address that asked for a sign-in challenge (migration 0041), for the cap per address; null for registering. */
  address: string | null;
  expires_at: number;
}
export type NewPasskeyChallenge = Insertable<PasskeyChallengesTable>;
