// SQL of the media library (both galleries). Every query of a user's items carries the owner and
// the gallery: another user's item, or an item of the other gallery, is simply not there. Lists
// read in the order of an index (owner, gallery, bin, sort column, id), so a page of 50 out of
// 100,000 items costs what 50 rows cost. A search, a tag or a model is counted from its own index
// (full-text keys carrying owner, gallery, bin, favourite and type; tag counts; the model index)
// without reading items, and its page either walks the sort's index testing each row against the
// matches (many matches) or sorts the matches (few, or bunched up far along the order). A search
// narrowed by tags or a model keeps to the index: its matches are tested by key (media_tags' key
// copy, migration 0016) and walked or sorted the same way, in one statement.

import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, ownedBy } from '../../db/owned.ts';
import type { GalleryName, MediaRow, MediaUpdate, NewMediaRow } from './table.ts';

/** A media row with its model's name (models.name), as every answer carries it. */
export type MediaWithModel = MediaRow & { model_name: string | null };

export type MediaSortColumn = 'created' | 'title' | 'duration' | 'size' | 'type' | 'deleted';

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
  /** Only items in at least one of the owner's albums (the premium gallery's albums filter). */
  inAlbum?: boolean | undefined;
}

/** The columns of each sort, the tie-break last (each sort's index holds them). */
const SORT_COLUMNS: Record<MediaSortColumn, string[]> = {
  created: ['created_at', 'id'],
  // As people read titles: ignoring case (the index is built with the same collation).
  title: ['title', 'id'],
  duration: ['duration', 'id'],
  size: ['size', 'id'],
  // The premium gallery: images, then videos (by the type's name), by date in the same direction within each.
  type: ['type', 'created_at', 'id'],
  // The bin: by when an item went in, then as the created index runs.
  deleted: ['deleted_at', 'created_at', 'id'],
};

/** The ORDER BY of each sort on `table`; ties go by id in the same direction, so one index serves both orders. */
function orderOf(sort: MediaSortColumn, order: 'asc' | 'desc', table = 'media'): RawBuilder<unknown> {
  const dir = sql.raw(order);
  return sql.join(
    SORT_COLUMNS[sort].map((column) => (column === 'title' ? sql`${sql.ref(`${table}.title`)} collate nocase ${dir}` : sql`${sql.ref(`${table}.${column}`)} ${dir}`)),
  );
}

/**
 * A search the full-text index answers exactly on its own: printable ASCII (SQLite's LIKE and the
 * index's case folding agree on it, and it never holds the \x01 that ends the indexed text).
 * Anything else is looked up through the index and checked on the rows.
 */
const PLAIN_SEARCH = /^[\x20-\x7e]+$/;
/** The trigram index finds substrings of three characters or more as one phrase. */
const MIN_PHRASE = 3;
/**
 * A shorter search becomes the trigrams it begins (every occurrence starts one: the indexed text
 * ends in two \x01); beyond this many, the rows are scanned instead.
 */
const MAX_SHORT_SEARCH_TERMS = 64;
/** How many times the expected rows a walk of the sort's index may read before the matches lead. */
const WALK_BOUND = 4;

/** An FTS5 phrase: the text as one literal string, quotes doubled. */
const phraseOf = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Bits of media_search_ids.key (migration 0012): owner number << 44, premium, binned, favourite, video, then the sequence. */
const KEY_OWNER = 44n;
const KEY_PREMIUM = 1n << 43n;
const KEY_BINNED = 1n << 42n;
const KEY_FAVORITE = 1n << 41n;
const KEY_VIDEO = 1n << 40n;

/** The ranges of keys a list's items have: one, or two when the type is chosen but not the favourite. */
function keyRanges(owner: number, gallery: GalleryName, filter: MediaListFilter): [bigint, bigint][] {
  const base = (BigInt(owner) << KEY_OWNER) | (gallery === 'premium' ? KEY_PREMIUM : 0n) | (filter.inBin ? KEY_BINNED : 0n);
  const video = filter.type === 'video' ? KEY_VIDEO : 0n;
  // Below the bin bit: the favourite, then the type, then the sequence.
  const width = filter.type ? KEY_VIDEO : filter.favoritesOnly ? KEY_FAVORITE : KEY_BINNED;
  const starts = filter.favoritesOnly ? [base | KEY_FAVORITE | video] : filter.type ? [base | video, base | KEY_FAVORITE | video] : [base];
  return starts.map((start) => [start, start + width - 1n]);
}

/** The FTS5 query of a plain search: its phrase, or the trigrams a short one begins (null: too many). */
async function searchQueryOf(db: Db, search: string): Promise<string | null> {
  if (search.length >= MIN_PHRASE) return phraseOf(search);
  // The terms are lower case, as the search is; the range ends at the next character.
  const end = search.slice(0, -1) + String.fromCharCode(search.charCodeAt(search.length - 1) + 1);
  const terms = await sql<{ term: string }>`select term from media_search_terms where term >= ${search} and term < ${end} limit ${MAX_SHORT_SEARCH_TERMS + 1}`.execute(db);
  if (terms.rows.length > MAX_SHORT_SEARCH_TERMS) return null;
  // No term: nothing contains it; a phrase no trigram can make says so.
  return terms.rows.length === 0 ? phraseOf('\x01\x01\x01') : terms.rows.map((r) => phraseOf(r.term)).join(' OR ');
}

/**
 * One way into a list's matches that answers them exactly without reading item rows: how many
 * there are, a condition on the walked row `media` for the page, and their ids to sort when few.
 */
interface Matches {
  count: RawBuilder<unknown>;
  /** The keys of a search's matches: counted and walked against in one statement, one pass of the index. */
  hits?: RawBuilder<unknown>;
  /** Whether the row `row` (with its rowid and its sort's columns, the id among them) matches. */
  isMatch: (row: string) => RawBuilder<unknown>;
  ids: RawBuilder<unknown>;
}

async function indexedMatches(db: Db, ownerId: string, gallery: GalleryName, filter: MediaListFilter): Promise<Matches | null> {
  if (filter.search !== '') {
    if (!PLAIN_SEARCH.test(filter.search)) return null;
    const owner = await sql<{ n: number }>`select n from media_search_owners where owner_id = ${ownerId}`.execute(db);
    const n = owner.rows[0]?.n;
    if (n === undefined) return { count: sql`select 0 as n`, isMatch: () => sql`0`, ids: sql`select null as id where 0` };
    const query = await searchQueryOf(db, filter.search);
    if (query === null) return null;
    const found = sql.join(
      keyRanges(n, gallery, filter).map(([lo, hi]) => sql`select rowid as key from media_search where media_search match ${query} and rowid between ${lo} and ${hi}`),
      sql` union all `,
    );
    // Tags and a model narrow the search's matches by key: each tag one probe of media_tags'
    // (tag, key) index per match, the model's items (usually few) a set of keys read once.
    const narrowed = [
      ...filter.tags.map((tag) => sql`exists (select 1 from media_tags as tagged where tagged.tag = ${tag} and tagged.key = hit.key)`),
      ...(filter.modelId === undefined
        ? []
        : [
            sql`+hit.key in (select ids.key from media as own indexed by media_model_list join media_search_ids as ids on ids.media_id = own.id
              where own.owner_id = ${ownerId} and own.model_id = ${filter.modelId})`,
          ]),
    ];
    const hits = narrowed.length === 0 ? found : sql`select hit.key as key from (${found}) as hit where ${sql.join(narrowed, sql` and `)}`;
    return {
      hits,
      count: sql`select count(*) as n from (${hits})`,
      isMatch: (row) => sql`(select key from media_search_ids where media_id = ${sql.ref(`${row}.id`)}) in (${hits})`,
      ids: sql`select ids.media_id as id from (${hits}) as hit join media_search_ids as ids on ids.key = hit.key`,
    };
  }
  if (filter.tags.length > 0 && filter.modelId !== undefined) return null;
  const listed = sql.join(
    [
      sql`gallery = ${gallery}`,
      sql`binned = ${filter.inBin ? 1 : 0}`,
      ...(filter.type ? [sql`type = ${filter.type}`] : []),
      ...(filter.favoritesOnly ? [sql`is_favorite = 1`] : []),
    ],
    sql` and `,
  );
  if (filter.tags.length > 0) {
    // How many items carry each tag (media_tag_counts): one tag's total is that; of several, the
    // rarest leads and each of its items is looked up for the others.
    const counts = await sql<{ tag: string; n: number }>`select tag, sum(n) as n from media_tag_counts
      where owner_id = ${ownerId} and tag in (${sql.join(filter.tags)}) and ${listed} group by tag`.execute(db);
    const countOf = new Map(counts.rows.map((r) => [r.tag, Number(r.n)]));
    const [first, ...others] = [...filter.tags].sort((a, b) => (countOf.get(a) ?? 0) - (countOf.get(b) ?? 0));
    const alsoTagged = (id: RawBuilder<unknown>) => others.map((tag) => sql` and exists (select 1 from media_tags as also where also.media_id = ${id} and also.tag = ${tag})`);
    const tagged = sql`from media_tags as tagged where tagged.owner_id = ${ownerId} and tagged.tag = ${first} and ${listed}${sql.join(alsoTagged(sql.ref('tagged.media_id')), sql``)}`;
    return {
      count: others.length === 0 ? sql`select ${countOf.get(first!) ?? 0} as n` : sql`select count(*) as n ${tagged}`,
      isMatch: (row) =>
        sql`exists (select 1 from media_tags as also where also.media_id = ${sql.ref(`${row}.id`)} and also.tag = ${first})${sql.join(alsoTagged(sql.ref(`${row}.id`)), sql``)}`,
      ids: sql`select tagged.media_id as id ${tagged}`,
    };
  }
  const modelId = filter.modelId!;
  const listedRow = sql.join(
    [
      sql`gallery = ${gallery}`,
      filter.inBin ? sql`deleted_at is not null` : sql`deleted_at is null`,
      ...(filter.type ? [sql`type = ${filter.type}`] : []),
      ...(filter.favoritesOnly ? [sql`is_favorite = 1`] : []),
    ],
    sql` and `,
  );
  return {
    count: sql`select count(*) as n from media indexed by media_model_list where owner_id = ${ownerId} and model_id = ${modelId} and ${listedRow}`,
    isMatch: (row) => sql`(select model_id from media as own where own.rowid = ${sql.ref(`${row}.rowid`)}) = ${modelId}`,
    ids: sql`select id from media indexed by media_model_list where owner_id = ${ownerId} and model_id = ${modelId} and ${listedRow}`,
  };
}

/**
 * The ids a selective filter matches, read from its own index: the items with all the tags, the
 * items whose search text contains the words, or the model's items. Null when none applies.
 * (Lists that combine them, or search for other than plain text, go this way and check the rows.)
 */
function driverOf(ownerId: string, filter: MediaListFilter): { ids: RawBuilder<unknown>; uses: 'tags' | 'search' | 'model' | 'album' } | null {
  if (filter.tags.length > 0) {
    const ids = sql`select media_id as id from media_tags where owner_id = ${ownerId} and tag in (${sql.join(filter.tags)}) group by media_id having count(*) = ${filter.tags.length}`;
    return { ids, uses: 'tags' };
  }
  if ([...filter.search].length >= MIN_PHRASE) {
    const ids = sql`select media_id as id from media_search_ids where key in (select rowid from media_search where media_search match ${phraseOf(filter.search)})`;
    return { ids, uses: 'search' };
  }
  if (filter.modelId !== undefined) return { ids: sql`select id from media where model_id = ${filter.modelId}`, uses: 'model' };
  if (filter.inAlbum) return { ids: sql`select distinct media_id as id from album_media where owner_id = ${ownerId}`, uses: 'album' };
  return null;
}

/** Up to this many matches, a page of a combined filter is read from the matches and sorted. */
const SORT_MATCHES_UP_TO = 4000;

function conditionsOf(ownerId: string, gallery: GalleryName, filter: MediaListFilter, driver: ReturnType<typeof driverOf>): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`media.owner_id = ${ownerId}`, sql`media.gallery = ${gallery}`];
  where.push(filter.inBin ? sql`media.deleted_at is not null` : sql`media.deleted_at is null`);
  if (filter.type) where.push(sql`media.type = ${filter.type}`);
  if (filter.favoritesOnly) where.push(sql`media.is_favorite = 1`);
  if (filter.modelId !== undefined && driver?.uses !== 'model') where.push(sql`media.model_id = ${filter.modelId}`);
  // Always checked on the row too: the trigram index finds candidates, this is the exact rule.
  if (filter.search !== '') where.push(sql`${containsText('media.search_text', filter.search)}`);
  if (filter.inAlbum && driver?.uses !== 'album') where.push(sql`exists (select 1 from album_media where album_media.media_id = media.id)`);
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
  const columns = sql`media.*, models.name as model_name`;
  const tail = Object.assign(sql`order by ${orderOf(sort, order)} limit ${page.limit} offset ${page.offset}`, {
    bounded: (bound: number) => sql`order by ${orderOf(sort, order)} limit ${bound}`,
  });
  const listed = sql`media.owner_id = ${ownerId} and media.gallery = ${gallery} and media.deleted_at is ${filter.inBin ? sql`not null` : sql`null`}
    ${filter.type ? sql`and media.type = ${filter.type}` : sql``} ${filter.favoritesOnly ? sql`and media.is_favorite = 1` : sql``}`;
  /** The page's rows picked from the sort's index alone (no row read to sort or skip), then read. */
  const unfiltered = () =>
    sql<MediaWithModel>`select ${columns} from media left join models on models.id = media.model_id
      where media.rowid in (select media.rowid from media where ${listed} ${tail})
      order by ${orderOf(sort, order)}`.execute(db);
  /** The same, testing each row of the index read (the first `bound` only) against the matches. */
  const walk = (isMatch: Matches['isMatch'], bound: number) =>
    sql<MediaWithModel>`select ${columns} from media left join models on models.id = media.model_id
      where media.rowid in (select walked.rowid from (
          select media.rowid as rowid, ${sql.join(SORT_COLUMNS[sort].map((c) => sql.ref(`media.${c}`)))} from media where ${listed} ${tail.bounded(bound)}
        ) as walked where ${isMatch('walked')} order by ${orderOf(sort, order, 'walked')} limit ${page.limit} offset ${page.offset})
      order by ${orderOf(sort, order)}`.execute(db);

  if (filter.search === '' && filter.tags.length === 0 && filter.modelId === undefined && !filter.inAlbum) {
    const total = await countedTotal(db, ownerId, gallery, filter);
    if (total === 0 || page.offset >= total) return { items: [], total };
    return { items: (await unfiltered()).rows, total };
  }

  // (Items in albums are found through album_media, the general way below.)
  const matches = filter.inAlbum ? null : await indexedMatches(db, ownerId, gallery, filter);
  // (The bin's own order, by deletion, is never searched, and the key copies hold no type: those take the next way.)
  if (matches?.hits && sort !== 'deleted' && sort !== 'type') {
    // Counted, and the page picked by the same bounded walk as below, over one pass of the index.
    const listedTotal = await countedTotal(db, ownerId, gallery, filter);
    const reach = listedTotal * (page.offset + page.limit);
    // When the walk comes up short (the matches bunch up later in the order) or is not worth it
    // (few matches), the matches lead, sorted by the copies of their sort columns beside their
    // keys, in the same statement: the matches are found once.
    const walkBound = sql`case when n > 0 and (${reach} + n - 1) / n < 3 * n then min(${listedTotal}, ${WALK_BOUND} * ((${reach} + n - 1) / n)) else 0 end`;
    const found = await sql<{ n: number; page: string; sorted: string | null }>`with hits(key) as materialized (${matches.hits}),
      total(n) as materialized (select count(*) from hits),
      walk(page) as materialized (select json_group_array(walked.rowid) from (
        select walked.rowid from (
          select media.rowid as rowid, ${sql.join(SORT_COLUMNS[sort].map((c) => sql.ref(`media.${c}`)))} from media where ${listed} order by ${orderOf(sort, order)}
          limit (select ${walkBound} from total)
        ) as walked where (select key from media_search_ids where media_id = walked.id) in (select key from hits)
        order by ${orderOf(sort, order, 'walked')} limit ${page.limit} offset ${page.offset}) as walked)
      select total.n as n, walk.page as page,
        case when total.n <= ${page.offset} or json_array_length(walk.page) = min(${page.limit}, total.n - ${page.offset}) then null
        else (select json_group_array(id) from (select keyed.id from hits
          join (select key, media_id as id, created_at, title, duration, size from media_search_ids) as keyed on keyed.key = hits.key
          order by ${orderOf(sort, order, 'keyed')} limit ${page.limit} offset ${page.offset})) end as sorted
      from total, walk`.execute(db);
    const total = Number(found.rows[0]?.n ?? 0);
    if (total === 0 || page.offset >= total) return { items: [], total };
    const sorted = found.rows[0]!.sorted;
    const rows = await sql<MediaWithModel>`select ${columns} from media left join models on models.id = media.model_id
      where ${sorted === null ? sql`media.rowid in (select value from json_each(${found.rows[0]!.page}))` : sql`media.id in (select value from json_each(${sorted}))`}
      order by ${orderOf(sort, order)}`.execute(db);
    return { items: rows.rows, total };
  }
  if (matches) {
    const counted = await sql<{ n: number }>`${matches.count}`.execute(db);
    const total = Number(counted.rows[0]?.n ?? 0);
    if (total === 0 || page.offset >= total) return { items: [], total };
    // Walk the sort's index, testing each row, while the page's rows come early enough (expected
    // after listed * (offset + limit) / total rows); read the matches and sort them when few. A
    // walk is bounded: if the matches bunch up later in the order, the matches lead after all.
    const listedTotal = await countedTotal(db, ownerId, gallery, filter);
    const expected = Math.ceil((listedTotal * (page.offset + page.limit)) / total);
    const needed = Math.min(page.limit, total - page.offset);
    if (expected < 3 * total) {
      const bound = Math.min(listedTotal, WALK_BOUND * expected);
      const walked = await walk(matches.isMatch, bound);
      if (walked.rows.length === needed) return { items: walked.rows, total };
    }
    const sorted = await sql<MediaWithModel>`select ${columns} from (${matches.ids}) as hit cross join media on media.id = hit.id
      left join models on models.id = media.model_id where ${listed} ${tail}`.execute(db);
    return { items: sorted.rows, total };
  }

  // Combined filters, or a search the index cannot answer alone: candidates checked on the rows.
  const driver = driverOf(ownerId, filter);
  const where = conditionsOf(ownerId, gallery, filter, driver);
  let total: number;
  if (driver) {
    // CROSS JOIN keeps SQLite from walking the owner's whole index: the matches lead.
    const counted = await sql<{ n: number }>`select count(*) as n from (${driver.ids}) as hit cross join media on media.id = hit.id where ${where}`.execute(db);
    total = Number(counted.rows[0]?.n ?? 0);
  } else {
    const counted = await sql<{ n: number }>`select count(*) as n from media where ${where}`.execute(db);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  if (total === 0 || page.offset >= total) return { items: [], total };
  const items =
    driver && total <= SORT_MATCHES_UP_TO
      ? await sql<MediaWithModel>`select ${columns} from (${driver.ids}) as hit cross join media on media.id = hit.id left join models on models.id = media.model_id where ${where} ${tail}`.execute(db)
      : await sql<MediaWithModel>`select ${columns} from media left join models on models.id = media.model_id
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
