// Measures image processing through the job queue against bare sharp on the same files: N
// generated 12 MP JPEGs (4000x3000, with film grain), (a) sharp alone making the job's outputs
// (thumbnail, placeholder, perceptual hash from one decode: lib/bare-card.ts) with the queue's
// concurrency, (b) the processing job for N items through
// the real queue (its workers' claim-run-finish path), which also copies each original out of
// the store, reads its EXIF, makes the placeholder, stores the thumbnail and updates the row.
// The thumbnail alone by sharp (rotate, 400 px, WebP) is timed too, after each (b), and shown beside.
// The two alternate in batches of 50 (a, b, a, b, ...) over the same photos, so a busy neighbour
// or a warming CPU weighs on both alike (smaller batches measure the queue's wake-up from idle,
// about a millisecond per batch, more than its throughput); each side's rate is its images over its summed time, and
// its CPU time per image (this process, every thread) is shown beside it, being less sensitive to
// other processes than the clock. The target: the queue's images per second at least 90 % of
// bare sharp's.
// Run: npm run bench:thumbnails [images] [batch]   (PROCESSING_CONCURRENCY as the hub reads it).

import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { processMedia } from '../src/features/media/jobs.ts';
import { registerMediaProcessing } from '../src/features/media/processing/processing.service.ts';
import { JobQueue } from '../src/jobs/queue.ts';
import { silentLogger } from '../src/logger.ts';
import { LocalDiskStore } from '../src/storage/local-disk-store.ts';
import { newMediaKey } from '../src/storage/media-store.ts';
import { newUser } from '../test/helpers/factories.ts';
import { tempDir } from '../test/helpers/test-app.ts';
import { bareCard, bareThumbnail } from './lib/bare-card.ts';

const IMAGES = Number(process.argv[2] ?? 200);
const BATCH = Number(process.argv[3] ?? 50);
const root = tempDir('hub-bench-thumbnails-');
const config = loadConfig({ ...process.env, DATA_DIR: root, LOG_LEVEL: 'silent' });
const concurrency = config.media.processingConcurrency;

// Photos: frames of a moving test card with film grain, so each costs what a photo does. Making
// one takes ffmpeg half a second, so 25 are made and copied under N names.
const DISTINCT = Math.min(IMAGES, 25);
const photos = path.join(root, 'photos');
mkdirSync(photos, { recursive: true });
const made = performance.now();
const ffmpeg = Bun.spawn(
  [
    'ffmpeg',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=4000x3000:rate=25',
    '-vf',
    'noise=alls=12:allf=t',
    '-frames:v',
    String(DISTINCT),
    '-q:v',
    '3',
    path.join(photos, 'frame-%04d.jpg'),
  ],
  { stdout: 'inherit', stderr: 'inherit' },
);
if ((await ffmpeg.exited) !== 0) throw new Error('ffmpeg could not make the sample photos');
const frames = readdirSync(photos).map((name) => path.join(photos, name));
const files = Array.from({ length: IMAGES }, (_, i) => {
  const file = path.join(photos, `photo-${String(i + 1).padStart(4, '0')}.jpg`);
  copyFileSync(frames[i % frames.length]!, file);
  return file;
});
const bytes = files.reduce((sum, file) => sum + Bun.file(file).size, 0);
console.log(
  `${files.length} photos of 4000x3000, ${(bytes / files.length / 1e6).toFixed(1)} MB each, made in ${((performance.now() - made) / 1000).toFixed(1)} s`,
);
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; concurrency ${concurrency}; sharp threads per image ${sharp.concurrency()}`,
);

/** (a) The job's outputs (or the thumbnail alone) with sharp alone, as many lanes as the queue has workers. */
async function bareSharp(batch: string[], work: 'card' | 'thumbnail' = 'card'): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batch.length) {
        const file = batch[next++]!;
        await (work === 'card' ? bareCard(file) : bareThumbnail(file));
      }
    }),
  );
  return performance.now() - started;
}

// (b) The hub's side: one database and store, an item (row and original) per photo, as uploads leave them.
const dataDir = path.join(root, 'hub');
const database = openDatabase(path.join(dataDir, 'hub.sqlite'));
await migrateToLatest(database.db);
const db = database.db;
const store = await new LocalDiskStore(path.join(dataDir, 'media')).init();
const owner = await newUser(db);
const ids: string[] = [];
for (const file of files) {
  const id = crypto.randomUUID();
  const key = newMediaKey('originals', 'jpg');
  const put = await store.put(key, Bun.file(file).stream());
  const title = path.basename(file, '.jpg');
  await db
    .insertInto('media')
    .values({
      id,
      owner_id: owner.id,
      gallery: 'gallery',
      title,
      type: 'image',
      mime_type: 'image/jpeg',
      original_name: path.basename(file),
      size: put.size,
      sha256: put.sha256,
      storage_key: key,
      status: 'processing',
      tags: '[]',
      search_text: title,
      is_favorite: 0,
      created_at: Date.now(),
    })
    .execute();
  ids.push(id);
}
const clock = () => new Date();
const queue = new JobQueue({ db, clock, concurrency, kinds: [processMedia], logger: silentLogger });
registerMediaProcessing(queue, { db, store, clock, logger: silentLogger, workDir: path.join(dataDir, 'tmp', 'processing') });
/**
 * Enqueues a batch's items (as their uploads would) and runs the queue until it is idle: the same
 * claim-run-finish path and worker count as the hub's started queue, and an exact end, where
 * polling for it would take time from the one worker on a small machine.
 */
async function throughQueue(batch: string[]): Promise<number> {
  const started = performance.now();
  for (const mediaId of batch) await queue.enqueue(processMedia, { mediaId }, { key: mediaId });
  await queue.runUntilIdle();
  return performance.now() - started;
}

// A warm-up of each side (code paths, page cache), not counted.
await bareSharp(files.slice(0, 3));
await throughQueue(ids.slice(0, 3));
await db.updateTable('media').set({ status: 'processing' }).execute();

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
let bareMs = 0;
let queueMs = 0;
let bareCpuMs = 0;
let queueCpuMs = 0;
let thumbnailMs = 0;
let thumbnailCpuMs = 0;
// Progress every 20 images; the batches inside alternate.
let line = { a: 0, b: 0, from: 0 };
for (let from = 0; from < files.length; from += BATCH) {
  let cpu = cpuMs();
  const a = await bareSharp(files.slice(from, from + BATCH));
  bareCpuMs += cpuMs() - cpu;
  cpu = cpuMs();
  const b = await throughQueue(ids.slice(from, from + BATCH));
  queueCpuMs += cpuMs() - cpu;
  cpu = cpuMs();
  thumbnailMs += await bareSharp(files.slice(from, from + BATCH), 'thumbnail');
  thumbnailCpuMs += cpuMs() - cpu;
  bareMs += a;
  queueMs += b;
  line = { a: line.a + a, b: line.b + b, from: line.from };
  const done = Math.min(from + BATCH, files.length);
  if (done % 20 === 0 || done === files.length) {
    const n = done - line.from;
    console.log(
      `images ${String(line.from + 1).padStart(4)}-${String(done).padEnd(4)} bare sharp ${(n / (line.a / 1000)).toFixed(1).padStart(5)}/s   job queue ${(n / (line.b / 1000)).toFixed(1).padStart(5)}/s`,
    );
    line = { a: 0, b: 0, from: done };
  }
}
const ready = await db
  .selectFrom('media')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('status', '=', 'ready')
  .executeTakeFirstOrThrow();
if (Number(ready.n) !== ids.length) throw new Error(`only ${ready.n} of ${ids.length} items are ready`);
const scratch = path.join(dataDir, 'tmp', 'processing');
const leftovers = existsSync(scratch) ? readdirSync(scratch) : [];
if (leftovers.length > 0) throw new Error(`temporary files left behind: ${leftovers.join(', ')}`);
await database.close();

const bareRate = files.length / (bareMs / 1000);
const queueRate = files.length / (queueMs / 1000);
const ratio = queueRate / bareRate;
console.log(
  `\nCPU time per image: bare sharp ${(bareCpuMs / files.length).toFixed(1)} ms (the thumbnail alone ${(thumbnailCpuMs / files.length).toFixed(1)} ms), job queue ${(queueCpuMs / files.length).toFixed(1)} ms`,
);
console.log(
  `bare sharp, the thumbnail alone: ${(files.length / (thumbnailMs / 1000)).toFixed(1)} images/s (job queue ${((queueRate / (files.length / (thumbnailMs / 1000))) * 100).toFixed(1)} % of it)`,
);
console.log(
  `bare sharp with the job's outputs ${bareRate.toFixed(1)} images/s, job queue ${queueRate.toFixed(1)} images/s: ${(ratio * 100).toFixed(1)} % (target at least 90 %) ${ratio >= 0.9 ? 'PASS' : 'FAIL'}`,
);
rmSync(root, { recursive: true, force: true });
process.exit(ratio >= 0.9 ? 0 : 1);
