// The processing job's statements: the item it works on, its renditions recorded, or its failure.

import type { Db } from '../../../db/database.ts';
import type { MediaRow } from '../media.table.ts';

/** The item a processing job works on (anyone's: the job was enqueued with its row). */
export function itemToProcess(db: Db, mediaId: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirst();
}

/** An item's type, for the words of its failure. */
export async function typeOf(db: Db, mediaId: string): Promise<MediaRow['type'] | null> {
  const row = await db.selectFrom('media').select('type').where('id', '=', mediaId).executeTakeFirst();
  return row?.type ?? null;
}

export type Processed = Pick<MediaRow, 'width' | 'height' | 'duration' | 'taken_at' | 'camera' | 'placeholder' | 'phash' | 'thumbnail_key' | 'display_key'> &
  Partial<Pick<MediaRow, 'playback' | 'progress' | 'status'>>;

/** Records the renditions and facts of a processed item, now ready (or, a video waiting for its conversion, still processing); false when its row is gone (deleted for good meanwhile). */
export async function markReady(db: Db, mediaId: string, processed: Processed, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('media')
    .set({ status: 'ready', failure: null, ...processed, updated_at: now })
    .where('id', '=', mediaId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Gives up on an item, with a reason a user can read. */
export async function markFailed(db: Db, mediaId: string, reason: string, now: number): Promise<void> {
  await db.updateTable('media').set({ status: 'failed', failure: reason, updated_at: now }).where('id', '=', mediaId).execute();
}
