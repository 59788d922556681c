// The Database interface: every table's row type, assembled from the features that own them.

import type { Generated, Kysely, Transaction } from 'kysely';
import type { FaviconsTable } from '../features/favicons/table.ts';

/** Instance-wide state of the hub: exactly one row, id 1. */
export interface SiteStateTable {
  id: number;
  /** Epoch milliseconds of the first start with this database. */
  installed_at: number;
  /** argon2id hash of the site password set by the CLI or the first-run setup. */
  site_password_hash: string | null;
  /** When the dead-man's switch locks the site (epoch ms); null until first armed. */
  lockout_expires_at: number | null;
}

export interface UsersTable {
  id: string;
  username: string;
  username_key: string;
  name: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  created_at: number;
  updated_at: number | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface SiteTokensTable {
  id: string;
  created_at: number;
  expires_at: number;
}

/** One password attempt counted against a client address (see security/rate-limit.ts). */
export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  attempted_at: number;
}

export interface Database {
  site_state: SiteStateTable;
  login_attempts: LoginAttemptsTable;
  users: UsersTable;
  sessions: SessionsTable;
  site_tokens: SiteTokensTable;
  favicons: FaviconsTable;
}

/** What repo functions take as their first argument: the database or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
