// The full SHA-256 of a library item's file, for exact duplicates: a scan knows only a file's
// fingerprint (its two ends), so each new or changed item gets a hash job, run in the background.

import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import * as repo from './libraries.repo.ts';

export const hashLibraryFile = defineJob('library.hash', z.object({ mediaId: z.string().min(1) }), { maxAttempts: 3 });
export const LIBRARY_JOB_KINDS = [hashLibraryFile];

/** Enqueues the hash of the item's file, in the caller's transaction. */
export async function hashLater(jobs: JobQueue, trx: Kysely<Database>, mediaId: string): Promise<void> {
  await jobs.enqueue(hashLibraryFile, { mediaId }, { key: mediaId, db: trx, delayMs: 0 });
}

/** The hash job's handler: reads the item's file through the store and records its hash (unless the file changed meanwhile). */
export function registerLibraryHashing(jobs: JobQueue, { db, store }: { db: Kysely<Database>; store: MediaStore }): void {
  jobs.handle(hashLibraryFile, async ({ mediaId }) => {
    const item = await repo.itemForHash(db, mediaId);
    if (!item?.library_fingerprint) return;
    const object = await store.get(item.storage_key);
    if (!object) return;
    const hasher = new Bun.CryptoHasher('sha256');
    const reader = object.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) hasher.update(next.value);
    await repo.setItemHash(db, mediaId, item.library_fingerprint, hasher.digest('hex'));
  });
}
