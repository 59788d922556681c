// Sessions, after Lucia's design: the id is the SHA-256 of the token the client holds.

import type { Insertable, Selectable } from 'kysely';

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
