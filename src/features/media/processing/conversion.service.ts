// The conversion job (decision 0037): a video the processing job could not make playable by a remux
// is converted on the queue's conversion pool, its progress written into the item as ffmpeg
// reports it (playback.repo.ts), and a conversion cut off by a restart, a stop or a signal is
// queued again (decision 0063). The tools and the stored renditions are transcode.ts's.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { TranscodeSettings } from '../../../config.ts';
import type { Database, Db } from '../../../db/database.ts';
import { type JobQueue, PermanentJobError } from '../../../jobs/queue.ts';
import type { Logger } from '../../../logger.ts';
import { localFileOf, type MediaStore, newMediaKey } from '../../../storage/media-store.ts';
import { convertVideo } from '../jobs.ts';
import type { MediaRow } from '../media.table.ts';
import { UnreadableMediaError } from './errors.ts';
import * as repo from './playback.repo.ts';
import { convertArgs, decidePlayback, probePlayback } from './playback.ts';
import { stoppedToolAsInterruption, ToolError } from './spawn.ts';
import { runWithProgress, toolTimeout, VIDEO_RENDITION_TYPE } from './transcode.ts';

export interface ConversionDeps {
  db: Kysely<Database>;
  store: MediaStore;
  clock: Clock;
  logger: Logger;
  /** Scratch space (DATA_DIR/tmp/processing); each conversion has the folder convert-<id> in it. */
  workDir: string;
  settings: Pick<TranscodeSettings, 'maxHeight' | 'preset' | 'crf'>;
  /** Enqueues the video's preview and scrubber inside the transaction that marks it ready. */
  previewLater?: (trx: Db, mediaId: string) => Promise<void>;
}

export const CONVERT_TEXT = {
  failed: 'This video could not be converted. Try uploading it again.',
} as const;

export function createVideoConverter({ db, store, clock, logger, workDir, settings, previewLater }: ConversionDeps) {
  /** Converts one item waiting for it; 'gone' when it is not waiting (deleted, or decided otherwise since). */
  async function convert(mediaId: string, signal?: AbortSignal): Promise<'ready' | 'gone'> {
    const row = await repo.itemAwaitingConversion(db, mediaId);
    if (!row) return 'gone';
    const started = performance.now();
    // The folder is the item's: whatever a conversion cut off by a restart left there goes first.
    const dir = path.join(workDir, `convert-${mediaId}`);
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    let key: string | null = null;
    try {
      const original = await originalFile(row, dir);
      const probe = await probePlayback(original, row.mime_type, signal ? { signal } : {});
      const plan = decidePlayback(row.mime_type, probe, false);
      if (plan.playback !== 'converted') throw new UnreadableMediaError(CONVERT_TEXT.failed, `expected a conversion, decided ${plan.playback}`);
      const out = path.join(dir, 'converted.mp4');
      await repo.setProgress(db, mediaId, 0);
      // Progress is written as it changes, one write at a time; the last one waits for none.
      let writing: Promise<void> = Promise.resolve();
      try {
        await runWithProgress(convertArgs(row.mime_type, original, out, plan, probe, settings), {
          duration: probe.duration,
          timeoutMs: toolTimeout(probe, 30),
          ...(signal ? { signal } : {}),
          onProgress: (percent) => {
            writing = writing.then(() => repo.setProgress(db, mediaId, percent)).catch(() => {});
          },
        });
      } catch (error) {
        if (error instanceof ToolError && !error.interrupted) throw new UnreadableMediaError(CONVERT_TEXT.failed, error.stderr);
        throw error;
      } finally {
        await writing;
      }
      key = newMediaKey('display', 'mp4', clock());
      // A multipart upload on S3; converting again costs far more than flushing, so it is durable.
      await store.put(key, Bun.file(out).stream(), { contentType: VIDEO_RENDITION_TYPE });
      const converted = await db.transaction().execute(async (trx) => {
        const done = await repo.markConverted(trx, mediaId, key!, clock().getTime());
        if (done) await previewLater?.(trx, mediaId);
        return done;
      });
      if (!converted) {
        await store.delete(key);
        return 'gone';
      }
      key = null;
      if (row.display_key) await store.delete(row.display_key).catch(() => {});
      logger.info('video converted', { media: mediaId, ms: Math.round(performance.now() - started) });
      return 'ready';
    } catch (error) {
      if (key) await store.delete(key).catch(() => {});
      throw error;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /** The original as a file: the stored one on the local disk, a copy in the folder from S3. */
  async function originalFile(row: MediaRow, dir: string): Promise<string> {
    const missing = () => new UnreadableMediaError('The original file is missing from the store');
    const local = await localFileOf(store, row.storage_key);
    if (local !== undefined) return local ?? Promise.reject(missing());
    const object = await store.get(row.storage_key);
    if (!object) throw missing();
    const file = path.join(dir, 'original');
    await Bun.write(file, new Response(object.body));
    return file;
  }

  return { convert };
}

/**
 * Registers the conversion job: an unreadable video fails at once, a conversion cut off (ffmpeg
 * stopped by a signal, the hub stopping) is queued again, anything else is retried.
 */
export function registerVideoConversion(queue: JobQueue, deps: ConversionDeps): void {
  const converter = createVideoConverter(deps);
  queue.handle(
    convertVideo,
    async ({ mediaId }, { signal }) => {
      try {
        await converter.convert(mediaId, signal);
      } catch (error) {
        if (error instanceof UnreadableMediaError) {
          deps.logger.warn('video could not be converted', { media: mediaId, reason: error.message, detail: error.detail?.slice(-300) });
          throw new PermanentJobError(error.message);
        }
        // ffmpeg stopped by a signal, or the hub stopping: the conversion is queued again, never failed.
        throw stoppedToolAsInterruption(error);
      }
    },
    {
      onFailed: async ({ mediaId }, error) => {
        await repo.markConversionFailed(deps.db, mediaId, error instanceof PermanentJobError ? error.message : CONVERT_TEXT.failed, deps.clock().getTime());
      },
    },
  );
}
