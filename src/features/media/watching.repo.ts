// The statements of watching a video: where its owner stopped, and how often they watched it.

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { ownedBy } from '../../db/owned.ts';

/** Seconds into the owner's video where they stopped watching. */
export async function savePosition(db: Db, ownerId: string, id: string, position: number): Promise<void> {
  await db.updateTable('media').set({ playback_position: position }).where(ownedBy('media', ownerId)).where('id', '=', id).execute();
}

/** One more viewing of the owner's video. */
export async function countPlay(db: Db, ownerId: string, id: string): Promise<void> {
  await db.updateTable('media').set({ play_count: sql<number>`play_count + 1` }).where(ownedBy('media', ownerId)).where('id', '=', id).execute();
}
