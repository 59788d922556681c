// SQL of albums. Every query of a user's albums carries the owner; an album's items are read
// through album_media's copies of each item's bin state, type, favourite flag and date (migration
// 0018), so a page, a total and the fallback cover are index ranges, never a pass over the items.
// Lists of ids travel as one JSON parameter (json_each): 1,000 ids are one bound value, each
// looked up by its key (a CROSS JOIN keeps SQLite from walking all the owner's items instead).

import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { ownedBy, type Page } from '../../db/owned.ts';
import type { MediaWithModel } from '../media/media.table.ts';
import type { AlbumRow, AlbumUpdate, NewAlbumRow } from './albums.table.ts';

/** An album row with the cover it shows (null: the album has no item out of the bin). */
export type AlbumWithCover = AlbumRow & {
  cover_id: string | null;
  cover_type: 'image' | 'video' | null;
  cover_thumbnail_key: string | null;
};

export type AlbumSortColumn = 'created' | 'name' | 'mediaCount';
export type AlbumMediaFilter = 'all' | 'images' | 'videos' | 'favorites';

const ORDER_COLUMNS: Record<AlbumSortColumn, string> = {
  created: 'created_at',
  // As people read names: ignoring case (albums_by_name is built with the same collation).
  name: 'name collate nocase',
  mediaCount: 'media_count',
};

/** ORDER BY of a sort; ties go by id in the same direction, so one index serves both orders. */
const orderOf = (sort: AlbumSortColumn, order: 'asc' | 'desc') => sql.raw(`${ORDER_COLUMNS[sort]} ${order}, id ${order}`);

/**
 * Albums (already chosen and ordered in `albums`) with their cover: the chosen one while it is an
 * item of the album out of the bin (one primary-key probe), else the newest remaining item (one
 * probe of album_media_newest), then that item's type and thumbnail.
 */
function withCovers(albums: RawBuilder<unknown>, order: RawBuilder<unknown>, freeOnly = false): RawBuilder<AlbumWithCover> {
  // With premium locked, only Red Room items may be a cover (the newest of them when the chosen one is premium).
  const free = freeOnly ? sql`and am.premium = 0` : sql``;
  return sql<AlbumWithCover>`
    select chosen.*, media.type as cover_type, media.thumbnail_key as cover_thumbnail_key
    from (
      select albums.*, coalesce(
        (select am.media_id from album_media am where am.album_id = albums.id and am.media_id = albums.cover_media_id and am.binned = 0 ${free}),
        (select am.media_id from album_media am where am.album_id = albums.id and am.binned = 0 ${free} order by am.created_at desc, am.media_id desc limit 1)
      ) as cover_id
      from (${albums}) as albums
    ) as chosen
    left join media on media.id = chosen.cover_id and media.owner_id = chosen.owner_id
    order by ${order}`;
}

export async function insertAlbum(db: Db, row: NewAlbumRow): Promise<void> {
  await db.insertInto('albums').values(row).execute();
}

/**
 * With premium locked, albums count their Red Room items only: the counts the triggers keep include
 * premium items, so the page's albums are counted again, each a range of album_media_free.
 */
async function countedFree(db: Db, rows: AlbumWithCover[]): Promise<AlbumWithCover[]> {
  if (rows.length === 0) return rows;
  const counts = await sql<{ album_id: string; media_count: number }>`
    select wanted.value as album_id,
      (select count(*) from album_media am where am.album_id = wanted.value and am.premium = 0 and am.binned = 0) as media_count
    from json_each(${JSON.stringify(rows.map((r) => r.id))}) as wanted`.execute(db);
  const byId = new Map(counts.rows.map((c) => [c.album_id, c.media_count]));
  return rows.map((row) => ({ ...row, media_count: byId.get(row.id) ?? 0 }));
}

/** How many of the album's Red Room items out of the bin match a filter (the total of a locked view). */
export async function countFree(db: Db, albumId: string, filter: AlbumMediaFilter): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*) as n from album_media where album_id = ${albumId} and premium = 0 and binned = 0 ${filterOf(filter)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** The owner's album with its cover (with premium locked: its Red Room items only). */
export async function findAlbum(db: Db, ownerId: string, id: string, freeOnly = false): Promise<AlbumWithCover | undefined> {
  const result = await withCovers(sql`select * from albums where owner_id = ${ownerId} and id = ${id}`, sql.raw('id'), freeOnly).execute(db);
  return freeOnly ? (await countedFree(db, result.rows))[0] : result.rows[0];
}

/** Whether the owner has that album (a plain row probe, for writes that answer with the album after). */
export async function albumExists(db: Db, ownerId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom('albums').select('id').where(ownedBy('albums', ownerId)).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export interface AlbumListQuery {
  /** Lower-case text the name contains, taken literally; '' for none. */
  search: string;
  sort: AlbumSortColumn;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A page of the owner's albums in the sort's order (its index), with covers and the total. */
export async function listAlbums(db: Db, ownerId: string, query: AlbumListQuery, freeOnly = false): Promise<Page<AlbumWithCover>> {
  const searched = query.search === '' ? sql`` : sql`and instr(name_key, ${query.search}) > 0`;
  const order = orderOf(query.sort, query.order);
  const page = sql`select * from albums where owner_id = ${ownerId} ${searched} order by ${order} limit ${query.limit} offset ${query.offset}`;
  const items = await withCovers(page, order, freeOnly).execute(db);
  const counted = await sql<{ total: number }>`select count(*) as total from albums where owner_id = ${ownerId} ${searched}`.execute(db);
  return { items: freeOnly ? await countedFree(db, items.rows) : items.rows, total: Number(counted.rows[0]?.total ?? 0) };
}

export async function updateAlbum(
  db: Db,
  ownerId: string,
  id: string,
  changes: Omit<AlbumUpdate, 'id' | 'owner_id' | 'created_at' | 'media_count'>,
): Promise<number> {
  const result = await db.updateTable('albums').set(changes).where(ownedBy('albums', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the owner's album (its memberships go with it, the items stay); whether it was there. */
export async function deleteAlbum(db: Db, ownerId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('albums').where(ownedBy('albums', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the item is in the album and out of the bin (what may be its cover). */
export async function isShownInAlbum(db: Db, albumId: string, mediaId: string): Promise<boolean> {
  const row = await db
    .selectFrom('album_media')
    .select('media_id')
    .where('album_id', '=', albumId)
    .where('media_id', '=', mediaId)
    .where('binned', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of `ids` are the owner's items (either gallery), and whether each is in the bin. */
export async function ownedItems(db: Db, ownerId: string, ids: readonly string[]): Promise<{ id: string; binned: boolean }[]> {
  const result = await sql<{ id: string; binned: number }>`
    select media.id, media.deleted_at is not null as binned
    from json_each(${JSON.stringify(ids)}) as wanted cross join media on media.id = wanted.value
    where media.owner_id = ${ownerId}`.execute(db);
  return result.rows.map((r) => ({ id: r.id, binned: r.binned === 1 }));
}

/**
 * Puts the owner's items among `ids` into the album, as added at `now`; ones already there keep
 * their place. How many went in. The item's copies are written with the row (the triggers only
 * check them); the triggers count it and put the item's key among those in albums (migration 0028).
 */
export async function insertMembers(db: Db, ownerId: string, albumId: string, ids: readonly string[], now: number): Promise<number> {
  const result = await sql`
    insert into album_media (album_id, media_id, owner_id, added_at, binned, type, is_favorite, created_at, premium)
    select ${albumId}, media.id, media.owner_id, ${now}, media.deleted_at is not null, media.type, media.is_favorite, media.created_at, media.gallery = 'premium'
    from json_each(${JSON.stringify(ids)}) as wanted cross join media on media.id = wanted.value
    where media.owner_id = ${ownerId}
    on conflict (album_id, media_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Takes `ids` out of the album (the items stay); how many were in it. */
export async function deleteMembers(db: Db, ownerId: string, albumId: string, ids: readonly string[]): Promise<number> {
  const result = await sql`
    delete from album_media
    where album_id = ${albumId} and owner_id = ${ownerId} and media_id in (select value from json_each(${JSON.stringify(ids)}))`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** The album_media condition of a filter (each one an index of migration 0018). */
function filterOf(filter: AlbumMediaFilter): RawBuilder<unknown> {
  switch (filter) {
    case 'images':
      return sql`and type = 'image'`;
    case 'videos':
      return sql`and type = 'video'`;
    case 'favorites':
      return sql`and is_favorite = 1`;
    default:
      return sql``;
  }
}

/**
 * A page of an album's items out of the bin, most recently added first, with their models' names.
 * The page's ids come from the filter's index alone (a late page skips index entries, not items);
 * only the page's items are read.
 */
export async function listAlbumMedia(
  db: Db,
  ownerId: string,
  albumId: string,
  filter: AlbumMediaFilter,
  page: { limit: number; offset: number },
  freeOnly = false,
): Promise<MediaWithModel[]> {
  // With premium locked, the page is made of Red Room items only (filtered before the limit, so pages have no gaps).
  const free = freeOnly ? sql`and premium = 0` : sql``;
  const result = await sql<MediaWithModel>`
    select media.*, models.name as model_name
    from (
      select media_id, added_at from album_media
      where album_id = ${albumId} and binned = 0 ${filterOf(filter)} ${free}
      order by added_at desc, media_id desc limit ${page.limit} offset ${page.offset}
    ) as page
    join media on media.id = page.media_id and media.owner_id = ${ownerId}
    left join models on models.id = media.model_id
    order by page.added_at desc, page.media_id desc`.execute(db);
  return result.rows;
}
