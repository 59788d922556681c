// Perceptual hashes for items processed before the hub made them: a job started with the hub walks
// the ready items without one, in batches by id, and hashes each from its stored thumbnail, as the
// processing job hashes a new item (so old and new hashes compare alike, and no original is read).

import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { defineJob, type JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../logger.ts';
import type { MediaStore } from '../../../storage/media-store.ts';
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
  for (const row of rows) {
    try {
      const object = await store.get(row.thumbnail_key!);
      if (!object) continue;
      const phash = await phashOf(Buffer.from(await new Response(object.body).arrayBuffer()));
      await setHash(db, row.id, phash);
    } catch (error) {
      // One unreadable thumbnail must not hold up the rest; `media check --fix` remakes thumbnails.
      logger.warn('could not hash a thumbnail', { media: row.id, error: error instanceof Error ? error.message : String(error) });
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
