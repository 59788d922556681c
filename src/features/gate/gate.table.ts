// The site gate's tables: the single instance row and the site tokens.

import type { Insertable, Selectable, Updateable } from 'kysely';

/** Instance-wide state of the hub: exactly one row, id 1. */
export interface SiteStateTable {
  id: number;
  /** Epoch milliseconds of the first start with this database. */
  installed_at: number;
  /** argon2id hash of the site password set by the CLI or the first-run setup. */
  site_password_hash: string | null;
  /** When the dead-man's switch locks the site (epoch ms); null until first armed. */
  lockout_expires_at: number | null;
  /** The lockout period chosen on the setup page (hours, 0 = off); null when none was chosen. */
  lockout_hours: number | null;
}
export type SiteStateUpdate = Updateable<SiteStateTable>;

/** Site tokens by the SHA-256 of what the browser holds. */
export interface SiteTokensTable {
  id: string;
  created_at: number;
  expires_at: number;
}
export type SiteToken = Selectable<SiteTokensTable>;
export type NewSiteToken = Insertable<SiteTokensTable>;
