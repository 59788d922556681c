// SQL of resumable uploads (tus 1.0, decision 0047). Every read and change of one upload names its
// owner: another user's upload is as unknown as one that never existed.

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewUploadRow, UploadRow } from './uploads.table.ts';

/** What unfinished uploads hold now: the owner's count, and the bytes still to come (the owner's and everyone's). */
export interface Reservations {
  /** The owner's unfinished uploads (waiting for bytes or being processed). */
  count: number;
  /** Bytes the owner's uploads still expect. */
  mine: number;
  /** Bytes every member's uploads still expect (the owner's included). */
  everyone: number;
}

/** The limits a new upload must fit (decision 0047): the owner's count and bytes, and the disk's free bytes. */
export interface ReserveLimits {
  maxCount: number;
  maxBytes: number;
  freeBytes: number;
}

const reservationsOf = (ownerId: string, now: number) => sql`select
    (select count(*) from uploads where owner_id = ${ownerId} and state in ('uploading', 'processing') and expires_at > ${now}) as count,
    (select coalesce(sum(length - "offset"), 0) from uploads where owner_id = ${ownerId} and state = 'uploading' and expires_at > ${now}) as mine,
    (select coalesce(sum(length - "offset"), 0) from uploads where state = 'uploading' and expires_at > ${now}) as everyone`;

export async function reservations(db: Db, ownerId: string, now: number): Promise<Reservations> {
  const row = (await sql<Reservations>`${reservationsOf(ownerId, now)}`.execute(db)).rows[0]!;
  return { count: Number(row.count), mine: Number(row.mine), everyone: Number(row.everyone) };
}

/**
 * Inserts the upload only if it fits (uploadRefusal's rules, in SQL): the owner's count and bytes,
 * half of what the others leave free once the owner holds any, and the free disk beside every
 * reservation. One statement, so a burst of creations cannot pass a limit one creation respects.
 * Whether the row went in.
 */
export async function insertUploadReserving(db: Db, row: NewUploadRow, limits: ReserveLimits, now: number): Promise<boolean> {
  const columns = Object.keys(row) as (keyof NewUploadRow)[];
  const length = row.length;
  const result = await sql`with r as (${reservationsOf(row.owner_id, now)})
    insert into uploads (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(columns.map((c) => sql`${row[c] ?? null}`))} from r
    where r.count < ${limits.maxCount}
      and r.mine + ${length} <= ${limits.maxBytes}
      and r.everyone + ${length} <= ${limits.freeBytes}
      and (r.mine = 0 or 2 * (r.mine + ${length}) <= ${limits.freeBytes} - (r.everyone - r.mine))`.execute(db);
  return Number(result.numAffectedRows ?? 0n) === 1;
}

/** The owner's upload, unless it expired (a swept upload and an expired one look the same). */
export function findUpload(db: Db, ownerId: string, id: string, now: number): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).where('expires_at', '>', now).executeTakeFirst();
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
