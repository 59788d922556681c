// Opens the SQLite database file through Kysely, with the pragmas the hub relies on.

import { Database as SqliteDatabase } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type DialectAdapter, type Driver, Kysely, type LogEvent, SqliteAdapter, sql } from 'kysely';
import { BunSqliteDialect } from 'kysely-bun-sqlite';
import { trackChanges } from './changes.ts';
import type { Database } from './database.ts';
import { BunSqliteDriver } from './driver.ts';

/**
 * Kysely's SQLite adapter says SQLite has no transactional DDL, so its Migrator would run each
 * migration bare and a failing one could leave half a schema behind. SQLite does roll back DDL,
 * so the hub tells Kysely so: a batch of migrations then applies entirely or not at all.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** kysely-bun-sqlite's query compiler and introspector, with the hub's driver and adapter. */
class HubSqliteDialect extends BunSqliteDialect {
  readonly driver: BunSqliteDriver;

  constructor(sqlite: SqliteDatabase) {
    super({ database: sqlite });
    this.driver = new BunSqliteDriver(sqlite);
  }

  override createDriver(): Driver {
    return this.driver;
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

export interface OpenDatabase {
  db: Kysely<Database>;
  /** The underlying bun:sqlite handle, for pragmas and backups. */
  sqlite: SqliteDatabase;
  close(): Promise<void>;
}

/** `log` receives every query with its duration (benchmarks use it to time the SQL alone). */
export function openDatabase(file: string, options: { log?: (event: LogEvent) => void } = {}): OpenDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file, { create: true, strict: true });
  // WAL lets readers go on while a write commits; the busy timeout makes a second process
  // (the CLI next to a running server) wait for a lock instead of failing at once.
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  // Up to 32 MiB of pages kept between queries (SQLite's default is 2 MiB): a gallery of 100,000
  // items with its search index is a few tens of MB, and re-reading its index pages from the
  // operating system for every list cost several milliseconds a request. Filled only as used.
  sqlite.exec('PRAGMA cache_size = -32768');
  const dialect = new HubSqliteDialect(sqlite);
  const db = new Kysely<Database>({ dialect, ...(options.log ? { log: options.log } : {}) });
  trackChanges(db, (sql) => dialect.driver.statement(sql));
  let closed = false;
  return {
    db,
    sqlite,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy(); // the driver closes the sqlite handle
    },
  };
}

/** Reads a migrated table: proves the file is open, readable and migrated (GET /healthz). */
export async function databaseAnswers(db: Kysely<Database>): Promise<void> {
  await sql`select installed_at from site_state where id = 1`.execute(db);
}
