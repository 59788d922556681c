// Reads kept until the database changes: for what every request looks up and almost never changes
// (a site token, a session with its user). A kept read is used only while nothing at all has been
// written since it was read, by this hub (SQLite's count of changed rows on its connection) or by
// any other process on the same file, such as the command line revoking site tokens or resetting a
// password (SQLite's data_version). So no write path needs to remember to forget anything: any
// insert, update or delete, anywhere, drops every kept read.

import type { Statement } from 'bun:sqlite';

/** How far the database has changed: equal stamps mean nothing was written in between. */
export interface ChangeStamp {
  own: number;
  other: number;
}

const STAMP_SQL = 'select total_changes() as own, (select data_version from pragma_data_version) as other';
const stampReaders = new WeakMap<object, () => ChangeStamp | null>();

/** Called by openDatabase: `db` (the Kysely instance) reads its stamps through `sqlite`. */
export function trackChanges(db: object, statement: (sql: string) => Statement | null): void {
  stampReaders.set(db, () => (statement(STAMP_SQL)?.get() as ChangeStamp | undefined) ?? null);
}

/** The database's change stamp; null for a handle that is not tracked (a transaction). */
export function changeStamp(db: object): ChangeStamp | null {
  return stampReaders.get(db)?.() ?? null;
}

export function sameStamp(a: ChangeStamp, b: ChangeStamp): boolean {
  return a.own === b.own && a.other === b.other;
}

/** The bound: one entry a device in use, far more than a household has. */
export const KEPT_READS = 512;

/**
 * Rows by key (a token's hash), kept while the database has not changed. Only rows found are
 * kept: an unknown key is looked up every time.
 */
export class UntilChanged<V> {
  private readonly entries = new Map<string, V>();
  private stamp: ChangeStamp | null = null;

  constructor(
    private readonly db: object,
    private readonly capacity = KEPT_READS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    // The stamp is taken before the read: a write during the read leaves a stamp that differs.
    const stamp = changeStamp(this.db);
    if (stamp === null) return load();
    if (this.stamp === null || !sameStamp(stamp, this.stamp)) {
      this.entries.clear();
      this.stamp = stamp;
    }
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const value = await load();
    if (value === undefined || this.stamp !== stamp) return value;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
    return value;
  }
}
