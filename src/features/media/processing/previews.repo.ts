// The statements of a video's preview and scrubber: the item they are made for, and their keys
// recorded (the keys they replace returned, to be deleted).

import type { Kysely } from 'kysely';
import type { Database, Db } from '../../../db/database.ts';
import type { MediaRow, PreviewKeys } from '../media.table.ts';

/** The item, when it is a ready video. */
export function videoToPreview(db: Db, mediaId: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', mediaId).where('type', '=', 'video').where('status', '=', 'ready').executeTakeFirst();
}

/**
 * Records the new preview and scrubber; the keys they replace, or null when the item is no longer
 * a ready video (deleted meanwhile: the new files then belong to no one).
 */
export async function recordPreviews(
  db: Kysely<Database>,
  mediaId: string,
  keys: { preview_key: string; scrubber_key: string; scrubber_sheets: number },
): Promise<PreviewKeys | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('media')
      .select(['preview_key', 'scrubber_key', 'scrubber_sheets'])
      .where('id', '=', mediaId)
      .where('type', '=', 'video')
      .where('status', '=', 'ready')
      .executeTakeFirst();
    if (!before) return null;
    await trx.updateTable('media').set(keys).where('id', '=', mediaId).execute();
    return before;
  });
}

/**
 * Forgets a video's preview and scrubber whose files were lost (`media check --fix`), when the row
 * still holds these keys (a preview job may have replaced them since they were read); whether it did.
 */
export async function forgetPreviews(db: Db, mediaId: string, keys: PreviewKeys): Promise<boolean> {
  const result = await db
    .updateTable('media')
    .set({ preview_key: null, scrubber_key: null, scrubber_sheets: null })
    .where('id', '=', mediaId)
    .where((eb) =>
      eb.and([
        keys.preview_key === null ? eb('preview_key', 'is', null) : eb('preview_key', '=', keys.preview_key),
        keys.scrubber_key === null ? eb('scrubber_key', 'is', null) : eb('scrubber_key', '=', keys.scrubber_key),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
