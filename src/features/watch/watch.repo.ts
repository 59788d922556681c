// SQL of streaming sites. Every query carries the owner: another user's row is never found.

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, ownedBy, type Page, paged } from '../../db/owned.ts';
import type { StreamingSiteCategory } from '../../shared/watch.ts';
import type { NewStreamingSiteRow, StreamingSiteRow, StreamingSiteUpdate } from './watch.table.ts';

export type { StreamingSiteRow } from './watch.table.ts';

const T = 'streaming_sites';

export interface SiteListFilter {
  search: string;
  category: StreamingSiteCategory | null;
  favorite: boolean | null;
  sort: 'createdAt' | 'name';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function listSites(db: Db, ownerId: string, filter: SiteListFilter): Promise<Page<StreamingSiteRow>> {
  let query = db.selectFrom(T).selectAll().where(ownedBy(T, ownerId));
  if (filter.search !== '') {
    const text = filter.search;
    query = query.where((eb) =>
      eb.or([containsText(`${T}.name`, text), containsText(`${T}.description`, text), containsText(`${T}.url`, text), containsText(`${T}.category`, text)]),
    );
  }
  if (filter.category !== null) query = query.where('category', '=', filter.category);
  if (filter.favorite !== null) query = query.where('is_favorite', '=', filter.favorite ? 1 : 0);
  const direction = filter.order === 'asc' ? sql`asc` : sql`desc`;
  // Ties keep the order the rows were added in (rowid), so paging never repeats or skips a row.
  query =
    filter.sort === 'name'
      ? query.orderBy(sql`name collate nocase ${direction}`).orderBy(sql`rowid ${direction}`)
      : query.orderBy(sql`created_at ${direction}`).orderBy(sql`rowid ${direction}`);
  return paged(query, { limit: filter.limit, offset: filter.offset });
}

export async function findSite(db: Db, ownerId: string, id: string): Promise<StreamingSiteRow | undefined> {
  return db.selectFrom(T).selectAll().where(ownedBy(T, ownerId)).where('id', '=', id).executeTakeFirst();
}

export async function insertSite(db: Db, row: NewStreamingSiteRow): Promise<void> {
  await db.insertInto(T).values(row).execute();
}

/** Changes the owner's row; false when they have no such row. */
export async function updateSite(db: Db, ownerId: string, id: string, changes: Omit<StreamingSiteUpdate, 'id' | 'owner_id' | 'created_at'>): Promise<boolean> {
  const result = await db.updateTable(T).set(changes).where(ownedBy(T, ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the owner's row; false when they have no such row. */
export async function deleteSite(db: Db, ownerId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom(T).where(ownedBy(T, ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The owner's favourites, newest first. */
export async function favoriteSites(db: Db, ownerId: string, limit: number): Promise<StreamingSiteRow[]> {
  return db
    .selectFrom(T)
    .selectAll()
    .where(ownedBy(T, ownerId))
    .where('is_favorite', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy(sql`rowid`, 'desc')
    .limit(limit)
    .execute();
}

export async function countFavoriteSites(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom(T)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedBy(T, ownerId))
    .where('is_favorite', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The owner's visited sites, the most recent visit first. */
export async function recentlyVisitedSites(db: Db, ownerId: string, limit: number): Promise<StreamingSiteRow[]> {
  return db
    .selectFrom(T)
    .selectAll()
    .where(ownedBy(T, ownerId))
    .where('last_visited_at', 'is not', null)
    .orderBy('last_visited_at', 'desc')
    .orderBy(sql`rowid`, 'desc')
    .limit(limit)
    .execute();
}
