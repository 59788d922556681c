// SQL of links. Every query carries the owner: another user's link is simply not there.

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, ownedBy, type Page, paged } from '../../db/owned.ts';
import type { LinkCategory } from '../../shared/links.ts';
import type { LinkRow, LinkUpdate, NewLinkRow } from './links.table.ts';

export type LinkSort = 'createdAt' | 'name' | 'lastVisited';

export interface LinkFilter {
  search: string;
  category?: LinkCategory | undefined;
  favorite?: boolean | undefined;
}

const SORT_COLUMNS = { createdAt: 'links.created_at', name: 'links.name', lastVisited: 'links.last_visited' } as const;

export async function listLinks(
  db: Db,
  ownerId: string,
  filter: LinkFilter,
  order: { sort: LinkSort; order: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<Page<LinkRow>> {
  let query = db.selectFrom('links').selectAll().where(ownedBy('links', ownerId));
  if (filter.category) query = query.where('links.category', '=', filter.category);
  if (filter.favorite !== undefined) query = query.where('links.is_favorite', '=', filter.favorite ? 1 : 0);
  if (filter.search) {
    const text = filter.search;
    query = query.where((eb) =>
      eb.or([containsText('links.name', text), containsText('links.description', text), containsText('links.url', text), containsText('links.category', text)]),
    );
  }
  // Names sort as people read them (ignoring case); ties keep a stable order.
  const column = order.sort === 'name' ? sql`${sql.ref(SORT_COLUMNS.name)} collate nocase` : sql.ref(SORT_COLUMNS[order.sort]);
  query = query.orderBy(sql`${column} ${sql.raw(order.order)}`);
  // Ties keep a stable order; the newest-first list is then exactly the order of an index.
  if (order.sort !== 'createdAt') query = query.orderBy('links.created_at', 'desc');
  query = query.orderBy('links.id', 'asc');
  return paged(query, page);
}

/** Every link of the owner (export), in category order then name. */
export async function allLinks(db: Db, ownerId: string): Promise<LinkRow[]> {
  return db.selectFrom('links').selectAll().where(ownedBy('links', ownerId)).orderBy(sql`name collate nocase`).orderBy('created_at').execute();
}

export async function findLink(db: Db, ownerId: string, id: string): Promise<LinkRow | undefined> {
  return db.selectFrom('links').selectAll().where(ownedBy('links', ownerId)).where('id', '=', id).executeTakeFirst();
}

/** The owner's URLs, lower-cased: what "already a link" is compared against (sync, import). */
export async function knownUrls(db: Db, ownerId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('links').select('url').where(ownedBy('links', ownerId)).execute();
  return new Set(rows.map((r) => r.url.toLowerCase()));
}

export async function insertLinks(db: Db, rows: NewLinkRow[]): Promise<void> {
  // SQLite takes at most a few thousand bound values per statement: insert in slices.
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('links')
      .values(rows.slice(i, i + 200))
      .execute();
}

export async function updateLink(db: Db, ownerId: string, id: string, changes: Omit<LinkUpdate, 'id' | 'owner_id' | 'created_at'>): Promise<void> {
  await db.updateTable('links').set(changes).where(ownedBy('links', ownerId)).where('id', '=', id).execute();
}

/** Whether a row went (false: not the owner's, or not there). */
export async function deleteLink(db: Db, ownerId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('links').where(ownedBy('links', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function recentlyVisitedLinks(db: Db, ownerId: string, limit: number): Promise<LinkRow[]> {
  return db
    .selectFrom('links')
    .selectAll()
    .where(ownedBy('links', ownerId))
    .where('last_visited', 'is not', null)
    .orderBy('last_visited', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function favoriteLinks(db: Db, ownerId: string, limit: number): Promise<LinkRow[]> {
  return db
    .selectFrom('links')
    .selectAll()
    .where(ownedBy('links', ownerId))
    .where('is_favorite', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countFavoriteLinks(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedBy('links', ownerId))
    .where('is_favorite', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
