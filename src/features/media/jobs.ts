// The media library's kinds of background job. Each kind's handler is registered where its work
// lives; the queue refuses to start while one has none.

import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineJob, type JobDefinition, type JobQueue } from '../../jobs/queue.ts';
import type { MediaStore } from '../../storage/media-store.ts';

/** Thumbnail, display rendition, probe and placeholder of one new item. */
export const processMedia = defineJob('media.process', z.object({ mediaId: z.string().min(1) }), { maxAttempts: 3 });

/** Converts a video browsers cannot play into H.264 + AAC (processing/transcode.ts); runs in a pool of its own. */
export const convertVideo = defineJob('media.convert', z.object({ mediaId: z.string().min(1) }), { maxAttempts: 3 });

/** Makes a ready video's hover preview and scrubbing frames (processing/previews.service.ts); runs in the conversion pool. */
export const makeVideoPreviews = defineJob('media.preview', z.object({ mediaId: z.string().min(1) }), { maxAttempts: 3 });

/** Removes stored objects whose rows are gone (an account deleted with its media). */
export const deleteStoredObjects = defineJob('media.delete-objects', z.object({ keys: z.array(z.string().min(1)).max(10_000) }), { maxAttempts: 5 });

/** Purges what has been in the recycling bin longer than RECYCLE_BIN_DAYS; puts itself back hourly. */
export const purgeRecycleBin = defineJob('media.purge-bin', z.object({}), { maxAttempts: 3 });

/** Every kind the media library uses; services.ts registers their handlers (processMedia's: processing/processing.service.ts). */
// biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
export const MEDIA_JOB_KINDS: JobDefinition<any>[] = [processMedia, convertVideo, makeVideoPreviews, deleteStoredObjects, purgeRecycleBin];

/** Deleting objects is the store's business alone: a missing key is not an error. */
export function registerStoreJobs(queue: JobQueue, store: MediaStore): void {
  queue.handle(deleteStoredObjects, async ({ keys }) => {
    for (const key of keys) await store.delete(key);
  });
}

/** Enqueues `kind` for one item inside the caller's transaction (merged by the item's id): the job commits with the row that needs it. */
export function enqueueForItem(queue: JobQueue, kind: JobDefinition<{ mediaId: string }>) {
  return (trx: Db, mediaId: string) => queue.enqueue(kind, { mediaId }, { key: mediaId, db: trx });
}
