// Row types of two-factor sign-in (migration 0038): the account's TOTP secret, its recovery codes
// (hashed) and the sign-in challenges waiting for a code (hashed).

import type { Insertable, Selectable } from 'kysely';

export interface UserTotpTable {
  user_id: string;
  /**
   * Base32 (RFC 4648, no padding) of 20 random bytes, sealed with the vault key (decision 0055):
   * `v1.<keyId>.<…>`. A row written before sealing (plain base32) is sealed at the next start.
   */
  secret: string;
  /** Null while the secret is pending (set up, not yet confirmed with a code). */
  enabled_at: number | null;
  /** The time step (Unix seconds / 30) of the last code accepted: no code is taken twice. */
  last_step: number | null;
  created_at: number;
}
export type UserTotpRow = Selectable<UserTotpTable>;

export interface TotpRecoveryCodesTable {
  user_id: string;
  /** Hex SHA-256 of the normalised code. */
  code_hash: string;
  used_at: number | null;
}

export interface SignInChallengesTable {
  /** Hex SHA-256 of the challenge the client holds. */
  id: string;
  user_id: string;
  expires_at: number;
  failures: number;
}
export type NewSignInChallenge = Insertable<SignInChallengesTable>;
