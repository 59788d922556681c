// Library folders (issue 20, decision 0043): the rules. Only administrators add, change and remove
// libraries (they name folders on the server); a library's owner sees it and may start a scan; any
// other member is told it does not exist. A library's folder must be an existing, readable folder
// inside one of LIBRARY_ROOTS once links and `..` are resolved, and may not overlap another's.
// Scans run in the background, one at a time (scan-queue.service.ts); the folders are checked by
// library-folders.ts and watched by library-watching.service.ts.

import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { hubFolderGuard } from '../../data-dir.ts';
import type { Database } from '../../db/database.ts';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { type Logger, silentLogger } from '../../logger.ts';
import { LIBRARY_TEXT, type Library, type LibraryFolders, type LibraryScan } from '../../shared/libraries.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import type { SignedInViewer } from '../users/users.service.ts';
import * as repo from './libraries.repo.ts';
import type { CreateLibraryInput, UpdateLibraryInput } from './libraries.schema.ts';
import type { LibraryRow } from './libraries.table.ts';
import { createLibraryFolderRules, within } from './library-folders.ts';
import { registerLibraryHashing } from './library-hashing.service.ts';
import { createLibraryWatching } from './library-watching.service.ts';
import type { StoredScan } from './scan.service.ts';
import { createScanQueue, storedScanOf } from './scan-queue.service.ts';

export { hashLibraryFile, LIBRARY_JOB_KINDS } from './library-hashing.service.ts';

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

export type LibrariesService = ReturnType<typeof createLibrariesService>;

/**
 * The libraries' rules (who sees, adds, changes and removes a library) over three units built here
 * from the same dependencies: the folder rules (library-folders.ts), the line of scans
 * (scan-queue.service.ts) and the folders' watches (library-watching.service.ts); plus the hash
 * job's handler when a store is given (library-hashing.service.ts).
 */
export function createLibrariesService(deps: LibrariesDeps) {
  const { db, clock, jobs } = deps;
  const logger = deps.logger ?? silentLogger;
  const now = () => clock().getTime();
  const isAdmin = (viewer: SignedInViewer) => viewer.role === 'admin';
  const hub = hubFolderGuard(deps.hubFolders ?? []);
  const folders = createLibraryFolderRules({ roots: deps.roots, hub });
  const scans = createScanQueue({ db, clock, jobs, logger, hub, scanMinutes: deps.scanMinutes, removeItemsById: deps.removeItemsById ?? (async () => 0) });
  const watching = createLibraryWatching({
    db,
    logger,
    hub,
    scans,
    delayMs: deps.watchDelayMs ?? 3000,
    ...(deps.watchMaxFolders !== undefined ? { maxFolders: deps.watchMaxFolders } : {}),
  });
  if (deps.store) registerLibraryHashing(jobs, { db, store: deps.store });

  async function withCounts(rows: LibraryRow[]): Promise<Library[]> {
    const counts = await repo.itemCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toLibrary(row, counts.get(row.id)));
  }
  const answer = async (id: string) => (await withCounts([(await repo.findLibrary(db, id))!]))[0]!;

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

  /** The changes an update asks for, checked (name free, folder allowed and not overlapping). */
  async function changesOf(row: LibraryRow, input: UpdateLibraryInput): Promise<Parameters<typeof repo.updateLibrary>[2]> {
    if (input.ownerId !== undefined && input.ownerId !== row.owner_id) throw new InvalidError(LIBRARY_TEXT.ownerFixed);
    const changes: Parameters<typeof repo.updateLibrary>[2] = { updated_at: now() };
    if (input.name !== undefined && input.name !== row.name) {
      await checkName(input.name, row.id);
      changes.name = input.name;
      changes.name_key = input.name.toLowerCase();
    }
    if (input.path !== undefined) {
      const real = await folders.checkedFolder(input.path);
      if (real !== row.path) {
        await checkNoOverlap(real, row.id);
        changes.path = real;
      }
    }
    if (input.gallery !== undefined) changes.gallery = input.gallery;
    if (input.tags !== undefined) changes.tags = JSON.stringify(input.tags);
    return changes;
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
      const real = await folders.checkedFolder(input.path);
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
      if (input.scan !== false) await scans.queue(id);
      watching.watchFolder({ id, path: real });
      return answer(id);
    },

    /** An administrator changes a library: name, folder, gallery and tags of new items (not its owner). */
    async update(viewer: SignedInViewer, id: string, input: UpdateLibraryInput): Promise<Library> {
      const changes = await changesOf(await changeable(viewer, id), input);
      await db.transaction().execute(async (trx) => {
        await repo.updateLibrary(trx, id, changes);
        if (changes.name !== undefined) await repo.renameItems(trx, id, changes.name);
      });
      // Another folder: its files are matched to the items by their fingerprints.
      if (changes.path !== undefined) {
        await scans.queue(id);
        watching.watchFolder({ id, path: changes.path });
      }
      return answer(id);
    },

    /** An administrator removes a library: its items leave the hub; its files stay as they are. */
    async remove(viewer: SignedInViewer, id: string): Promise<{ removed: number }> {
      await changeable(viewer, id);
      watching.unwatch(id);
      scans.forget(id);
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
      await scans.queue(id);
      return answer(id);
    },

    /** The folders a library may be added at, one level at a time (administrators). */
    async folders(viewer: SignedInViewer, at: string | undefined): Promise<LibraryFolders> {
      if (!isAdmin(viewer)) throw new ForbiddenError(LIBRARY_TEXT.adminOnly);
      return folders.browse(at);
    },

    /** A library by id or name, for the CLI (no viewer: the server's own administrator). */
    async find(idOrName: string): Promise<LibraryRow | undefined> {
      return (await repo.findLibrary(db, idOrName)) ?? (await repo.findLibraryByName(db, idOrName));
    },
    findMember: (username: string) => repo.findMember(db, { username }),
    memberById: (id: string) => repo.findMember(db, { id }),
    /** Queues a scan for whichever process runs scans (the hub's timer looks every few seconds). */
    requestScan: scans.queue,
    /** Every library with its counts, for the CLI. */
    all: async () => withCounts(await repo.listLibraries(db)),
    /** Queues a scan and, unless another process claims it first, runs it here; resolves when this process is done with it. */
    scanHere: scans.scanHere,
    /** Scans are queued only, never run by this process unless asked (scanHere): CLI commands. */
    hold: scans.hold,
    /** The library's stored scan state (with the heartbeat), for the CLI's progress. */
    async progress(id: string): Promise<StoredScan | null> {
      const row = await repo.findLibrary(db, id);
      return row ? storedScanOf(row) : null;
    },

    /** Starts the timer of rescans and queued scans (main.ts), every `everyMs`, and the folders' watches (LIBRARY_WATCH). */
    start(everyMs = 5000): void {
      scans.start(everyMs);
      if (deps.watch) watching.open();
    },
    async stop(): Promise<void> {
      watching.closeAll();
      await scans.stop();
    },
    /** Whether the library's folder is watched now. */
    watched: watching.watched,
    /** Test seams: `beforeRead` is called with each batch of files a scan found, before they are read. */
    hooks: scans.hooks,
    /** Looks once for queued or due scans (what the timer does). */
    tick: scans.tick,
    /** Resolves when no scan runs or waits in this process. */
    idle: scans.idle,
  };
}
