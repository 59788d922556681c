// The media processing job: fetches an item's original into a folder of its own, makes its
// renditions and facts (image.ts, video.ts, placeholder.ts), stores the renditions and marks the
// item ready in one statement. Every outcome removes the folder; a vanished item keeps nothing.
// A photo an upload has just stored is worked on at once, before its request ends and its row
// exists (`prepare`): the job then finds its renditions made, in memory (decision 0036).

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { Database, Db } from '../../../db/database.ts';
import { type JobQueue, PermanentJobError } from '../../../jobs/queue.ts';
import type { Logger } from '../../../logger.ts';
import { localFileOf, type MediaStore, newMediaKey } from '../../../storage/media-store.ts';
import { phashOf } from '../duplicates/phash.ts';
import { processMedia } from '../jobs.ts';
import type { MediaRow } from '../media.table.ts';
import { UnreadableMediaError } from './errors.ts';
import { processImage } from './image.ts';
import { Lanes, scratchFolder } from './lanes.ts';
import { probePlayback } from './playback.ts';
import { createPreparations } from './preparations.ts';
import * as repo from './processing.repo.ts';
import { stoppedToolAsInterruption } from './spawn.ts';
import { makePlayable, renditionPath, storeRemux } from './transcode.ts';
import { processVideo } from './video.ts';

export interface MediaProcessorDeps {
  db: Kysely<Database>;
  store: MediaStore;
  clock: Clock;
  logger: Logger;
  /** Scratch space for originals and intermediate files (DATA_DIR/tmp/processing). */
  workDir: string;
  /**
   * Images decoded at once, by jobs and by preparations together (PROCESSING_CONCURRENCY, the
   * queue's concurrency: registerMediaProcessing's default). createMediaProcessor's default is 1.
   */
  lanes?: number;
  /** Enqueues a video's conversion inside the transaction that records it waits for one (decision 0037). */
  convertLater?: (trx: Db, mediaId: string) => Promise<void>;
  /** Enqueues a ready video's preview and scrubber inside the transaction that marks it ready (decision 0037). */
  previewLater?: (trx: Db, mediaId: string) => Promise<void>;
}

/** What one run did, for the log and for tests. */
export type ProcessOutcome = 'ready' | 'gone';

/** Leftover job folders older than this belong to a killed process (every tool has a shorter time limit). */
const STALE_AFTER_MS = 60 * 60_000;

export function createMediaProcessor({ db, store, clock, logger, workDir, lanes: laneCount = 1, convertLater, previewLater }: MediaProcessorDeps) {
  const lanes = new Lanes(laneCount);
  const preparations = createPreparations({ store, lanes, workDir });
  const writer = renditionWriter(store, logger);

  async function process(mediaId: string, signal?: AbortSignal): Promise<ProcessOutcome> {
    const row = await repo.itemToProcess(db, mediaId);
    if (!row) return 'gone';
    const started = performance.now();
    const folder = scratchFolder(workDir);
    const written: string[] = [];
    // A remux written into the local store's own folder is not in the job's: removed apart when not stored.
    const outputs: string[] = [];
    const output = async () => {
      const file = await renditionPath(store, folder.get, 'remuxed.mp4');
      outputs.push(file);
      return file;
    };
    try {
      let result: Awaited<ReturnType<typeof renditionsOf>> | null = await preparations.take(row, signal);
      if (!result) {
        const original = await originalFile(store, row, folder.get);
        result = await lanes.run(() => renditionsOf(row, original, { scratch: folder.get, output }, signal));
      }
      // The similar-duplicates hash (an item without one is only left out of that search): an
      // image's came with its card picture, from the same pixels; a video's is of its thumbnail, the
      // one thing of a video the start-up backfill can read without ffmpeg. Worked out while the
      // renditions are stored.
      const hashing = row.type === 'image' ? Promise.resolve(result.phash) : phashOf(result.thumbnail).catch(() => null);
      const thumbnailKey = newMediaKey('thumbnails', 'webp', clock());
      const displayKey = result.display ? newMediaKey('display', 'webp', clock()) : null;
      // A video: its remuxed MP4, or the conversion it already had (processed again, decision 0037).
      const { playback, videoKey, keptKey } = videoRendition(row, result.playable);
      // Both renditions at once: each put waits on the disk (or the bucket) more than it works.
      const puts = await Promise.allSettled([
        writer.putBuffer(thumbnailKey, result.thumbnail).then(() => written.push(thumbnailKey)),
        ...(displayKey && result.display ? [writer.putBuffer(displayKey, result.display).then(() => written.push(displayKey))] : []),
        ...(videoKey && result.playable?.file ? [writer.putFile(videoKey, result.playable.file).then(() => written.push(videoKey))] : []),
      ]);
      const failed = puts.find((put): put is PromiseRejectedResult => put.status === 'rejected');
      if (failed) throw failed.reason;
      const phash = await hashing;
      // The row may have been deleted for good while we worked: then nothing is updated, and
      // the renditions just written would belong to no one.
      // A video waiting for its conversion stays processing, with its poster, and its job commits with it.
      const converting = playback === 'converted' && !keptKey;
      const record = async (trx: Db) => {
        const done = await repo.markReady(
          trx,
          mediaId,
          {
            width: result.width,
            height: result.height,
            duration: result.duration,
            taken_at: result.takenAt,
            camera: result.camera,
            placeholder: result.placeholder,
            phash,
            thumbnail_key: thumbnailKey,
            display_key: displayKey ?? videoKey ?? keptKey,
            playback,
            progress: converting ? 0 : null,
            ...(converting ? { status: 'processing' as const } : {}),
          },
          clock().getTime(),
        );
        if (done && converting) await convertLater?.(trx, mediaId);
        // A video that plays now gets its preview and scrubber later, off the way to `ready`.
        else if (done && row.type === 'video') await previewLater?.(trx, mediaId);
        return done;
      };
      // A video's next job is enqueued with its row, in one transaction; an image's row is one statement.
      const updated = row.type === 'video' ? await db.transaction().execute(record) : await record(db);
      if (!updated) {
        await writer.deleteKeys(written);
        return 'gone';
      }
      // Processed again (a job re-run): the earlier renditions are replaced, not kept.
      await writer.deleteKeys([row.thumbnail_key, row.display_key].filter((key): key is string => key !== null && !written.includes(key) && key !== keptKey));
      logger.info('media processed', { media: mediaId, type: row.type, ms: Math.round(performance.now() - started) });
      return 'ready';
    } catch (error) {
      await writer.deleteKeys(written);
      throw error;
    } finally {
      await folder.remove();
      for (const file of outputs) await fs.rm(file, { force: true });
    }
  }

  async function renditionsOf(
    row: MediaRow,
    file: string,
    { scratch, output }: { scratch: () => Promise<string>; output: () => Promise<string> },
    signal?: AbortSignal,
  ) {
    if (row.type === 'video') {
      // One ffprobe for both: the poster's size and duration, and the playable rendition's decision.
      const probe = probePlayback(file, row.mime_type, signal ? { signal } : {});
      const size = probe.then((p) => ({ width: p.video.width, height: p.video.height, duration: p.duration }));
      // Their failure is processVideo's to report (it may fail before it awaits them).
      for (const pending of [probe, size]) pending.catch(() => {});
      const video = await processVideo(file, row.mime_type, { scratch, signal, probe: size });
      const playable = await makePlayable(file, row.mime_type, { output, probe: await probe, ...(signal ? { signal } : {}) });
      return { ...video, takenAt: null, camera: null, display: null, playable };
    }
    const image = await processImage(file, row.mime_type, { scratch, signal });
    return { ...image, duration: null, playable: null };
  }

  /**
   * A video's playback and the key of its display rendition: a new key for a remux; a conversion
   * made before and still listed is kept (making it again takes long); null otherwise.
   */
  function videoRendition(row: MediaRow, playable: Awaited<ReturnType<typeof makePlayable>> | null) {
    if (!playable) return { playback: null, videoKey: null, keptKey: null };
    const playback = playable.plan.playback;
    const videoKey = playable.file ? newMediaKey('display', 'mp4', clock()) : null;
    const keptKey = playback === 'converted' && row.playback === 'converted' && row.display_key?.endsWith('.mp4') ? row.display_key : null;
    return { playback, videoKey, keptKey };
  }

  /** Gives up on an item: a reason a user can read, never a stack trace. */
  async function markFailed(mediaId: string, reason: string): Promise<void> {
    await repo.markFailed(db, mediaId, reason, clock().getTime());
  }

  /** Removes job folders a killed process left behind (their jobs run again from the start). */
  async function sweep(): Promise<void> {
    const entries = await fs.readdir(workDir, { withFileTypes: true }).catch(() => []);
    const now = Date.now();
    for (const entry of entries) {
      const full = path.join(workDir, entry.name);
      const stat = await fs.stat(full).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_AFTER_MS) await fs.rm(full, { recursive: true, force: true });
    }
  }

  return { process, prepare: preparations.prepare, drop: preparations.drop, markFailed, sweep };
}

/**
 * The original as a file, since the tools need a path: on the local disk the stored file itself
 * (its name is a generated key, and it is only read), from S3 a copy in the job's folder.
 */
async function originalFile(store: MediaStore, row: MediaRow, scratch: () => Promise<string>): Promise<string> {
  // Retrying cannot bring a missing original back; `media check` reports such rows.
  const missing = () => new UnreadableMediaError('The original file is missing from the store');
  const local = await localFileOf(store, row.storage_key);
  if (local !== undefined) return local ?? Promise.reject(missing());
  const object = await store.get(row.storage_key);
  if (!object) throw missing();
  // A name of ours, never the uploaded one: it goes on ffmpeg's command line.
  const file = path.join(await scratch(), 'original');
  // Bun.write streams to the file without the node-stream bridge, which costs ten times more;
  // the job's folder is the owner's alone (0700).
  await Bun.write(file, new Response(object.body));
  return file;
}

/** Where a job's renditions go: the store (thumbnails and display images, remuxes), and their removal when the job gives up. */
function renditionWriter(store: MediaStore, logger: Logger) {
  /** A remux: renamed into place on the local disk (it was written in the store's folder), else uploaded. */
  async function putFile(key: string, file: string): Promise<void> {
    await storeRemux(store, key, file);
  }

  async function putBuffer(key: string, bytes: Buffer): Promise<void> {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    // A rendition can be made again from the original, so it is not flushed to the disk one by one
    // (decision 0018); `media check --fix` remakes one a power cut lost.
    await store.put(key, body, { contentType: 'image/webp', durable: false });
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (const key of keys) {
      // Cleanup must not hide the error that led here; `media check` finds what is left.
      await store.delete(key).catch((error: unknown) => logger.warn('could not delete a rendition', { key, error: String(error) }));
    }
  }

  return { putFile, putBuffer, deleteKeys };
}

export type MediaProcessor = ReturnType<typeof createMediaProcessor>;

/** The words an item's `failure` shows for an error that survived every attempt. */
export function failureReason(error: unknown, type: 'image' | 'video' | null = null): string {
  if (error instanceof UnreadableMediaError || error instanceof PermanentJobError) return error.message;
  if (type === 'video') return 'This video could not be processed. Try uploading it again.';
  if (type === 'image') return 'This image could not be processed. Try uploading it again.';
  return 'This file could not be processed. Try uploading it again.';
}

/** Registers the processing job's handler: an unreadable file fails at once, a run cut off is queued again, anything else is retried. */
export function registerMediaProcessing(queue: JobQueue, deps: MediaProcessorDeps): MediaProcessor {
  // Decoding is bounded as the queue's jobs were: as many lanes as it has workers, unless told.
  const processor = createMediaProcessor({ ...deps, lanes: deps.lanes ?? queue.concurrency });
  void processor.sweep();
  queue.handle(
    processMedia,
    async ({ mediaId }, { signal }) => {
      try {
        await processor.process(mediaId, signal);
      } catch (error) {
        if (error instanceof UnreadableMediaError) {
          deps.logger.warn('media could not be processed', { media: mediaId, reason: error.message, detail: error.detail?.slice(-300) });
          throw new PermanentJobError(error.message);
        }
        // A tool stopped by a signal, or the hub stopping: the job is queued again, never failed.
        throw stoppedToolAsInterruption(error);
      }
    },
    {
      onFailed: async ({ mediaId }, error) => {
        await processor.markFailed(mediaId, failureReason(error, await repo.typeOf(deps.db, mediaId)));
      },
    },
  );
  return processor;
}
