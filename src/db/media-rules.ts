// The media library's derived data, in one place (decision 0067): every trigger and derived column
// or table the migrations made (0010-0047), what each keeps true, and a check that recomputes each
// one from the rows it follows. The migrations stay as they were written (frozen); this module names
// what they built, `MEDIA_TRIGGERS` and `MEDIA_INDEXES` list every trigger and index on the media
// and album tables (a test fails when a migration adds one that is not listed here), and
// `checkMediaRules` reports each rule broken, with how many rows break it (none when all hold).
//
// Two modes. Per row (the default), each trigger keeps its copy as the row changes. Deferred, while
// `media_search_deferred` holds its one row (media.repo.ts withSearchKeysDeferred, inside one
// transaction of many changes): the key-moving triggers only record the items in
// `media_search_rekeyed` and the write then brings the index, the copies and the counts up to date
// at once before the transaction ends. Outside such a transaction both tables are empty.

import { type RawBuilder, sql } from 'kysely';
import type { Db } from './database.ts';

/** One rule: a derived value, the triggers that keep it, and a query counting the rows where it does not hold. */
export interface MediaRule {
  name: string;
  /** What it keeps true, in words. */
  keeps: string;
  /** The triggers that keep it (per row; the deferred write keeps it too where said). */
  triggers: string[];
  /** How many rows break it: 0 when it holds. */
  broken: RawBuilder<{ n: number }>;
}

/** The full-text key of a media row `m` (migration 0012): owner number << 44, premium, binned, favourite, video, then its sequence. */
const KEY_OF = (m: string) =>
  sql.raw(`(((select n from media_search_owners as o where o.owner_id = ${m}.owner_id) << 44) | ((${m}.gallery = 'premium') << 43)
    | ((${m}.deleted_at is not null) << 42) | (${m}.is_favorite << 41) | ((${m}.type = 'video') << 40))`);

/** How many rows one of two queries (of the same columns) has that the other has not. */
const differs = (expected: RawBuilder<unknown>, kept: RawBuilder<unknown>) =>
  sql<{ n: number }>`select (select count(*) from (${expected} except ${kept})) + (select count(*) from (${kept} except ${expected})) as n`;

export const MEDIA_RULES: MediaRule[] = [
  {
    name: 'gallery counts',
    keeps:
      'media_counts.n is how many items each owner has per gallery, bin, type and favourite: a list without search, tags or model is counted from a few of its rows',
    triggers: ['media_counts_insert', 'media_counts_update', 'media_counts_delete'],
    broken: differs(
      sql`select owner_id, gallery, deleted_at is not null, type, is_favorite, count(*) from media group by 1, 2, 3, 4, 5`,
      sql`select owner_id, gallery, binned, type, is_favorite, n from media_counts where n <> 0`,
    ),
  },
  {
    name: 'search owners',
    keeps: 'every owner of an item has a number in media_search_owners (the high bits of its full-text keys)',
    triggers: ['media_search_insert', 'media_search_update', 'media_search_update_deferred'],
    broken: sql<{ n: number }>`select count(distinct owner_id) as n from media where owner_id not in (select owner_id from media_search_owners)`,
  },
  {
    name: 'full-text keys',
    keeps:
      "media_search_ids holds one key per item whose bits are the item's owner, gallery, bin, favourite and type (then its sequence), so a list's items are one range of keys",
    triggers: ['media_search_insert', 'media_search_update', 'media_search_update_deferred', 'media_search_delete'],
    broken: sql<{ n: number }>`select (select count(*) from media where not exists (select 1 from media_search_ids as ids where ids.media_id = media.id))
      + (select count(*) from media_search_ids as ids where not exists (select 1 from media where media.id = ids.media_id))
      + (select count(*) from media join media_search_ids as ids on ids.media_id = media.id where ids.key <> (${KEY_OF('media')} | ids.rowid)) as n`,
  },
  {
    name: 'sort copies',
    keeps: 'each key carries copies of its item’s date, title, duration, size and play count, so a search’s matches are sorted from the index',
    triggers: ['media_search_insert', 'media_search_sort'],
    broken: sql<{ n: number }>`select count(*) as n from media join media_search_ids as ids on ids.media_id = media.id
      where ids.created_at is not media.created_at or ids.title is not media.title or ids.duration is not media.duration
        or ids.size is not media.size or ids.play_count is not media.play_count`,
  },
  {
    name: 'full-text index',
    keeps: 'media_search (FTS5, trigram) has one document per key, its item’s search text, and none other',
    triggers: ['media_search_insert', 'media_search_update', 'media_search_delete'],
    broken: differs(sql`select key from media_search_ids`, sql`select rowid from media_search`),
  },
  {
    name: 'tag copies',
    keeps: "media_tags has one lower-case copy of each tag of an item, with its owner and its item's key (a tag's items of one list are a range of (tag, key))",
    triggers: ['media_tags_insert', 'media_tags_key_follow', 'media_tags_owner_follow'],
    broken: sql<{
      n: number;
    }>`select (select count(*) from media_tags as t join media on media.id = t.media_id join media_search_ids as ids on ids.media_id = t.media_id
        where t.owner_id <> media.owner_id or t.key <> ids.key)
      + (select count(*) from (select media.id, lower(j.value) from media, json_each(media.tags) as j except select media_id, tag from media_tags)) as n`,
  },
  {
    name: 'tag counts',
    keeps: 'media_tag_counts.n is how many items of each owner carry each tag, per gallery, bin, type and favourite (read from the copies’ keys)',
    triggers: ['media_tags_insert', 'media_tags_delete', 'media_tags_key_follow', 'media_tags_owner_follow'],
    broken: differs(
      sql`select t.owner_id, t.tag, media.gallery, media.deleted_at is not null, media.type, media.is_favorite, count(*)
        from media_tags as t join media on media.id = t.media_id group by 1, 2, 3, 4, 5, 6`,
      sql`select owner_id, tag, gallery, binned, type, is_favorite, n from media_tag_counts where n <> 0`,
    ),
  },
  {
    name: 'album count of an item',
    keeps: 'media.album_count is how many albums hold the item (the premium gallery’s albums filter reads its partial index)',
    triggers: ['media_album_count_insert', 'media_album_count_delete'],
    broken: sql<{ n: number }>`select count(*) as n from media where album_count <> (select count(*) from album_media where media_id = media.id)`,
  },
  {
    name: 'keys of items in albums',
    keeps: 'album_item_keys holds the full-text key of every item in at least one album, and no other (a search of the albums filter merges them)',
    triggers: ['album_item_keys_count', 'album_item_keys_follow', 'album_item_keys_delete'],
    broken: differs(
      sql`select ids.key from media join media_search_ids as ids on ids.media_id = media.id where media.album_count > 0`,
      sql`select key from album_item_keys`,
    ),
  },
  {
    name: 'album memberships’ copies',
    keeps: 'each album_media row copies its item’s bin, type, favourite, date and gallery, so an album’s filters and pages read the membership index alone',
    triggers: ['album_media_insert', 'album_media_premium', 'album_media_follow', 'album_media_follow_date', 'album_media_follow_gallery'],
    broken: sql<{ n: number }>`select count(*) as n from album_media as am join media on media.id = am.media_id
      where am.binned <> (media.deleted_at is not null) or am.type <> media.type or am.is_favorite <> media.is_favorite
        or am.created_at <> media.created_at or am.premium <> (media.gallery = 'premium')`,
  },
  {
    name: 'album counts',
    keeps: 'albums.media_count, image_count and favorite_count count the album’s items out of the bin (all, images, favourites)',
    triggers: ['album_media_insert', 'album_media_delete', 'album_media_counted'],
    broken: sql<{
      n: number;
    }>`select count(*) as n from albums where media_count <> (select count(*) from album_media where album_id = albums.id and binned = 0)
      or image_count <> (select count(*) from album_media where album_id = albums.id and binned = 0 and type = 'image')
      or favorite_count <> (select count(*) from album_media where album_id = albums.id and binned = 0 and is_favorite = 1)`,
  },
  {
    name: 'model pictures',
    keeps: 'a model’s profile picture never names an item deleted for good (it is cleared to "" with the item)',
    triggers: ['media_clears_model_picture'],
    broken: sql<{ n: number }>`select count(*) as n from models where profile_picture_url like '/media/%'
      and not exists (select 1 from media where models.profile_picture_url in ('/media/' || media.id, '/media/' || media.id || '/thumbnail', '/media/' || media.id || '/display'))`,
  },
  {
    name: 'forgotten library files',
    keeps:
      'a library item deleted for good leaves its file’s fingerprint in library_forgotten, so the next scan does not bring it back (checked when it happens: no state to recompute)',
    triggers: ['media_library_forget'],
    broken: sql<{ n: number }>`select 0 as n`,
  },
  {
    name: 'no deferred work left',
    keeps: 'outside a deferred write, media_search_deferred and media_search_rekeyed are empty (every deferred change was brought up to date)',
    triggers: ['media_search_update_deferred'],
    broken: sql<{ n: number }>`select (select count(*) from media_search_deferred) + (select count(*) from media_search_rekeyed) as n`,
  },
];

/** Every trigger on the media and album tables, with the migrations that made it and re-made it (the live schema has exactly these). */
export const MEDIA_TRIGGERS: Record<string, string[]> = {
  album_item_keys_count: ['0028'],
  album_item_keys_delete: ['0028'],
  album_item_keys_follow: ['0028'],
  album_media_counted: ['0018', '0025'],
  album_media_delete: ['0018', '0027'],
  album_media_follow: ['0018', '0025', '0040'],
  album_media_follow_date: ['0025'],
  album_media_follow_gallery: ['0040'],
  album_media_insert: ['0018'],
  album_media_premium: ['0040'],
  media_album_count_delete: ['0019', '0027'],
  media_album_count_insert: ['0019'],
  media_clears_model_picture: ['0015', '0027'],
  media_counts_delete: ['0011', '0027'],
  media_counts_insert: ['0011'],
  media_counts_update: ['0011', '0025'],
  media_library_forget: ['0033'],
  media_search_delete: ['0011', '0012', '0027'],
  media_search_insert: ['0011', '0012', '0014', '0044'],
  media_search_sort: ['0014', '0044'],
  media_search_update: ['0011', '0012', '0021'],
  media_search_update_deferred: ['0021'],
  media_tags_delete: ['0013', '0026', '0027'],
  media_tags_insert: ['0012', '0013', '0026'],
  media_tags_key_follow: ['0016', '0022', '0026'],
  media_tags_owner_follow: ['0026'],
};

/** Every index on the media and album tables, and what reads it. */
export const MEDIA_INDEXES: Record<string, string> = {
  media_owner_favorite: 'an owner’s favourites (0010)',
  media_model: 'a model’s items when the model goes (0010)',
  media_deleted: 'the bin’s purge by date (0010)',
  media_owner_sha256: 'an upload’s exact duplicates (0010)',
  media_page_created: 'lists by date (0011)',
  media_page_title: 'lists by title, ignoring case (0011)',
  media_page_duration: 'lists by duration (0011)',
  media_page_size: 'lists by size (0011)',
  media_page_type: 'premium lists by type (0017)',
  media_page_plays: 'lists by play count (0044)',
  media_page_rating: 'lists by rating, and a minimum rating counted and paged by date, with the type and favourite (0046, 0047)',
  media_page_rating_title: 'a minimum rating paged by title (0047)',
  media_page_rating_duration: 'a minimum rating paged by duration (0047)',
  media_page_rating_size: 'a minimum rating paged by size (0047)',
  media_page_rating_plays: 'a minimum rating paged by play count (0047)',
  media_in_albums: 'the premium albums filter (partial: album_count > 0, 0019)',
  media_model_list: 'a model’s items, counted and paged (0012)',
  media_library: 'a library’s items by path (partial, 0033)',
  media_search_ids_key: 'the full-text keys in key order (0012)',
  media_search_ids_member: 'an item’s key (0012)',
  media_search_ids_sort: 'a search’s matches sorted from the copies (0014, 0044)',
  media_tags_key: 'a tag’s items of one list, by key (0016, 0026)',
  media_tags_owner_tag: 'an owner’s custom tags (0010, 0020, 0026)',
  albums_by_created: 'albums by date (0017)',
  albums_by_name: 'albums by name (0017)',
  albums_by_count: 'albums by size (0017)',
  albums_by_cover: 'an album’s cover when its item goes (0025)',
  album_media_by_media: 'an item’s memberships (0017)',
  album_media_by_owner: 'an owner’s memberships (0017)',
  album_media_page: 'an album’s page by date added (0018)',
  album_media_type: 'an album’s images or videos (0018)',
  album_media_favorite: 'an album’s favourites (0018)',
  album_media_newest: 'an album’s newest item, its default cover (0018)',
  album_media_free: 'an album’s Red Room items while premium is locked (0040)',
};

/** The tables whose triggers and indexes this module lists. */
const RULED_TABLES = ['media', 'media_tags', 'media_search_ids', 'album_media', 'albums', 'media_counts', 'media_tag_counts'];

/** The triggers and (named) indexes the live schema has on the ruled tables. */
export async function liveSchemaObjects(db: Db): Promise<{ triggers: string[]; indexes: string[] }> {
  const rows = await sql<{ type: string; name: string }>`select type, name from sqlite_master
    where type in ('trigger', 'index') and sql is not null and tbl_name in (${sql.join(RULED_TABLES)}) order by name`.execute(db);
  return {
    triggers: rows.rows.filter((r) => r.type === 'trigger').map((r) => r.name),
    indexes: rows.rows.filter((r) => r.type === 'index').map((r) => r.name),
  };
}

/** The rules that do not hold, with how many rows break each (empty: all hold). */
export async function checkMediaRules(db: Db): Promise<{ rule: string; rows: number }[]> {
  const broken: { rule: string; rows: number }[] = [];
  for (const rule of MEDIA_RULES) {
    const result = await rule.broken.execute(db);
    const rows = Number(result.rows[0]?.n ?? 0);
    if (rows !== 0) broken.push({ rule: rule.name, rows });
  }
  return broken;
}
