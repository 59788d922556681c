// Watching library folders for changes (decision 0043), where the file system tells: a recursive
// fs.watch per library (inotify on Linux, one watch per folder), a debounced rescan once the folder
// has been quiet for a few seconds. Watching is a shortcut, never the safety net: a folder that
// cannot be watched (too many folders for the budget of inotify watches, the system's limit hit, a
// file system that raises no events such as NFS or SMB changed from another machine) is simply not
// watched, silently, and the periodic rescans (LIBRARY_SCAN_MINUTES) find its changes.

import { type FSWatcher, promises as fs, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import { type Logger, silentLogger } from '../../logger.ts';

/** What the owner of the watches does once a folder has been quiet: `again` to be asked once more later (a scan still runs). */
export type OnQuiet = (libraryId: string) => Promise<'again' | undefined>;

export interface FolderWatchesOptions {
  /** Quiet time after the last event before the rescan (ms). */
  delayMs: number;
  /** Folders watched at most, over every library (inotify takes one watch per folder). */
  maxFolders?: number;
  onQuiet: OnQuiet;
  logger?: Logger;
}

/** Events keep coming (a long copy): the rescan runs anyway this many delays after the first of them. */
const LONGEST_WAIT = 10;

/** Half the system's inotify watches (the rest stay for other programs); 8,192 when it cannot be read. */
export function defaultWatchBudget(): number {
  try {
    const limit = Number(readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8').trim());
    if (Number.isFinite(limit) && limit > 0) return Math.floor(limit / 2);
  } catch {
    // Not Linux, or /proc not mounted.
  }
  return 8192;
}

/** How many folders `root` holds, itself included, links not followed; `limit + 1` once there are more than `limit`. */
export async function countFolders(root: string, limit: number, leftOut: ReadonlySet<string> = new Set()): Promise<number> {
  let count = 0;
  const stack = [root];
  while (stack.length > 0) {
    const folder = stack.pop()!;
    count++;
    if (count > limit) return count;
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) if (entry.isDirectory() && !leftOut.has(`${folder}/${entry.name}`)) stack.push(`${folder}/${entry.name}`);
  }
  return count;
}

interface Watch {
  folder: string;
  folders: number;
  watcher: FSWatcher;
  timer: ReturnType<typeof setTimeout> | null;
  /** When the first event not yet followed by a rescan came. */
  firstAt: number | null;
}

/** An event inside a dot-folder (which scans pass over) changes nothing a scan sees. */
const inDotFolder = (name: string | null) =>
  name
    ?.split('/')
    .slice(0, -1)
    .some((part) => part.startsWith('.')) === true;

export type FolderWatches = ReturnType<typeof createFolderWatches>;

export function createFolderWatches(options: FolderWatchesOptions) {
  const logger = options.logger ?? silentLogger;
  const maxFolders = options.maxFolders ?? defaultWatchBudget();
  const watches = new Map<string, Watch>();
  // Calls of watch() not finished yet (counting folders): unwatch() and closeAll() cancel them.
  const pending = new Map<string, symbol>();
  let closed = false;

  const used = () => {
    let n = 0;
    for (const w of watches.values()) n += w.folders;
    return n;
  };

  function arm(id: string, entry: Watch): void {
    if (entry.timer) clearTimeout(entry.timer);
    const now = Date.now();
    entry.firstAt ??= now;
    const wait = Math.max(0, Math.min(options.delayMs, entry.firstAt + LONGEST_WAIT * options.delayMs - now));
    entry.timer = setTimeout(() => void quiet(id, entry), wait);
    entry.timer.unref?.();
  }

  async function quiet(id: string, entry: Watch): Promise<void> {
    entry.timer = null;
    if (watches.get(id) !== entry) return;
    entry.firstAt = null;
    let again: 'again' | undefined;
    try {
      again = await options.onQuiet(id);
    } catch (error) {
      logger.warn('a watched library folder changed but its scan could not be queued', { error: String(error) });
    }
    if (again === 'again' && watches.get(id) === entry && !entry.timer) arm(id, entry);
  }

  function unwatch(id: string): void {
    pending.delete(id);
    const entry = watches.get(id);
    if (!entry) return;
    watches.delete(id);
    if (entry.timer) clearTimeout(entry.timer);
    entry.watcher.close();
  }

  return {
    /**
     * Watches the library's folder (another folder than before: the old watch goes). Whether it is
     * watched now; not watched (silently) when the folder has more folders than the budget left or
     * the file system refuses.
     */
    async watch(id: string, folder: string, leftOut: readonly string[] = []): Promise<boolean> {
      if (closed) return false;
      const current = watches.get(id);
      if (current?.folder === folder) return true;
      unwatch(id);
      const token = Symbol(id);
      pending.set(id, token);
      const left = maxFolders - used();
      const folders = await countFolders(folder, left, new Set(leftOut));
      // The hub's own folders inside (left out of the scans): their changes (every new thumbnail) are not the library's.
      const leftOutRel = leftOut.map((abs) => path.relative(folder, abs).split(path.sep).join('/'));
      if (pending.get(id) !== token || closed) return false;
      pending.delete(id);
      if (folders > left) {
        logger.info('a library folder is not watched: it has more folders than the watches left; periodic rescans find its changes', { folder });
        return false;
      }
      let watcher: FSWatcher;
      try {
        watcher = watch(folder, { recursive: true, persistent: false });
      } catch (error) {
        logger.info('a library folder cannot be watched; periodic rescans find its changes', { folder, error: String(error) });
        return false;
      }
      const entry: Watch = { folder, folders, watcher, timer: null, firstAt: null };
      watches.set(id, entry);
      watcher.on('change', (_event, name) => {
        if (watches.get(id) !== entry) return;
        if (inDotFolder(typeof name === 'string' ? name : null)) return;
        if (typeof name === 'string' && leftOutRel.some((rel) => name === rel || name.startsWith(`${rel}/`))) return;
        arm(id, entry);
      });
      watcher.on('error', (error) => {
        if (watches.get(id) !== entry) return;
        logger.info('watching a library folder stopped; periodic rescans find its changes', { folder, error: String(error) });
        unwatch(id);
      });
      return true;
    },
    unwatch,
    /** Whether the library's folder is watched. */
    watching: (id: string) => watches.has(id),
    /** Stops every watch (the hub stops); later calls of watch() watch nothing. */
    closeAll(): void {
      closed = true;
      pending.clear();
      for (const id of [...watches.keys()]) unwatch(id);
    },
    /** Allows watches again after closeAll (the hub starts again in the same process, as tests do). */
    open(): void {
      closed = false;
    },
  };
}
