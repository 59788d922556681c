// Ingest: each uploaded file streams from the request into the store (hashed on the way), after its
// type is read from its first bytes; the rows are written only once every accepted file is stored,
// in one transaction with whatever must follow (the processing job). A request that fails or is
// cut off part way leaves nothing: the files it had already stored are deleted again. Work on a
// file may begin as soon as its bytes are stored (`onStored`: the processing's renditions, held
// in memory until the job comes); a failed request drops it with the files (decision 0036).
// A resumable upload (tus, decision 0047) ends as a file on disk: `uploadFile` hands it to the same
// `upload` as one file part with its fields, so both ways make the same item with the same checks.

import { open, stat } from 'node:fs/promises';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { type AppError, InvalidError, NotFoundError } from '../../../errors.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { formatSize, MAX_TAG_LENGTH, MAX_TAGS_PER_ITEM, MAX_TITLE_LENGTH, splitTags, titleFromFileName, type UploadResult } from '../../../shared/media.ts';
import { MODEL_TEXT } from '../../../shared/models.ts';
import { type MediaStore, newMediaKey, ObjectTooLargeError } from '../../../storage/media-store.ts';
import type { ModelsService } from '../../models/models.service.ts';
import { searchTextOf, toMediaItem } from '../item.ts';
import { processMedia } from '../jobs.ts';
import type { GalleryName, MediaRow, NewMediaRow } from '../media.table.ts';
import { insertUploaded, rowsById } from './ingest.repo.ts';
import { SNIFF_BYTES, sniff } from './sniff.ts';
import type { MultipartLimits, UploadPart } from './upload-part.ts';

/**
 * Per request: 200 files (the premium dialog sends a whole selection in one call; each file costs
 * a row in the answer, not memory), 20 text fields of at most 64 KB (title, tags and modelId are
 * all the form has; a tags field of 100 tags of 50 characters is about 5 KB).
 */
export const UPLOAD_LIMITS: MultipartLimits = { files: 200, fields: 20, fieldBytes: 64 * 1024 };

/** File fields: `files` (one or more), or `media` (one, the spec's older variant). */
const FILE_FIELDS = new Set(['files', 'media']);
const MAX_NAME_LENGTH = 255;

export const UPLOAD_TEXT = {
  noFile: 'No file was uploaded',
  unsupported: (name: string) =>
    `${name} is not a supported image or video (JPG, PNG, GIF, WebP, AVIF, HEIC/HEIF, MP4, MOV, M4V, WebM, MKV, AVI, WMV, FLV, MPEG-TS, MPEG-PS, 3GP or OGV)`,
  tooLarge: (name: string, maxBytes: number) => `${name} is larger than the upload limit of ${formatSize(maxBytes)}`,
  tagTooLong: `Tags must be at most ${MAX_TAG_LENGTH} characters`,
  tooManyTags: `An item may have at most ${MAX_TAGS_PER_ITEM} tags`,
  titleTooLong: `The title must be at most ${MAX_TITLE_LENGTH} characters`,
  fieldTooLong: (name: string) => `The ${name} field is too long`,
} as const;

/** A file whose bytes are in the store, waiting for its row. */
interface StoredFile {
  key: string;
  size: number;
  sha256: string;
  mimeType: string;
  type: 'image' | 'video';
  originalName: string;
}

/** Runs inside the rows' transaction once they are written (the processing job is enqueued here). */
export type AfterStored = (trx: Transaction<Database>, rows: readonly MediaRow[]) => Promise<void>;

/** Work begun on each file as soon as it is stored, before its row exists; dropped when the request fails. */
export interface StoredFileHooks {
  stored(key: string, mimeType: string, type: 'image' | 'video'): void;
  dropped(keys: readonly string[]): void;
}

export interface IngestDeps {
  db: Kysely<Database>;
  store: MediaStore;
  clock: Clock;
  /** Largest accepted file, in bytes (MAX_UPLOAD_BYTES). */
  maxUploadBytes: number;
  /** The models an upload's modelId or modelName field names. */
  models: Pick<ModelsService, 'lookup'>;
  afterStored?: AfterStored;
  onStored?: StoredFileHooks;
}

/** What an upload came to: the new items and the refused files; `status` is the answer's. */
export interface UploadOutcome extends UploadResult {
  status: 201 | AppError['status'];
}

/** A file name as shown back and kept: no folders, no control characters, not endless. */
export function cleanName(name: string): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: kept from before the linter; fix when this code is next touched
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || 'unnamed').slice(0, MAX_NAME_LENGTH);
}

export type IngestService = ReturnType<typeof createIngestService>;

/** The text fields an upload may carry, as a form sends them. */
export interface UploadFields {
  title?: string | undefined;
  /** Comma-joined. */
  tags?: string | undefined;
  modelId?: string | undefined;
}

/** Bytes read from a file on disk at a time (each read is a buffer of its own, freed once stored). */
const FILE_READ_BYTES = 1024 * 1024;

/** A file's first `length` bytes as a stream that reads only when asked (no read-ahead). */
/** The hex SHA-256 of a file, read through one buffer (memory stays flat whatever its size). */
export async function sha256OfFile(file: string): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256');
  const buffer = new Uint8Array(FILE_READ_BYTES);
  const handle = await open(file, 'r');
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, null);
      if (bytesRead === 0) break;
      hasher.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hasher.digest('hex');
}

export function fileOnDisk(file: string, length: number): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let position = 0;
  const close = async () => {
    const h = handle;
    handle = undefined;
    await h?.close().catch(() => {});
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          handle ??= await open(file, 'r');
          const want = Math.min(FILE_READ_BYTES, length - position);
          if (want <= 0) {
            await close();
            controller.close();
            return;
          }
          const buffer = new Uint8Array(want);
          const { bytesRead } = await handle.read(buffer, 0, want, position);
          if (bytesRead === 0) throw new Error(`${file} ended after ${position} of ${length} bytes`);
          position += bytesRead;
          controller.enqueue(bytesRead === want ? buffer : buffer.subarray(0, bytesRead));
        } catch (error) {
          await close();
          controller.error(error);
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
}

function tagsOf(text: string | undefined): string[] {
  const tags = splitTags(text ?? '');
  if (tags.some((t) => t.length > MAX_TAG_LENGTH)) throw new InvalidError(UPLOAD_TEXT.tagTooLong);
  if (tags.length > MAX_TAGS_PER_ITEM) throw new InvalidError(UPLOAD_TEXT.tooManyTags);
  return tags;
}

function titleOf(text: string | undefined): string | undefined {
  const title = text?.trim();
  if (title && title.length > MAX_TITLE_LENGTH) throw new InvalidError(UPLOAD_TEXT.titleTooLong);
  return title || undefined;
}

/** The new items' rows for the files stored, with the upload's fields (its title only when one file was sent). */
function uploadedRows(
  ownerId: string,
  gallery: GalleryName,
  stored: readonly StoredFile[],
  fields: { title?: string; tags: string[]; model: { id: string; name: string } | null },
  filesSent: number,
  now: number,
): NewMediaRow[] {
  return stored.map((file) => {
    // The title field names the file only when one file was sent.
    const title = (filesSent === 1 ? fields.title : undefined) ?? titleFromFileName(file.originalName);
    return {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      gallery,
      title,
      type: file.type,
      mime_type: file.mimeType,
      original_name: file.originalName,
      size: file.size,
      sha256: file.sha256,
      storage_key: file.key,
      status: 'processing',
      is_favorite: 0,
      tags: JSON.stringify(fields.tags),
      search_text: searchTextOf(title, fields.tags),
      model_id: fields.model?.id ?? null,
      created_at: now,
    };
  });
}

/** What follows a stored upload in the transaction of its rows: each new item's processing job (no item is left without one). */
export function processWhenStored(queue: JobQueue): AfterStored {
  return async (trx, rows) => {
    for (const row of rows) await queue.enqueue(processMedia, { mediaId: row.id }, { key: row.id, db: trx });
  };
}

export function createIngestService({ db, store, clock, maxUploadBytes, models, afterStored, onStored }: IngestDeps) {
  /** Sniffs the first bytes, then streams the whole file into the store; a refusal keeps nothing. */
  async function storeFile(name: string, stream: ReadableStream<Uint8Array>, onDisk?: string): Promise<StoredFile | { status: 413 | 415; error: string }> {
    const reader = stream.getReader();
    const head: Uint8Array[] = [];
    let headBytes = 0;
    while (headBytes < SNIFF_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      head.push(value);
      headBytes += value.byteLength;
    }
    const first = head.length === 1 ? head[0]! : Buffer.concat(head);
    const sniffed = sniff(first.subarray(0, SNIFF_BYTES));
    if (!sniffed) {
      await reader.cancel();
      return { status: 415, error: UPLOAD_TEXT.unsupported(name) };
    }
    // A whole file on the hub's disk: hashed where it is, then moved into the store by a rename
    // (decision 0047), not written a second time.
    if (onDisk && store.adopt) {
      await reader.cancel().catch(() => {});
      const { size } = await stat(onDisk);
      if (size > maxUploadBytes) return { status: 413, error: UPLOAD_TEXT.tooLarge(name, maxUploadBytes) };
      const sha256 = await sha256OfFile(onDisk);
      const adopted = await store.adopt(newMediaKey('originals', sniffed.extension), onDisk, { contentType: sniffed.mimeType });
      return { ...adopted, sha256, mimeType: sniffed.mimeType, type: sniffed.type, originalName: name };
    }
    // The bytes already read go first, then the rest as it arrives.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (first.byteLength > 0) controller.enqueue(first);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    try {
      const put = await store.put(newMediaKey('originals', sniffed.extension), body, {
        maxBytes: maxUploadBytes,
        contentType: sniffed.mimeType,
        // Each chunk is a view busboy cut from the request body; nothing reads it after the store.
        releaseChunks: true,
      });
      return { ...put, mimeType: sniffed.mimeType, type: sniffed.type, originalName: name };
    } catch (error) {
      if (!(error instanceof ObjectTooLargeError)) throw error;
      // Skip the rest of this file; the next one may be fine.
      await reader.cancel().catch(() => {});
      return { status: 413, error: UPLOAD_TEXT.tooLarge(name, maxUploadBytes) };
    }
  }

  /** The model a `modelId` or `modelName` field names (premium's client sends the name). */
  async function modelOf(ownerId: string, field: 'modelId' | 'modelName', value: string | undefined): Promise<{ id: string; name: string } | null> {
    const given = value?.trim();
    if (!given) return null;
    // Another user's model is as unknown as one that never existed.
    const model = await models.lookup(ownerId, field === 'modelId' ? { id: given } : { name: given });
    if (!model) throw new NotFoundError(MODEL_TEXT.notFound);
    return { id: model.id, name: model.name };
  }

  const service = {
    /**
     * Reads the parts of one upload into `gallery`: fields (title, tags, modelId or modelName) and files (field
     * `files` or `media`). Fields are checked as soon as they arrive, so a bad one stops the upload
     * before more bytes are stored.
     */
    async upload(ownerId: string, gallery: GalleryName, parts: AsyncIterable<UploadPart>, options: { afterStored?: AfterStored } = {}): Promise<UploadOutcome> {
      const stored: StoredFile[] = [];
      const refused: { name: string; error: string; status: 413 | 415 }[] = [];
      const fields: { title?: string; tags: string[]; model: { id: string; name: string } | null } = { tags: [], model: null };
      let filesSent = 0;
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            if (part.name !== 'title' && part.name !== 'tags' && part.name !== 'modelId' && part.name !== 'modelName') continue;
            if (part.truncated) throw new InvalidError(UPLOAD_TEXT.fieldTooLong(part.name));
            if (part.name === 'title') fields.title = titleOf(part.value);
            else if (part.name === 'tags') fields.tags = tagsOf(part.value);
            else fields.model = (await modelOf(ownerId, part.name, part.value)) ?? fields.model;
            continue;
          }
          // A file under another field name, or a file part without a name, is not an upload.
          if (!FILE_FIELDS.has(part.field) || part.name === '') {
            await part.stream.cancel();
            continue;
          }
          filesSent++;
          const name = cleanName(part.name);
          const outcome = await storeFile(name, part.stream, part.path);
          if ('key' in outcome) {
            stored.push(outcome);
            onStored?.stored(outcome.key, outcome.mimeType, outcome.type);
          } else {
            refused.push({ name, ...outcome });
          }
        }
        if (filesSent === 0) throw new InvalidError(UPLOAD_TEXT.noFile);
        const errors = refused.map(({ name, error }) => ({ name, error }));
        if (stored.length === 0) return { status: refused[0]!.status, media: [], errors };

        const rows = uploadedRows(ownerId, gallery, stored, fields, filesSent, clock().getTime());
        const written = await db.transaction().execute(async (trx) => {
          await insertUploaded(trx, rows);
          const back = await rowsById(
            trx,
            rows.map((r) => r.id),
          );
          // Rows in the order the files came.
          const byId = new Map(back.map((row) => [row.id, row]));
          const ordered = rows.map((r) => byId.get(r.id)!);
          await afterStored?.(trx, ordered);
          await options.afterStored?.(trx, ordered);
          return ordered;
        });
        return { status: 201, media: written.map((row) => toMediaItem(row, fields.model?.name ?? null)), errors };
      } catch (error) {
        // Nothing half-written: the bytes of this request's files go again (no row points at them),
        // and whatever was begun on them is dropped.
        onStored?.dropped(stored.map((file) => file.key));
        await Promise.all(stored.map((file) => store.delete(file.key).catch(() => {})));
        throw error;
      }
    },

    /**
     * One file already on disk (a finished resumable upload: its first `size` bytes), made into an
     * item of `gallery` exactly as a multipart upload of that one file with these fields would be:
     * the same sniffing, limits, hashing, store, rows and answers. `afterStored` runs in the rows'
     * transaction. The file itself is left where it is.
     */
    uploadFile(
      ownerId: string,
      gallery: GalleryName,
      file: { path: string; size: number; name: string },
      fields: UploadFields,
      options: { afterStored?: AfterStored } = {},
    ): Promise<UploadOutcome> {
      async function* parts(): AsyncGenerator<UploadPart> {
        for (const name of ['title', 'tags', 'modelId'] as const) {
          const value = fields[name];
          if (value !== undefined) yield { kind: 'field', name, value, truncated: false };
        }
        yield { kind: 'file', field: 'files', name: file.name, stream: fileOnDisk(file.path, file.size), path: file.path };
      }
      return service.upload(ownerId, gallery, parts(), options);
    },

    /** Checks an upload's fields before any byte comes (a resumable upload's metadata): throws as `upload` would. */
    async checkFields(ownerId: string, fields: UploadFields): Promise<void> {
      titleOf(fields.title);
      tagsOf(fields.tags);
      await modelOf(ownerId, 'modelId', fields.modelId);
    },
  };
  return service;
}
