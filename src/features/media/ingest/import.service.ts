// Import (`npm run cli -- import`): the media files under folders on the server become one owner's
// items exactly as uploads would: each goes through the upload's own path (its type told by its
// bytes, the same size limit and refusals, the same row, the processing job committed with it, in
// the same transaction as its album membership). An exact copy of one of the owner's items (same
// SHA-256, either gallery, in the recycling bin or not) is left out and counted, so a second run
// imports nothing. Files are only ever opened for reading, a chunk at a time (decision 0044).

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { MediaItem } from '../../../shared/media.ts';
import type { MediaStore } from '../../../storage/media-store.ts';
import { addMediaToAlbum } from '../../albums/albums.service.ts';
import type { ModelsService } from '../../models/models.service.ts';
import { processMedia } from '../jobs.ts';
import type { GalleryName } from '../media.table.ts';
import { ownerHasChecksum, ownerSizes } from './ingest.repo.ts';
import { createIngestService, type IngestService, UPLOAD_TEXT } from './ingest.service.ts';
import { SNIFF_BYTES, sniff } from './sniff.ts';
import type { UploadPart } from './upload-part.ts';
import { fsErrorText, resolveRoots, type WalkEntry, walkFiles } from './walk.ts';

/** Bytes read from a source file at a time: each chunk a buffer of its own, freed once stored. */
const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Names of the kinds the hub takes: a file so named whose bytes are not one of them is reported as
 * failed (a broken or mislabelled picture); any other file that is not media is merely skipped. The
 * type itself is always told by the bytes. (`.ts` is left out: TypeScript's files are named so too.)
 */
const MEDIA_NAME = /\.(jpe?g|jfif|png|gif|webp|avif|hei[cf]|mp4|m4v|mov|qt|webm|mkv|avi|wmv|asf|flv|mts|m2ts|mpe?g|mpg|vob|3gp|3g2|ogv)$/i;

export type ImportEvent =
  | { kind: 'imported'; path: string; item: MediaItem }
  | { kind: 'duplicate'; path: string }
  | { kind: 'skipped'; path: string; why: 'not-media' | 'hidden' | 'link-out' | 'not-a-file' }
  | { kind: 'failed'; path: string; error: string };

export interface ImportTarget {
  ownerId: string;
  gallery: GalleryName;
  tags: readonly string[];
  /** The owner's album the new items go into, or null. */
  albumId: string | null;
}

/** What the command watches while it runs. */
export interface ImportWatch {
  /** Asked before each file: true ends the import (after the file being copied). */
  stop?: () => boolean;
  /** Bytes of `file` copied into the store so far, of `size`, after each chunk. */
  copying?: (file: string, copied: number, size: number) => void;
}

export interface ImportDeps {
  db: Kysely<Database>;
  store: MediaStore;
  clock: Clock;
  /** MAX_UPLOAD_BYTES. */
  maxUploadBytes: number;
  models: Pick<ModelsService, 'lookup'>;
  /** Where the processing jobs go: the hub's queue in the same database picks them up. */
  jobs: Pick<JobQueue, 'enqueue'>;
}

/** The source file could not be read: that file fails, the import goes on. Anything else (the store) stops it. */
export class SourceReadError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const readError = (error: unknown) => (error instanceof SourceReadError ? error : new SourceReadError(`it could not be read: ${fsErrorText(error)}`));

/** A file's bytes as a stream, read a chunk at a time into buffers of their own; opened read-only. */
function readStream(file: string, onRead: (bytes: number) => void = () => {}): ReadableStream<Uint8Array> {
  let handle: fs.FileHandle | undefined;
  const close = async () => {
    const open = handle;
    handle = undefined;
    await open?.close();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        handle ??= await fs.open(file, 'r');
        const buffer = new Uint8Array(READ_CHUNK_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK_BYTES, null);
        if (bytesRead === 0) {
          await close();
          controller.close();
        } else {
          onRead(bytesRead);
          controller.enqueue(bytesRead === READ_CHUNK_BYTES ? buffer : buffer.subarray(0, bytesRead));
        }
      } catch (error) {
        await close().catch(() => {});
        controller.error(readError(error));
      }
    },
    cancel: close,
  });
}

/** SHA-256 of a file, read through one buffer. */
async function checksumOf(file: string): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256');
  const buffer = new Uint8Array(READ_CHUNK_BYTES);
  try {
    const handle = await fs.open(file, 'r');
    try {
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK_BYTES, null);
        if (bytesRead === 0) return hasher.digest('hex');
        hasher.update(buffer.subarray(0, bytesRead));
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw readError(error);
  }
}

/** The first bytes of a file, as the upload sniffs them. */
async function headOf(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r').catch((error) => {
    throw readError(error);
  });
  try {
    const buffer = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The name an item keeps: the file's own, composed (NFC) as the hub's other names are. */
const nameOf = (file: string) => path.basename(file).normalize('NFC');

export function createImporter({ db, store, clock, maxUploadBytes, models, jobs }: ImportDeps) {
  /** Imports one file: a new item, a duplicate, a file that is not media, or a failure with its reason. */
  async function importFile(
    ingest: IngestService,
    file: string,
    size: number,
    target: ImportTarget,
    sizes: Set<number>,
    watch: ImportWatch,
  ): Promise<ImportEvent> {
    const name = nameOf(file);
    const notMedia = (error: string): ImportEvent =>
      MEDIA_NAME.test(name) ? { kind: 'failed', path: file, error } : { kind: 'skipped', path: file, why: 'not-media' };
    try {
      if (size > maxUploadBytes) {
        // Refused as the upload would (415 before 413), told from the first bytes without copying any.
        return sniff(await headOf(file))
          ? { kind: 'failed', path: file, error: UPLOAD_TEXT.tooLarge(name, maxUploadBytes) }
          : notMedia(UPLOAD_TEXT.unsupported(name));
      }
      // Only a file the size of one of the owner's items can be a copy of it: others are read once.
      if (sizes.has(size) && (await ownerHasChecksum(db, target.ownerId, await checksumOf(file)))) return { kind: 'duplicate', path: file };

      async function* parts(): AsyncGenerator<UploadPart> {
        if (target.tags.length > 0) yield { kind: 'field', name: 'tags', value: target.tags.join(','), truncated: false };
        let copied = 0;
        const counted = (bytes: number) => {
          copied += bytes;
          watch.copying?.(file, copied, size);
        };
        yield { kind: 'file', field: 'files', name, stream: readStream(file, counted) };
      }
      const outcome = await ingest.upload(target.ownerId, target.gallery, parts());
      if (outcome.status === 201) {
        sizes.add(size);
        return { kind: 'imported', path: file, item: outcome.media[0]! };
      }
      const error = outcome.errors[0]?.error ?? 'refused';
      return outcome.status === 415 ? notMedia(error) : { kind: 'failed', path: file, error };
    } catch (error) {
      if (error instanceof SourceReadError) return { kind: 'failed', path: file, error: error.reason };
      throw error;
    }
  }

  return {
    /** Checks the paths (throws WalkPathError for a missing one), then imports file after file, telling each outcome. */
    async *run(paths: readonly string[], target: ImportTarget, watch: ImportWatch = {}): AsyncGenerator<ImportEvent> {
      const roots = await resolveRoots(paths);
      const sizes = await ownerSizes(db, target.ownerId);
      const ingest = createIngestService({
        db,
        store,
        clock,
        maxUploadBytes,
        models,
        // As an upload's: the processing job commits with the row; the album membership too.
        afterStored: async (trx, rows) => {
          for (const row of rows) await jobs.enqueue(processMedia, { mediaId: row.id }, { key: row.id, db: trx });
          if (target.albumId)
            await addMediaToAlbum(
              trx,
              target.ownerId,
              target.albumId,
              rows.map((r) => r.id),
              clock().getTime(),
            );
        },
      });
      for await (const entry of walkFiles(roots) as AsyncGenerator<WalkEntry>) {
        if (watch.stop?.()) return;
        if (entry.kind === 'file') yield await importFile(ingest, entry.path, entry.size, target, sizes, watch);
        else yield entry;
      }
    },
  };
}
