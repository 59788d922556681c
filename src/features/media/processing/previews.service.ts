// The preview job (decision 0037, "Previews and scrubbing"): once a video is ready, its hover
// preview and its scrubbing frames are made (preview.ts) from its playable rendition, stored beside
// its other files, and recorded. They are extras: the item is ready and plays without them, and a
// failure leaves them null, logged, without touching the item. It runs in the conversion pool,
// ffmpeg at the lowest CPU priority.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../logger.ts';
import { localFileOf, type MediaStore, newMediaKey } from '../../../storage/media-store.ts';
import { makeVideoPreviews } from '../jobs.ts';
import { type MediaRow, previewKeysOf, scrubberSheetKey } from '../media.table.ts';
import { inputOptionsOf } from './containers.ts';
import { probePlayback } from './playback.ts';
import { makePreviews } from './preview.ts';
import * as repo from './previews.repo.ts';
import { stoppedToolAsInterruption, ToolError } from './spawn.ts';

export interface PreviewDeps {
  db: Kysely<Database>;
  store: MediaStore;
  clock: Clock;
  logger: Logger;
  /** Scratch space (DATA_DIR/tmp/processing); each run has the folder preview-<id> in it. */
  workDir: string;
}

export function createPreviewMaker({ db, store, clock, logger, workDir }: PreviewDeps) {
  /** Makes and records one video's preview and scrubber; 'gone' when it is not a ready video (any more). */
  async function make(mediaId: string, signal?: AbortSignal): Promise<'made' | 'gone'> {
    const row = await repo.videoToPreview(db, mediaId);
    if (!row) return 'gone';
    const started = performance.now();
    const dir = path.join(workDir, `preview-${mediaId}`);
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const written: string[] = [];
    try {
      const input = await sourceOf(row, dir);
      const probe = await probePlayback(input.file, input.mimeType, signal ? { signal } : {});
      const made = await makePreviews(
        { file: input.file, options: inputOptionsOf(input.mimeType)! },
        probe.video,
        probe.duration || row.duration || 0,
        dir,
        signal,
      );
      const previewKey = newMediaKey('previews', 'mp4', clock());
      const scrubberKey = newMediaKey('previews', 'vtt', clock());
      const put = async (key: string, file: string, contentType: string) => {
        await store.put(key, Bun.file(file).stream(), { contentType, durable: false });
        written.push(key);
      };
      await put(previewKey, made.preview, 'video/mp4');
      for (const [n, sheet] of made.sheets.entries()) await put(scrubberSheetKey(scrubberKey, n), sheet, 'image/webp');
      await put(scrubberKey, made.vtt, 'text/vtt');
      const before = await repo.recordPreviews(db, mediaId, { preview_key: previewKey, scrubber_key: scrubberKey, scrubber_sheets: made.sheets.length });
      if (!before) {
        await deleteKeys(written);
        return 'gone';
      }
      // Made again (a re-run): the earlier files go.
      await deleteKeys(previewKeysOf(before));
      logger.info('video previews made', { media: mediaId, ms: Math.round(performance.now() - started) });
      return 'made';
    } catch (error) {
      await deleteKeys(written);
      throw error;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /** The playable rendition as a file (smaller and quicker to read than most originals), else the original. */
  async function sourceOf(row: MediaRow, dir: string): Promise<{ file: string; mimeType: string }> {
    const [key, mimeType] = row.display_key?.endsWith('.mp4') ? [row.display_key, 'video/mp4'] : [row.storage_key, row.mime_type];
    const local = await localFileOf(store, key);
    if (local !== undefined) {
      if (local) return { file: local, mimeType };
    } else {
      const object = await store.get(key);
      if (object) {
        const file = path.join(dir, 'source');
        await Bun.write(file, new Response(object.body));
        return { file, mimeType };
      }
    }
    throw new Error('the video is missing from the store');
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (const key of keys) await store.delete(key).catch((error: unknown) => logger.warn('could not delete a preview file', { key, error: String(error) }));
  }

  return { make };
}

/**
 * Registers the preview job. Its failure is logged and leaves the item as it is (ready, without a
 * preview or scrubber); only a run cut off (the hub stopping, ffmpeg stopped by a signal) is put
 * back to run again.
 */
export function registerVideoPreviews(queue: JobQueue, deps: PreviewDeps): void {
  const maker = createPreviewMaker(deps);
  queue.handle(makeVideoPreviews, async ({ mediaId }, { signal }) => {
    try {
      await maker.make(mediaId, signal);
    } catch (error) {
      // The hub is stopping, or ffmpeg was stopped by a signal: the job is put back and runs again.
      if (signal.aborted) throw error;
      if (error instanceof ToolError && error.stopped) throw stoppedToolAsInterruption(error);
      deps.logger.warn('video previews could not be made', {
        media: mediaId,
        error: error instanceof Error ? error.message : String(error),
        detail: error instanceof ToolError ? error.stderr.slice(-300) : undefined,
      });
    }
  });
}
