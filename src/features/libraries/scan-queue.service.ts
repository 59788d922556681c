// Library scans, one at a time in this process, claimed through the library's row (the hub and a
// CLI command may both want to run one): the claim holds while its heartbeat is fresh. Scans are
// queued by a request, by the timer of rescans (LIBRARY_SCAN_MINUTES) and by the folders' watches;
// a CLI command only queues (hold), and the hub, or `library scan --wait` (scanHere), runs them.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { HubFolderGuard } from '../../data-dir.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import * as repo from './libraries.repo.ts';
import type { LibraryRow } from './libraries.table.ts';
import { hashLater } from './library-hashing.service.ts';
import { emptyScan, HEARTBEAT_MS, ScanStopped, type StoredScan, scanLibrary } from './scan.service.ts';

/** A running scan whose heartbeat is older than this was left by a process that stopped: it may be claimed again. */
export const STALE_SCAN_MS = 30 * HEARTBEAT_MS;

/** The library's stored scan state (with the heartbeat of a running one), or null before its first. */
export const storedScanOf = (row: Pick<LibraryRow, 'last_scan'>): StoredScan | null => (row.last_scan ? (JSON.parse(row.last_scan) as StoredScan) : null);

export interface ScanQueueDeps {
  db: Kysely<Database>;
  clock: Clock;
  jobs: JobQueue;
  logger: Logger;
  hub: HubFolderGuard;
  /** Minutes between rescans; 0: by hand only. */
  scanMinutes: number;
  /** Takes these library items out of the hub (items whose file lies in the hub's own folders). */
  removeItemsById: (trx: Kysely<Database>, ids: readonly string[]) => Promise<number>;
}

/** Test seams: `beforeRead` is called with each batch of files a scan found, before they are read. */
export interface ScanHooks {
  beforeRead?: (paths: readonly string[]) => Promise<void> | void;
}

export type ScanQueue = ReturnType<typeof createScanQueue>;

export function createScanQueue(deps: ScanQueueDeps) {
  const { db, clock, logger } = deps;
  const now = () => clock().getTime();
  const hooks: ScanHooks = {};
  const waiting: string[] = [];
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopping = false;
  // A CLI command only queues: the hub (or `library scan --wait`) runs the scan.
  let holding = false;

  /** Records a scan that failed: a file-system error is the folder's (named); the database's own (SQLITE_BUSY …) is not. */
  function recordFailure(row: LibraryRow, state: StoredScan, error: unknown): void {
    state.state = 'failed';
    const code = (error as NodeJS.ErrnoException).code;
    const folders = typeof code === 'string' && !code.startsWith('SQLITE');
    const message = folders ? `${row.path}: ${(error as Error).message}` : String((error as Error).message ?? error);
    state.errors = [{ path: '', error: message }, ...state.errors].slice(0, 20);
    logger.warn('a library scan failed', { library: row.name, error: message });
  }

  /** Claims the library's queued (or abandoned) scan and runs it; whether this process ran it. */
  async function runScan(id: string): Promise<boolean> {
    const state = emptyScan('running');
    const claimed = await repo.setScanState(db, id, JSON.stringify({ ...state, heartbeatAt: now() }), {
      states: ['queued'],
      orBeatBefore: now() - STALE_SCAN_MS,
    });
    if (!claimed) return false;
    const row = await repo.findLibrary(db, id);
    if (!row) return false;
    try {
      await scanLibrary(
        {
          db,
          clock,
          jobs: deps.jobs,
          logger,
          hashLater: (trx, mediaId) => hashLater(deps.jobs, trx, mediaId),
          hub: deps.hub,
          removeItems: deps.removeItemsById,
          stopping: () => stopping,
          ...(hooks.beforeRead ? { beforeRead: hooks.beforeRead } : {}),
        },
        row,
        state,
      );
      state.state = 'done';
    } catch (error) {
      if (error instanceof ScanStopped) {
        // Run again from the start at the next start of the hub (what was written stays: nothing is lost).
        await repo.setScanState(db, id, JSON.stringify(emptyScan('queued')));
        logger.info('a library scan stopped with the hub; it runs again at the next start', { library: row.name });
        return true;
      }
      recordFailure(row, state, error);
    }
    state.finishedAt = new Date(now()).toISOString();
    delete state.heartbeatAt;
    // Removed meanwhile: nothing to record.
    if (await repo.findLibrary(db, id)) await repo.setScanState(db, id, JSON.stringify(state));
    logger.info('library scanned', { library: row.name, state: state.state, found: state.found, added: state.added, missing: state.missing });
    return true;
  }

  function pump(): Promise<void> {
    if (running) return running;
    const work = async () => {
      for (let id = waiting.shift(); id !== undefined && !stopping; id = waiting.shift()) {
        await runScan(id).catch((error: unknown) => logger.warn('a library scan could not start', { error: String(error) }));
      }
    };
    // (Cleared in a later turn, after the assignment, even when there was nothing to run.)
    const current: Promise<void> = work().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  /** Queues a scan of the library unless one is queued or running already. */
  async function queue(id: string): Promise<void> {
    await repo.setScanState(db, id, JSON.stringify(emptyScan('queued')), { states: ['none', 'done', 'failed'], orBeatBefore: now() - STALE_SCAN_MS });
    if (holding) return;
    if (!waiting.includes(id)) waiting.push(id);
    void pump();
  }

  /** Libraries whose scan is queued (by the CLI, say), or due by LIBRARY_SCAN_MINUTES, go in the line. */
  async function tick(): Promise<void> {
    const due = deps.scanMinutes > 0 ? now() - deps.scanMinutes * 60_000 : null;
    for (const row of await repo.listLibraries(db)) {
      const scan = storedScanOf(row);
      const stale = scan?.state === 'running' && (scan.heartbeatAt ?? 0) < now() - STALE_SCAN_MS;
      const finished = scan?.finishedAt ? Date.parse(scan.finishedAt) : scan ? 0 : row.created_at;
      if (scan?.state === 'queued' || stale) {
        if (stale) await repo.setScanState(db, row.id, JSON.stringify(emptyScan('queued')), { states: ['running'], orBeatBefore: now() - STALE_SCAN_MS });
        if (!waiting.includes(row.id)) waiting.push(row.id);
      } else if (due !== null && (scan === null || scan.state === 'done' || scan.state === 'failed') && finished <= due) {
        await queue(row.id);
      }
    }
    void pump();
  }

  return {
    hooks,
    queue,
    tick,
    /** Whether a scan of the library is queued, or runs with a fresh heartbeat (one that may have passed a changed folder already). */
    busy(row: Pick<LibraryRow, 'last_scan'>): 'queued' | 'running' | null {
      const scan = storedScanOf(row);
      if (scan?.state === 'queued') return 'queued';
      if (scan?.state === 'running' && (scan.heartbeatAt ?? 0) >= now() - STALE_SCAN_MS) return 'running';
      return null;
    },
    /** Takes the library out of this process's line (it is being removed). */
    forget(id: string): void {
      const index = waiting.indexOf(id);
      if (index >= 0) waiting.splice(index, 1);
    },
    /** Queues a scan and, unless another process claims it first, runs it here; resolves when this process is done with it. */
    async scanHere(id: string): Promise<void> {
      await queue(id);
      if (!waiting.includes(id)) waiting.push(id);
      await pump();
    },
    /** Scans are queued only, never run by this process unless asked (scanHere): CLI commands. */
    hold(): void {
      holding = true;
    },
    /** Starts the timer of rescans and queued scans, every `everyMs`. */
    start(everyMs: number): void {
      stopping = false;
      void tick().catch((error: unknown) => logger.warn('library scans could not be looked at', { error: String(error) }));
      timer = setInterval(() => void tick().catch(() => {}), everyMs);
      timer.unref?.();
    },
    /** Stops the timer; a running scan gives up (ScanStopped) and this resolves once it has. */
    async stop(): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /** Resolves when no scan runs or waits in this process. */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}
