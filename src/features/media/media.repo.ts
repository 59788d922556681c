// SQL of the media library's items (both galleries): one item, its edits and tags, the bulk
// writes and the bin's purge. Every query of a user's items carries the owner and the gallery:
// another user's item, or an item of the other gallery, is simply not there. The lists (filters,
// search, tags, sorts, pages) are planned in media-list.repo.ts.

import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { ownedBy } from '../../db/owned.ts';
import type { GalleryName, MediaRow, MediaUpdate, MediaWithModel, NewMediaRow } from './media.table.ts';

/** A media row with its model's name (models.name), as every answer carries it. */
export type { MediaWithModel } from './media.table.ts';

/** The items' full-text index (FTS5; its segments are merged by the checkpointer's thread, src/db/checkpointer.ts). */
export const MEDIA_SEARCH_INDEX = 'media_search';

/**
 * The states a key's bits hold, as the count tables' columns: gallery, binned, type, is_favorite
 * (named so; `column` is a trusted column reference).
 */
export const statesOfKey = (column: string) => {
  const k = sql.ref(column);
  return sql`case when (${k} >> 43) & 1 then 'premium' else 'gallery' end as gallery, (${k} >> 42) & 1 as binned,
    case when (${k} >> 40) & 1 then 'video' else 'image' end as type, (${k} >> 41) & 1 as is_favorite`;
};

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
  // By the item's key (media_id, tag); the owner is checked on those rows (the unary + keeps SQLite
  // from reading the owner's whole (owner_id, tag) index instead: 10 ms an item at 50,000 items).
  await db.deleteFrom('media_tags').where('media_id', '=', mediaId).where(sql<SqlBool>`+media_tags.owner_id = ${ownerId}`).execute();
  const rows = [...new Set(tags.map((t) => t.toLowerCase()))].map((tag) => ({ media_id: mediaId, owner_id: ownerId, tag }));
  if (rows.length > 0) await db.insertInto('media_tags').values(rows).execute();
}

/** The tag counts down by the copies of the items `ids` (a subquery), under their keys' states. */
async function countTagCopiesDown(trx: Db, ids: RawBuilder<unknown>): Promise<void> {
  await sql`update media_tag_counts set n = media_tag_counts.n - gone.k
    from (select owner_id, tag, ${statesOfKey('key')}, count(*) as k from media_tags where media_id in ${ids} group by 1, 2, 3, 4, 5, 6) as gone
    where media_tag_counts.owner_id = gone.owner_id and media_tag_counts.tag = gone.tag and media_tag_counts.gallery = gone.gallery
      and media_tag_counts.binned = gone.binned and media_tag_counts.type = gone.type and media_tag_counts.is_favorite = gone.is_favorite`.execute(trx);
}

/**
 * Runs `write` (an update of many media rows, inside the caller's transaction) with the per-row
 * upkeep of the full-text index and of the tag copies deferred (migrations 0021, 0022), then brings
 * both up to date at once for every item whose key changed: the old index entries out, the new
 * ones in key order (interleaved, each item cost FTS5 a flush); the tag copies' counts and keys
 * (migration 0026); the gallery counts, the album memberships' counts and copies, and the keys of
 * the items in albums (migrations 0025, 0028).
 */
export async function withSearchKeysDeferred<T>(trx: Db, write: () => Promise<T>): Promise<T> {
  await sql`insert into media_search_deferred (only) values (1)`.execute(trx);
  const result = await write();
  const moved = sql`(select media_id from media_search_rekeyed)`;
  // The gallery counts (migration 0025): the items' old states, read from their old keys, down;
  // their new states up.
  await sql`update media_counts set n = media_counts.n - gone.k
    from (select owners.owner_id, ${statesOfKey('r.old_key')}, count(*) as k
      from media_search_rekeyed as r join media_search_owners as owners on owners.n = r.old_key >> 44 group by 1, 2, 3, 4, 5) as gone
    where media_counts.owner_id = gone.owner_id and media_counts.gallery = gone.gallery and media_counts.binned = gone.binned
      and media_counts.type = gone.type and media_counts.is_favorite = gone.is_favorite`.execute(trx);
  await sql`insert into media_counts (owner_id, gallery, binned, type, is_favorite, n)
    select owner_id, gallery, deleted_at is not null, type, is_favorite, count(*) from media where id in ${moved} group by 1, 2, 3, 4, 5
    on conflict do update set n = n + excluded.n`.execute(trx);
  // Each album holding a moved item: its counts by the difference between its copies and the items,
  // then the copies and keys (while still deferred, so the copies' own trigger stays out of it).
  await sql`update albums set media_count = media_count + d.dm, image_count = image_count + d.di, favorite_count = favorite_count + d.df
    from (select am.album_id,
        sum((m.deleted_at is null) - (am.binned = 0)) as dm,
        sum((m.deleted_at is null and m.type = 'image') - (am.binned = 0 and am.type = 'image')) as di,
        sum((m.deleted_at is null and m.is_favorite = 1) - (am.binned = 0 and am.is_favorite = 1)) as df
      from album_media as am join media as m on m.id = am.media_id where am.media_id in ${moved} group by am.album_id) as d
    where albums.id = d.album_id and (d.dm <> 0 or d.di <> 0 or d.df <> 0)`.execute(trx);
  await sql`update album_media set binned = m.deleted_at is not null, type = m.type, is_favorite = m.is_favorite, created_at = m.created_at
    from media as m
    where m.id = album_media.media_id and album_media.media_id in ${moved}
      and (album_media.binned <> (m.deleted_at is not null) or album_media.type <> m.type or album_media.is_favorite <> m.is_favorite
        or album_media.created_at <> m.created_at)`.execute(trx);
  // The keys of the items in albums (migration 0028): the old ones out, the new ones in.
  await sql`delete from album_item_keys where key in (select old_key from media_search_rekeyed)`.execute(trx);
  // (The moved items lead: the unary + keeps SQLite from reading every item in albums instead, 12 ms.)
  await sql`insert into album_item_keys (key) select ids.key from media_search_rekeyed as moved
    cross join media on media.id = moved.media_id join media_search_ids as ids on ids.media_id = moved.media_id where +media.album_count > 0`.execute(trx);
  await sql`delete from media_search_deferred`.execute(trx);
  await sql`delete from media_search where rowid in (select old_key from media_search_rekeyed order by old_key)`.execute(trx);
  await sql`insert into media_search (rowid, text)
    select ids.key, media.search_text || char(1, 1) from media_search_rekeyed as moved
    join media_search_ids as ids on ids.media_id = moved.media_id join media on media.id = moved.media_id
    order by ids.key`.execute(trx);
  // The tag copies (migration 0026): counted down under their old keys' states, their keys moved,
  // counted up under the new ones.
  await countTagCopiesDown(trx, moved);
  await sql`update media_tags set key = ids.key from media_search_ids as ids
    where ids.media_id = media_tags.media_id and media_tags.media_id in ${moved} and media_tags.key <> ids.key`.execute(trx);
  await sql`insert into media_tag_counts (owner_id, tag, gallery, binned, type, is_favorite, n)
    select owner_id, tag, ${statesOfKey('key')}, count(*) from media_tags where media_id in ${moved} group by 1, 2, 3, 4, 5, 6
    on conflict do update set n = n + excluded.n`.execute(trx);
  await sql`delete from media_search_rekeyed`.execute(trx);
  return result;
}

/**
 * Deletes many of the owner's rows at once (a bulk delete forever, inside the caller's transaction)
 * with the per-row delete triggers standing aside (migration 0027) and their work done once for
 * all: the tag counts and copies, the album counts and memberships, the gallery counts, the
 * full-text entries (in key order) and keys, the models' pictures that were among them; then the
 * rows. How many rows went.
 */
export async function deleteManyDeferred(trx: Db, ownerId: string, ids: readonly string[]): Promise<number> {
  const list = JSON.stringify(ids);
  // The owner's rows among the ids (checked on the rows: the unary + keeps the list index out of it).
  const doomed = sql`(select id from media where id in (select value from json_each(${list})) and +owner_id = ${ownerId})`;
  await sql`insert into media_search_deferred (only) values (1)`.execute(trx);
  await countTagCopiesDown(trx, doomed);
  await sql`delete from media_tags where media_id in ${doomed}`.execute(trx);
  await sql`update albums set media_count = media_count - d.dm, image_count = image_count - d.di, favorite_count = favorite_count - d.df
    from (select album_id, sum(binned = 0) as dm, sum(binned = 0 and type = 'image') as di, sum(binned = 0 and is_favorite = 1) as df
      from album_media where media_id in ${doomed} group by album_id) as d
    where albums.id = d.album_id and d.dm > 0`.execute(trx);
  await sql`delete from album_media where media_id in ${doomed}`.execute(trx);
  await sql`update media_counts set n = media_counts.n - gone.k
    from (select owner_id, gallery, deleted_at is not null as binned, type, is_favorite, count(*) as k from media where id in ${doomed} group by 1, 2, 3, 4, 5) as gone
    where media_counts.owner_id = gone.owner_id and media_counts.gallery = gone.gallery and media_counts.binned = gone.binned
      and media_counts.type = gone.type and media_counts.is_favorite = gone.is_favorite`.execute(trx);
  await sql`delete from album_item_keys where key in (select key from media_search_ids where media_id in ${doomed})`.execute(trx);
  await sql`delete from media_search where rowid in (select key from media_search_ids where media_id in ${doomed} order by key)`.execute(trx);
  await sql`delete from media_search_ids where media_id in ${doomed}`.execute(trx);
  await sql`update models set profile_picture_url = '' where owner_id = ${ownerId} and profile_picture_url in
    (select '/media/' || doomed.id || suffix.s from ${doomed} as doomed
      cross join (select '' as s union all select '/thumbnail' union all select '/display') as suffix)`.execute(trx);
  const result = await sql`delete from media where id in ${doomed}`.execute(trx);
  await sql`delete from media_search_deferred`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** New tags of many of the owner's items at once (bulk actions): one statement each for the rows, the tag copies out, and in. */
export async function retagMany(
  db: Db,
  ownerId: string,
  changes: readonly { id: string; tags: readonly string[]; searchText: string; before: readonly string[] }[],
  at: number,
): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((c) => ({ id: c.id, tags: JSON.stringify(c.tags), text: c.searchText }));
  // Each item by its key (the unary + keeps the owner's list index out of it), the owner checked on the row.
  await sql`update media set tags = c.tags, search_text = c.text, updated_at = ${at}
    from (select value ->> 'id' as id, value ->> 'tags' as tags, value ->> 'text' as text from json_each(${JSON.stringify(rows)})) as c
    where media.id = c.id and +media.owner_id = ${ownerId}`.execute(db);
  // Only the lower-case copies that change go out and in (each costs its triggers: counts, keys).
  const gone: [string, string][] = [];
  const added: [string, string][] = [];
  for (const c of changes) {
    const before = new Set(c.before.map((t) => t.toLowerCase()));
    const after = new Set(c.tags.map((t) => t.toLowerCase()));
    for (const tag of before) if (!after.has(tag)) gone.push([c.id, tag]);
    for (const tag of after) if (!before.has(tag)) added.push([c.id, tag]);
  }
  if (gone.length > 0) {
    await sql`delete from media_tags where (media_id, tag) in (select value ->> 0, value ->> 1 from json_each(${JSON.stringify(gone)})) and +owner_id = ${ownerId}`.execute(
      db,
    );
  }
  if (added.length > 0) {
    await sql`insert into media_tags (media_id, owner_id, tag) select value ->> 0, ${ownerId}, value ->> 1 from json_each(${JSON.stringify(added)})`.execute(
      db,
    );
  }
}

/** Deletes the owner's row (its media_tags go with it); whether it was there. */
export async function deleteMediaRow(db: Db, ownerId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('media').where(ownedBy('media', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The store keys of an item: the original and its renditions. */
export type MediaKeys = Pick<
  MediaRow,
  'id' | 'owner_id' | 'storage_key' | 'thumbnail_key' | 'display_key' | 'preview_key' | 'scrubber_key' | 'scrubber_sheets'
>;

/** Items of any owner in the recycling bin since before `cutoff` (epoch ms), oldest first. */
export async function binnedBefore(db: Db, cutoff: number, limit: number): Promise<MediaKeys[]> {
  return (
    db
      .selectFrom('media')
      .select(['id', 'owner_id', 'storage_key', 'thumbnail_key', 'display_key', 'preview_key', 'scrubber_key', 'scrubber_sheets'])
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<=', cutoff)
      // An offline library item waits in the bin for its file, however long (decision 0043).
      .where('offline_at', 'is', null)
      .orderBy('deleted_at')
      .orderBy('id')
      .limit(limit)
      .execute()
  );
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
    .select(['id', 'owner_id', 'storage_key', 'thumbnail_key', 'display_key', 'preview_key', 'scrubber_key', 'scrubber_sheets'])
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
export async function distinctTags(db: Db, ownerId: string, freeOnly = false): Promise<{ tag: string; tags: string }[]> {
  // With premium locked, tags only premium items carry are not told (decision 0057).
  const used = freeOnly
    ? sql`select mt.tag, min(mt.media_id) as media_id from media_tags mt join media m on m.id = mt.media_id and m.gallery = 'gallery' where mt.owner_id = ${ownerId} group by mt.tag`
    : sql`select tag, min(media_id) as media_id from media_tags where owner_id = ${ownerId} group by tag`;
  const result = await sql<{ tag: string; tags: string }>`
    select used.tag as tag, media.tags as tags
    from (${used}) as used
    join media on media.id = used.media_id`.execute(db);
  return result.rows;
}
