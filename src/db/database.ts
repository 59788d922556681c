// The Database interface: every table's row type, assembled from the features that own them.

import type { Kysely, Transaction } from 'kysely';

/** Instance-wide state of the hub: exactly one row, id 1. */
export interface SiteStateTable {
  id: number;
  /** Epoch milliseconds of the first start with this database. */
  installed_at: number;
}

export interface Database {
  site_state: SiteStateTable;
}

/** What repo functions take as their first argument: the database or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
