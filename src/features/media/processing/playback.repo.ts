// The statements of making a video playable: the item a conversion works on, its progress, its
// rendition recorded (the item then ready), or its failure.

import type { Db } from '../../../db/database.ts';
import type { MediaRow } from '../media.table.ts';

/** The item, when it is still a video waiting for its conversion. */
export function itemAwaitingConversion(db: Db, mediaId: string): Promise<MediaRow | undefined> {
  return db
    .selectFrom('media')
    .selectAll()
    .where('id', '=', mediaId)
    .where('type', '=', 'video')
    .where('playback', '=', 'converted')
    .where('status', '=', 'processing')
    .executeTakeFirst();
}

/** How far the conversion has come, 0-100. */
export async function setProgress(db: Db, mediaId: string, percent: number): Promise<void> {
  await db.updateTable('media').set({ progress: percent }).where('id', '=', mediaId).where('status', '=', 'processing').execute();
}

/** The converted rendition is there: the item is ready; false when it no longer waited for it. */
export async function markConverted(db: Db, mediaId: string, displayKey: string, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('media')
    .set({ display_key: displayKey, status: 'ready', progress: null, failure: null, updated_at: now })
    .where('id', '=', mediaId)
    .where('playback', '=', 'converted')
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Gives up on the conversion, with a reason a user can read. */
export async function markConversionFailed(db: Db, mediaId: string, reason: string, now: number): Promise<void> {
  await db
    .updateTable('media')
    .set({ status: 'failed', failure: reason, progress: null, updated_at: now })
    .where('id', '=', mediaId)
    .where('status', '=', 'processing')
    .execute();
}
