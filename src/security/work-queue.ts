// Runs at most `concurrency` jobs at a time; others wait in line, but not for long and not in
// great numbers: past either bound they are turned away with ServerBusyError (HTTP 429).

import { TooManyRequestsError } from '../errors.ts';

export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';

/** Too much work queued already; nothing was done. */
export class ServerBusyError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, SERVER_BUSY);
  }
}

export interface WorkQueueOptions {
  concurrency: number;
  /** How long a job may wait for its turn. */
  maxWaitMs: number;
  /** How many jobs may wait at once. */
  maxWaiting: number;
}

export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Jobs started since the process began (tests use it to prove work was not done). */
  started = 0;

  constructor(readonly options: WorkQueueOptions) {}

  /** Jobs running and waiting right now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.turn();
    this.started++;
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    const retryAfter = Math.max(1, Math.ceil(this.options.maxWaitMs / 1000));
    if (this.waiting.length >= this.options.maxWaiting) return Promise.reject(new ServerBusyError(retryAfter));
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        // The slot is handed over directly, so a newcomer cannot take it in between.
        this.running++;
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new ServerBusyError(retryAfter));
      }, this.options.maxWaitMs);
      this.waiting.push(start);
    });
  }
}
