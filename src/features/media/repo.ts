// SQL of the media library (both galleries). Every query of a user's items carries the owner and
// the gallery: another user's item, or an item of the other gallery, is simply not there. Lists
// read in the order of an index (owner, gallery, bin, sort column, id), so a page of 50 out of
// 100,000 items costs what 50 rows cost.

import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, ownedBy } from '../../db/owned.ts';
import type { GalleryName, MediaRow, MediaUpdate, NewMediaRow } from './table.ts';

/** A media row with its model's name (models.name), as every answer carries it. */
export type MediaWithModel = MediaRow & { model_name: string | null };

export type MediaSortColumn = 'created' | 'title' | 'duration' | 'size' | 'deleted';

export interface MediaListFilter {
  /** true: the recycling bin only; false: everything else. Items in the bin are in no other list. */
  inBin: boolean;
  type?: 'image' | 'video' | undefined;
  favoritesOnly?: boolean | undefined;
  modelId?: string | undefined;
  /** Lower-case text the title or a tag contains, taken literally; '' for none. */
  search: string;
  /** Lower-case tags an item must all carry. */
  tags: readonly string[];
}

/** The ORDER BY of each sort; ties go by id in the same direction, so one index serves both orders. */
function orderOf(sort: MediaSortColumn, order: 'asc' | 'desc'): RawBuilder<unknown> {
  const dir = sql.raw(order);
  switch (sort) {
    case 'created':
      return sql`media.created_at ${dir}, media.id ${dir}`;
    case 'title':
      // As people read titles: ignoring case (the index is built with the same collation).
      return sql`media.title collate nocase ${dir}, media.id ${dir}`;
    case 'duration':
      return sql`media.duration ${dir}, media.id ${dir}`;
    case 'size':
      return sql`media.size ${dir}, media.id ${dir}`;
    case 'deleted':
      // The bin: by when an item went in, then as the created index runs.
      return sql`media.deleted_at ${dir}, media.created_at ${dir}, media.id ${dir}`;
  }
}

/** The trigram index finds substrings of three characters or more; shorter ones are scanned for. */
const MIN_INDEXED_SEARCH = 3;
/**
 * Up to this many matches, a page is read from the matches and sorted; beyond, the sort's index is
 * walked and each row checked (the first page's 50 are then found early).
 */
const SORT_MATCHES_UP_TO = 4000;

/** An FTS5 phrase: the text as one literal string, quotes doubled. */
const phraseOf = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The ids a selective filter matches, read from its own index: the items with all the tags, the
 * items whose search text contains the words, or the model's items. Null when none applies.
 */
function driverOf(ownerId: string, filter: MediaListFilter): { ids: RawBuilder<unknown>; uses: 'tags' | 'search' | 'model' } | null {
  if (filter.tags.length > 0) {
    const ids = sql`select media_id as id from media_tags where owner_id = ${ownerId} and tag in (${sql.join(filter.tags)}) group by media_id having count(*) = ${filter.tags.length}`;
    return { ids, uses: 'tags' };
  }
  if ([...filter.search].length >= MIN_INDEXED_SEARCH) {
    const ids = sql`select media_id as id from media_search_ids where rowid in (select rowid from media_search where media_search match ${phraseOf(filter.search)})`;
    return { ids, uses: 'search' };
  }
  if (filter.modelId !== undefined) return { ids: sql`select id from media where model_id = ${filter.modelId}`, uses: 'model' };
  return null;
}

function conditionsOf(ownerId: string, gallery: GalleryName, filter: MediaListFilter, driver: ReturnType<typeof driverOf>): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`media.owner_id = ${ownerId}`, sql`media.gallery = ${gallery}`];
  where.push(filter.inBin ? sql`media.deleted_at is not null` : sql`media.deleted_at is null`);
  if (filter.type) where.push(sql`media.type = ${filter.type}`);
  if (filter.favoritesOnly) where.push(sql`media.is_favorite = 1`);
  if (filter.modelId !== undefined && driver?.uses !== 'model') where.push(sql`media.model_id = ${filter.modelId}`);
  // Always checked on the row too: the trigram index finds candidates, this is the exact rule.
  if (filter.search !== '') where.push(sql`${containsText('media.search_text', filter.search)}`);
  return sql.join(where, sql` and `);
}

/** The total of a list without search, tags or model: a few rows of media_counts. */
async function countedTotal(db: Db, ownerId: string, gallery: GalleryName, filter: MediaListFilter): Promise<number> {
  const result = await sql<{ n: number }>`select coalesce(sum(n), 0) as n from media_counts
    where owner_id = ${ownerId} and gallery = ${gallery} and binned = ${filter.inBin ? 1 : 0}
    ${filter.type ? sql`and type = ${filter.type}` : sql``} ${filter.favoritesOnly ? sql`and is_favorite = 1` : sql``}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** One page of a gallery's items and how many match in all. */
export async function listMedia(
  db: Db,
  ownerId: string,
  gallery: GalleryName,
  filter: MediaListFilter,
  sort: MediaSortColumn,
  order: 'asc' | 'desc',
  page: { limit: number; offset: number },
): Promise<{ items: MediaWithModel[]; total: number }> {
  const driver = driverOf(ownerId, filter);
  const where = conditionsOf(ownerId, gallery, filter, driver);
  const columns = sql`media.*, models.name as model_name`;
  const tail = sql`order by ${orderOf(sort, order)} limit ${page.limit} offset ${page.offset}`;
  let total: number;
  if (driver) {
    // CROSS JOIN keeps SQLite from walking the owner's whole index: the matches lead.
    const counted = await sql<{ n: number }>`select count(*) as n from (${driver.ids}) as hit cross join media on media.id = hit.id where ${where}`.execute(db);
    total = Number(counted.rows[0]?.n ?? 0);
  } else if (filter.search === '') {
    total = await countedTotal(db, ownerId, gallery, filter);
  } else {
    const counted = await sql<{ n: number }>`select count(*) as n from media where ${where}`.execute(db);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  if (total === 0 || page.offset >= total) return { items: [], total };
  const items =
    driver && total <= SORT_MATCHES_UP_TO
      ? await sql<MediaWithModel>`select ${columns} from (${driver.ids}) as hit cross join media on media.id = hit.id left join models on models.id = media.model_id where ${where} ${tail}`.execute(db)
      : // The page's rows are picked from the sort's index alone (no row read to sort or skip),
        // then only those are read: the bin, sorted by any column, costs its index, not its rows.
        await sql<MediaWithModel>`select ${columns} from media left join models on models.id = media.model_id
          where media.rowid in (select media.rowid from media where ${where} ${driver ? sql`and media.id in (${driver.ids})` : sql``} ${tail})
          order by ${orderOf(sort, order)}`.execute(db);
  return { items: items.rows, total };
}

/** The owner's item of that gallery (in the bin or not), with its model's name. */
export async function findMedia(db: Db, ownerId: string, gallery: GalleryName, id: string): Promise<MediaWithModel | undefined> {
  return db
    .selectFrom('media')
    .leftJoin('models', 'models.id', 'media.model_id')
    .selectAll('media')
    .select('models.name as model_name')
    .where(ownedBy('media', ownerId))
    .where('media.gallery', '=', gallery)
    .where('media.id', '=', id)
    .executeTakeFirst();
}

export async function insertMedia(db: Db, row: NewMediaRow): Promise<void> {
  await db.insertInto('media').values(row).execute();
}

export async function updateMedia(db: Db, ownerId: string, id: string, changes: Omit<MediaUpdate, 'id' | 'owner_id' | 'created_at'>): Promise<number> {
  const result = await db.updateTable('media').set(changes).where(ownedBy('media', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Replaces an item's lower-case tag copies (the tags filter and the custom vocabulary read them). */
export async function replaceTags(db: Db, ownerId: string, mediaId: string, tags: readonly string[]): Promise<void> {
  await db.deleteFrom('media_tags').where('media_id', '=', mediaId).where(ownedBy('media_tags', ownerId)).execute();
  const rows = [...new Set(tags.map((t) => t.toLowerCase()))].map((tag) => ({ media_id: mediaId, owner_id: ownerId, tag }));
  if (rows.length > 0) await db.insertInto('media_tags').values(rows).execute();
}

/** Deletes the owner's row (its media_tags go with it); whether it was there. */
export async function deleteMediaRow(db: Db, ownerId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('media').where(ownedBy('media', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The store keys of an item: the original and its renditions. */
export type MediaKeys = Pick<MediaRow, 'id' | 'owner_id' | 'storage_key' | 'thumbnail_key' | 'display_key'>;

/** Items of any owner in the recycling bin since before `cutoff` (epoch ms), oldest first. */
export async function binnedBefore(db: Db, cutoff: number, limit: number): Promise<MediaKeys[]> {
  return db
    .selectFrom('media')
    .select(['id', 'owner_id', 'storage_key', 'thumbnail_key', 'display_key'])
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<=', cutoff)
    .orderBy('deleted_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Rows by id, whoever owns them (the purge, after their bytes left the store). */
export async function deleteRowsById(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('media').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every store key of every item of the owner (both galleries, the bin included), by id. */
export async function keysOfOwner(db: Db, ownerId: string, afterId: string, limit: number): Promise<MediaKeys[]> {
  return db
    .selectFrom('media')
    .select(['id', 'owner_id', 'storage_key', 'thumbnail_key', 'display_key'])
    .where(ownedBy('media', ownerId))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The owner's distinct tags (lower case), each with the tags of one item that carries it, so the
 * spelling as entered can be read back (SQLite's lower() knows only ASCII; JavaScript decides).
 */
export async function distinctTags(db: Db, ownerId: string): Promise<{ tag: string; tags: string }[]> {
  const result = await sql<{ tag: string; tags: string }>`
    select used.tag as tag, media.tags as tags
    from (select tag, min(media_id) as media_id from media_tags where owner_id = ${ownerId} group by tag) as used
    join media on media.id = used.media_id`.execute(db);
  return result.rows;
}
