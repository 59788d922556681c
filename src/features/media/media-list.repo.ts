// The lists of the media library (both galleries): the list planner. Every list carries the owner and
// the gallery: another user's item, or an item of the other gallery, is simply not there. Lists
// read in the order of an index (owner, gallery, bin, sort column, id), so a page of 50 out of
// 100,000 items costs what 50 rows cost. A search, a tag or a model is counted from its own index
// (full-text keys carrying owner, gallery, bin, favourite and type; tag counts; the model index)
// without reading items, and its page either walks the sort's index testing each row against the
// matches (many matches) or sorts the matches (few, or bunched up far along the order). Several
// tags, or a search narrowed by tags, merge the sources' keys in key order (full-text matches,
// media_tags' key copies, migration 0016); a walked row is tested on its own search text (or its
// title in the title's index). Text other than plain is looked up in the index and checked on rows.
// (media.repo.ts holds the other statements of the media library.)

import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText } from '../../db/owned.ts';
import { boundsOf, FILTER_FIELDS, type FilterField, fieldSpec, SORT_FIELDS, type SortField } from '../../shared/media-fields.ts';
import type { GalleryName, MediaWithModel } from './media.table.ts';

/** The planner's own sorts, and one per field with a sort (named as its field, shared/media-fields.ts). */
export type MediaSortColumn = 'created' | 'title' | 'duration' | 'size' | 'type' | 'plays' | 'deleted' | SortField;

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
  /** Only the items of one library folder: checked on the rows (the general way below). */
  libraryId?: string | undefined;
  /**
   * The fields' filters (shared/media-fields.ts: `filter`): only items whose field is at least the
   * value. Alone, they are counted from their column's index (owner, gallery, bin, column) and a
   * page is read from the column's index within each value in the sort's order (byValueOf); with a
   * plain search or tags, the matches are looked up in the items that pass them (read once from
   * that index); with a model, albums, a library or text other than plain, checked on the rows.
   */
  atLeast?: Partial<Record<FilterField, number>> | undefined;
}

/** The column of a field (its definition names it). */
const columnOf = (field: FilterField | SortField) => fieldSpec(field).column!;
/** The filter's conditions on the fields, on `table`'s row (none when it has none). */
function fieldConditions(filter: MediaListFilter, table = 'media'): RawBuilder<unknown>[] {
  return FILTER_FIELDS.flatMap((field) => {
    const value = filter.atLeast?.[field];
    return value === undefined ? [] : [sql`${sql.ref(`${table}.${columnOf(field)}`)} >= ${value}`];
  });
}
const hasFieldFilter = (filter: MediaListFilter) => fieldConditions(filter).length > 0;

/**
 * The sorts each filtered field has an index for within each of its values (owner, gallery, bin,
 * the field's column, the sort's columns, then the type and the favourite: the field's migrations).
 */
const BY_VALUE_SORTS = new Set<MediaSortColumn>(['created', 'title', 'duration', 'size', 'plays']);

/**
 * The one field filter a list has, with the values it lets through (its definition's bounds), when
 * the sort has an index within each value; undefined otherwise (several fields, or another sort).
 */
function byValueOf(filter: MediaListFilter, sort: MediaSortColumn): { column: string; values: number[] } | undefined {
  const chosen = FILTER_FIELDS.filter((field) => filter.atLeast?.[field] !== undefined);
  if (chosen.length !== 1 || !BY_VALUE_SORTS.has(sort)) return undefined;
  const field = chosen[0]!;
  const { max } = boundsOf(field);
  const from = Math.max(Math.ceil(filter.atLeast![field]!), boundsOf(field).min);
  if (max - from > MAX_VALUE_RUNS) return undefined;
  return { column: columnOf(field), values: Array.from({ length: Math.max(0, max - from + 1) }, (_, i) => from + i) };
}
/** At most this many values are read as runs of their own (one short read of the index each). */
const MAX_VALUE_RUNS = 16;

/** The columns of each sort, the tie-break last (each sort's index holds them). */
const SORT_COLUMNS: Record<MediaSortColumn, string[]> = {
  created: ['created_at', 'id'],
  // As people read titles: ignoring case (the index is built with the same collation).
  title: ['title', 'id'],
  duration: ['duration', 'id'],
  size: ['size', 'id'],
  // The premium gallery: images, then videos (by the type's name), by date in the same direction within each.
  type: ['type', 'created_at', 'id'],
  // Most played (migration 0044's index): by play count, then by date in the same direction.
  plays: ['play_count', 'created_at', 'id'],
  // The bin: by when an item went in, then as the created index runs.
  deleted: ['deleted_at', 'created_at', 'id'],
  // Each field's sort (its index, made by the field's migration): by its value, then by date; an
  // item without a value sorts below every other (last from the highest).
  ...(Object.fromEntries(SORT_FIELDS.map((field) => [field, [columnOf(field), 'created_at', 'id']])) as Record<SortField, string[]>),
};
/** The sorts whose columns the full-text keys' copies carry (media_search_ids: migrations 0014, 0044). */
const KEYED_SORTS = new Set<MediaSortColumn>(['created', 'title', 'duration', 'size', 'plays']);

/**
 * The sort's columns of a walked row, the title with the collation it sorts by, so a walk's page
 * is taken in the order the index gives (SQLite sorts the walked rows again otherwise).
 */
const walkedColumns = (sort: MediaSortColumn) =>
  sql.join(SORT_COLUMNS[sort].map((column) => (column === 'title' ? sql`media.title collate nocase as title` : sql.ref(`media.${column}`))));

/**
 * The ORDER BY of each sort on `table`; ties go by id in the same direction, so one index serves
 * both orders. (A walked row's title already carries its collation: naming it again would make
 * SQLite sort the walk instead of following it.)
 */
function orderOf(sort: MediaSortColumn, order: 'asc' | 'desc', table = 'media'): RawBuilder<unknown> {
  const dir = sql.raw(order);
  return sql.join(
    SORT_COLUMNS[sort].map((column) =>
      column === 'title' && table !== 'walked' ? sql`${sql.ref(`${table}.title`)} collate nocase ${dir}` : sql`${sql.ref(`${table}.${column}`)} ${dir}`,
    ),
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
/**
 * A searched page walks at most this many rows per match before sorting the matches instead (a
 * sorted match is read through its key copy; a walked row's search text is read from its row, or
 * its title from the title's index).
 */
const WALK_OVER_SORT = 1.5;
const WALK_OVER_SORT_BY_TITLE = 5;

/** An FTS5 phrase: the text as one literal string, quotes doubled. */
const phraseOf = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Bits of media_search_ids.key (migration 0012): owner number << 44, premium, binned, favourite, video, then the sequence. */
const KEY_OWNER = 44n;
const KEY_PREMIUM = 1n << 43n;
const KEY_BINNED = 1n << 42n;
const KEY_FAVORITE = 1n << 41n;
const KEY_VIDEO = 1n << 40n;

/**
 * The keys a list's items have: one range of keys (owner, gallery, bin), and when the type or the
 * favourite is chosen, the bits those must have. One range, so every source of keys (the full-text
 * index, a tag's keys) reads it in key order and several of them merge.
 */
function keySpanOf(owner: number, gallery: GalleryName, filter: MediaListFilter): (column: string) => RawBuilder<unknown> {
  const lo = (BigInt(owner) << KEY_OWNER) | (gallery === 'premium' ? KEY_PREMIUM : 0n) | (filter.inBin ? KEY_BINNED : 0n);
  const hi = lo + KEY_BINNED - 1n;
  const mask = (filter.type ? KEY_VIDEO : 0n) | (filter.favoritesOnly ? KEY_FAVORITE : 0n);
  const bits = (filter.type === 'video' ? KEY_VIDEO : 0n) | (filter.favoritesOnly ? KEY_FAVORITE : 0n);
  return (column) => {
    const ref = sql.ref(column);
    return mask === 0n ? sql`${ref} between ${lo} and ${hi}` : sql`${ref} between ${lo} and ${hi} and (${ref} & ${mask}) = ${bits}`;
  };
}

/** The owner's number in the keys; undefined while they have no item. */
async function ownerNumberOf(db: Db, ownerId: string): Promise<number | undefined> {
  const owner = await sql<{ n: number }>`select n from media_search_owners where owner_id = ${ownerId}`.execute(db);
  return owner.rows[0]?.n;
}

/**
 * The characters the full-text index (trigram, case folded by SQLite's Unicode tables) folds onto
 * another lower-case character; every other lower-case character is indexed as itself. A short
 * search reads the index's terms by their first characters, so it looks for them folded.
 */
export const INDEX_FOLDS: Record<string, string> = {
  '\u017f': 's',
  '\u03d0': '\u03b2',
  '\u03f5': '\u03b5',
  '\u03d1': '\u03b8',
  '\u0345': '\u03b9',
  '\u1fbe': '\u03b9',
  '\u03f0': '\u03ba',
  '\u00b5': '\u03bc',
  '\u03d6': '\u03c0',
  '\u03f1': '\u03c1',
  '\u03c2': '\u03c3',
  '\u03d5': '\u03c6',
  '\u1e9b': '\u1e61',
  '\ufffe': '\ufffd',
  '\uffff': '\ufffd',
};
const foldedForIndex = (text: string) => [...text].map((ch) => INDEX_FOLDS[ch] ?? ch).join('');

/** The next code point after the last one of `text` (the end of the terms that begin with it), skipping surrogates. */
function afterPrefix(text: string): string {
  const points = [...text];
  const last = points.pop()!.codePointAt(0)! + 1;
  return points.join('') + String.fromCodePoint(last === 0xd800 ? 0xe000 : last);
}

/**
 * The FTS query of a search: its phrase, or for one or two characters the trigrams they begin
 * (null: more than `maxTerms` of them). Plain text only is answered exactly by the query; other
 * text is checked on the rows it finds.
 */
async function searchQueryOf(db: Db, search: string, maxTerms = MAX_SHORT_SEARCH_TERMS): Promise<string | null> {
  if ([...search].length >= MIN_PHRASE) return phraseOf(search);
  // The terms are lower case, as the search is, and folded as the index folds them.
  const start = foldedForIndex(search);
  const terms = await sql<{
    term: string;
  }>`select term from media_search_terms where term >= ${start} and term < ${afterPrefix(start)} limit ${maxTerms + 1}`.execute(db);
  if (terms.rows.length > maxTerms) return null;
  // No term: nothing contains it; a phrase no trigram can make says so.
  return terms.rows.length === 0 ? phraseOf('\x01\x01\x01') : terms.rows.map((r) => phraseOf(r.term)).join(' OR ');
}

/**
 * Keys every source has, merged in key order (SQLite merges the sorted sources of an INTERSECT
 * with ORDER BY instead of probing one index per key): the full-text matches, each tag's keys,
 * the album memberships' keys.
 */
function mergedKeys(sources: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sources.length === 1 ? sources[0]! : sql`${sql.join(sources, sql` intersect `)} order by 1`;
}

/** The keys of the items in albums within a list's span, in key order (the set of migration 0028: one integer each, the rowid). */
const albumKeys = (span: (column: string) => RawBuilder<unknown>) => sql`select key from album_item_keys where ${span('key')}`;

/** A tag's keys within a list's span, in key order (media_tags' (tag, key) index, migration 0016). */
const tagKeys = (tag: string, span: (column: string) => RawBuilder<unknown>) =>
  sql`select key from media_tags indexed by media_tags_key where tag = ${tag} and ${span('key')}`;

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
  /** The same decided by the title alone, which the title's index holds (a search no tag of the owner contains). */
  isMatchByTitle?: (row: string) => RawBuilder<unknown>;
  ids: RawBuilder<unknown>;
}

/** Nothing matches (the owner has no item at all). */
const NO_MATCHES: Matches = { count: sql`select 0 as n`, isMatch: () => sql`0`, ids: sql`select null as id where 0` };

/**
 * Several tags are counted by merging their keys unless the rarest is this many times rarer than
 * all of them together: then each of its items is probed for the others (a probe costs about ten
 * steps of a merge).
 */
const PROBES_OVER_MERGE = 10;

async function indexedMatches(db: Db, ownerId: string, gallery: GalleryName, filter: MediaListFilter, sort: MediaSortColumn): Promise<Matches | null> {
  if (filter.search !== '') {
    if (!PLAIN_SEARCH.test(filter.search)) return null;
    const n = await ownerNumberOf(db, ownerId);
    if (n === undefined) return NO_MATCHES;
    const query = await searchQueryOf(db, filter.search);
    if (query === null) return null;
    const span = keySpanOf(n, gallery, filter);
    // Tags narrow the search's matches by merging each tag's keys with them, all in key order (one
    // pass over each, whichever is rarer); a model's items (usually few) are a set of keys read once.
    const found = mergedKeys([
      sql`select rowid as key from media_search where media_search match ${query} and ${span('rowid')}`,
      ...filter.tags.map((tag) => tagKeys(tag, span)),
      ...(filter.inAlbum ? [albumKeys(span)] : []),
    ]);
    const modelHits =
      filter.modelId === undefined
        ? found
        : sql`select hit.key as key from (${found}) as hit where +hit.key in (select ids.key from media as own indexed by media_model_list
            join media_search_ids as ids on ids.media_id = own.id where own.owner_id = ${ownerId} and own.model_id = ${filter.modelId})`;
    // The fields' filters: each match's item (by its key) is looked up in the list's items that pass
    // them, read once from the field's index (the matches stay in key order; no row is read).
    const hits = hasFieldFilter(filter)
      ? sql`select hit.key as key from (${modelHits}) as hit where (select ids.media_id from media_search_ids as ids where ids.key = hit.key)
          in (select media.id from media where media.owner_id = ${ownerId} and media.gallery = ${gallery}
            and media.deleted_at is ${filter.inBin ? sql`not null` : sql`null`} and ${sql.join(fieldConditions(filter), sql` and `)})`
      : modelHits;
    // A walked row is tested as the rule says: its search text (plain text: LIKE is exact), its tags and model.
    const tagged = (row: string) =>
      sql.join(
        filter.tags.map((tag) => sql` and exists (select 1 from media_tags as also where also.media_id = ${sql.ref(`${row}.id`)} and also.tag = ${tag})`),
        sql``,
      );
    const isMatch = (row: string) =>
      sql`exists (select 1 from media as own where own.rowid = ${sql.ref(`${row}.rowid`)} and ${containsText('own.search_text', filter.search)}
        ${filter.modelId === undefined ? sql`` : sql`and own.model_id = ${filter.modelId}`} ${filter.inAlbum ? sql`and own.album_count > 0` : sql``}
        ${sql.join(
          fieldConditions(filter, 'own').map((c) => sql`and ${c}`),
          sql` `,
        )})${tagged(row)}`;
    // Sorted by title, when no tag of the owner contains the search, the title in the index decides:
    // it contains the search (LIKE) exactly when its lower case does, but for the two capitals whose
    // lower case is ASCII (U+0130 and the Kelvin sign), which send their row to the full test.
    let isMatchByTitle: Matches['isMatchByTitle'];
    if (sort === 'title' && filter.modelId === undefined && !filter.inAlbum && !hasFieldFilter(filter)) {
      const inTags = await sql`select 1 from media_tag_counts where owner_id = ${ownerId} and n > 0 and instr(tag, ${filter.search}) > 0 limit 1`.execute(db);
      if (inTags.rows.length === 0) {
        const odd = /[ik]/.test(filter.search);
        isMatchByTitle = (row) =>
          sql`(${containsText(`${row}.title`, filter.search)}${odd ? sql` or ((instr(${sql.ref(`${row}.title`)}, ${'\u0130'}) > 0 or instr(${sql.ref(`${row}.title`)}, ${'\u212a'}) > 0) and ${isMatch(row)})` : sql``})${tagged(row)}`;
      }
    }
    return {
      hits,
      count: sql`select count(*) as n from (${hits})`,
      isMatch,
      ...(isMatchByTitle ? { isMatchByTitle } : {}),
      ids: sql`select ids.media_id as id from (${hits}) as hit join media_search_ids as ids on ids.key = hit.key`,
    };
  }
  // (A model with a field's filter: checked on the rows, the general way.)
  if ((filter.tags.length > 0 && filter.modelId !== undefined) || (filter.modelId !== undefined && hasFieldFilter(filter))) return null;
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
    // How many items carry each tag (media_tag_counts): one tag's total is that; several are
    // counted by merging their keys, or from the rarest when it is much rarer, its items looked up
    // for the others. A page tests each walked row for the tags.
    const counts = await sql<{ tag: string; n: number }>`select tag, sum(n) as n from media_tag_counts
      where owner_id = ${ownerId} and tag in (${sql.join(filter.tags)}) and ${listed} group by tag`.execute(db);
    const countOf = (tag: string) => Number(counts.rows.find((r) => r.tag === tag)?.n ?? 0);
    const [first, ...others] = [...filter.tags].sort((a, b) => countOf(a) - countOf(b));
    const alsoTagged = (id: RawBuilder<unknown>) =>
      others.map((tag) => sql` and exists (select 1 from media_tags as also where also.media_id = ${id} and also.tag = ${tag})`);
    // The fields' filters: the list's items that pass them, read once from the field's index.
    const passing = (id: RawBuilder<unknown>) =>
      hasFieldFilter(filter)
        ? sql` and ${id} in (select media.id from media where media.owner_id = ${ownerId} and media.gallery = ${gallery}
            and media.deleted_at is ${filter.inBin ? sql`not null` : sql`null`} and ${sql.join(fieldConditions(filter), sql` and `)})`
        : sql``;
    const isMatch = (row: string) =>
      sql`exists (select 1 from media_tags as also where also.media_id = ${sql.ref(`${row}.id`)} and also.tag = ${first})${sql.join(alsoTagged(sql.ref(`${row}.id`)), sql``)}${passing(sql.ref(`${row}.id`))}`;
    const rarest = countOf(first!);
    const n = rarest === 0 ? undefined : await ownerNumberOf(db, ownerId);
    if (n === undefined) return { count: sql`select 0 as n`, isMatch, ids: sql`select null as id where 0` };
    // The rarest tag's copies within the list's span, by their keys (migration 0026), each probed for the others.
    const span = keySpanOf(n, gallery, filter);
    const tagged = sql`from media_tags as tagged indexed by media_tags_key where tagged.tag = ${first} and ${span('tagged.key')}${sql.join(alsoTagged(sql.ref('tagged.media_id')), sql``)}${passing(sql.ref('tagged.media_id'))}`;
    if (others.length === 0 && !hasFieldFilter(filter)) return { count: sql`select ${rarest} as n`, isMatch, ids: sql`select tagged.media_id as id ${tagged}` };
    const all = filter.tags.reduce((sum, tag) => sum + countOf(tag), 0);
    if (others.length === 0 || hasFieldFilter(filter) || rarest * others.length * PROBES_OVER_MERGE < all) {
      return { count: sql`select count(*) as n ${tagged}`, isMatch, ids: sql`select tagged.media_id as id ${tagged}` };
    }
    const merged = mergedKeys(filter.tags.map((tag) => tagKeys(tag, span)));
    return {
      count: sql`select count(*) as n from (${merged})`,
      isMatch,
      ids: sql`select ids.media_id as id from (${merged}) as hit join media_search_ids as ids on ids.key = hit.key`,
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

/** The ids a selective filter matches (read from its own index), and which filter they answer. */
interface Driver {
  ids: RawBuilder<unknown>;
  uses: 'tags' | 'search' | 'model';
}

/**
 * A search the index does not answer exactly on its own (text other than plain) is looked up in it
 * for candidates, checked on their rows; one or two characters become up to this many trigrams
 * (the alternative is reading every row).
 */
const MAX_CHECKED_SEARCH_TERMS = 512;

/**
 * The ids a selective filter matches, read from its own index: the items with all the tags, the
 * items whose search text may contain the words (the index's candidates), or the model's items.
 * Null when none applies. (Lists that combine them, or search for other than plain text, go this
 * way and check the rows.)
 */
async function driverOf(db: Db, ownerId: string, gallery: GalleryName, filter: MediaListFilter): Promise<Driver | null> {
  if (filter.tags.length > 0) {
    const ids = sql`select media_id as id from media_tags where owner_id = ${ownerId} and tag in (${sql.join(filter.tags)}) group by media_id having count(*) = ${filter.tags.length}`;
    return { ids, uses: 'tags' };
  }
  if (filter.search !== '') {
    const n = await ownerNumberOf(db, ownerId);
    if (n === undefined) return { ids: sql`select null as id where 0`, uses: 'search' };
    const query = await searchQueryOf(db, filter.search, PLAIN_SEARCH.test(filter.search) ? MAX_SHORT_SEARCH_TERMS : MAX_CHECKED_SEARCH_TERMS);
    if (query !== null) {
      const span = keySpanOf(n, gallery, filter);
      const ids = sql`select ids.media_id as id from media_search_ids as ids where ids.key in (select rowid from media_search where media_search match ${query} and ${span('rowid')})`;
      return { ids, uses: 'search' };
    }
  }
  if (filter.modelId !== undefined) return { ids: sql`select id from media where model_id = ${filter.modelId}`, uses: 'model' };
  return null;
}

/** Up to this many matches, a page of a combined filter is read from the matches and sorted. */
const SORT_MATCHES_UP_TO = 4000;

function conditionsOf(ownerId: string, gallery: GalleryName, filter: MediaListFilter, driver: Driver | null): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`media.owner_id = ${ownerId}`, sql`media.gallery = ${gallery}`];
  where.push(filter.inBin ? sql`media.deleted_at is not null` : sql`media.deleted_at is null`);
  if (filter.type) where.push(sql`media.type = ${filter.type}`);
  if (filter.favoritesOnly) where.push(sql`media.is_favorite = 1`);
  if (filter.modelId !== undefined && driver?.uses !== 'model') where.push(sql`media.model_id = ${filter.modelId}`);
  // Always checked on the row too: the trigram index finds candidates, this is the exact rule.
  if (filter.search !== '') where.push(sql`${containsText('media.search_text', filter.search)}`);
  // Items in any album (media.album_count, migration 0019): its partial index counts and pages them.
  if (filter.inAlbum) where.push(sql`media.album_count > 0`);
  where.push(...fieldConditions(filter));
  if (filter.libraryId !== undefined) where.push(sql`media.library_id = ${filter.libraryId}`);
  return sql.join(where, sql` and `);
}

/** The total of a list without search, tags or model: a few rows of media_counts. */
async function countedTotal(db: Db, ownerId: string, gallery: GalleryName, filter: MediaListFilter): Promise<number> {
  const result = await sql<{ n: number }>`select coalesce(sum(n), 0) as n from media_counts
    where owner_id = ${ownerId} and gallery = ${gallery} and binned = ${filter.inBin ? 1 : 0}
    ${filter.type ? sql`and type = ${filter.type}` : sql``} ${filter.favoritesOnly ? sql`and is_favorite = 1` : sql``}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The matches of the fields' filters alone: counted from the rows of the list within the column's
 * range (its sort index, owner, gallery, bin, column, holds them), each walked row tested by its
 * rowid, and their ids for sorting when few.
 */
function fieldMatches(filter: MediaListFilter, listed: RawBuilder<unknown>): Matches {
  const within = sql.join(fieldConditions(filter), sql` and `);
  return {
    count: sql`select count(*) as n from media where ${listed} and ${within}`,
    isMatch: (row) =>
      sql`exists (select 1 from media as own where own.rowid = ${sql.ref(`${row}.rowid`)} and ${sql.join(fieldConditions(filter, 'own'), sql` and `)})`,
    ids: sql`select media.id as id from media where ${listed} and ${within}`,
  };
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
          select media.rowid as rowid, ${walkedColumns(sort)} from media where ${listed} ${tail.bounded(bound)}
        ) as walked where ${isMatch('walked')} order by ${orderOf(sort, order, 'walked')} limit ${page.limit} offset ${page.offset})
      order by ${orderOf(sort, order)}`.execute(db);

  const alone = filter.search === '' && filter.tags.length === 0 && filter.modelId === undefined && !filter.inAlbum && filter.libraryId === undefined;
  if (alone && !hasFieldFilter(filter)) {
    const total = await countedTotal(db, ownerId, gallery, filter);
    if (total === 0 || page.offset >= total) return { items: [], total };
    return { items: (await unfiltered()).rows, total };
  }

  // A field's filter alone, in a sort its index holds within each value: counted from the field's
  // index, the page taken from the first offset + limit rows of each value's run in the sort's
  // order (its index alone, a few short reads), those few sorted, then read.
  const byValue = alone ? byValueOf(filter, sort) : undefined;
  if (byValue) {
    const counted = await sql<{ n: number }>`select count(*) as n from media where ${listed} and ${sql.join(fieldConditions(filter), sql` and `)}`.execute(db);
    const total = Number(counted.rows[0]?.n ?? 0);
    if (total === 0 || page.offset >= total) return { items: [], total };
    const runs = byValue.values.map(
      (value) =>
        sql`select * from (select media.rowid as rowid, ${walkedColumns(sort)} from media where ${listed} and ${sql.ref(`media.${byValue.column}`)} = ${value} ${tail.bounded(page.offset + page.limit)})`,
    );
    const items = await sql<MediaWithModel>`select ${columns} from media left join models on models.id = media.model_id
      where media.rowid in (select walked.rowid from (${sql.join(runs, sql` union all `)}) as walked
        order by ${orderOf(sort, order, 'walked')} limit ${page.limit} offset ${page.offset})
      order by ${orderOf(sort, order)}`.execute(db);
    return { items: items.rows, total };
  }

  // (Items in albums are searched by merging the search's keys with their memberships' keys; without
  // a search they are found through media.album_count, the general way below. The fields' filters
  // alone are matched from their column's index; with a plain search, from the search's matches;
  // with anything else, checked on the rows.)
  const matches = alone
    ? fieldMatches(filter, listed)
    : (filter.inAlbum && filter.search === '') || filter.libraryId !== undefined
      ? null
      : await indexedMatches(db, ownerId, gallery, filter, sort);
  // (The bin's own order, by deletion, is never searched, and the key copies hold no type nor field: those take the next way.)
  if (matches?.hits && KEYED_SORTS.has(sort)) {
    // Counted from the index; the page walked along the sort's index testing each row while that
    // costs less than sorting every match would (a row tested by its title costs about a fifth of
    // a sorted match, a row read about two thirds), else, or when the walk comes up short (the
    // matches bunch up later in the order), the matches sorted by the copies of their sort columns
    // beside their keys.
    const counted = await sql<{ n: number }>`${matches.count}`.execute(db);
    const total = Number(counted.rows[0]?.n ?? 0);
    if (total === 0 || page.offset >= total) return { items: [], total };
    const listedTotal = await countedTotal(db, ownerId, gallery, filter);
    const expected = Math.ceil((listedTotal * (page.offset + page.limit)) / total);
    const needed = Math.min(page.limit, total - page.offset);
    const byTitle = sort === 'title' ? matches.isMatchByTitle : undefined;
    const bound = Math.min(listedTotal, Math.ceil(total * (byTitle ? WALK_OVER_SORT_BY_TITLE : WALK_OVER_SORT)));
    if (expected <= bound) {
      const walked = await walk(byTitle ?? matches.isMatch, bound);
      if (walked.rows.length === needed) return { items: walked.rows, total };
    }
    const sorted = await sql<MediaWithModel>`select ${columns} from media left join models on models.id = media.model_id
      where media.id in (select keyed.id from (${matches.hits}) as hit
        join (select key, media_id as id, created_at, title, duration, size, play_count from media_search_ids) as keyed on keyed.key = hit.key
        order by ${orderOf(sort, order, 'keyed')} limit ${page.limit} offset ${page.offset})
      order by ${orderOf(sort, order)}`.execute(db);
    return { items: sorted.rows, total };
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
    // (By a field's sort, its index is walked to the end against the set of the matches' ids: it
    // holds the id, so no row is read but the page's.)
    const sorted = (SORT_FIELDS as readonly string[]).includes(sort)
      ? await sql<MediaWithModel>`select ${columns} from media left join models on models.id = media.model_id
          where media.rowid in (select media.rowid from media where ${listed} and media.id in (${matches.ids}) ${tail})
          order by ${orderOf(sort, order)}`.execute(db)
      : await sql<MediaWithModel>`select ${columns} from (${matches.ids}) as hit cross join media on media.id = hit.id
          left join models on models.id = media.model_id where ${listed} ${tail}`.execute(db);
    return { items: sorted.rows, total };
  }

  // Combined filters, or a search the index cannot answer alone: candidates checked on the rows.
  const driver = await driverOf(db, ownerId, gallery, filter);
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
      ? await sql<MediaWithModel>`select ${columns} from (${driver.ids}) as hit cross join media on media.id = hit.id left join models on models.id = media.model_id where ${where} ${tail}`.execute(
          db,
        )
      : await sql<MediaWithModel>`select ${columns} from media left join models on models.id = media.model_id
          where media.rowid in (select media.rowid from media where ${where} ${driver ? sql`and media.id in (${driver.ids})` : sql``} ${tail})
          order by ${orderOf(sort, order)}`.execute(db);
  return { items: items.rows, total };
}
