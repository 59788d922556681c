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

/** A known item's place in `KnownItems.known`; flags, ids and fingerprints are kept by place. */
type Place = number;
/** The item's file is claimed (by an unchanged file, a move or a change). */
const CLAIMED = 1;
/** The walk met a file at the item's path. */
const WALKED = 2;

/** A match found after the walk: the item `id` and the file that is now its. */
interface Match {
  id: string;
  file: ReadOne;
  offline: boolean;
}

/**
 * The items the library knew before the scan, and what the scan learnt of each. Flags are kept by
 * place in `known` (100,000 of them on a rescan: one byte each, nothing added to the rows
 * themselves). Ids and fingerprints are read the first time a file is read or an item changes
 * (`loadDetails`): a rescan of an unchanged folder never needs them.
 */
class KnownItems {
  readonly flags: Uint8Array;
  readonly byPath = new Map<string, Place>();
  ids: (string | undefined)[] | undefined;
  fingerprints = new Map<string, Place[]>();

  constructor(
    readonly known: Awaited<ReturnType<typeof repo.knownItems>>,
    private readonly details: () => ReturnType<typeof repo.knownItemDetails>,
  ) {
    this.flags = new Uint8Array(known.length);
    for (let i = 0; i < known.length; i++) {
      const item = known[i]!;
      // Two items at one path (one offline): the online one is the path's.
      const there = this.byPath.get(item.path);
      if (there === undefined || (known[there]!.offline && !item.offline)) this.byPath.set(item.path, i);
    }
  }

  /** Reads the items' ids and fingerprints once; an item deleted meanwhile has none. */
  async loadDetails(): Promise<void> {
    if (this.ids) return;
    const details = await this.details();
    const found: (string | undefined)[] = new Array(this.known.length);
    this.fingerprints = new Map();
    for (let i = 0; i < this.known.length; i++) {
      const item = details.get(this.known[i]!.key);
      if (!item) continue;
      found[i] = item.id;
      if (!item.fingerprint) continue;
      const list = this.fingerprints.get(item.fingerprint);
      if (list) list.push(i);
      else this.fingerprints.set(item.fingerprint, [i]);
    }
    this.ids = found;
  }

  /** The ids of the items at these places (loadDetails first), those deleted meanwhile left out. */
  idsAt(places: readonly Place[]): string[] {
    return places.map((i) => this.ids![i]).filter((id): id is string => id !== undefined);
  }
  claimed(i: Place): boolean {
    return (this.flags[i]! & CLAIMED) !== 0;
  }
  claim(i: Place): void {
    this.flags[i] = this.flags[i]! | CLAIMED;
  }
  walked(i: Place): void {
    this.flags[i] = this.flags[i]! | WALKED;
  }
  unwalked(i: Place): void {
    this.flags[i] = this.flags[i]! & ~WALKED;
  }
  /** Whether the walk met a file at the item's path. */
  walkedAt(i: Place): boolean {
    const there = this.byPath.get(this.known[i]!.path);
    return there !== undefined && (this.flags[there]! & WALKED) !== 0;
  }
  someUnclaimed(): boolean {
    return this.flags.some((flag) => (flag & CLAIMED) === 0);
  }
}

/**
 * One run of a scan, in the order `scanLibrary` calls its steps: the walk (files known unchanged
 * are claimed, the others read a few at once, new ones written a batch at a time), then the
 * matches (moves, changed content, items back online), then the items found nowhere, then the
 * skipped files remembered. The scan's state is written as it goes (`beat`).
 */
class ScanRun {
  private lastBeat = 0;
  private items!: KnownItems;
  private skipped!: Awaited<ReturnType<typeof repo.skippedFiles>>;
  private forgotten!: Awaited<ReturnType<typeof repo.forgottenFingerprints>>;
  /** The hub's own folders inside the library's: left out of the walk. */
  private hubInside: string[] = [];
  private readonly tags: string[];
  /** Paths whose file is there but could not be read: their items stay as they are. */
  private readonly unreadable = new Set<string>();
  private readonly seenSkipped = new Set<string>();
  /** Places of offline items whose file is where it was. */
  private readonly backOnline: Place[] = [];
  /** Files read whose path or content the library knows: matched once the walk is over. */
  private readonly deferred: ReadOne[] = [];
  private readonly newSkips: { path: string; size: number; mtime: number }[] = [];
  /** New items, written a batch at a time while the walk goes on. */
  private pendingNew: ReadOne[] = [];
  /** Files to read, a few at once. */
  private toRead: WalkedFile[] = [];

  constructor(
    private readonly deps: ScanDeps,
    private readonly library: LibraryRow,
    private readonly state: StoredScan,
  ) {
    this.tags = JSON.parse(library.tags) as string[];
  }

  private now(): number {
    return this.deps.clock().getTime();
  }

  /** Writes the state (with a fresh heartbeat) at most every HEARTBEAT_MS, unless forced. */
  async beat(force = false): Promise<void> {
    if (!force && this.now() - this.lastBeat < HEARTBEAT_MS) return;
    this.lastBeat = this.now();
    this.state.heartbeatAt = this.lastBeat;
    await repo.setScanState(this.deps.db, this.library.id, JSON.stringify(this.state));
  }

  private problem(rel: string, error: string): void {
    this.state.failed++;
    if (this.state.errors.length < LIBRARY_SCAN_ERRORS_KEPT) this.state.errors.push({ path: rel.normalize('NFC'), error });
  }

  private skip(file: { path: string; size: number; mtime: number }): void {
    this.state.skipped++;
    this.seenSkipped.add(file.path);
    this.newSkips.push({ path: file.path, size: file.size, mtime: file.mtime });
  }

  /** Takes the items out of the hub (not the bin: they were never the owner's files), a batch at a time. */
  private async removeItems(ids: readonly string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += WRITE_BATCH) {
      const batch = ids.slice(i, i + WRITE_BATCH);
      await this.deps.db.transaction().execute(async (trx) => {
        const fingerprints = await repo.fingerprintsOf(trx, batch);
        await this.deps.removeItems(trx, batch);
        // Removed by the hub, not deleted by their owner: the same content elsewhere stays welcome.
        await repo.unforget(trx, this.library.id, fingerprints);
      });
      await yieldToRequests();
    }
  }

  /** Refuses a library inside the hub's own folders (removing its items), notes the hub's folders inside it, reads what the library knows. */
  async prepare(): Promise<void> {
    const { db, hub } = this.deps;
    const library = this.library;
    // A library added before the hub refused its own folders (decision 0043): nothing of it is served any more.
    const realFolder = await fs.realpath(library.path).catch(() => library.path);
    const hubFolder = await hub.inside(realFolder);
    if (hubFolder !== null) {
      await this.removeItems([...(await repo.knownItemDetails(db, library.id)).values()].map((item) => item.id));
      throw new Error(LIBRARY_TEXT.hubFolderScan(hubFolder));
    }
    // The hub's own folders inside this one are left out of the walk.
    this.hubInside = await hub.under(realFolder);
    for (const folder of this.hubInside) {
      if (this.state.errors.length < LIBRARY_SCAN_ERRORS_KEPT)
        this.state.errors.push({ path: path.relative(realFolder, folder).split(path.sep).join('/'), error: LIBRARY_TEXT.hubFolderLeftOut });
    }
    this.items = new KnownItems(await repo.knownItems(db, library.id), () => repo.knownItemDetails(db, library.id));
    this.skipped = await repo.skippedFiles(db, library.id);
    this.forgotten = await repo.forgottenFingerprints(db, library.id);
  }

  /** The row of a new item of the library for a file read. */
  private newRow(file: ReadOne, at: number): NewMediaRow {
    const library = this.library;
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
      tags: JSON.stringify(this.tags),
      search_text: searchTextOf(title, this.tags),
      model_id: null,
      created_at: at,
      library_id: library.id,
      library_name: library.name,
      library_path: file.path,
      library_fingerprint: file.fingerprint,
      library_mtime: file.mtime,
    };
  }

  /** Writes the new items waiting, with their processing and hash jobs, in one transaction. */
  private async writeNew(): Promise<void> {
    if (this.pendingNew.length === 0) return;
    const batch = this.pendingNew;
    this.pendingNew = [];
    const at = this.now();
    const rows = batch.map((file) => this.newRow(file, at));
    await this.deps.db.transaction().execute(async (trx) => {
      await insertLibraryItems(trx, rows);
      for (const row of rows) {
        await this.deps.jobs.enqueue(processMedia, { mediaId: row.id }, { key: row.id, db: trx });
        await this.deps.hashLater(trx, row.id);
      }
    });
    this.state.added += rows.length;
    await yieldToRequests();
  }

  private async addNew(file: ReadOne): Promise<void> {
    this.pendingNew.push(file);
    if (this.pendingNew.length >= WRITE_BATCH) await this.writeNew();
  }

  /** Reads the files waiting (a few at once) for their type and fingerprint, and sorts each: new, skipped or to match. */
  private async readAll(): Promise<void> {
    const batch = this.toRead;
    this.toRead = [];
    if (batch.length === 0) return;
    await this.deps.beforeRead?.(batch.map((f) => f.path));
    await this.items.loadDetails();
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
          this.state.found--;
          const there = this.items.byPath.get(file.path);
          if (there !== undefined) this.items.unwalked(there);
          continue;
        }
        this.problem(file.path, fsErrorSentence(fsErrorText(result.error)));
        this.unreadable.add(file.path);
        continue;
      }
      if (!result.sniffed) {
        this.skip(file);
        continue;
      }
      const read: ReadOne = { ...file, fingerprint: result.fingerprint, mimeType: result.sniffed.mimeType, type: result.sniffed.type };
      // Nothing of the library knows this path or this content: a new item (or a file deleted forever), at once.
      if (!this.items.byPath.has(file.path) && !this.items.fingerprints.has(read.fingerprint)) {
        if (this.forgotten.has(read.fingerprint)) this.skip(file);
        else await this.addNew(read);
      } else {
        this.deferred.push(read);
      }
    }
  }

  /** One file the walk found: claimed when unchanged, passed over when skipped before, read otherwise. */
  private async found(file: WalkedFile): Promise<void> {
    const items = this.items;
    this.state.found++;
    const at = items.byPath.get(file.path);
    if (at !== undefined) {
      items.walked(at);
      const item = items.known[at]!;
      if (item.size === file.size && item.mtime === file.mtime && !items.claimed(at)) {
        items.claim(at);
        if (item.offline) this.backOnline.push(at);
        return;
      }
    }
    const skip = this.skipped.get(file.path);
    if (skip && skip.size === file.size && skip.mtime === file.mtime) {
      this.state.skipped++;
      this.seenSkipped.add(file.path);
      return;
    }
    this.toRead.push(file);
    if (this.toRead.length >= READS_AT_ONCE) await this.readAll();
  }

  /** The walk of the folder, a batch of events at a time, the state written between batches. */
  async walk(): Promise<void> {
    // (Folders in `visited` are passed over: the hub's own are, as if walked already.)
    for await (const events of walkFolder(this.library.path, { visited: new Set(this.hubInside) })) {
      for (const event of events) {
        if (event.kind === 'problem') {
          if (event.path === '') throw new Error(fsErrorSentence(event.error));
          this.problem(event.path, fsErrorSentence(event.error));
          this.unreadable.add(event.path);
        } else if (event.kind === 'skip') {
          this.state.found++;
          this.state.skipped++;
        } else {
          await this.found(event);
        }
      }
      await this.beat();
      if (this.deps.stopping?.()) throw new ScanStopped();
    }
    await this.readAll();
    await this.writeNew();
  }

  /** Moves, renames and changed content, now that every file found is known; the new files among them written. */
  async match(): Promise<{ moves: Match[]; changes: Match[] }> {
    const items = this.items;
    if (this.unreadable.size > 0) {
      for (let i = 0; i < items.known.length; i++) {
        const item = items.known[i]!;
        if ([...this.unreadable].some((rel) => item.path === rel || item.path.startsWith(`${rel}/`))) items.claim(i);
      }
    }
    if (this.deferred.length > 0 || this.backOnline.length > 0 || items.someUnclaimed()) await items.loadDetails();
    const moves: Match[] = [];
    const changes: Match[] = [];
    const unmatched: ReadOne[] = [];
    for (const file of this.deferred) {
      // The item of this very path first (its time changed, not its bytes), else one whose file is not where it was.
      const list = items.fingerprints.get(file.fingerprint);
      const moved = list?.find((i) => items.known[i]!.path === file.path && !items.claimed(i)) ?? list?.find((i) => !items.claimed(i) && !items.walkedAt(i));
      if (moved !== undefined) {
        items.claim(moved);
        const id = items.ids![moved];
        if (id !== undefined) moves.push({ id, file, offline: items.known[moved]!.offline });
        continue;
      }
      unmatched.push(file);
    }
    for (const file of unmatched) {
      const at = items.byPath.get(file.path);
      if (at !== undefined && !items.claimed(at)) {
        items.claim(at);
        const id = items.ids![at];
        if (id !== undefined) changes.push({ id, file, offline: items.known[at]!.offline });
      } else if (this.forgotten.has(file.fingerprint)) {
        this.skip(file);
      } else {
        await this.addNew(file);
      }
    }
    await this.writeNew();
    return { moves, changes };
  }

  /** Writes the moves, the changed content (renditions made again) and the items back online, a batch at a time. */
  async update({ moves, changes }: { moves: Match[]; changes: Match[] }): Promise<void> {
    const { db, jobs } = this.deps;
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
      this.state.updated += batch.length;
      await yieldToRequests();
    }
    for (let i = 0; i < changes.length; i += WRITE_BATCH) {
      const batch = changes.slice(i, i + WRITE_BATCH);
      const at = this.now();
      await db.transaction().execute(async (trx) => {
        for (const { id, file } of batch) {
          const name = path.posix.basename(file.path).normalize('NFC');
          await repo.changeItemContent(trx, id, { ...file, name }, at);
          await jobs.enqueue(processMedia, { mediaId: id }, { key: id, db: trx });
          await this.deps.hashLater(trx, id);
        }
        await markLibraryItemsOnline(
          trx,
          batch.filter((c) => c.offline).map((c) => c.id),
        );
      });
      this.state.updated += batch.length;
      await yieldToRequests();
    }
    const cameBack = this.items.idsAt(this.backOnline);
    for (let i = 0; i < cameBack.length; i += WRITE_BATCH) {
      const batch = cameBack.slice(i, i + WRITE_BATCH);
      await db.transaction().execute((trx) => markLibraryItemsOnline(trx, batch));
      this.state.updated += batch.length;
      await yieldToRequests();
    }
  }

  /**
   * Items found nowhere: offline; those whose file lies in the hub's own folders (indexed before
   * the hub refused them) are removed instead, renditions and all.
   */
  async unclaimed(): Promise<void> {
    const items = this.items;
    const gone: Place[] = [];
    const inHub: Place[] = [];
    const hubAll = await this.deps.hub.folders();
    for (let i = 0; i < items.known.length; i++) {
      if (items.claimed(i)) continue;
      if (hubAll.length > 0) {
        const abs = path.join(this.library.path, ...items.known[i]!.path.split('/'));
        const real = hubAll.some((folder) => within(folder, abs)) ? abs : await fs.realpath(abs).catch(() => null);
        if (real !== null && hubAll.some((folder) => within(folder, real))) {
          inHub.push(i);
          continue;
        }
      }
      gone.push(i);
    }
    if (inHub.length > 0) await this.removeItems(items.idsAt(inHub));
    this.state.missing = gone.length;
    const goingOffline = items.idsAt(gone.filter((i) => !items.known[i]!.offline));
    for (let i = 0; i < goingOffline.length; i += WRITE_BATCH) {
      const batch = goingOffline.slice(i, i + WRITE_BATCH);
      const at = this.now();
      await this.deps.db.transaction().execute((trx) => markLibraryItemsOffline(trx, batch, at));
      await yieldToRequests();
    }
  }

  /** The skipped files remembered: the new ones in, those no longer there out. */
  async rememberSkipped(): Promise<void> {
    const { db } = this.deps;
    const id = this.library.id;
    for (let i = 0; i < this.newSkips.length; i += 500) await repo.rememberSkipped(db, id, this.newSkips.slice(i, i + 500));
    const stale = [...this.skipped.keys()].filter((p) => !this.seenSkipped.has(p));
    for (let i = 0; i < stale.length; i += 500) await repo.forgetSkipped(db, id, stale.slice(i, i + 500));
  }
}

/** The scan of `library` (whose folder is `library.path`): fills and returns its state, writing it as it goes. */
export async function scanLibrary(deps: ScanDeps, library: LibraryRow, state: StoredScan): Promise<StoredScan> {
  state.startedAt = new Date(deps.clock().getTime()).toISOString();
  const run = new ScanRun(deps, library, state);
  await run.beat(true);
  await run.prepare();
  await run.walk();
  await run.update(await run.match());
  await run.unclaimed();
  await run.rememberSkipped();
  return state;
}
