// The bulk actions' statements: the owner's items among many ids, and one column changed on those
// whose value differs (bulk.service.ts runs them in one transaction).

import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { withSearchKeysDeferred } from './media.repo.ts';
import type { GalleryName, MediaRow } from './media.table.ts';

export type BulkListed = Pick<
  MediaRow,
  'id' | 'title' | 'tags' | 'is_favorite' | 'deleted_at' | 'storage_key' | 'thumbnail_key' | 'display_key' | 'preview_key' | 'scrubber_key' | 'scrubber_sheets'
>;

/** `id` is one of `ids`, bound as one JSON array however many there are. */
const idIn = (ids: readonly string[]) => sql<SqlBool>`id in (select value from json_each(${JSON.stringify(ids)}))`;
/**
 * The owner's rows only, checked on the rows the ids found: the unary + keeps SQLite from walking
 * the owner's whole list index instead of looking the ids up (15 ms at 100,000 items, per statement).
 */
const ownersOnly = (ownerId: string) => sql<SqlBool>`+owner_id = ${ownerId}`;

/** The owner's items of that gallery among `ids` (fewer rows than ids: some are not). */
export function ownedItems(trx: Db, ownerId: string, gallery: GalleryName, ids: readonly string[]): Promise<BulkListed[]> {
  return trx
    .selectFrom('media')
    .select([
      'id',
      'title',
      'tags',
      'is_favorite',
      'deleted_at',
      'storage_key',
      'thumbnail_key',
      'display_key',
      'preview_key',
      'scrubber_key',
      'scrubber_sheets',
    ])
    .where(ownersOnly(ownerId))
    .where(sql<SqlBool>`+gallery = ${gallery}`)
    .where(idIn(ids))
    .execute();
}

/** The one-column changes a bulk action makes: what it sets, and on which items it changes something. */
const CHANGES = {
  delete: (at: number) => ({ set: { deleted_at: at }, differs: sql<SqlBool>`deleted_at is null` }),
  // An offline library item stays in the bin until its file comes back (decision 0043).
  restore: () => ({ set: { deleted_at: null }, differs: sql<SqlBool>`deleted_at is not null and offline_at is null` }),
  favorite: () => ({ set: { is_favorite: 1 }, differs: sql<SqlBool>`is_favorite = 0` }),
  unfavorite: () => ({ set: { is_favorite: 0 }, differs: sql<SqlBool>`is_favorite = 1` }),
  'move-to-premium': () => ({ set: { gallery: 'premium' as const }, differs: sql<SqlBool>`gallery = 'gallery'` }),
} satisfies Record<string, (at: number) => { set: Partial<Pick<MediaRow, 'deleted_at' | 'is_favorite' | 'gallery'>>; differs: RawBuilder<SqlBool> }>;

export type BulkChange = keyof typeof CHANGES;

/** Makes one change on the listed items whose value differs; how many changed. */
export async function changeWhereDifferent(trx: Db, ownerId: string, ids: readonly string[], change: BulkChange, at: number): Promise<number> {
  const { set, differs } = CHANGES[change](at);
  // Each of these changes the items' full-text keys: the index moves them all at once afterwards.
  const result = await withSearchKeysDeferred(trx, () =>
    trx.updateTable('media').set(set).where(ownersOnly(ownerId)).where(idIn(ids)).where(differs).executeTakeFirst(),
  );
  return Number(result.numUpdatedRows);
}

/**
 * Sets one plain column (a field's set action, shared/media-fields.ts: `bulk`) on the listed items
 * whose value differs; how many changed. Such a column is in no key, count or copy: no upkeep follows.
 */
export async function setWhereDifferent(
  trx: Db,
  ownerId: string,
  ids: readonly string[],
  column: keyof MediaRow,
  value: string | number | null,
): Promise<number> {
  const result =
    await sql`update media set ${sql.ref(column)} = ${value} where ${ownersOnly(ownerId)} and ${idIn(ids)} and ${sql.ref(column)} is not ${value}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
