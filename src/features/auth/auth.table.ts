// Sessions, after Lucia's design: the id is the SHA-256 of the token the client holds.

import type { Insertable, Selectable } from 'kysely';

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  /** The browser's User-Agent when the session began (null for sessions older than migration 0037). */
  user_agent: string | null;
  /** The client's address when the session began (null as above). */
  ip: string | null;
  /** When a request last used the session, written at most once a minute (null as above). */
  last_seen_at: number | null;
  /** How it began (`SignInMethod`); null for sessions older than migration 0042. */
  sign_in_method: string | null;
}
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
