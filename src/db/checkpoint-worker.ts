// The checkpointer's thread: its own connection to the database file copies committed WAL pages
// back into the database every so often, so no request waits for that copy and its fsync; before
// each checkpoint it merges the full-text indexes' segments, so no request pays for that either.

import { Database } from 'bun:sqlite';

declare const self: Worker;

interface Start {
  file: string;
  intervalMs: number;
  /** Full-text (FTS5) tables whose segments this thread merges (their automerge is off). */
  searchIndexes: string[];
}

/**
 * Pages one merge step writes: about 2 ms a step (13 ms at most) on the 100,000-item bench, so the
 * write lock it takes is never held long; a hub write that meets it waits (busy timeout) that long.
 */
const MERGE_PAGES = 16;
/** Steps a tick may take at most (the rest waits for the next tick). */
const MERGE_STEPS_PER_TICK = 500;

let timer: ReturnType<typeof setInterval> | undefined;
let run: (() => Promise<void>) | undefined;
let close: (() => void) | undefined;
let stopping = false;

self.onmessage = (event: MessageEvent<Start | 'now' | 'stop'>) => {
  if (event.data === 'now') {
    void run?.();
    return;
  }
  if (event.data === 'stop') {
    stopping = true;
    if (timer) clearInterval(timer);
    // Closed, so the hub's own connection is the last one: closing it merges the WAL into the
    // database file and removes it.
    close?.();
    self.postMessage({ stopped: true });
    return;
  }
  const { file, intervalMs, searchIndexes } = event.data;
  const sqlite = new Database(file);
  // A merge step needs the write lock: it waits briefly for a hub write, and gives up this tick
  // when one holds it longer.
  sqlite.exec('PRAGMA busy_timeout = 100');
  const checkpoint = sqlite.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  const changes = sqlite.prepare('select total_changes() as n');
  // (The hub sends only indexes that exist, their names checked.)
  const merges = searchIndexes.map((name) => sqlite.prepare(`insert into ${name} (${name}, rank) values ('merge', ${MERGE_PAGES})`));
  let merging = merges.length > 0;
  close = () => {
    for (const statement of [checkpoint, changes, ...merges]) statement.finalize();
    sqlite.close();
  };

  /** Merge steps until no index has work left (a step that changes fewer than 2 rows did none); how many did work. */
  async function merge(): Promise<number> {
    let steps = 0;
    for (const step of merges) {
      for (let i = 0; i < MERGE_STEPS_PER_TICK && !stopping; i++) {
        const before = (changes.get() as { n: number }).n;
        try {
          step.run();
        } catch (error) {
          if ((error as { code?: string }).code === 'SQLITE_BUSY') return steps;
          // Anything else: merging stops and the hub's connection merges inside its writes again.
          merging = false;
          self.postMessage({ mergesFailed: error instanceof Error ? error.message : String(error) });
          return steps;
        }
        if ((changes.get() as { n: number }).n - before < 2) break;
        steps++;
        // Room for the hub's writes between steps.
        await Bun.sleep(1);
      }
    }
    return steps;
  }

  let busy = false;
  let again = false;
  // PASSIVE never waits for a lock and never blocks writers or readers; with nothing new in the
  // WAL it costs a read of the shared-memory index.
  run = async () => {
    // A run asked for while one is under way follows it (it must see the writes made before asking).
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        if (stopping) return;
        const merged = merging ? await merge() : 0;
        if (stopping) return;
        const row = checkpoint.get() as { busy: number; log: number; checkpointed: number };
        self.postMessage({ log: row.log, checkpointed: row.checkpointed, merged });
      } while (again);
    } finally {
      busy = false;
    }
  };
  void run();
  timer = setInterval(() => void run?.(), intervalMs);
};
