// A session as its owner sees it in the list (GET /api/me/sessions, the profile's Sessions).

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
}
