// SQL of ingest and serving bytes: new rows with their tag copies, one owner's item for its bytes,
// and the keys `media check` compares with the store.

import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { ownedBy } from '../../../db/owned.ts';
import { type MediaBytesRow, type MediaRow, type NewMediaRow, previewKeysOf } from '../media.table.ts';

/** New items and their lower-case tag copies, in the caller's transaction. */
export async function insertUploaded(db: Db, rows: readonly NewMediaRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('media')
    .values([...rows])
    .execute();
  const tags = rows.flatMap((row) =>
    [...new Set((JSON.parse(row.tags ?? '[]') as string[]).map((t) => t.toLowerCase()))].map((tag) => ({ media_id: row.id, owner_id: row.owner_id, tag })),
  );
  if (tags.length > 0) await db.insertInto('media_tags').values(tags).execute();
}

/** The rows of these ids (just written: no owner to check), in no particular order. */
export function rowsById(db: Db, ids: readonly string[]): Promise<MediaRow[]> {
  return db
    .selectFrom('media')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** The owner's item, in either gallery, in the recycling bin or not: what serving its bytes needs. */
export async function findMediaBytes(db: Db, ownerId: string, id: string): Promise<MediaBytesRow | undefined> {
  return db
    .selectFrom('media')
    .select([
      'id',
      'gallery',
      'mime_type',
      'original_name',
      'size',
      'sha256',
      'storage_key',
      'thumbnail_key',
      'display_key',
      'created_at',
      'preview_key',
      'scrubber_key',
      'scrubber_sheets',
    ])
    .where(ownedBy('media', ownerId))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every store key some row references (originals, renditions, previews and scrubbers), for `media check`. */
export async function referencedKeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('media').select(['storage_key', 'thumbnail_key', 'display_key', 'preview_key', 'scrubber_key', 'scrubber_sheets']).execute();
  const keys = new Set<string>();
  for (const row of rows) {
    for (const key of [row.storage_key, row.thumbnail_key, row.display_key]) if (key) keys.add(key);
    for (const key of previewKeysOf(row)) keys.add(key);
  }
  return keys;
}

/** Whether some row references the key, as its original or a rendition. */
export async function isReferenced(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('media')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('storage_key', '=', key),
        eb('thumbnail_key', '=', key),
        eb('display_key', '=', key),
        eb('preview_key', '=', key),
        eb('scrubber_key', '=', key),
      ]),
    )
    .executeTakeFirst();
  if (row !== undefined) return true;
  // A scrubber's sprite sheet: `<its WebVTT key without .vtt>-<n>.webp`.
  const sheet = /^(.+)-(\d+)\.webp$/.exec(key);
  if (!sheet) return false;
  const owner = await db
    .selectFrom('media')
    .select('id')
    .where('scrubber_key', '=', `${sheet[1]}.vtt`)
    .where('scrubber_sheets', '>', Number(sheet[2]))
    .executeTakeFirst();
  return owner !== undefined;
}

/** Rows of every owner with their original's key, for `media check` (those already marked included). */
export async function originals(
  db: Db,
): Promise<
  Pick<
    MediaRow,
    'id' | 'owner_id' | 'storage_key' | 'missing_at' | 'thumbnail_key' | 'display_key' | 'status' | 'preview_key' | 'scrubber_key' | 'scrubber_sheets'
  >[]
> {
  return db
    .selectFrom('media')
    .select(['id', 'owner_id', 'storage_key', 'missing_at', 'thumbnail_key', 'display_key', 'status', 'preview_key', 'scrubber_key', 'scrubber_sheets'])
    .orderBy('id')
    .execute();
}

/** Items whose renditions are to be made again: back to processing, the lost keys forgotten. */
export async function markForReprocessing(db: Db, items: readonly { id: string; lost: readonly string[] }[], now: number): Promise<void> {
  for (const item of items) {
    await db
      .updateTable('media')
      .set((eb) => ({
        status: 'processing',
        failure: null,
        updated_at: now,
        thumbnail_key: eb
          .case()
          .when('thumbnail_key', 'in', [...item.lost, ''])
          .then(null)
          .else(eb.ref('thumbnail_key'))
          .end(),
        display_key: eb
          .case()
          .when('display_key', 'in', [...item.lost, ''])
          .then(null)
          .else(eb.ref('display_key'))
          .end(),
        // A lost preview or scrubber file: both are made again once the item is ready.
        ...(item.lost.some((key) => key.startsWith('previews/')) ? { preview_key: null, scrubber_key: null, scrubber_sheets: null } : {}),
      }))
      .where('id', '=', item.id)
      .execute();
  }
}

/** Marks rows whose original is gone from the store: failed, with the reason a user can read. */
export async function markMissing(db: Db, ids: readonly string[], now: number, failure: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('media')
    .set({ missing_at: now, status: 'failed', failure, updated_at: now })
    .where('id', 'in', [...ids])
    .where(sql<boolean>`missing_at is null`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The sizes of the owner's items (either gallery, in the bin or not): an import hashes a file only when its size is among them. */
export async function ownerSizes(db: Db, ownerId: string): Promise<Set<number>> {
  const rows = await db.selectFrom('media').select('size').distinct().where(ownedBy('media', ownerId)).execute();
  return new Set(rows.map((r) => r.size));
}

/** Whether the owner has an item with these bytes (index media_owner_sha256). */
export async function ownerHasChecksum(db: Db, ownerId: string, sha256: string): Promise<boolean> {
  const row = await db.selectFrom('media').select('id').where(ownedBy('media', ownerId)).where('sha256', '=', sha256).executeTakeFirst();
  return row !== undefined;
}
