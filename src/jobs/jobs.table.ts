// Row type of the job queue: work that must happen off the request path and survive a restart.

import type { Generated } from 'kysely';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** With kind, identifies the job: enqueueing the same kind and key again merges into one job. */
  key: string;
  /** JSON, checked against the kind's zod schema before a handler sees it. */
  payload: string;
  state: Generated<'queued' | 'running' | 'failed'>;
  /** Attempts started so far, the running one included. */
  attempts: Generated<number>;
  /** 1 when enqueued again while running: the job runs once more after this run. */
  rerun: Generated<number>;
  /** Epoch milliseconds: not before this time (retries back off). */
  run_at: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}
