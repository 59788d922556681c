// Resumable uploads (tus 1.0, decision 0047). Each upload is a row and a file under
// DATA_DIR/uploads named by the row's id; PATCH appends to the file at the row's offset, flushes it,
// then records the new offset, so the offset never promises bytes the disk does not hold. One
// request writes to an upload at a time (an in-process lock: the hub is one process); a second
// one is refused with 409 rather than waiting. Once the last byte is in, the file is made into an
// item by the same ingest as a multipart upload, then removed. Unfinished uploads expire
// UPLOAD_EXPIRY_HOURS after their last bytes; an hourly sweep removes their rows and files.
// The path of the bytes (decision 0071): tus.routes.ts → `create` (the row and an empty file) and
// `append` (tus-files.ts writes the body at the offset) → `finish` → ingest.uploadFile
// (media/ingest/ingest.service.ts), the same ingest a multipart upload ends in.

import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { AppError, ConflictError, InvalidError, NotFoundError, TooLargeError, UnsupportedMediaTypeError } from '../../../errors.ts';
import { defineJob, type JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../logger.ts';
import type { MediaItem } from '../../../shared/media.ts';
import type { UploadView } from '../../../shared/uploads.ts';
import { cleanName, type IngestService, UPLOAD_TEXT } from '../../media/ingest/ingest.service.ts';
import type { GalleryName } from '../../media/media.table.ts';
import * as repo from '../uploads.repo.ts';
import type { UploadRow } from '../uploads.table.ts';
import { MAX_UNFINISHED_UPLOADS, UPLOADS_TEXT, UploadAnswerError, UploadInterruptedError } from './tus.text.ts';
import { type AppendInput, createUploadFiles, type UploadFiles } from './tus-files.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Files in the uploads folder with no row are removed by the sweep once this old (a creation in progress has its row within milliseconds). */
const ORPHAN_AGE_MS = HOUR_MS;
const SWEEP_BATCH = 200;

export { MAX_UNFINISHED_UPLOADS, UPLOADS_TEXT, UploadAnswerError, UploadInterruptedError } from './tus.text.ts';
export type { AppendInput } from './tus-files.ts';

export interface UploadsDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Null where no store is open (CLI): creating an upload then fails. */
  ingest: IngestService | null;
  /** The owner's item, for a finished upload's answer (null when it is gone). */
  itemOf: (ownerId: string, gallery: GalleryName, mediaId: string) => Promise<MediaItem | null>;
  /** Where the bytes go while they arrive (DATA_DIR/uploads). */
  dir: string;
  maxUploadBytes: number;
  /** Bytes one member's unfinished uploads may still expect at once (MAX_RESERVED_UPLOAD_BYTES). */
  maxReservedBytes?: number;
  expiryHours: number;
  logger?: Logger;
  /** Free bytes on the uploads folder's disk (statfs; a test may say otherwise). */
  freeBytes?: (dir: string) => Promise<number>;
}

/** Upload-Metadata: `key base64,key base64,key` (a key may come without a value). */
export function parseMetadata(header: string | undefined): Map<string, string> {
  const entries = new Map<string, string>();
  if (!header?.trim()) return entries;
  for (const pair of header.split(',')) {
    const [key = '', value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || entries.has(key)) throw new InvalidError(UPLOADS_TEXT.metadataBroken);
    if (value === undefined || value === '') {
      entries.set(key, '');
      continue;
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) throw new InvalidError(UPLOADS_TEXT.metadataBroken);
    try {
      entries.set(key, new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'base64')));
    } catch {
      throw new InvalidError(UPLOADS_TEXT.metadataBroken);
    }
  }
  return entries;
}

async function statfsFree(dir: string): Promise<number> {
  const stats = await fs.statfs(dir);
  return stats.bavail * stats.bsize;
}

export interface AppendResult {
  row: UploadRow;
  /** The finished upload's refusal (413, 415): the bytes came, no item was made. */
  refused?: { status: 413 | 415; error: string };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * Why a new upload of `length` bytes may not be reserved now, or null (decision 0047; the same rules
 * as insertUploadReserving's SQL). In this order: the owner's count (409); the owner's bytes at
 * once (413: MAX_RESERVED_UPLOAD_BYTES); once the owner holds a reservation, at most half of what
 * the other members leave free (413), so one member can never take the disk from the others; and
 * the disk (507: free space minus every upload's bytes still to come cannot take it). The 413s are
 * the member's own doing (their other uploads); the 507 is the disk's. A member's first upload is
 * never held to the half: it only has to fit the disk, as before.
 */
export function uploadRefusal(held: repo.Reservations, length: number, limits: repo.ReserveLimits): AppError | UploadAnswerError | null {
  if (held.count >= limits.maxCount) return new ConflictError(UPLOADS_TEXT.tooMany);
  if (held.mine + length > limits.maxBytes) return new TooLargeError(UPLOADS_TEXT.overReserve(held.mine, length, limits.maxBytes));
  const left = limits.freeBytes - (held.everyone - held.mine);
  if (held.mine > 0 && 2 * (held.mine + length) > left) return new TooLargeError(UPLOADS_TEXT.overShare(held.mine, length, left));
  if (held.everyone + length > limits.freeBytes) return new UploadAnswerError(507, UPLOADS_TEXT.noSpace);
  return null;
}

/** What Upload-Metadata describes, checked: the file's name (required), its gallery, the item's fields. */
function describedUpload(input: { length: number; metadata: Map<string, string> }, maxUploadBytes: number) {
  const { length, metadata } = input;
  const fileName = metadata.get('filename')?.trim();
  if (!fileName) throw new InvalidError(UPLOADS_TEXT.filenameRequired);
  if (length > maxUploadBytes) throw new TooLargeError(UPLOAD_TEXT.tooLarge(cleanName(fileName), maxUploadBytes));
  const gallery = metadata.get('gallery') || 'gallery';
  if (gallery !== 'gallery' && gallery !== 'premium') throw new InvalidError(UPLOADS_TEXT.badGallery);
  const fields = { title: metadata.get('title'), tags: metadata.get('tags'), modelId: metadata.get('modelId') };
  return { fileName, gallery: gallery as GalleryName, fields };
}

/** What the sweep works with: the uploads' rows and files, those a request holds now, and the finishing of a complete one. */
interface SweepDeps {
  db: Kysely<Database>;
  now: () => number;
  files: UploadFiles;
  busy: Set<string>;
  finish: (row: UploadRow) => Promise<unknown>;
}

/**
 * Removes expired uploads (their files, then their rows), files no row names once ORPHAN_AGE_MS old,
 * and finishes uploads whose processing a restart cut short. Returns how many uploads it removed.
 */
async function sweepOnce({ db, now, files, busy, finish }: SweepDeps): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = (await repo.expiredUploads(db, now(), SWEEP_BATCH)).filter((row) => !busy.has(row.id));
    if (batch.length === 0) break;
    for (const row of batch) {
      await files.remove(row.id);
      await repo.deleteUpload(db, row.id);
      removed++;
    }
  }
  const ids = await files.listed();
  const known = await repo.existingIds(db, ids);
  for (const id of ids) {
    if (known.has(id) || busy.has(id)) continue;
    const modifiedAt = await files.modifiedAt(id);
    if (modifiedAt !== null && now() - modifiedAt > ORPHAN_AGE_MS) await files.remove(id);
  }
  for (const row of await repo.uploadsInProcessing(db)) {
    if (busy.has(row.id)) continue;
    busy.add(row.id);
    try {
      await finish(row).catch(() => {});
    } finally {
      busy.delete(row.id);
    }
  }
  return removed;
}

export function createUploadsService({
  db,
  clock,
  ingest,
  itemOf,
  dir,
  maxUploadBytes,
  maxReservedBytes = 2 * maxUploadBytes,
  expiryHours,
  logger,
  freeBytes = statfsFree,
}: UploadsDeps) {
  const now = () => clock().getTime();
  /** Test seam: the free bytes of the uploads folder's disk (statfs otherwise). */
  const hooks: { freeBytes?: (dir: string) => Promise<number> } = {};
  const expiry = () => now() + expiryHours * HOUR_MS;
  const files = createUploadFiles(dir);
  /** Uploads a request is writing to (or processing) right now. */
  const busy = new Set<string>();

  async function find(ownerId: string, id: string): Promise<UploadRow> {
    const row = await repo.findUpload(db, ownerId, id, now());
    if (!row) throw new NotFoundError(UPLOADS_TEXT.notFound);
    if (row.state !== 'uploading' || busy.has(row.id)) return row;
    // Chunks are not flushed to the disk one by one (decision 0047): after a crash of the machine
    // the file may hold fewer bytes than were acknowledged. The file's size is then the truth, and
    // the client resumes from there (the file system never grows a file past the data it holds).
    const size = await files.size(row.id);
    if (size >= row.offset) return row;
    await files.truncate(row.id, size);
    await repo.setOffset(db, row.id, size, now(), row.expires_at);
    return { ...row, offset: size };
  }

  /** Turns a complete upload's file into an item, as a multipart upload of it would be; removes the file. */
  async function finish(row: UploadRow): Promise<AppendResult> {
    if (!ingest) throw new Error('The media store is not open');
    const file = files.path(row.id);
    try {
      const outcome = await ingest.uploadFile(
        row.owner_id,
        row.gallery,
        { path: file, size: row.length, name: row.file_name },
        { title: row.title ?? undefined, tags: row.tags ?? undefined, modelId: row.model_id ?? undefined },
        { afterStored: (trx, rows) => repo.markDone(trx, row.id, rows[0]!.id, now(), expiry()) },
      );
      if (outcome.status !== 201) {
        const refused = { status: outcome.status as 413 | 415, error: outcome.errors[0]?.error ?? UPLOADS_TEXT.processingFailed };
        await repo.markFailed(db, row.id, refused.error, now(), expiry());
        return { row: await find(row.owner_id, row.id), refused };
      }
      return { row: await find(row.owner_id, row.id) };
    } catch (error) {
      // A field the ingest refused (a model deleted meanwhile): the upload failed, in its words.
      const message = error instanceof AppError ? error.message : UPLOADS_TEXT.processingFailed;
      if (!(error instanceof AppError)) logger?.error('a finished upload could not be processed', { id: row.id, error: String(error) });
      await repo.markFailed(db, row.id, message, now(), expiry());
      throw error;
    } finally {
      await files.remove(row.id);
    }
  }

  /** Refuses a file the hub will never take as soon as its first bytes show it (no need to send the rest). */
  async function sniffHead(row: UploadRow, before: number, after: number): Promise<void> {
    if (await files.headAccepted(row, before, after)) return;
    const error = UPLOAD_TEXT.unsupported(cleanName(row.file_name));
    await repo.markFailed(db, row.id, error, now(), expiry());
    await files.remove(row.id);
    throw new UnsupportedMediaTypeError(error);
  }

  /** Appends the body at `offset` and records the new offset: the bytes that came are counted even when the client goes. */
  async function write(row: UploadRow, input: AppendInput): Promise<number> {
    const { position, failure, past } = await files.append(row, input);
    await repo.setOffset(db, row.id, position, now(), expiry());
    if (failure !== undefined) throw new UploadInterruptedError(failure);
    if (past) throw new InvalidError(UPLOADS_TEXT.pastLength);
    return position;
  }

  return {
    hooks,
    /** What one file and one member's unfinished uploads may hold. */
    limits: { maxUploadBytes, maxReservedBytes },
    /** POST: a new upload of `length` bytes described by Upload-Metadata; its file exists (empty) before the answer. */
    async create(ownerId: string, input: { length: number; metadata: Map<string, string> }): Promise<UploadRow> {
      if (!ingest) throw new Error('The media store is not open');
      const { fileName, gallery, fields } = describedUpload(input, maxUploadBytes);
      await ingest.checkFields(ownerId, fields);
      const { length, metadata } = input;
      const at = now();
      files.ensureDir();
      // The bytes of every unfinished upload are spoken for; this one must fit beside them, and
      // within what one member may reserve. (Refused early here with the reason; the insert below
      // checks again in the same statement, for bursts.)
      const limits: repo.ReserveLimits = { maxCount: MAX_UNFINISHED_UPLOADS, maxBytes: maxReservedBytes, freeBytes: await (hooks.freeBytes ?? freeBytes)(dir) };
      const early = uploadRefusal(await repo.reservations(db, ownerId, at), length, limits);
      if (early) throw early;
      const row: UploadRow = {
        id: crypto.randomUUID(),
        owner_id: ownerId,
        gallery,
        file_name: fileName,
        file_type: metadata.get('filetype') || null,
        title: fields.title?.trim() || null,
        tags: fields.tags?.trim() || null,
        model_id: fields.modelId?.trim() || null,
        length,
        offset: 0,
        state: 'uploading',
        media_id: null,
        error: null,
        expires_at: at + expiryHours * HOUR_MS,
        created_at: at,
        updated_at: at,
      };
      if (!(await repo.insertUploadReserving(db, row, limits, at))) {
        // Another creation went in meanwhile: the reason as things stand now.
        throw uploadRefusal(await repo.reservations(db, ownerId, at), length, limits) ?? new UploadAnswerError(507, UPLOADS_TEXT.noSpace);
      }
      await files.create(row.id);
      return row;
    },

    /** HEAD: the owner's upload as it stands. */
    status: find,

    /**
     * PATCH: appends the body at `offset` (which must be the upload's). One request at a time per
     * upload: another one meanwhile is a 409, as is a wrong offset. The last byte makes the item.
     */
    async append(ownerId: string, id: string, input: AppendInput): Promise<AppendResult> {
      const first = await find(ownerId, id);
      if (busy.has(id)) throw new ConflictError(UPLOADS_TEXT.busy);
      busy.add(id);
      try {
        // Read again under the lock: a request that held it a moment ago may have moved the offset.
        const row = await find(ownerId, first.id);
        if (row.state !== 'uploading') throw new ConflictError(row.state === 'processing' ? UPLOADS_TEXT.beingProcessed : UPLOADS_TEXT.notUploading);
        if (input.offset !== row.offset) throw new ConflictError(UPLOADS_TEXT.wrongOffset(row.offset));
        const offset = await write(row, input);
        await sniffHead(row, row.offset, offset);
        const now_ = { ...row, offset };
        if (offset < row.length) return { row: now_ };
        if (!(await repo.startProcessing(db, row.id, now()))) throw new ConflictError(UPLOADS_TEXT.beingProcessed);
        return await finish({ ...now_, state: 'processing' });
      } finally {
        busy.delete(id);
      }
    },

    /** GET: where the upload stands, in the hub's words. */
    async view(ownerId: string, id: string): Promise<UploadView> {
      const row = await find(ownerId, id);
      if (row.state === 'failed') return { state: 'failed', error: row.error ?? UPLOADS_TEXT.processingFailed };
      if (row.state === 'done' && row.media_id) {
        const media = await itemOf(ownerId, row.gallery, row.media_id);
        if (!media) throw new NotFoundError(UPLOADS_TEXT.notFound);
        return { state: 'done', media };
      }
      return { state: 'uploading', offset: row.offset, length: row.length };
    },

    /** DELETE: the upload and its bytes go (a finished upload's item stays). */
    async terminate(ownerId: string, id: string): Promise<void> {
      const row = await find(ownerId, id);
      if (row.state === 'processing') throw new ConflictError(UPLOADS_TEXT.beingProcessed);
      await repo.deleteUpload(db, row.id);
      await files.remove(row.id);
    },

    /**
     * Removes expired uploads (their files, then their rows), files no row names, and finishes
     * uploads whose processing a restart cut short. Returns how many uploads it removed.
     */
    sweep: () => sweepOnce({ db, now, files, busy, finish }),
  };
}

/** The sweep of expired uploads: one job, merged by its key, that puts itself back an hour later. */
export const sweepUploads = defineJob('uploads.sweep', z.object({}), { maxAttempts: 3 });
export const SWEEP_EVERY_MS = HOUR_MS;

export function registerUploadsSweep(queue: JobQueue, service: UploadsService, logger?: Logger): void {
  queue.handle(sweepUploads, async () => {
    try {
      const removed = await service.sweep();
      if (removed > 0) logger?.info('removed expired uploads', { removed });
    } finally {
      await scheduleUploadsSweep(queue, SWEEP_EVERY_MS);
    }
  });
}

/** At start-up with no delay (uploads a restart cut short are finished then), after each run an hour later. */
export function scheduleUploadsSweep(queue: JobQueue, delayMs = 0): Promise<void> {
  return queue.enqueue(sweepUploads, {}, { key: 'uploads', delayMs });
}
