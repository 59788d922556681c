// SQL of the duplicates views: an owner's items of one gallery, out of the recycling bin, that
// share their SHA-256 (index media_owner_sha256) or have a perceptual hash; moving copies to the
// bin; and a resolved group's album memberships carried over to the item kept. Every query carries
// the owner and the gallery.

import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { MediaWithModel } from '../media.repo.ts';
import type { GalleryName, MediaRow } from '../media.table.ts';

/** `<column>` is one of `ids`, bound as one JSON array however many there are. */
const idIn = (column: string, ids: readonly string[]) => sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;

/**
 * Every item of a group of two or more with the same SHA-256: grouped by checksum, the largest
 * groups' bytes first, each newest first (what the exact view and its DELETE read).
 */
export async function exactCopies(db: Db, ownerId: string, gallery: GalleryName): Promise<MediaWithModel[]> {
  const result = await sql<MediaWithModel>`
    select media.*, models.name as model_name from media left join models on models.id = media.model_id
    where media.owner_id = ${ownerId} and media.gallery = ${gallery} and media.deleted_at is null
      and media.sha256 in (
        select sha256 from media indexed by media_owner_sha256
        where owner_id = ${ownerId} and gallery = ${gallery} and deleted_at is null
        group by sha256 having count(*) > 1)
    order by media.size desc, media.sha256, media.created_at desc, media.id desc`.execute(db);
  return result.rows;
}

/** Every item but the newest of each group of two or more with the same SHA-256. */
export async function olderCopies(db: Db, ownerId: string, gallery: GalleryName): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select id from (
      select id, row_number() over (partition by sha256 order by created_at desc, id desc) as place
      from media indexed by media_owner_sha256
      where owner_id = ${ownerId} and gallery = ${gallery} and deleted_at is null
    ) where place > 1`.execute(db);
  return result.rows.map((r) => r.id);
}

/** What the similar search reads of each item that has a perceptual hash. */
export interface HashedRow {
  id: string;
  phash: string;
  size: number;
  created_at: number;
}

export async function hashedItems(db: Db, ownerId: string, gallery: GalleryName): Promise<HashedRow[]> {
  return db
    .selectFrom('media')
    .select(['id', 'phash as phash', 'size', 'created_at'])
    .where('owner_id', '=', ownerId)
    .where('gallery', '=', gallery)
    .where('deleted_at', 'is', null)
    .where('phash', 'is not', null)
    .$narrowType<{ phash: string }>()
    .execute();
}

/** The owner's items of that gallery among `ids`, out of the bin, with their model's name. */
export async function itemsOf(db: Db, ownerId: string, gallery: GalleryName, ids: readonly string[]): Promise<MediaWithModel[]> {
  const result = await sql<MediaWithModel>`
    select media.*, models.name as model_name from media left join models on models.id = media.model_id
    where media.owner_id = ${ownerId} and media.gallery = ${gallery} and media.deleted_at is null and ${idIn('media.id', ids)}`.execute(db);
  return result.rows;
}

/** Moves the owner's items among `ids` that are not in the bin yet into it; how many went. */
export async function moveToBin(db: Db, ownerId: string, ids: readonly string[], now: number): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('media')
    .set({ deleted_at: now })
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .where(idIn('id', ids))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Puts `keepId` into every album of the owner that holds one of `fromIds`, where it is not yet,
 * at the place the earliest of them had (album pages run by when an item was added). Plain
 * inserts: migration 0018's triggers fill the row's copies of the item and count it.
 */
export async function copyAlbumMemberships(db: Db, ownerId: string, keepId: string, fromIds: readonly string[]): Promise<number> {
  const result = await sql`
    insert or ignore into album_media (album_id, media_id, owner_id, added_at)
    select album_id, ${keepId}, owner_id, min(added_at) from album_media
    where owner_id = ${ownerId} and ${idIn('media_id', fromIds)}
    group by album_id`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Ready items (anyone's) with a thumbnail and no perceptual hash yet, ids after `after`, in id order. */
export function unhashedItems(
  db: Db,
  after: string,
  limit: number,
): Promise<Pick<MediaRow, 'id' | 'type' | 'mime_type' | 'storage_key' | 'thumbnail_key' | 'display_key'>[]> {
  return db
    .selectFrom('media')
    .select(['id', 'type', 'mime_type', 'storage_key', 'thumbnail_key', 'display_key'])
    .where('status', '=', 'ready')
    .where('phash', 'is', null)
    .where('thumbnail_key', 'is not', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Records an item's perceptual hash, unless it has one already. */
export async function setHash(db: Db, id: string, phash: string): Promise<void> {
  await db.updateTable('media').set({ phash }).where('id', '=', id).where('phash', 'is', null).execute();
}
