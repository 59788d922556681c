// SQL of the media rows that come from library folders (decision 0043): going offline and back,
// which moves them into the bin and out like any item (the full-text keys, counts and album copies
// follow at once, as for the bulk actions), and the file behind an item's key.

import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type MediaKeys, withSearchKeysDeferred } from './media.repo.ts';

const idIn = (ids: readonly string[]) => sql<SqlBool>`id in (select value from json_each(${JSON.stringify(ids)}))`;

/** Marks the items offline since `at`; those not in the bin go there, dated `at`. How many changed. */
export async function markOffline(trx: Db, ids: readonly string[], at: number): Promise<number> {
  if (ids.length === 0) return 0;
  return withSearchKeysDeferred(trx, async () => {
    const result = await sql`update media set offline_at = ${at}, deleted_at = coalesce(deleted_at, ${at})
      where ${idIn(ids)} and offline_at is null`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/**
 * Brings offline items back: out of the bin when it was their going offline that put them there
 * (the same date), else they stay where their owner put them. How many changed.
 */
export async function markOnline(trx: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return withSearchKeysDeferred(trx, async () => {
    const result = await sql`update media set deleted_at = case when deleted_at = offline_at then null else deleted_at end, offline_at = null
      where ${idIn(ids)} and offline_at is not null`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/** The library file behind an item: its library's folder and its path there; undefined for an upload. */
export async function libraryFileOf(db: Db, mediaId: string): Promise<{ root: string; path: string } | undefined> {
  const row = await sql<{ root: string; path: string }>`select libraries.path as root, media.library_path as path
    from media join libraries on libraries.id = media.library_id where media.id = ${mediaId}`.execute(db);
  return row.rows[0];
}

/** Marks one item offline because its file was found missing while serving it. */
export async function markOneOffline(db: Db, mediaId: string, at: number): Promise<void> {
  await db.transaction().execute((trx) => markOffline(trx, [mediaId], at).then(() => {}));
}

/** A library's items with their store keys, a batch at a time after `afterId`. */
export async function itemsOfLibrary(db: Db, libraryId: string, afterId: string, limit: number): Promise<MediaKeys[]> {
  return db
    .selectFrom('media')
    .select(['id', 'owner_id', 'storage_key', 'thumbnail_key', 'display_key', 'preview_key', 'scrubber_key', 'scrubber_sheets'])
    .where('library_id', '=', libraryId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** These ids' library items (uploads left out) with their store keys. */
export async function libraryItemsByIds(db: Db, ids: readonly string[]): Promise<MediaKeys[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('media')
    .select(['id', 'owner_id', 'storage_key', 'thumbnail_key', 'display_key', 'preview_key', 'scrubber_key', 'scrubber_sheets'])
    .where(idIn(ids))
    .where('library_id', 'is not', null)
    .execute();
}
