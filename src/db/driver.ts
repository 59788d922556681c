// The Kysely driver over one bun:sqlite connection. It replaced kysely-bun-sqlite's driver, which
// prepares a new statement for every query and never finalizes them: that costs a prepare per
// query and keeps the database from closing cleanly (the WAL file stays behind).

import type { Database as SqliteDatabase, Statement } from 'bun:sqlite';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/**
 * Prepared statements kept between queries, by SQL text. bun:sqlite's own query() cache holds 20,
 * fewer than the statements of one page's requests together, so it re-prepared statements all
 * the time (a prepare costs more than a simple query). Bounded, because a few statements differ
 * with their input (IN lists of any length): the least recently used one is finalized.
 */
export const STATEMENT_CACHE_SIZE = 256;

export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly sqlite: SqliteDatabase,
    private readonly capacity = STATEMENT_CACHE_SIZE,
  ) {}

  get size(): number {
    return this.statements.size;
  }

  get(sql: string): Statement {
    const cached = this.statements.get(sql);
    if (cached) {
      // Most recently used last: a Map keeps insertion order.
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = this.sqlite.prepare(sql);
    if (this.statements.size >= this.capacity) {
      const [oldestSql, oldest] = this.statements.entries().next().value as [string, Statement];
      this.statements.delete(oldestSql);
      oldest.finalize();
    }
    this.statements.set(sql, statement);
    return statement;
  }

  clear(): void {
    for (const statement of this.statements.values()) statement.finalize();
    this.statements.clear();
  }
}

class Connection implements DatabaseConnection {
  constructor(
    private readonly sqlite: SqliteDatabase,
    readonly statements: StatementCache,
  ) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.get(compiled.sql);
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
  private closed = false;

  constructor(private readonly sqlite: SqliteDatabase) {
    this.connection = new Connection(sqlite, new StatementCache(sqlite));
  }

  async init(): Promise<void> {}

  /**
   * A cached statement for reads outside Kysely and its connection queue (the change stamp of
   * src/db/changes.ts: one step, no table); null once the database is closed.
   */
  statement(sql: string): Statement | null {
    return this.closed ? null : this.connection.statements.get(sql);
  }

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
    this.closed = true;
    this.connection.statements.clear();
    this.sqlite.close();
  }
}
