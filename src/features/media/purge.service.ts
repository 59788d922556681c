// The recycling bin's retention: items in the bin for longer than RECYCLE_BIN_DAYS leave for good,
// whoever owns them (bytes first, then the row, in batches), by a job that runs every hour.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import { purgeRecycleBin } from './jobs.ts';
import { binnedBefore, deleteRowsById } from './media.repo.ts';
import { deleteStoredBytes } from './media.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the purge runs: an item leaves within an hour of its time. */
export const PURGE_EVERY_MS = 60 * 60 * 1000;
const BATCH = 200;

export interface PurgeDeps {
  db: Kysely<Database>;
  store: MediaStore;
  clock: Clock;
  /** RECYCLE_BIN_DAYS; 0 keeps items in the bin until they are deleted by hand. */
  days: number;
  logger?: Logger;
}

/**
 * Deletes every item that has been in the bin for `days` or more: its objects leave the store,
 * then its row. An item whose bytes could not be deleted keeps its row and is tried again next
 * time (the next hourly run); the others go on. Returns how many items were purged.
 */
export async function purgeExpired({ db, store, clock, days, logger }: PurgeDeps, batchSize = BATCH): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = clock().getTime() - days * DAY_MS;
  let purged = 0;
  const failed = new Set<string>();
  for (;;) {
    const batch = (await binnedBefore(db, cutoff, batchSize + failed.size)).filter((row) => !failed.has(row.id));
    if (batch.length === 0) break;
    const gone: string[] = [];
    for (const row of batch) {
      try {
        await deleteStoredBytes(store, row);
        gone.push(row.id);
      } catch (error) {
        failed.add(row.id);
        logger?.warn('could not purge an item from the recycling bin; it is tried again later', {
          id: row.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    purged += await deleteRowsById(db, gone);
  }
  return purged;
}

/** Registers the purge job: it purges, then puts itself back an hour later. */
export function registerBinPurge(queue: JobQueue, deps: PurgeDeps): void {
  queue.handle(purgeRecycleBin, async () => {
    try {
      const purged = await purgeExpired(deps);
      if (purged > 0) deps.logger?.info('purged items from the recycling bin', { purged });
    } finally {
      await scheduleBinPurge(queue, PURGE_EVERY_MS);
    }
  });
}

/** The purge's one job (merged by key): at start-up with no delay, after each run an hour later. */
export function scheduleBinPurge(queue: JobQueue, delayMs = 0): Promise<void> {
  return queue.enqueue(purgeRecycleBin, {}, { key: 'recycling-bin', delayMs });
}
