// Query pieces every collection uses: rows of one owner, rows not in the recycling bin, a row that
// must exist, and a page of rows with the total before paging. Another user's row is simply not
// found (404), never "forbidden": its existence is nobody else's business.

import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { NotFoundError } from '../errors.ts';
import type { Db } from './database.ts';

/** `<table>.owner_id = ownerId`: every repo query of a user's rows carries it. */
export function ownedBy(table: string, ownerId: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.owner_id`)} = ${ownerId}`;
}

/** `<table>.deleted_at is null`: rows that are not in the recycling bin. */
export function notInRecyclingBin(table: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.deleted_at`)} is null`;
}

/** The row, or a 404 with the collection's own message. */
export function foundOr<T>(row: T | undefined, message: string): T {
  if (row === undefined) throw new NotFoundError(message);
  return row;
}

/** A page of a list query's rows, and how many rows the query matches in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Runs a list query as a page (`limit`, `offset`) and counts what it matches without paging. The
 * query carries its filters and order; the count drops the order and the selection.
 */
export async function paged<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: { limit: number; offset: number }): Promise<Page<O>> {
  const items = await query.limit(page.limit).offset(page.offset).execute();
  const counted = await (query.clearSelect().clearOrderBy() as unknown as SelectQueryBuilder<DB, TB, object>)
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst();
  return { items, total: Number((counted as { total?: number } | undefined)?.total ?? 0) };
}

/**
 * `<column> like '%text%'`, case-insensitive for ASCII (SQLite's like), with the user's % and _
 * taken literally rather than as wildcards.
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * Inserts `row` into `table` unless the rows `counted` (a condition on that table) already number
 * `max`: the count and the insert are one statement, so a burst of requests cannot get past a cap
 * that one request respects. Whether the row went in.
 */
export async function insertUnderCap(db: Db, table: string, row: Record<string, unknown>, counted: RawBuilder<unknown>, max: number): Promise<boolean> {
  const columns = Object.keys(row);
  const result = await sql`
    insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(columns.map((c) => sql`${row[c] ?? null}`))}
    where (select count(*) from ${sql.table(table)} where ${counted}) < ${max}`.execute(db);
  return Number(result.numAffectedRows ?? 0n) === 1;
}
