// A job queue kept in SQLite: work that must happen off the request path (thumbnails, posters,
// purges, deleting bytes) survives a restart, is retried a few times, and runs with a bounded
// number of workers. Features define their kinds with zod payloads and register a handler each.

import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Database, Db } from '../db/database.ts';
import { type Logger, silentLogger } from '../logger.ts';

export interface JobDefinition<P = unknown> {
  kind: string;
  schema: z.ZodType<P>;
  /** Attempts before the job is given up as failed (and onFailed runs). */
  maxAttempts: number;
  /** Wait before attempt `n + 1` after attempt `n` failed. */
  retryDelayMs: (attempt: number) => number;
}

/** A kind of job: its name, its payload's schema, how often it is tried. */
export function defineJob<S extends z.ZodType>(
  kind: string,
  schema: S,
  options: { maxAttempts?: number; retryDelayMs?: (attempt: number) => number } = {},
): JobDefinition<z.output<S>> {
  return {
    kind,
    schema: schema as z.ZodType<z.output<S>>,
    maxAttempts: options.maxAttempts ?? 3,
    // 10 s, 40 s, 90 s …: long enough for a busy disk or a restarting store to come back.
    retryDelayMs: options.retryDelayMs ?? ((attempt) => 10_000 * attempt * attempt),
  };
}

export interface JobContext {
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when the queue stops: long work should give up and will be run again later. */
  signal: AbortSignal;
}

type Handler<P> = (payload: P, context: JobContext) => Promise<void>;
type FailedHandler<P> = (payload: P, error: Error) => Promise<void>;

interface Registration {
  // biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
  definition: JobDefinition<any>;
  // biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
  handler: Handler<any>;
  // biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
  onFailed?: FailedHandler<any>;
}

/** A programming error: a kind without a handler, a payload its schema refuses. */
export class JobQueueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobQueueError';
  }
}

/** Thrown by a handler for input that will never work: the job fails at once, without retries. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/**
 * Thrown by a handler whose work was cut off from outside (a tool it ran was stopped by a signal):
 * not the job's fault, so the job is queued again and never fails for it. While the queue stops,
 * the attempt does not count; otherwise it waits like a retry, longer each time (a tool the
 * kernel kills for memory every time must not run in a loop), up to MAX_INTERRUPTED_DELAY_MS.
 */
export class JobInterruptedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobInterruptedError';
  }
}

/** The longest wait before a job cut off again and again runs once more. */
export const MAX_INTERRUPTED_DELAY_MS = 60 * 60_000;

export interface JobQueueOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Jobs that run at once. */
  concurrency: number;
  /** Every kind the app uses: start() refuses to run while one has no handler. */
  // biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
  kinds: readonly JobDefinition<any>[];
  logger?: Logger;
  /** How often idle workers look for due jobs (retries, delayed jobs, jobs enqueued elsewhere). */
  pollMs?: number;
  /** How long stop() lets running jobs finish before aborting them. */
  stopTimeoutMs?: number;
  /**
   * Kinds with workers of their own (video conversion): at most `concurrency` of them run at once,
   * and they never take the `concurrency` workers above, so an hour-long job does not hold up the
   * short ones behind it.
   */
  pools?: readonly JobPool[];
}

export interface JobPool {
  // biome-ignore lint/suspicious/noExplicitAny: a pool takes jobs of any payload
  kinds: readonly JobDefinition<any>[];
  concurrency: number;
}

export interface EnqueueOptions {
  /** Jobs of one kind with the same key are one job: enqueueing again merges into the waiting one. */
  key: string;
  /** Enqueue inside this transaction, so the job exists exactly when the rows it is about do. */
  db?: Db;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
}

export interface JobCounts {
  queued: number;
  running: number;
  failed: number;
}

export class JobQueue {
  private readonly registrations = new Map<string, Registration>();
  // biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
  private readonly kinds: Map<string, JobDefinition<any>>;
  private readonly logger: Logger;
  private readonly pollMs: number;
  private readonly stopTimeoutMs: number;
  private started = false;
  private stopping = false;
  private workers: Promise<void>[] = [];
  private readonly running = new Set<Promise<void>>();
  private abort = new AbortController();
  private wakeUp: (() => void)[] = [];
  private pollTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: JobQueueOptions) {
    this.kinds = new Map();
    for (const definition of options.kinds) {
      if (this.kinds.has(definition.kind)) throw new JobQueueError(`Job kind ${definition.kind} is defined twice`);
      this.kinds.set(definition.kind, definition);
    }
    this.logger = options.logger ?? silentLogger;
    this.pollMs = options.pollMs ?? 1_000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  }

  /** Jobs that run at once (the number of workers). */
  get concurrency(): number {
    return Math.max(1, this.options.concurrency);
  }

  /** Registers what a kind of job does; onFailed runs once when its last attempt failed. */
  handle<P>(definition: JobDefinition<P>, handler: Handler<P>, options: { onFailed?: FailedHandler<P> } = {}): this {
    if (this.kinds.get(definition.kind) !== definition) throw new JobQueueError(`Job kind ${definition.kind} is not one of the queue's kinds`);
    if (this.registrations.has(definition.kind)) throw new JobQueueError(`Job kind ${definition.kind} already has a handler`);
    this.registrations.set(definition.kind, { definition, handler, ...(options.onFailed ? { onFailed: options.onFailed } : {}) });
    return this;
  }

  /**
   * Adds a job, or merges it into the waiting one with the same kind and key (the new payload
   * wins; a failed one is tried afresh; a running one runs once more when it ends).
   */
  async enqueue<P>(definition: JobDefinition<P>, payload: P, options: EnqueueOptions): Promise<void> {
    if (this.kinds.get(definition.kind) !== definition) throw new JobQueueError(`Job kind ${definition.kind} is not one of the queue's kinds`);
    const parsed = definition.schema.safeParse(payload);
    if (!parsed.success) throw new JobQueueError(`Invalid payload for ${definition.kind}: ${parsed.error.issues[0]?.message}`);
    const now = this.now();
    const runAt = now + Math.max(0, options.delayMs ?? 0);
    await (options.db ?? this.options.db)
      .insertInto('jobs')
      .values({ kind: definition.kind, key: options.key, payload: JSON.stringify(parsed.data), run_at: runAt, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['kind', 'key']).doUpdateSet({
          payload: (eb) => eb.ref('excluded.payload'),
          run_at: sql<number>`case when jobs.state = 'queued' then min(jobs.run_at, excluded.run_at) else excluded.run_at end`,
          attempts: sql<number>`case when jobs.state = 'failed' then 0 else jobs.attempts end`,
          rerun: sql<number>`case when jobs.state = 'running' then 1 else 0 end`,
          state: sql<'queued' | 'running'>`case when jobs.state = 'running' then 'running' else 'queued' end`,
          last_error: sql<null>`case when jobs.state = 'failed' then null else jobs.last_error end`,
          updated_at: now,
        }),
      )
      .execute();
    this.wake();
  }

  /**
   * Checks that every kind has a handler, puts back jobs a killed process left running, and
   * starts the workers.
   */
  async start(): Promise<void> {
    if (this.started) return;
    const missing = [...this.kinds.keys()].filter((kind) => !this.registrations.has(kind));
    if (missing.length > 0) throw new JobQueueError(`No handler for job kind(s): ${missing.join(', ')}`);
    const unknown = await this.options.db
      .selectFrom('jobs')
      .select('kind')
      .distinct()
      .where('kind', 'not in', [...this.kinds.keys()])
      .execute();
    if (unknown.length > 0) this.logger.warn('jobs of unknown kinds are waiting and will not run', { kinds: unknown.map((r) => r.kind).join(',') });
    await this.resumeInterrupted();
    this.started = true;
    this.stopping = false;
    this.abort = new AbortController();
    this.pollTimer = setInterval(() => this.wake(), this.pollMs);
    this.workers = this.lanes().flatMap(({ kinds, concurrency }) => Array.from({ length: concurrency }, () => this.work(kinds)));
  }

  /** The shared workers (every kind not in a pool) and each pool's, with the kinds each may take. */
  private lanes(): { kinds: (registered: string[]) => string[]; concurrency: number }[] {
    const pools = this.options.pools ?? [];
    const pooled = new Set(pools.flatMap((pool) => pool.kinds.map((d) => d.kind)));
    return [
      { kinds: (registered) => registered.filter((kind) => !pooled.has(kind)), concurrency: Math.max(1, this.options.concurrency) },
      ...pools.map((pool) => {
        const own = new Set(pool.kinds.map((d) => d.kind));
        return { kinds: (registered: string[]) => registered.filter((kind) => own.has(kind)), concurrency: Math.max(1, pool.concurrency) };
      }),
    ];
  }

  /** Stops taking jobs, lets running ones finish (aborting them after a while), then resolves. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.stopping = true;
    clearInterval(this.pollTimer);
    this.wake();
    const finished = Promise.all(this.workers).then(() => 'finished' as const);
    const timeout = Bun.sleep(this.stopTimeoutMs).then(() => 'timeout' as const);
    if ((await Promise.race([finished, timeout])) === 'timeout') {
      this.logger.warn('jobs still running at shutdown were interrupted; they run again at the next start', { running: this.running.size });
      this.abort.abort();
      await finished;
    }
    this.started = false;
  }

  /**
   * Runs every due job (and the jobs those enqueue) until none is left, with the queue's
   * concurrency. For tests and the CLI; the clock decides what is due.
   */
  async runUntilIdle(): Promise<void> {
    await this.resumeInterrupted();
    const lanes = this.lanes().flatMap(({ kinds, concurrency }) =>
      Array.from({ length: concurrency }, async () => {
        for (;;) {
          const job = await this.claim(kinds);
          if (!job) return;
          await this.track(this.run(job));
        }
      }),
    );
    await Promise.all(lanes);
    // A lane may have ended while another's job enqueued more work.
    if (await this.claimableCount()) await this.runUntilIdle();
  }

  /** How many jobs wait, run and have failed. */
  async counts(): Promise<JobCounts> {
    const rows = await this.options.db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute();
    const counts: JobCounts = { queued: 0, running: 0, failed: 0 };
    for (const row of rows) counts[row.state] = Number(row.n);
    return counts;
  }

  private now(): number {
    return this.options.clock().getTime();
  }

  private wake(): void {
    const waiting = this.wakeUp;
    this.wakeUp = [];
    for (const resolve of waiting) resolve();
  }

  private async track(run: Promise<void>): Promise<void> {
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  private async resumeInterrupted(): Promise<void> {
    if (this.running.size > 0) return;
    // No job runs in this process, so a 'running' row was left by one that was killed.
    await this.options.db.updateTable('jobs').set({ state: 'queued', rerun: 0 }).where('state', '=', 'running').execute();
  }

  private async claimableCount(): Promise<number> {
    const row = await this.options.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'queued')
      .where('run_at', '<=', this.now())
      .where('kind', 'in', [...this.registrations.keys(), ''])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks the next due job of the lane's kinds running and returns it (one statement: two workers never share a job). */
  private async claim(lane: (registered: string[]) => string[]) {
    const now = this.now();
    const kinds = lane([...this.registrations.keys()]);
    if (kinds.length === 0) return undefined;
    return this.options.db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'queued')
          .where('run_at', '<=', now)
          .where('kind', 'in', kinds)
          .orderBy('run_at')
          .orderBy('id')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst();
  }

  private async work(lane: (registered: string[]) => string[]): Promise<void> {
    while (!this.stopping) {
      // biome-ignore lint/suspicious/noImplicitAnyLet: kept from before the linter; fix when this code is next touched
      let job;
      try {
        job = await this.claim(lane);
      } catch (error) {
        this.logger.error('job queue could not read its jobs', { error: errorText(error) });
      }
      if (job) {
        await this.track(this.run(job));
        continue;
      }
      await new Promise<void>((resolve) => this.wakeUp.push(resolve));
    }
  }

  private async run(job: { id: number; kind: string; key: string; payload: string; attempts: number }): Promise<void> {
    const registration = this.registrations.get(job.kind)!;
    const { definition } = registration;
    const started = performance.now();
    let payload: unknown;
    let outcome: Error | undefined;
    try {
      const parsed = definition.schema.safeParse(JSON.parse(job.payload));
      if (!parsed.success) throw new PermanentJobError(`Invalid payload: ${parsed.error.issues[0]?.message}`);
      payload = parsed.data;
      await registration.handler(payload, { attempt: job.attempts, signal: this.abort.signal });
    } catch (error) {
      outcome = error instanceof Error ? error : new Error(String(error));
    }
    const db = this.options.db;
    const now = this.now();
    const ms = Math.round(performance.now() - started);
    if (!outcome) {
      // Done: gone, unless it was enqueued again meanwhile (then it is queued once more).
      const deleted = await db.deleteFrom('jobs').where('id', '=', job.id).where('rerun', '=', 0).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) {
        await db.updateTable('jobs').set({ state: 'queued', rerun: 0, attempts: 0, updated_at: now }).where('id', '=', job.id).where('rerun', '=', 1).execute();
      }
      this.logger.debug('job done', { kind: job.kind, key: job.key, ms });
      return;
    }
    if (this.abort.signal.aborted || (this.stopping && outcome instanceof JobInterruptedError)) {
      // Interrupted by shutdown: not the job's fault, so the attempt does not count.
      await db
        .updateTable('jobs')
        .set({ state: 'queued', attempts: Math.max(0, job.attempts - 1), updated_at: now })
        .where('id', '=', job.id)
        .execute();
      this.logger.info('job interrupted by the stop; it runs again at the next start', { kind: job.kind, key: job.key });
      return;
    }
    if (outcome instanceof JobInterruptedError) {
      // Cut off while the hub runs: again later, never failed.
      const delay = Math.min(MAX_INTERRUPTED_DELAY_MS, definition.retryDelayMs(job.attempts));
      await db
        .updateTable('jobs')
        .set({ state: 'queued', run_at: now + delay, last_error: errorText(outcome), updated_at: now })
        .where('id', '=', job.id)
        .execute();
      this.logger.warn('job interrupted; it runs again', { kind: job.kind, key: job.key, attempt: job.attempts, error: errorText(outcome), delayMs: delay });
      return;
    }
    const permanent = outcome instanceof PermanentJobError;
    if (!permanent && job.attempts < definition.maxAttempts) {
      await db
        .updateTable('jobs')
        .set({ state: 'queued', run_at: now + definition.retryDelayMs(job.attempts), last_error: errorText(outcome), updated_at: now })
        .where('id', '=', job.id)
        .execute();
      this.logger.warn('job failed; will retry', { kind: job.kind, key: job.key, attempt: job.attempts, error: errorText(outcome) });
      return;
    }
    await db
      .updateTable('jobs')
      .set({ state: 'failed', rerun: 0, last_error: errorText(outcome), updated_at: now })
      .where('id', '=', job.id)
      .execute();
    this.logger.warn('job failed for good', { kind: job.kind, key: job.key, attempts: job.attempts, error: errorText(outcome) });
    if (registration.onFailed && payload !== undefined) {
      try {
        await registration.onFailed(payload, outcome);
      } catch (error) {
        this.logger.error('job failure handler failed', { kind: job.kind, key: job.key, error: errorText(error) });
      }
    }
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
