// Watching the libraries' folders while the hub runs with LIBRARY_WATCH (decision 0043): a folder
// quiet again after a change gets a rescan, unless one is queued already; while one runs (it may
// have passed the folder), it is asked again after that scan.

import type { Kysely } from 'kysely';
import type { HubFolderGuard } from '../../data-dir.ts';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import * as repo from './libraries.repo.ts';
import type { ScanQueue } from './scan-queue.service.ts';
import { createFolderWatches } from './watches.service.ts';

export interface LibraryWatchingDeps {
  db: Kysely<Database>;
  logger: Logger;
  hub: HubFolderGuard;
  scans: Pick<ScanQueue, 'queue' | 'busy'>;
  /** Quiet time after a change in a watched folder before its rescan (ms). */
  delayMs: number;
  /** Folders watched at most over every library (half the system's inotify watches when not given). */
  maxFolders?: number;
}

export type LibraryWatching = ReturnType<typeof createLibraryWatching>;

export function createLibraryWatching({ db, logger, hub, scans, delayMs, maxFolders }: LibraryWatchingDeps) {
  const watches = createFolderWatches({
    delayMs,
    ...(maxFolders !== undefined ? { maxFolders } : {}),
    logger,
    onQuiet: async (id) => {
      const row = await repo.findLibrary(db, id);
      if (!row) {
        watches.unwatch(id);
        return undefined;
      }
      const busy = scans.busy(row);
      // A scan waiting sees the change; one running may have passed the folder already: after it.
      if (busy === 'queued') return undefined;
      if (busy === 'running') return 'again';
      await scans.queue(id);
      return undefined;
    },
  });
  let watching = false;

  /** Watches the library's folder (a changed folder: the new one) while watching is on. */
  function watchFolder(row: { id: string; path: string }): void {
    if (!watching) return;
    void hub
      .under(row.path)
      .then((leftOut) => watches.watch(row.id, row.path, leftOut))
      .catch((error: unknown) => logger.info('a library folder cannot be watched', { error: String(error) }));
  }

  return {
    watchFolder,
    unwatch: (id: string) => watches.unwatch(id),
    /** Whether the library's folder is watched now. */
    watched: (id: string) => watches.watching(id),
    /** Starts watching every library's folder. */
    open(): void {
      watching = true;
      watches.open();
      void repo
        .listLibraries(db)
        .then((rows) => {
          for (const row of rows) watchFolder(row);
        })
        .catch((error: unknown) => logger.warn('library folders could not be watched', { error: String(error) }));
    },
    closeAll(): void {
      watching = false;
      watches.closeAll();
    },
  };
}
