// The checkpointer's thread: its own connection to the database file copies committed WAL pages
// back into the database every so often, so no request waits for that copy and its fsync.

import { Database } from 'bun:sqlite';

declare const self: Worker;

interface Start {
  file: string;
  intervalMs: number;
}

let timer: ReturnType<typeof setInterval> | undefined;
let run: (() => void) | undefined;
let close: (() => void) | undefined;

self.onmessage = (event: MessageEvent<Start | 'now' | 'stop'>) => {
  if (event.data === 'now') {
    run?.();
    return;
  }
  if (event.data === 'stop') {
    if (timer) clearInterval(timer);
    // Closed, so the hub's own connection is the last one: closing it merges the WAL into the
    // database file and removes it.
    close?.();
    self.postMessage({ stopped: true });
    return;
  }
  const { file, intervalMs } = event.data;
  const sqlite = new Database(file);
  const checkpoint = sqlite.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  close = () => {
    checkpoint.finalize();
    sqlite.close();
  };
  // PASSIVE never waits for a lock and never blocks writers or readers; with nothing new in the
  // WAL it costs a read of the shared-memory index.
  run = () => {
    const row = checkpoint.get() as { busy: number; log: number; checkpointed: number };
    self.postMessage({ log: row.log, checkpointed: row.checkpointed });
  };
  run();
  timer = setInterval(run, intervalMs);
};
