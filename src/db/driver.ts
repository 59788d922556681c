// The Kysely driver over one bun:sqlite connection. It replaces kysely-bun-sqlite's driver, which
// prepares a new statement for every query and never finalizes them: that costs a prepare per
// query and keeps the database from closing cleanly (the WAL file stays behind).

import type { Database as SqliteDatabase } from 'bun:sqlite';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

class Connection implements DatabaseConnection {
  constructor(private readonly sqlite: SqliteDatabase) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // query() caches the prepared statement by its SQL text and finalizes it on close.
    const statement = this.sqlite.query(compiled.sql);
    const parameters = compiled.parameters as never[];
    if (statement.columnNames.length > 0) return Promise.resolve({ rows: statement.all(...parameters) as R[] });
    const result = statement.run(...parameters);
    return Promise.resolve({
      rows: [],
      insertId: BigInt(result.lastInsertRowid),
      numAffectedRows: BigInt(result.changes),
    });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.sqlite.prepare(compiled.sql);
    try {
      for (const row of statement.iterate(...(compiled.parameters as never[]))) yield { rows: [row as R] };
    } finally {
      statement.finalize();
    }
  }
}

/** One connection, handed out to one user at a time (SQLite serialises writes anyway). */
export class BunSqliteDriver implements Driver {
  private readonly connection: Connection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(private readonly sqlite: SqliteDatabase) {
    this.connection = new Connection(sqlite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // IMMEDIATE takes the write lock up front, so a transaction never fails half-way with
    // SQLITE_BUSY when another process (the CLI) writes at the same time; busy_timeout waits.
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    this.sqlite.close();
  }
}
