// SQL of resumable uploads (tus 1.0, decision 0047). Every read and change of one upload names its
// owner: another user's upload is as unknown as one that never existed.

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertUnderCap } from '../../db/owned.ts';
import type { NewUploadRow, UploadRow } from './uploads.table.ts';

/** Inserts the upload unless its owner already has `max` unfinished ones (one statement: bursts too); whether it went in. */
export function insertUploadWithin(db: Db, row: NewUploadRow, max: number, now: number): Promise<boolean> {
  const unfinished = sql`owner_id = ${row.owner_id} and state in ('uploading', 'processing') and expires_at > ${now}`;
  return insertUnderCap(db, 'uploads', row, unfinished, max);
}

/** The owner's upload, unless it expired (a swept upload and an expired one look the same). */
export function findUpload(db: Db, ownerId: string, id: string, now: number): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).where('expires_at', '>', now).executeTakeFirst();
}

/** Uploads of the owner still waiting for bytes (or being processed), and the bytes they still expect. */
export async function unfinishedOf(db: Db, ownerId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('state', 'in', ['uploading', 'processing'])
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Bytes every unfinished upload (of anyone) may still bring. */
export async function bytesStillExpected(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(eb('length', '-', eb.ref('offset'))), eb.val(0)).as('bytes'))
    .where('state', '=', 'uploading')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Records the bytes now on the disk; an upload still waiting for more lives on from now. */
export async function setOffset(db: Db, id: string, offset: number, now: number, expiresAt: number): Promise<void> {
  await db.updateTable('uploads').set({ offset, updated_at: now, expires_at: expiresAt }).where('id', '=', id).where('state', '=', 'uploading').execute();
}

/** Claims a complete upload for processing; false when another request already did. */
export async function startProcessing(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ state: 'processing', updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'uploading')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markDone(db: Db, id: string, mediaId: string, now: number, expiresAt: number): Promise<void> {
  await db.updateTable('uploads').set({ state: 'done', media_id: mediaId, error: null, updated_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function markFailed(db: Db, id: string, error: string, now: number, expiresAt: number): Promise<void> {
  await db.updateTable('uploads').set({ state: 'failed', error, updated_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/** Uploads whose time is up, whatever their state, oldest first. */
export function expiredUploads(db: Db, now: number, limit: number): Promise<Pick<UploadRow, 'id' | 'state'>[]> {
  return db.selectFrom('uploads').select(['id', 'state']).where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
}

/** Uploads left in processing (a restart cut their processing short). */
export function uploadsInProcessing(db: Db): Promise<UploadRow[]> {
  return db.selectFrom('uploads').selectAll().where('state', '=', 'processing').execute();
}

/** Which of these ids are uploads (the sweep's check of the files it finds). */
export async function existingIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('uploads').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
