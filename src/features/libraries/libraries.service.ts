// Library folders (issue 20, decision 0043): the rules. Only administrators add, change and remove
// libraries (they name folders on the server); a library's owner sees it and may start a scan; any
// other member is told it does not exist. A library's folder must be an existing, readable folder
// inside one of LIBRARY_ROOTS once links and `..` are resolved, and may not overlap another's.
// Scans run in the background, one at a time, claimed through the library's row (the hub and a
// CLI command may both want to run one): the claim holds while its heartbeat is fresh.

import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { hubFolderGuard } from '../../data-dir.ts';
import type { Database } from '../../db/database.ts';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../errors.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { type Logger, silentLogger } from '../../logger.ts';
import { LIBRARY_TEXT, type Library, type LibraryFolders, type LibraryScan } from '../../shared/libraries.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import type { SignedInViewer } from '../users/users.service.ts';
import * as repo from './libraries.repo.ts';
import type { CreateLibraryInput, UpdateLibraryInput } from './libraries.schema.ts';
import type { LibraryRow } from './libraries.table.ts';
import { emptyScan, HEARTBEAT_MS, ScanStopped, type StoredScan, scanLibrary } from './scan.service.ts';
import { createFolderWatches } from './watches.service.ts';

/** The full SHA-256 of a library item's file, for exact duplicates (the scan knows only its fingerprint). */
export const hashLibraryFile = defineJob('library.hash', z.object({ mediaId: z.string().min(1) }), { maxAttempts: 3 });
export const LIBRARY_JOB_KINDS = [hashLibraryFile];

/** A running scan whose heartbeat is older than this was left by a process that stopped: it may be claimed again. */
const STALE_SCAN_MS = 30 * HEARTBEAT_MS;

export interface LibrariesDeps {
  db: Kysely<Database>;
  clock: Clock;
  jobs: JobQueue;
  roots: readonly string[];
  /** Minutes between rescans; 0: by hand only. */
  scanMinutes: number;
  /** Whether the hub watches its libraries' folders for changes once started (LIBRARY_WATCH); off by default here. */
  watch?: boolean;
  /** Quiet time after a change in a watched folder before its rescan (ms); 3 s by default. */
  watchDelayMs?: number;
  /** Folders watched at most over every library (half the system's inotify watches by default). */
  watchMaxFolders?: number;
  /** Takes a library's items out of the hub inside its removal (the media service's). */
  removeItems: (trx: Kysely<Database>, libraryId: string) => Promise<number>;
  /** Takes these library items out of the hub (items whose file lies in the hub's own folders). */
  removeItemsById?: (trx: Kysely<Database>, ids: readonly string[]) => Promise<number>;
  /** The hub's own folders (DATA_DIR and those in it): never a library, never walked (hubFolders()). */
  hubFolders?: readonly string[];
  store?: MediaStore;
  logger?: Logger;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function scanOf(row: LibraryRow): LibraryScan | null {
  if (!row.last_scan) return null;
  const { heartbeatAt: _beat, ...scan } = JSON.parse(row.last_scan) as StoredScan;
  return scan;
}

function toLibrary(row: LibraryRow, counts: { items: number; offline: number } | undefined): Library {
  return {
    _id: row.id,
    name: row.name,
    path: row.path,
    ownerId: row.owner_id,
    gallery: row.gallery,
    tags: JSON.parse(row.tags) as string[],
    lastScan: scanOf(row),
    itemCount: counts?.items ?? 0,
    offlineCount: counts?.offline ?? 0,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: iso(row.updated_at),
  };
}

const within = (root: string, inner: string) => inner === root || inner.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

export type LibrariesService = ReturnType<typeof createLibrariesService>;

export function createLibrariesService(deps: LibrariesDeps) {
  const { db, clock, jobs, roots } = deps;
  const logger = deps.logger ?? silentLogger;
  const now = () => clock().getTime();
  const isAdmin = (viewer: SignedInViewer) => viewer.role === 'admin';
  const hub = hubFolderGuard(deps.hubFolders ?? []);

  async function withCounts(rows: LibraryRow[]): Promise<Library[]> {
    const counts = await repo.itemCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toLibrary(row, counts.get(row.id)));
  }

  /** The library the viewer may see: an administrator any, a member their own (404 otherwise). */
  async function visible(viewer: SignedInViewer, id: string): Promise<LibraryRow> {
    const row = await repo.findLibrary(db, id);
    if (!row || (!isAdmin(viewer) && row.owner_id !== viewer.id)) throw new NotFoundError(LIBRARY_TEXT.notFound);
    return row;
  }

  /** The library an administrator may change: others get 404 (not theirs) or 403 (their own). */
  async function changeable(viewer: SignedInViewer, id: string): Promise<LibraryRow> {
    const row = await visible(viewer, id);
    if (!isAdmin(viewer)) throw new ForbiddenError(LIBRARY_TEXT.adminOnly);
    return row;
  }

  /** The real roots (links resolved); a root that does not exist is left out. */
  async function realRoots(): Promise<string[]> {
    const found = await Promise.all(roots.map((root) => fs.realpath(root).catch(() => null)));
    return found.filter((r): r is string => r !== null);
  }

  /** The folder a library may have: existing, readable, inside a root once resolved. Its real path. */
  async function checkedFolder(given: string): Promise<string> {
    if (roots.length === 0) throw new InvalidError(LIBRARY_TEXT.noRoots);
    if (!path.isAbsolute(given)) throw new InvalidError(LIBRARY_TEXT.notAbsolute);
    let real: string;
    try {
      real = await fs.realpath(path.resolve(given));
    } catch {
      throw new InvalidError(LIBRARY_TEXT.missing(given));
    }
    const stat = await fs.stat(real);
    if (!stat.isDirectory()) throw new InvalidError(LIBRARY_TEXT.notFolder(given));
    try {
      await fs.access(real, constants.R_OK | constants.X_OK);
      await fs.readdir(real);
    } catch {
      throw new InvalidError(LIBRARY_TEXT.unreadable(given));
    }
    if (!(await realRoots()).some((root) => within(root, real))) throw new InvalidError(LIBRARY_TEXT.outsideRoots(given, roots));
    // The hub's own data (every member's uploads, premium and locked too): never a library.
    const hubFolder = await hub.inside(real);
    if (hubFolder !== null) throw new InvalidError(LIBRARY_TEXT.hubFolder(given, hubFolder));
    return real;
  }

  async function checkNoOverlap(real: string, exceptId?: string): Promise<void> {
    for (const other of await repo.listLibraries(db)) {
      if (other.id === exceptId) continue;
      if (within(other.path, real) || within(real, other.path)) throw new ConflictError(LIBRARY_TEXT.overlaps(real, other.name));
    }
  }

  async function checkName(name: string, exceptId?: string): Promise<void> {
    const other = await repo.findLibraryByName(db, name);
    if (other && other.id !== exceptId) throw new ConflictError(LIBRARY_TEXT.nameTaken(name));
  }

  /** Test seams: `beforeRead` is called with each batch of files a scan found, before they are read. */
  const hooks: { beforeRead?: (paths: readonly string[]) => Promise<void> | void } = {};

  // ---- Scans: one at a time in this process, claimed through the row. ----
  const waiting: string[] = [];
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopping = false;
  // A CLI command only queues: the hub (or `library scan --wait`) runs the scan.
  let holding = false;

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
          jobs,
          logger,
          hashLater,
          hub,
          removeItems: deps.removeItemsById ?? (async () => 0),
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
      state.state = 'failed';
      // A file-system error is the folder's (named); the database's own (SQLITE_BUSY …) is not.
      const code = (error as NodeJS.ErrnoException).code;
      const folders = typeof code === 'string' && !code.startsWith('SQLITE');
      const message = folders ? `${row.path}: ${(error as Error).message}` : String((error as Error).message ?? error);
      state.errors = [{ path: '', error: message }, ...state.errors].slice(0, 20);
      logger.warn('a library scan failed', { library: row.name, error: message });
    }
    state.finishedAt = new Date(now()).toISOString();
    delete state.heartbeatAt;
    // Removed meanwhile: nothing to record.
    if (await repo.findLibrary(db, id)) await repo.setScanState(db, id, JSON.stringify(state));
    logger.info('library scanned', { library: row.name, state: state.state, found: state.found, added: state.added, missing: state.missing });
    return true;
  }

  // ---- Watching the folders (where the file system tells): a rescan once a folder is quiet. ----
  const watches = createFolderWatches({
    delayMs: deps.watchDelayMs ?? 3000,
    ...(deps.watchMaxFolders !== undefined ? { maxFolders: deps.watchMaxFolders } : {}),
    logger,
    onQuiet: async (id) => {
      const row = await repo.findLibrary(db, id);
      if (!row) {
        watches.unwatch(id);
        return undefined;
      }
      const scan = row.last_scan ? (JSON.parse(row.last_scan) as StoredScan) : null;
      // A scan waiting sees the change; one running may have passed the folder already: after it.
      if (scan?.state === 'queued') return undefined;
      if (scan?.state === 'running' && (scan.heartbeatAt ?? 0) >= now() - STALE_SCAN_MS) return 'again';
      await queue(id);
      return undefined;
    },
  });
  let watching = false;

  /** Watches the library's folder (a changed folder: the new one) while the hub runs with LIBRARY_WATCH. */
  function watchFolder(row: { id: string; path: string }): void {
    if (!watching) return;
    void hub
      .under(row.path)
      .then((leftOut) => watches.watch(row.id, row.path, leftOut))
      .catch((error: unknown) => logger.info('a library folder cannot be watched', { error: String(error) }));
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

  async function hashLater(trx: Kysely<Database>, mediaId: string): Promise<void> {
    await jobs.enqueue(hashLibraryFile, { mediaId }, { key: mediaId, db: trx, delayMs: 0 });
  }

  /** Queues a scan of the library unless one is queued or running already; its state. */
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
      const scan = row.last_scan ? (JSON.parse(row.last_scan) as StoredScan) : null;
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

  if (deps.store) {
    const store = deps.store;
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

  return {
    async list(viewer: SignedInViewer): Promise<Library[]> {
      return withCounts(await repo.listLibraries(db, isAdmin(viewer) ? undefined : viewer.id));
    },

    async get(viewer: SignedInViewer, id: string): Promise<Library> {
      return (await withCounts([await visible(viewer, id)]))[0]!;
    },

    /** An administrator adds a library (201); its first scan is queued at once. */
    async create(viewer: SignedInViewer, input: CreateLibraryInput): Promise<Library> {
      if (!isAdmin(viewer)) throw new ForbiddenError(LIBRARY_TEXT.adminOnly);
      const owner = await repo.findMember(db, { id: input.ownerId });
      if (!owner) throw new InvalidError(LIBRARY_TEXT.ownerUnknown);
      const real = await checkedFolder(input.path);
      const name = input.name ?? (path.basename(real) || real);
      await checkName(name);
      await checkNoOverlap(real);
      const id = crypto.randomUUID();
      await repo.insertLibrary(db, {
        id,
        owner_id: owner.id,
        name,
        name_key: name.toLowerCase(),
        path: real,
        gallery: input.gallery,
        tags: JSON.stringify(input.tags),
        last_scan: null,
        created_at: now(),
        updated_at: null,
      });
      if (input.scan !== false) await queue(id);
      watchFolder({ id, path: real });
      return (await withCounts([(await repo.findLibrary(db, id))!]))[0]!;
    },

    /** An administrator changes a library: name, folder, gallery and tags of new items (not its owner). */
    async update(viewer: SignedInViewer, id: string, input: UpdateLibraryInput): Promise<Library> {
      const row = await changeable(viewer, id);
      if (input.ownerId !== undefined && input.ownerId !== row.owner_id) throw new InvalidError(LIBRARY_TEXT.ownerFixed);
      const changes: Parameters<typeof repo.updateLibrary>[2] = { updated_at: now() };
      if (input.name !== undefined && input.name !== row.name) {
        await checkName(input.name, id);
        changes.name = input.name;
        changes.name_key = input.name.toLowerCase();
      }
      if (input.path !== undefined) {
        const real = await checkedFolder(input.path);
        if (real !== row.path) {
          await checkNoOverlap(real, id);
          changes.path = real;
        }
      }
      if (input.gallery !== undefined) changes.gallery = input.gallery;
      if (input.tags !== undefined) changes.tags = JSON.stringify(input.tags);
      await db.transaction().execute(async (trx) => {
        await repo.updateLibrary(trx, id, changes);
        if (changes.name !== undefined) await repo.renameItems(trx, id, changes.name);
      });
      // Another folder: its files are matched to the items by their fingerprints.
      if (changes.path !== undefined) {
        await queue(id);
        watchFolder({ id, path: changes.path });
      }
      return (await withCounts([(await repo.findLibrary(db, id))!]))[0]!;
    },

    /** An administrator removes a library: its items leave the hub; its files stay as they are. */
    async remove(viewer: SignedInViewer, id: string): Promise<{ removed: number }> {
      await changeable(viewer, id);
      watches.unwatch(id);
      const index = waiting.indexOf(id);
      if (index >= 0) waiting.splice(index, 1);
      const removed = await db.transaction().execute(async (trx) => {
        const n = await deps.removeItems(trx, id);
        await repo.deleteLibrary(trx, id);
        return n;
      });
      return { removed };
    },

    /** Administrators and the owner: queues a scan (202); one already queued or running stays as it is. */
    async scan(viewer: SignedInViewer, id: string): Promise<Library> {
      await visible(viewer, id);
      await queue(id);
      return (await withCounts([(await repo.findLibrary(db, id))!]))[0]!;
    },

    /** The folders a library may be added at, one level at a time (administrators). */
    async folders(viewer: SignedInViewer, at: string | undefined): Promise<LibraryFolders> {
      if (!isAdmin(viewer)) throw new ForbiddenError(LIBRARY_TEXT.adminOnly);
      if (roots.length === 0) throw new InvalidError(LIBRARY_TEXT.noRoots);
      if (at === undefined) {
        return { roots: [...roots], path: null, parent: null, folders: roots.map((root) => ({ name: root, path: root })) };
      }
      const real = await checkedFolder(at);
      const realRootList = await realRoots();
      const entries = await fs.readdir(real, { withFileTypes: true });
      const folders: { name: string; path: string }[] = [];
      // The hub's own folders are not offered (a library there would be refused).
      const hubInside = new Set(await hub.under(real));
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const full = path.join(real, entry.name);
        if (hubInside.has(full)) continue;
        // A link is offered only when it leads to a folder inside a root.
        const target = entry.isSymbolicLink() ? await fs.realpath(full).catch(() => null) : null;
        const isFolder =
          entry.isDirectory() ||
          (target !== null &&
            realRootList.some((root) => within(root, target)) &&
            (await fs.stat(target).then(
              (s) => s.isDirectory(),
              () => false,
            )));
        if (isFolder && target !== null && (await hub.inside(target)) !== null) continue;
        if (isFolder) folders.push({ name: entry.name.normalize('NFC'), path: full });
      }
      folders.sort((a, b) => a.name.localeCompare(b.name));
      const parent = realRootList.some((root) => root === real) ? null : path.dirname(real);
      return { roots: [...roots], path: real, parent, folders };
    },

    /** A library by id or name, for the CLI (no viewer: the server's own administrator). */
    async find(idOrName: string): Promise<LibraryRow | undefined> {
      return (await repo.findLibrary(db, idOrName)) ?? (await repo.findLibraryByName(db, idOrName));
    },
    findMember: (username: string) => repo.findMember(db, { username }),
    memberById: (id: string) => repo.findMember(db, { id }),
    /** Queues a scan for whichever process runs scans (the hub's timer looks every few seconds). */
    requestScan: queue,
    /** Every library with its counts, for the CLI. */
    all: async () => withCounts(await repo.listLibraries(db)),

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
    /** The library's stored scan state (with the heartbeat), for the CLI's progress. */
    async progress(id: string): Promise<StoredScan | null> {
      const row = await repo.findLibrary(db, id);
      return row?.last_scan ? (JSON.parse(row.last_scan) as StoredScan) : null;
    },

    /** Starts the timer of rescans and queued scans (main.ts), every `everyMs`, and the folders' watches (LIBRARY_WATCH). */
    start(everyMs = 5000): void {
      stopping = false;
      void tick().catch((error: unknown) => logger.warn('library scans could not be looked at', { error: String(error) }));
      timer = setInterval(() => void tick().catch(() => {}), everyMs);
      timer.unref?.();
      if (deps.watch) {
        watching = true;
        watches.open();
        void repo
          .listLibraries(db)
          .then((rows) => {
            for (const row of rows) watchFolder(row);
          })
          .catch((error: unknown) => logger.warn('library folders could not be watched', { error: String(error) }));
      }
    },
    async stop(): Promise<void> {
      stopping = true;
      watching = false;
      watches.closeAll();
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /** Whether the library's folder is watched now. */
    watched: (id: string) => watches.watching(id),
    hooks,
    /** Looks once for queued or due scans (what the timer does). */
    tick,
    /** Resolves when no scan runs or waits in this process. */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}
