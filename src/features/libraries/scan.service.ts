// One scan of one library folder (decision 0043). The walk stats every file and reads none that it
// knows already (same path, size and time); the others are read at both ends for their type and
// fingerprint. Then each file is matched to the library's items:
//   1. same path, same size and time: the same item (back online if it was offline);
//   2. a fingerprint of an item whose file was not found where it was: that item, moved or renamed
//      (its _id, tags, favourite, albums and playback position stay with it);
//   3. the path of an item not claimed otherwise, with new content: that item, its content changed
//      (its renditions made again);
//   4. a fingerprint deleted forever from the hub: skipped, remembered by size and time;
//   5. anything else: a new item in the library's gallery with its tags.
// Items whose file was found nowhere go offline (into the bin, dated so, until the file returns).
// Nothing in the folder is ever written. New items are written while the walk goes on, a batch at
// a time, with the event loop let go between batches so the hub keeps answering.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { HubFolderGuard } from '../../data-dir.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { LIBRARY_SCAN_ERRORS_KEPT, LIBRARY_TEXT, type LibraryScan } from '../../shared/libraries.ts';
import { titleFromFileName } from '../../shared/media.ts';
import { fsErrorSentence, fsErrorText, type WalkedFile, walkFolder, within } from '../media/ingest/walk.ts';
import { searchTextOf } from '../media/item.ts';
import { processMedia } from '../media/jobs.ts';
import { libraryKeyOf } from '../media/library-store.ts';
import { insertLibraryItems, markLibraryItemsOffline, markLibraryItemsOnline } from '../media/media.service.ts';
import type { NewMediaRow } from '../media/media.table.ts';
import { type ReadFile, readFileIdentity } from './fingerprint.ts';
import * as repo from './libraries.repo.ts';
import type { LibraryRow } from './libraries.table.ts';

/** Rows written in one transaction; the event loop is let go between two. */
const WRITE_BATCH = 25;
/** Files read for their fingerprint at once. */
const READS_AT_ONCE = 8;
/** How often the scan's state (its counts so far, its heartbeat) is written while it runs. */
export const HEARTBEAT_MS = 1000;

/** The scan's state as stored (LibraryScan, with the heartbeat of a running scan). */
export type StoredScan = LibraryScan & { heartbeatAt?: number };

export interface ScanDeps {
  db: Kysely<Database>;
  clock: Clock;
  jobs: JobQueue;
  logger: Logger;
  /** Enqueues the full hash of a library item's file (the hash job), in the caller's transaction. */
  hashLater: (trx: Kysely<Database>, mediaId: string) => Promise<void>;
  /** True once the hub is stopping: the scan gives up at once (ScanStopped) and is run again at the next start. */
  stopping?: () => boolean;
  /** The hub's own folders: never walked; items whose file lies there are removed. */
  hub: HubFolderGuard;
  /** Takes these items out of the hub (their rows now, their renditions by deletion jobs), in the caller's transaction. */
  removeItems: (trx: Kysely<Database>, ids: readonly string[]) => Promise<number>;
  /** Test seam: called with each batch of files the walk found, before they are read. */
  beforeRead?: (paths: readonly string[]) => Promise<void> | void;
}

const yieldToRequests = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A scan given up because the hub stops. */
export class ScanStopped extends Error {
  constructor() {
    super('The hub stopped during the scan');
    this.name = 'ScanStopped';
  }
}

export const emptyScan = (state: LibraryScan['state']): StoredScan => ({
  state,
  found: 0,
  added: 0,
  updated: 0,
  missing: 0,
  skipped: 0,
  failed: 0,
  startedAt: null,
  finishedAt: null,
  errors: [],
});

/** A file read for its identity, waiting to be matched. */
interface ReadOne extends WalkedFile {
  fingerprint: string;
  mimeType: string;
  type: 'image' | 'video';
}

/** The scan of `library` (whose folder is `library.path`): fills and returns its state, writing it as it goes. */
export async function scanLibrary(deps: ScanDeps, library: LibraryRow, state: StoredScan): Promise<StoredScan> {
  const { db, clock, jobs } = deps;
  const now = () => clock().getTime();
  state.startedAt = new Date(now()).toISOString();
  let lastBeat = 0;
  const beat = async (force = false) => {
    if (!force && now() - lastBeat < HEARTBEAT_MS) return;
    lastBeat = now();
    state.heartbeatAt = lastBeat;
    await repo.setScanState(db, library.id, JSON.stringify(state));
  };
  const problem = (rel: string, error: string) => {
    state.failed++;
    if (state.errors.length < LIBRARY_SCAN_ERRORS_KEPT) state.errors.push({ path: rel.normalize('NFC'), error });
  };
  await beat(true);

  /** Takes the items out of the hub (not the bin: they were never the owner's files), a batch at a time. */
  const removeItems = async (ids: readonly string[]) => {
    for (let i = 0; i < ids.length; i += WRITE_BATCH) {
      const batch = ids.slice(i, i + WRITE_BATCH);
      await db.transaction().execute(async (trx) => {
        const fingerprints = await repo.fingerprintsOf(trx, batch);
        await deps.removeItems(trx, batch);
        // Removed by the hub, not deleted by their owner: the same content elsewhere stays welcome.
        await repo.unforget(trx, library.id, fingerprints);
      });
      await yieldToRequests();
    }
  };
  // A library added before the hub refused its own folders (decision 0043): nothing of it is served any more.
  const realFolder = await fs.realpath(library.path).catch(() => library.path);
  const hubFolder = await deps.hub.inside(realFolder);
  if (hubFolder !== null) {
    await removeItems([...(await repo.knownItemDetails(db, library.id)).values()].map((item) => item.id));
    throw new Error(LIBRARY_TEXT.hubFolderScan(hubFolder));
  }
  // The hub's own folders inside this one are left out of the walk.
  const hubInside = await deps.hub.under(realFolder);
  for (const folder of hubInside) {
    if (state.errors.length < LIBRARY_SCAN_ERRORS_KEPT)
      state.errors.push({ path: path.relative(realFolder, folder).split(path.sep).join('/'), error: LIBRARY_TEXT.hubFolderLeftOut });
  }

  const known = await repo.knownItems(db, library.id);
  // Flags of the known items, by their place in `known` (100,000 of them on a rescan: one byte
  // each, nothing added to the rows themselves): CLAIMED once a file is theirs; WALKED once the
  // walk met a file at their path.
  const flags = new Uint8Array(known.length);
  const CLAIMED = 1;
  const WALKED = 2;
  const byPath = new Map<string, number>();
  for (let i = 0; i < known.length; i++) {
    const item = known[i]!;
    // Two items at one path (one offline): the online one is the path's.
    const there = byPath.get(item.path);
    if (there === undefined || (known[there]!.offline && !item.offline)) byPath.set(item.path, i);
  }
  // The items' ids and fingerprints (by place), read the first time a file is read or an item
  // changes: a rescan of an unchanged folder never needs them. An item deleted meanwhile has none.
  let ids: (string | undefined)[] | undefined;
  let fingerprints = new Map<string, number[]>();
  const loadDetails = async () => {
    if (ids) return;
    const details = await repo.knownItemDetails(db, library.id);
    const found: (string | undefined)[] = new Array(known.length);
    fingerprints = new Map();
    for (let i = 0; i < known.length; i++) {
      const item = details.get(known[i]!.key);
      if (!item) continue;
      found[i] = item.id;
      if (!item.fingerprint) continue;
      const list = fingerprints.get(item.fingerprint);
      if (list) list.push(i);
      else fingerprints.set(item.fingerprint, [i]);
    }
    ids = found;
  };
  /** The ids of the items at these places (loadDetails first), those deleted meanwhile left out. */
  const idsAt = (places: readonly number[]) => places.map((i) => ids![i]).filter((id): id is string => id !== undefined);
  const skipped = await repo.skippedFiles(db, library.id);
  const forgotten = await repo.forgottenFingerprints(db, library.id);
  const claimed = (i: number) => (flags[i]! & CLAIMED) !== 0;
  const claim = (i: number) => {
    flags[i] = flags[i]! | CLAIMED;
  };
  /** Whether the walk met a file at the item's path. */
  const walkedAt = (i: number) => {
    const there = byPath.get(known[i]!.path);
    return there !== undefined && (flags[there]! & WALKED) !== 0;
  };
  // Paths whose file is there but could not be read: their items stay as they are.
  const unreadable = new Set<string>();
  const seenSkipped = new Set<string>();
  // Places of offline items whose file is where it was.
  const backOnline: number[] = [];
  const deferred: ReadOne[] = [];
  const newSkips: { path: string; size: number; mtime: number }[] = [];
  const tags = JSON.parse(library.tags) as string[];

  // New items, written a batch at a time while the walk goes on.
  let pendingNew: ReadOne[] = [];
  const writeNew = async () => {
    if (pendingNew.length === 0) return;
    const batch = pendingNew;
    pendingNew = [];
    const at = now();
    const rows: NewMediaRow[] = batch.map((file) => {
      const id = crypto.randomUUID();
      const name = path.posix.basename(file.path).normalize('NFC');
      const title = titleFromFileName(name);
      return {
        id,
        owner_id: library.owner_id,
        gallery: library.gallery,
        title,
        type: file.type,
        mime_type: file.mimeType,
        original_name: name,
        size: file.size,
        sha256: `fp-${file.fingerprint}`,
        storage_key: libraryKeyOf(id),
        status: 'processing',
        is_favorite: 0,
        tags: JSON.stringify(tags),
        search_text: searchTextOf(title, tags),
        model_id: null,
        created_at: at,
        library_id: library.id,
        library_name: library.name,
        library_path: file.path,
        library_fingerprint: file.fingerprint,
        library_mtime: file.mtime,
      };
    });
    await db.transaction().execute(async (trx) => {
      await insertLibraryItems(trx, rows);
      for (const row of rows) {
        await jobs.enqueue(processMedia, { mediaId: row.id }, { key: row.id, db: trx });
        await deps.hashLater(trx, row.id);
      }
    });
    state.added += rows.length;
    await yieldToRequests();
  };

  // Files to read, a few at once.
  let toRead: WalkedFile[] = [];
  const readAll = async () => {
    const batch = toRead;
    toRead = [];
    if (batch.length === 0) return;
    await deps.beforeRead?.(batch.map((f) => f.path));
    await loadDetails();
    const results = await Promise.all(
      batch.map((file) =>
        readFileIdentity(file.abs, file.size).then(
          (r): ReadFile | { error: unknown } => r,
          (error: unknown) => ({ error }),
        ),
      ),
    );
    for (let i = 0; i < batch.length; i++) {
      const file = batch[i]!;
      const result = results[i]!;
      if ('error' in result) {
        // Gone while the scan ran: as if it had never been there.
        if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
          state.found--;
          const there = byPath.get(file.path);
          if (there !== undefined) flags[there] = flags[there]! & ~WALKED;
          continue;
        }
        problem(file.path, fsErrorSentence(fsErrorText(result.error)));
        unreadable.add(file.path);
        continue;
      }
      if (!result.sniffed) {
        state.skipped++;
        seenSkipped.add(file.path);
        newSkips.push({ path: file.path, size: file.size, mtime: file.mtime });
        continue;
      }
      const read: ReadOne = { ...file, fingerprint: result.fingerprint, mimeType: result.sniffed.mimeType, type: result.sniffed.type };
      // Nothing of the library knows this path or this content: a new item (or a file deleted forever), at once.
      if (!byPath.has(file.path) && !fingerprints.has(read.fingerprint)) {
        if (forgotten.has(read.fingerprint)) {
          state.skipped++;
          seenSkipped.add(file.path);
          newSkips.push({ path: file.path, size: file.size, mtime: file.mtime });
        } else {
          pendingNew.push(read);
          if (pendingNew.length >= WRITE_BATCH) await writeNew();
        }
      } else {
        deferred.push(read);
      }
    }
  };

  // (Folders in `visited` are passed over: the hub's own are, as if walked already.)
  for await (const events of walkFolder(library.path, { visited: new Set(hubInside) })) {
    for (const event of events) {
      if (event.kind === 'problem') {
        if (event.path === '') throw new Error(fsErrorSentence(event.error));
        problem(event.path, fsErrorSentence(event.error));
        unreadable.add(event.path);
        continue;
      }
      if (event.kind === 'skip') {
        state.found++;
        state.skipped++;
        continue;
      }
      state.found++;
      const at = byPath.get(event.path);
      if (at !== undefined) {
        flags[at] = flags[at]! | WALKED;
        const item = known[at]!;
        if (item.size === event.size && item.mtime === event.mtime && !claimed(at)) {
          claim(at);
          if (item.offline) backOnline.push(at);
          continue;
        }
      }
      const skip = skipped.get(event.path);
      if (skip && skip.size === event.size && skip.mtime === event.mtime) {
        state.skipped++;
        seenSkipped.add(event.path);
        continue;
      }
      toRead.push(event);
      if (toRead.length >= READS_AT_ONCE) await readAll();
    }
    await beat();
    if (deps.stopping?.()) throw new ScanStopped();
  }
  await readAll();
  await writeNew();

  // Moves, renames and changed content: now that every file found is known.
  if (unreadable.size > 0) {
    for (let i = 0; i < known.length; i++) {
      const item = known[i]!;
      if ([...unreadable].some((rel) => item.path === rel || item.path.startsWith(`${rel}/`))) claim(i);
    }
  }
  if (deferred.length > 0 || backOnline.length > 0 || flags.some((flag) => (flag & CLAIMED) === 0)) await loadDetails();
  const moves: { id: string; file: ReadOne; offline: boolean }[] = [];
  const changes: { id: string; file: ReadOne; offline: boolean }[] = [];
  const unmatched: ReadOne[] = [];
  for (const file of deferred) {
    // The item of this very path first (its time changed, not its bytes), else one whose file is not where it was.
    const list = fingerprints.get(file.fingerprint);
    const moved = list?.find((i) => known[i]!.path === file.path && !claimed(i)) ?? list?.find((i) => !claimed(i) && !walkedAt(i));
    if (moved !== undefined) {
      claim(moved);
      const id = ids![moved];
      if (id !== undefined) moves.push({ id, file, offline: known[moved]!.offline });
      continue;
    }
    unmatched.push(file);
  }
  for (const file of unmatched) {
    const at = byPath.get(file.path);
    if (at !== undefined && !claimed(at)) {
      claim(at);
      const id = ids![at];
      if (id !== undefined) changes.push({ id, file, offline: known[at]!.offline });
    } else if (forgotten.has(file.fingerprint)) {
      state.skipped++;
      seenSkipped.add(file.path);
      newSkips.push({ path: file.path, size: file.size, mtime: file.mtime });
    } else {
      pendingNew.push(file);
      if (pendingNew.length >= WRITE_BATCH) await writeNew();
    }
  }
  await writeNew();

  for (let i = 0; i < moves.length; i += WRITE_BATCH) {
    const batch = moves.slice(i, i + WRITE_BATCH);
    await db.transaction().execute(async (trx) => {
      for (const { id, file } of batch) {
        await repo.moveItem(trx, id, { path: file.path, mtime: file.mtime, name: path.posix.basename(file.path).normalize('NFC') });
      }
      await markLibraryItemsOnline(
        trx,
        batch.filter((m) => m.offline).map((m) => m.id),
      );
    });
    state.updated += batch.length;
    await yieldToRequests();
  }
  for (let i = 0; i < changes.length; i += WRITE_BATCH) {
    const batch = changes.slice(i, i + WRITE_BATCH);
    const at = now();
    await db.transaction().execute(async (trx) => {
      for (const { id, file } of batch) {
        const name = path.posix.basename(file.path).normalize('NFC');
        await repo.changeItemContent(trx, id, { ...file, name }, at);
        await jobs.enqueue(processMedia, { mediaId: id }, { key: id, db: trx });
        await deps.hashLater(trx, id);
      }
      await markLibraryItemsOnline(
        trx,
        batch.filter((c) => c.offline).map((c) => c.id),
      );
    });
    state.updated += batch.length;
    await yieldToRequests();
  }
  const cameBack = idsAt(backOnline);
  for (let i = 0; i < cameBack.length; i += WRITE_BATCH) {
    const batch = cameBack.slice(i, i + WRITE_BATCH);
    await db.transaction().execute((trx) => markLibraryItemsOnline(trx, batch));
    state.updated += batch.length;
    await yieldToRequests();
  }

  // Items found nowhere: offline; those whose file lies in the hub's own folders (indexed before
  // the hub refused them) are removed instead, renditions and all.
  const gone: number[] = [];
  const inHub: number[] = [];
  const hubAll = await deps.hub.folders();
  for (let i = 0; i < known.length; i++) {
    if (claimed(i)) continue;
    if (hubAll.length > 0) {
      const abs = path.join(library.path, ...known[i]!.path.split('/'));
      const real = hubAll.some((folder) => within(folder, abs)) ? abs : await fs.realpath(abs).catch(() => null);
      if (real !== null && hubAll.some((folder) => within(folder, real))) {
        inHub.push(i);
        continue;
      }
    }
    gone.push(i);
  }
  if (inHub.length > 0) await removeItems(idsAt(inHub));
  state.missing = gone.length;
  const goingOffline = idsAt(gone.filter((i) => !known[i]!.offline));
  for (let i = 0; i < goingOffline.length; i += WRITE_BATCH) {
    const batch = goingOffline.slice(i, i + WRITE_BATCH);
    const at = now();
    await db.transaction().execute((trx) => markLibraryItemsOffline(trx, batch, at));
    await yieldToRequests();
  }

  // The skipped files remembered: the new ones in, those no longer there out.
  for (let i = 0; i < newSkips.length; i += 500) await repo.rememberSkipped(db, library.id, newSkips.slice(i, i + 500));
  const stale = [...skipped.keys()].filter((p) => !seenSkipped.has(p));
  for (let i = 0; i < stale.length; i += 500) await repo.forgetSkipped(db, library.id, stale.slice(i, i + 500));
  return state;
}
