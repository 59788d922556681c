// A session as its owner sees it in the list (GET /api/me/sessions, the profile's Sessions).

/**
 * How a session began: the password alone, the password and an authenticator code, the password
 * and a recovery code, a passkey, or the first-run setup that created the account.
 */
export const SIGN_IN_METHODS = ['password', 'password+code', 'password+recovery', 'passkey', 'setup'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export interface SessionInfo {
  /** An opaque reference to the session: neither the token nor the stored id it is hashed to. */
  _id: string;
  /** The session this request came with ("This device"). */
  current: boolean;
  createdAt: string;
  /** Null for a session begun before the hub kept it (shown as "Unknown"). */
  lastSeenAt: string | null;
  userAgent: string | null;
  ip: string | null;
  /** Null for a session begun before the hub kept it (migration 0042). */
  method: SignInMethod | null;
}
