// Perceptual hashes for items without one (processed before the hub made them, or whose hash a
// migration cleared when the way of making it changed): a job started with the hub walks the ready
// items without one, in batches by id, and hashes each as the processing job hashes a new item, so
// old and new hashes compare alike: an image from its original's pixels (a HEIC from its display
// rendition), a video from its stored thumbnail.

import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { defineJob, type JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../logger.ts';
import { localFileOf, type MediaStore } from '../../../storage/media-store.ts';
import { imageHashOf } from '../processing/image.ts';
import { setHash, unhashedItems } from './duplicates.repo.ts';
import { phashOf } from './phash.ts';

/** Hashes the next batch of ready items without a hash (ids after `after`), then puts itself back for the rest. */
export const hashMissing = defineJob('media.phash', z.object({ after: z.string() }), { maxAttempts: 3 });

/** The kinds of job the duplicates feature adds to the queue. */
export const DUPLICATES_JOB_KINDS = [hashMissing];

const BATCH = 100;

export interface HashBackfillDeps {
  db: Kysely<Database>;
  store: MediaStore;
  logger: Logger;
}

/** Hashes one batch; the last id looked at, or null when none was left. */
export async function hashBatch({ db, store, logger }: HashBackfillDeps, after: string, batch = BATCH): Promise<string | null> {
  const rows = await unhashedItems(db, after, batch);
  const bytesOf = async (key: string | null) => {
    const object = key ? await store.get(key) : null;
    return object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null;
  };
  for (const row of rows) {
    try {
      let phash: string;
      if (row.type === 'image') {
        // On the local disk sharp reads the original where it lies; from S3 it is fetched.
        const original = (await localFileOf(store, row.storage_key)) ?? (await bytesOf(row.storage_key));
        if (!original) continue;
        phash = await imageHashOf(original, row.mime_type, () => bytesOf(row.display_key));
      } else {
        const thumbnail = await bytesOf(row.thumbnail_key);
        if (!thumbnail) continue;
        phash = await phashOf(thumbnail);
      }
      await setHash(db, row.id, phash);
    } catch (error) {
      // One unreadable item must not hold up the rest; `media check` reports a missing original.
      logger.warn('could not hash an item', { media: row.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return rows.length < batch ? null : rows[rows.length - 1]!.id;
}

export function registerHashBackfill(queue: JobQueue, deps: HashBackfillDeps): void {
  queue.handle(hashMissing, async ({ after }) => {
    const last = await hashBatch(deps, after);
    if (last !== null) await scheduleHashBackfill(queue, last);
  });
}

/** At start-up (main.ts): one job, merged by its key, from the first id. */
export function scheduleHashBackfill(queue: JobQueue, after = ''): Promise<void> {
  return queue.enqueue(hashMissing, { after }, { key: 'backfill' });
}
