// What the processing job and the preparations of fresh uploads share: lanes that bound how many
// images are decoded at once, a scratch folder per job, and a wait that gives up when the queue stops.

import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Runs at most `size` tasks at once, the others in the order they came. */
export class Lanes {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The lane passes straight to the next task, or becomes free.
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** A folder of one job's own under `workDir`, made only when needed (an image on the local disk needs none); `remove` is safe to call always. */
export function scratchFolder(workDir: string) {
  let dir: string | undefined;
  return {
    async get() {
      if (!dir) {
        dir = path.join(workDir, crypto.randomUUID());
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      }
      return dir;
    },
    async remove() {
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** `work`'s outcome, or a rejection once `signal` aborts first (the queue stops: the job is put back). */
export async function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  let stop = () => {};
  const abort = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([work, abort]);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
