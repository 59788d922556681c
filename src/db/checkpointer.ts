// WAL checkpoints and full-text merges off the request path.
// - SQLite's default checkpoints inside the commit that takes the WAL past 1,000 pages: that
//   request then also copies those pages into the database file and waits for its fsync (a third
//   of a 1,000-item bulk action's time). The hub's connection turns that off and a worker thread
//   with its own connection checkpoints every second instead.
// - FTS5 merges an index's segments inside the write that adds the segment making a level full
//   (automerge): about one 1,000-item bulk action in seven paid 200-400 ms for it. The indexes
//   named in `searchIndexes` have automerge off while the worker runs, and the worker merges them
//   in small steps before each checkpoint. (FTS5's crisis merge, at 16 segments on a level, stays
//   on: if merges ever fall behind, a write still merges.)
// Should the worker fail, the connection checkpoints and merges itself again, as SQLite does by
// default; on stop, the same.

import type { Database as SqliteDatabase } from 'bun:sqlite';

/** SQLite's own default threshold, restored if the worker fails. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** FTS5's own default automerge, restored likewise (it is stored in the index's config table). */
const DEFAULT_AUTOMERGE = 4;

export interface CheckpointProgress {
  /** Frames in the WAL at the last checkpoint. */
  log: number;
  /** Of those, frames copied into the database file. */
  checkpointed: number;
  /** Full-text merge steps that did work before this checkpoint. */
  merged: number;
}

export interface Checkpointer {
  /** The last checkpoint's figures (null before the first). */
  readonly last: CheckpointProgress | null;
  /** Whether the worker runs (false after a failure: the connection checkpoints itself). */
  readonly running: boolean;
  /** Resolves after the next checkpoint the worker reports. */
  next(): Promise<CheckpointProgress>;
  /** Checkpoints at once (without waiting for the timer); resolves with its figures. */
  now(): Promise<CheckpointProgress>;
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  intervalMs?: number;
  /** FTS5 tables whose segments the worker merges (those that exist; plain lower-case names). */
  searchIndexes?: readonly string[];
  onFailure?: (message: string) => void;
}

export function startCheckpointer(sqlite: SqliteDatabase, file: string, options: CheckpointerOptions = {}): Checkpointer {
  const searchIndexes = (options.searchIndexes ?? []).filter((name) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a table name: ${name}`);
    return sqlite.query("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== null;
  });
  const automerge = (value: number) => {
    for (const name of searchIndexes) sqlite.run(`insert into ${name} (${name}, rank) values ('automerge', ${value})`);
  };
  const worker = new Worker(new URL('./checkpoint-worker.ts', import.meta.url).href);
  let running = true;
  let last: CheckpointProgress | null = null;
  let waiting: ((progress: CheckpointProgress) => void)[] = [];
  let stopped: (() => void) | null = null;
  sqlite.exec('PRAGMA wal_autocheckpoint = 0');
  automerge(0);

  const fail = (message: string) => {
    if (!running) return;
    running = false;
    sqlite.exec(`PRAGMA wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    automerge(DEFAULT_AUTOMERGE);
    options.onFailure?.(message);
    worker.terminate();
  };
  worker.onmessage = (event: MessageEvent<CheckpointProgress | { stopped: true } | { mergesFailed: string }>) => {
    if ('stopped' in event.data) {
      stopped?.();
      return;
    }
    if ('mergesFailed' in event.data) {
      // Checkpoints go on; the index merges inside writes again.
      automerge(DEFAULT_AUTOMERGE);
      options.onFailure?.(`full-text merges: ${event.data.mergesFailed}`);
      return;
    }
    last = event.data;
    const resolved = waiting;
    waiting = [];
    for (const resolve of resolved) resolve(event.data);
  };
  worker.onerror = (event) => fail(event.message || 'the checkpoint worker stopped');
  worker.postMessage({ file, intervalMs: options.intervalMs ?? 1000, searchIndexes });
  // The worker must not keep a stopping process alive.
  (worker as unknown as { unref(): void }).unref();

  return {
    get last() {
      return last;
    },
    get running() {
      return running;
    },
    next() {
      return new Promise((resolve) => waiting.push(resolve));
    },
    now() {
      const done = new Promise<CheckpointProgress>((resolve) => waiting.push(resolve));
      worker.postMessage('now');
      return done;
    },
    async stop() {
      if (!running) return;
      running = false;
      await Promise.race([
        new Promise<void>((resolve) => {
          stopped = resolve;
          worker.postMessage('stop');
        }),
        Bun.sleep(2000),
      ]);
      worker.terminate();
      // Left to itself again (the CLI or a test may go on using this connection).
      sqlite.exec(`PRAGMA wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
      automerge(DEFAULT_AUTOMERGE);
    },
  };
}
