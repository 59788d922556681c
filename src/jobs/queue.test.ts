import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import path from 'node:path';
import { z } from 'zod';
import { tempDir } from '../../test/helpers/test-app.ts';
import { type OpenDatabase, openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { defineJob, type JobDefinition, JobInterruptedError, JobQueue, JobQueueError, MAX_INTERRUPTED_DELAY_MS, PermanentJobError } from './queue.ts';

const greet = defineJob('test.greet', z.object({ name: z.string().min(1) }), { maxAttempts: 3, retryDelayMs: (n) => n * 1_000 });
const other = defineJob('test.other', z.object({}));

let database: OpenDatabase;
let file: string;
let now: number;
const clock = () => new Date(now);

beforeEach(async () => {
  file = path.join(tempDir('hub-jobs-'), 'hub.sqlite');
  database = openDatabase(file);
  await migrateToLatest(database.db);
  now = Date.UTC(2026, 10, 21, 12);
});
afterEach(async () => {
  await database.close();
});

// biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
function queue(options: { kinds?: JobDefinition<any>[]; concurrency?: number; stopTimeoutMs?: number; db?: OpenDatabase['db'] } = {}) {
  return new JobQueue({
    db: options.db ?? database.db,
    clock,
    concurrency: options.concurrency ?? 2,
    kinds: options.kinds ?? [greet],
    pollMs: 20,
    stopTimeoutMs: options.stopTimeoutMs ?? 2_000,
  });
}
const jobRows = () => database.db.selectFrom('jobs').selectAll().orderBy('id').execute();

describe('job queue', () => {
  test('runs a job with its parsed payload, then forgets it', async () => {
    const q = queue();
    const seen: string[] = [];
    q.handle(greet, async ({ name }) => void seen.push(name));
    await q.enqueue(greet, { name: 'Ada' }, { key: 'a' });
    expect(await q.counts()).toEqual({ queued: 1, running: 0, failed: 0 });
    await q.runUntilIdle();
    expect(seen).toEqual(['Ada']);
    expect(await jobRows()).toEqual([]);
  });

  test('the same kind and key is one job: the newest payload wins', async () => {
    const q = queue();
    const seen: string[] = [];
    q.handle(greet, async ({ name }) => void seen.push(name));
    await q.enqueue(greet, { name: 'first' }, { key: 'same' });
    await q.enqueue(greet, { name: 'second' }, { key: 'same' });
    await q.enqueue(greet, { name: 'elsewhere' }, { key: 'other' });
    await q.runUntilIdle();
    expect(seen.sort()).toEqual(['elsewhere', 'second']);
  });

  test('a failing job is retried after its delay, then given up with onFailed called once', async () => {
    const q = queue();
    const attempts: number[] = [];
    const failures: string[] = [];
    q.handle(
      greet,
      async (_payload, { attempt }) => {
        attempts.push(attempt);
        throw new Error(`broken ${attempt}`);
      },
      { onFailed: async ({ name }, error) => void failures.push(`${name}: ${error.message}`) },
    );
    await q.enqueue(greet, { name: 'Bo' }, { key: 'b' });
    await q.runUntilIdle();
    expect(attempts).toEqual([1]);
    // Not due yet: the clock has not moved.
    await q.runUntilIdle();
    expect(attempts).toEqual([1]);
    expect((await jobRows())[0]).toMatchObject({ state: 'queued', attempts: 1, last_error: 'broken 1', run_at: now + 1_000 });
    now += 1_000;
    await q.runUntilIdle();
    now += 2_000;
    await q.runUntilIdle();
    expect(attempts).toEqual([1, 2, 3]);
    expect(failures).toEqual(['Bo: broken 3']);
    expect((await jobRows())[0]).toMatchObject({ state: 'failed', attempts: 3, last_error: 'broken 3' });
    now += 1_000_000;
    await q.runUntilIdle();
    expect(attempts).toEqual([1, 2, 3]);
  });

  test('a job cut off from outside (its tool stopped by a signal) is queued again, later each time, and never fails nor calls onFailed', async () => {
    const q = queue();
    const attempts: number[] = [];
    const failures: string[] = [];
    q.handle(
      greet,
      async (_payload, { attempt }) => {
        attempts.push(attempt);
        if (attempts.length <= 5) throw new JobInterruptedError('ffmpeg was stopped by SIGKILL');
      },
      { onFailed: async ({ name }) => void failures.push(name) },
    );
    await q.enqueue(greet, { name: 'Vi' }, { key: 'v' });
    for (let i = 1; i <= 5; i++) {
      await q.runUntilIdle();
      expect((await jobRows())[0]).toMatchObject({ state: 'queued', attempts: i, last_error: 'ffmpeg was stopped by SIGKILL', run_at: now + i * 1_000 });
      now += i * 1_000;
    }
    await q.runUntilIdle();
    expect(attempts).toEqual([1, 2, 3, 4, 5, 6]);
    expect(failures).toEqual([]);
    expect(await jobRows()).toEqual([]);
    expect(MAX_INTERRUPTED_DELAY_MS).toBe(3_600_000);
  });

  test('cut off while the queue stops (a service manager signalled the tool with the hub): queued for the next start, its attempt not counted', async () => {
    const q = queue({ concurrency: 1, stopTimeoutMs: 60_000 });
    let started = false;
    let release = () => {};
    q.handle(greet, async () => {
      started = true;
      // The tool dies of the same signal the hub got, before the grace period is over.
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      throw new JobInterruptedError('ffmpeg was stopped by a signal');
    });
    await q.enqueue(greet, { name: 'Sy' }, { key: 's' });
    await q.start();
    while (!started) await Bun.sleep(5);
    const stopped = q.stop();
    release();
    await stopped;
    expect((await jobRows())[0]).toMatchObject({ key: 's', state: 'queued', attempts: 0, run_at: now });
  });

  test('a permanent error fails the job at once; enqueueing it again tries afresh', async () => {
    const q = queue();
    let calls = 0;
    q.handle(greet, async () => {
      calls++;
      if (calls === 1) throw new PermanentJobError('never works');
    });
    await q.enqueue(greet, { name: 'C' }, { key: 'c' });
    await q.runUntilIdle();
    expect((await jobRows())[0]).toMatchObject({ state: 'failed', attempts: 1, last_error: 'never works' });
    await q.enqueue(greet, { name: 'C' }, { key: 'c' });
    expect((await jobRows())[0]).toMatchObject({ state: 'queued', attempts: 0, last_error: null });
    await q.runUntilIdle();
    expect(calls).toBe(2);
    expect(await jobRows()).toEqual([]);
  });

  test('every kind needs a handler before the queue starts; unknown kinds and bad payloads are refused', async () => {
    const q = queue({ kinds: [greet, other] });
    q.handle(greet, async () => {});
    await expect(q.start()).rejects.toThrow('No handler for job kind(s): test.other');
    const stray = defineJob('test.stray', z.object({}));
    await expect(q.enqueue(stray, {}, { key: 'x' })).rejects.toBeInstanceOf(JobQueueError);
    expect(() => q.handle(stray, async () => {})).toThrow(JobQueueError);
    await expect(q.enqueue(greet, { name: '' }, { key: 'x' })).rejects.toThrow('Invalid payload for test.greet');
    expect(() => q.handle(greet, async () => {})).toThrow('already has a handler');
    expect(await jobRows()).toEqual([]);
  });

  test('a job enqueued in a transaction exists only if the transaction commits', async () => {
    const q = queue();
    await database.db
      .transaction()
      .execute(async (trx) => {
        await q.enqueue(greet, { name: 'lost' }, { key: 'l', db: trx });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await database.db.transaction().execute((trx) => q.enqueue(greet, { name: 'kept' }, { key: 'k', db: trx }));
    expect((await jobRows()).map((r) => r.key)).toEqual(['k']);
  });

  test('jobs survive a restart: one a killed process left running runs again', async () => {
    const first = queue();
    await first.enqueue(greet, { name: 'waiting' }, { key: 'w' });
    await first.enqueue(greet, { name: 'interrupted' }, { key: 'i' });
    await database.db.updateTable('jobs').set({ state: 'running', attempts: 1 }).where('key', '=', 'i').execute();
    await database.close();

    database = openDatabase(file);
    const second = queue();
    const seen: string[] = [];
    second.handle(greet, async ({ name }) => void seen.push(name));
    await second.start();
    for (let i = 0; i < 200 && seen.length < 2; i++) await Bun.sleep(10);
    await second.stop();
    expect(seen.sort()).toEqual(['interrupted', 'waiting']);
    expect(await jobRows()).toEqual([]);
  });

  test('never more than `concurrency` jobs at once', async () => {
    const q = queue({ concurrency: 2 });
    let active = 0;
    let peak = 0;
    let done = 0;
    q.handle(greet, async () => {
      active++;
      peak = Math.max(peak, active);
      await Bun.sleep(15);
      active--;
      done++;
    });
    for (let i = 0; i < 8; i++) await q.enqueue(greet, { name: `n${i}` }, { key: String(i) });
    await q.start();
    for (let i = 0; i < 500 && done < 8; i++) await Bun.sleep(10);
    await q.stop();
    expect(done).toBe(8);
    expect(peak).toBe(2);
  });

  test('stop lets a running job finish; one that outlasts the grace period is aborted and runs again later, its attempt not counted', async () => {
    const q = queue({ concurrency: 1, stopTimeoutMs: 100 });
    const events: string[] = [];
    q.handle(greet, async ({ name }, { signal }) => {
      events.push(`start ${name}`);
      if (name === 'quick') {
        await Bun.sleep(30);
      } else {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        throw new Error('aborted');
      }
      events.push(`end ${name}`);
    });
    await q.enqueue(greet, { name: 'quick' }, { key: 'q' });
    await q.start();
    while (!events.includes('start quick')) await Bun.sleep(5);
    await q.stop();
    expect(events).toEqual(['start quick', 'end quick']);

    await q.enqueue(greet, { name: 'slow' }, { key: 's' });
    await q.start();
    while (!events.includes('start slow')) await Bun.sleep(5);
    await q.stop();
    expect((await jobRows())[0]).toMatchObject({ key: 's', state: 'queued', attempts: 0 });
  });

  test('enqueued again while running: runs once more with the new payload', async () => {
    const q = queue({ concurrency: 1 });
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    q.handle(greet, async ({ name }) => {
      seen.push(name);
      if (name === 'v1') await gate;
    });
    await q.enqueue(greet, { name: 'v1' }, { key: 'doc' });
    const idle = q.runUntilIdle();
    while (seen.length === 0) await Bun.sleep(5);
    await q.enqueue(greet, { name: 'v2' }, { key: 'doc' });
    release();
    await idle;
    expect(seen).toEqual(['v1', 'v2']);
    expect(await jobRows()).toEqual([]);
  });

  test('a pool of its own: its jobs never take the shared workers, and at most its concurrency of them run at once', async () => {
    const long = defineJob('test.long', z.object({ n: z.number() }));
    const q = new JobQueue({ db: database.db, clock, concurrency: 1, kinds: [greet, long], pollMs: 20, pools: [{ kinds: [long], concurrency: 1 }] });
    const events: string[] = [];
    let running = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    q.handle(long, async ({ n }) => {
      running++;
      most = Math.max(most, running);
      events.push(`long ${n}`);
      await gate;
      running--;
    });
    q.handle(greet, async ({ name }) => void events.push(`greet ${name}`));
    await q.enqueue(long, { n: 1 }, { key: '1' });
    await q.enqueue(long, { n: 2 }, { key: '2' });
    await q.start();
    while (!events.includes('long 1')) await Bun.sleep(5);
    // The shared worker is free while the pool's one is busy.
    await q.enqueue(greet, { name: 'Ada' }, { key: 'a' });
    while (!events.includes('greet Ada')) await Bun.sleep(5);
    expect(events).toEqual(['long 1', 'greet Ada']);
    release();
    while (!events.includes('long 2')) await Bun.sleep(5);
    await q.stop();
    expect(most).toBe(1);
  });

  test('runUntilIdle runs the pools too', async () => {
    const long = defineJob('test.long', z.object({ n: z.number() }));
    const q = new JobQueue({ db: database.db, clock, concurrency: 1, kinds: [greet, long], pools: [{ kinds: [long], concurrency: 2 }] });
    const seen: string[] = [];
    q.handle(long, async ({ n }) => void seen.push(`long ${n}`));
    q.handle(greet, async ({ name }) => {
      seen.push(`greet ${name}`);
      await q.enqueue(long, { n: 3 }, { key: '3' });
    });
    await q.enqueue(greet, { name: 'Ada' }, { key: 'a' });
    await q.runUntilIdle();
    expect(seen).toEqual(['greet Ada', 'long 3']);
    expect(await jobRows()).toEqual([]);
  });
});
