// `media check`: the store and the rows compared. Files in the store that no row references, rows
// whose original is gone from the store, and rows whose thumbnail or display rendition is gone or
// empty; `fix` deletes the first, marks the second failed and has the third's renditions made again.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { MEDIA_KEY_NAMESPACES, type MediaStore, type StoredObject } from '../../storage/media-store.ts';
import { isReferenced, markForReprocessing, markMissing, originals, referencedKeys } from './ingest/ingest.repo.ts';
import { isLibraryKey } from './library-store.ts';
import { previewKeysOf } from './media.table.ts';

export const CHECK_TEXT = {
  missingFailure: 'The original file is missing from storage',
} as const;

/**
 * A file younger than this may belong to an upload still in progress (its row is written once the
 * request's last file is stored), so it is reported but never deleted.
 */
export const ORPHAN_GRACE_MS = 24 * 3600_000;

export interface CheckReport {
  storedFiles: number;
  items: number;
  /** Files no row references, old enough to be leftovers. */
  orphans: StoredObject[];
  /** Files no row references yet, too recent to judge. */
  recent: StoredObject[];
  /** Rows whose original is not in the store (`alreadyMarked`: an earlier --fix marked it). */
  missing: { id: string; ownerId: string; key: string; alreadyMarked: boolean }[];
  /**
   * Rows whose original is there but a rendition is missing or empty (renditions are not flushed
   * to the disk one by one, so a power cut can lose one); `fix` has them made again.
   */
  renditionsLost: { id: string; ownerId: string; keys: string[] }[];
  /** With fix: files deleted, rows marked, items sent back to processing. */
  fixed?: { deleted: number; marked: number; reprocessed: number };
}

export async function checkMedia({
  db,
  store,
  clock,
  fix = false,
  reprocess = async () => {},
}: {
  db: Kysely<Database>;
  store: MediaStore;
  clock: Clock;
  fix?: boolean;
  /** Enqueues the processing of these items (the CLI passes the job queue's enqueue). */
  reprocess?: (ids: string[]) => Promise<void>;
}): Promise<CheckReport> {
  // Rows first, then the store: a file stored after the rows were read looks like an orphan, and
  // the grace period keeps it; a row written after would otherwise look like it lost its file.
  const rows = await originals(db);
  const referenced = await referencedKeys(db);
  const stored = new Map<string, StoredObject>();
  for (const namespace of MEDIA_KEY_NAMESPACES) for await (const object of store.list(`${namespace}/`)) stored.set(object.key, object);

  const now = clock().getTime();
  const unreferenced = [...stored.values()].filter((o) => !referenced.has(o.key));
  const orphans = unreferenced.filter((o) => now - o.lastModified.getTime() >= ORPHAN_GRACE_MS);
  const recent = unreferenced.filter((o) => now - o.lastModified.getTime() < ORPHAN_GRACE_MS);

  const missing: CheckReport['missing'] = [];
  for (const row of rows) {
    // A library item's original is its library's file: a scan takes it offline when it goes (decision 0043).
    if (isLibraryKey(row.storage_key)) continue;
    if (stored.has(row.storage_key)) continue;
    // Asked once more: the listing is a moment old, and a missing row must really be missing.
    if (await store.head(row.storage_key)) continue;
    missing.push({ id: row.id, ownerId: row.owner_id, key: row.storage_key, alreadyMarked: row.missing_at !== null });
  }

  const renditionsLost: CheckReport['renditionsLost'] = [];
  const missingIds = new Set(missing.map((m) => m.id));
  for (const row of rows) {
    if (missingIds.has(row.id) || row.status === 'processing') continue;
    const lost: string[] = [];
    // A video's preview and scrubber are made again with the rest (the preview job follows processing).
    for (const key of [row.thumbnail_key, row.display_key, ...previewKeysOf(row)]) {
      if (!key) continue;
      const object = stored.get(key) ?? (await store.head(key));
      if (!object || object.size === 0) lost.push(key);
    }
    if (lost.length > 0) renditionsLost.push({ id: row.id, ownerId: row.owner_id, keys: lost });
  }

  const report: CheckReport = { storedFiles: stored.size, items: rows.length, orphans, recent, missing, renditionsLost };
  if (!fix) return report;
  let deleted = 0;
  for (const object of orphans) {
    // A row may have come to reference it since the listing (a rendition just written).
    if (await isReferenced(db, object.key)) continue;
    await store.delete(object.key);
    deleted++;
  }
  const marked = await markMissing(
    db,
    missing.filter((m) => !m.alreadyMarked).map((m) => m.id),
    now,
    CHECK_TEXT.missingFailure,
  );
  if (renditionsLost.length > 0) {
    await markForReprocessing(
      db,
      renditionsLost.map((r) => ({ id: r.id, lost: r.keys })),
      now,
    );
    await reprocess(renditionsLost.map((r) => r.id));
  }
  report.fixed = { deleted, marked, reprocessed: renditionsLost.length };
  return report;
}
