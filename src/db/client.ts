// Opens the SQLite database file through Kysely, with the pragmas the hub relies on.

import { Database as SqliteDatabase } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  Kysely,
  type LogEvent,
  type QueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { createPrivateFile, databaseFiles, makePrivate, PRIVATE_FOLDER_MODE } from '../security/private-files.ts';
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

/**
 * Kysely's SQLite query compiler and introspector with the hub's driver and adapter. (This was
 * kysely-bun-sqlite's dialect, which is the same compiler and introspector; its package is
 * CommonJS and loads Kysely's CommonJS build beside the ES modules the hub imports, 262 more
 * modules held for the life of the process: docs/decisions/0035-memory-under-load.md.)
 */
class HubSqliteDialect implements Dialect {
  readonly driver: BunSqliteDriver;

  constructor(sqlite: SqliteDatabase) {
    this.driver = new BunSqliteDriver(sqlite);
  }

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface takes any database
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
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
  const onDisk = file !== ':memory:' && file !== '';
  if (onDisk) {
    // The database is for the hub's user only (decision 0053): a new file is made 0600 before
    // SQLite opens it, and SQLite gives its -wal and -shm files the database file's mode.
    mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    createPrivateFile(file);
  }
  const sqlite = new SqliteDatabase(file, { create: true, strict: true });
  // WAL lets readers go on while a write commits; the busy timeout makes a second process
  // (the CLI next to a running server) wait for a lock instead of failing at once.
  sqlite.exec('PRAGMA journal_mode = WAL');
  // Files an older hub (or another umask) left readable by others are narrowed at every open.
  if (onDisk) for (const f of databaseFiles(file)) makePrivate(f);
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
