// Photos worked on as soon as an upload has stored them, before its request ends and its row exists
// (decision 0036): the item's processing job then takes the renditions made, held in memory.

import { localFileOf, type MediaStore } from '../../../storage/media-store.ts';
import type { MediaRow } from '../media.table.ts';
import { processImage } from './image.ts';
import { type Lanes, scratchFolder, untilAborted } from './lanes.ts';

/** Preparations whose renditions wait for their job: at most this many, holding at most so many bytes. */
const MAX_PREPARED = 256;
const MAX_PREPARED_BYTES = 32 * 1024 * 1024;
/** A preparation whose job has not come by then (its row was deleted first) is forgotten. */
const PREPARED_TTL_MS = 15 * 60_000;

type Renditions = Awaited<ReturnType<typeof processImage>> & { duration: null; playable: null };

/** Renditions made for a stored original before its job came, or being made. */
interface Preparation {
  mimeType: string;
  at: number;
  /** Bytes of the renditions once made (counted against MAX_PREPARED_BYTES while held). */
  bytes: number;
  dropped: boolean;
  /** Null when the preparation did not happen or failed: the job then works as if there had been none. */
  result: Promise<Renditions | null>;
}

export interface PreparationsDeps {
  store: MediaStore;
  /** The lanes the processing jobs take too. */
  lanes: Lanes;
  /** Scratch space (DATA_DIR/tmp/processing). */
  workDir: string;
}

export type Preparations = ReturnType<typeof createPreparations>;

export function createPreparations({ store, lanes, workDir }: PreparationsDeps) {
  /** By the original's store key (a new random key per upload: never two contents). */
  const prepared = new Map<string, Preparation>();
  let preparedBytes = 0;

  /**
   * Starts making the renditions of a photo whose original the upload has just stored, before its
   * request ends and its row is written: the item's job takes them when it runs. Only images on
   * the local disk (read where they lie; from S3 it would be a second download, and a video's
   * tools take long enough that the request's end hardly matters); the work takes a lane like a
   * job does. Nothing is written anywhere: the renditions are held in memory until the job stores
   * them, or dropped with the upload that failed (`drop`).
   */
  function prepare(key: string, mimeType: string, type: 'image' | 'video'): void {
    if (type !== 'image' || !store.filePath || prepared.has(key)) return;
    const now = Date.now();
    for (const [oldKey, old] of prepared) if (now - old.at > PREPARED_TTL_MS) forget(oldKey, old);
    if (prepared.size >= MAX_PREPARED) return;
    const entry: Preparation = { mimeType, at: now, bytes: 0, dropped: false, result: Promise.resolve(null) };
    entry.result = lanes
      .run(async () => {
        // Dropped while it waited, or enough is held already: the job will do it.
        if (entry.dropped || preparedBytes >= MAX_PREPARED_BYTES) return null;
        const file = await localFileOf(store, key);
        if (!file) return null;
        const scratch = scratchFolder(workDir);
        try {
          return { ...(await processImage(file, mimeType, { scratch: scratch.get })), duration: null, playable: null };
        } finally {
          await scratch.remove();
        }
      })
      .then(
        (result) => {
          if (!result || entry.dropped) return null;
          entry.bytes = result.thumbnail.byteLength + (result.display?.byteLength ?? 0);
          preparedBytes += entry.bytes;
          return result;
        },
        // The job tries again itself, and its failure is the one a user sees.
        () => null,
      );
    prepared.set(key, entry);
  }

  function forget(key: string, entry: Preparation): void {
    if (prepared.get(key) !== entry) return;
    prepared.delete(key);
    entry.dropped = true;
    preparedBytes -= entry.bytes;
    entry.bytes = 0;
  }

  /** Forgets the preparations of originals an upload gave up (its request failed): nothing of them is kept. */
  function drop(keys: readonly string[]): void {
    for (const key of keys) {
      const entry = prepared.get(key);
      if (entry) forget(key, entry);
    }
  }

  /** The renditions prepared for this row's original (waiting for them if they are being made), or null. */
  async function takePrepared(row: MediaRow, signal?: AbortSignal): Promise<Renditions | null> {
    const entry = prepared.get(row.storage_key);
    if (!entry || row.type !== 'image' || entry.mimeType !== row.mime_type) return null;
    try {
      return await untilAborted(entry.result, signal);
    } finally {
      forget(row.storage_key, entry);
    }
  }

  return { prepare, drop, take: takePrepared };
}
