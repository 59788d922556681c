// Image processing end to end over HTTP, beside bare sharp in the same run: N photos (4000x3000,
// film grain) are (a) made by sharp alone into what the job makes of them (the thumbnail, the
// placeholder and the perceptual hash from one decode: lib/bare-card.ts), and into the thumbnail
// alone (rotate, 400 px, WebP), with the hub's processing concurrency, and (b) uploaded to a real hub (spawned as `npm start` runs it),
// 25 a request as the upload dialog sends them, until every one is processed (thumbnail,
// placeholder, perceptual hash, rows). Bare sharp runs before and after the hub and its mean is
// the reference. The target: the hub at least 90 % of the images per second of bare sharp making
// the job's outputs (the thumbnail-alone figure is shown beside it). On a shared machine give more
// rounds: each is bare, hub, bare again, and the median round's ratio is the figure. The CPU time
// each spent a photo (the hub's whole process, bare sharp's) is shown beside: it does not depend
// on what else the machine runs.
// Run: npm run bench:processing-e2e [images, default 100] [rounds, default 1]

import { Database } from 'bun:sqlite';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { spawnHub } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';
import { bareCard, bareThumbnail } from './lib/bare-card.ts';

const IMAGES = Number(process.argv[2] ?? 100);
const ROUNDS = Math.max(1, Number(process.argv[3] ?? 1));
const PER_REQUEST = 25;
/** Photos each hub processes before it is measured (not counted). */
const WARM_UP = Math.min(10, IMAGES);
const SITE_PASSWORD = 'bench site password';
const ADMIN = { username: 'bench', password: 'bench admin password' };
const concurrency = loadConfig({ ...process.env, DATA_DIR: os.tmpdir() }).media.processingConcurrency;

const root = tempDir('hub-bench-processing-e2e-');
const photos = path.join(root, 'photos');
mkdirSync(photos, { recursive: true });
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
    String(Math.min(IMAGES, 20)),
    '-q:v',
    '3',
    path.join(photos, 'frame-%03d.jpg'),
  ],
  { stdout: 'inherit', stderr: 'inherit' },
);
if ((await ffmpeg.exited) !== 0) throw new Error('ffmpeg could not make the sample photos');
const frames = readdirSync(photos).map((name) => path.join(photos, name));
const files = Array.from({ length: IMAGES }, (_, i) => {
  const file = path.join(photos, `IMG_${String(i + 1).padStart(4, '0')}.jpg`);
  copyFileSync(frames[i % frames.length]!, file);
  return file;
});

/** CPU milliseconds (user and system) a process has spent, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU milliseconds bare sharp spent, over every run (this process, libvips' threads included). */
let bareCpuMs = 0;
let bareRuns = 0;

/** The same outputs as the job (`card`: thumbnail, placeholder, hash) or the thumbnail alone, one lane per job worker. */
async function bareSharp(work: 'card' | 'thumbnail'): Promise<number> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < files.length) {
        const file = files[next++]!;
        await (work === 'card' ? bareCard(file) : bareThumbnail(file));
      }
    }),
  );
  if (work === 'card') {
    const used = process.cpuUsage(cpu);
    bareCpuMs += (used.user + used.system) / 1000;
    bareRuns++;
  }
  return (performance.now() - started) / 1000;
}

/** CPU milliseconds the hub's process spent, over every run, from the first upload to the last photo processed. */
let hubCpuMs = 0;

async function throughHub(): Promise<number> {
  const hub = await spawnHub({ SITE_PASSWORD, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' });
  try {
    const json = { 'content-type': 'application/json' };
    const gate = await fetch(`${hub.url}/api/site/verify-password`, { method: 'POST', headers: json, body: JSON.stringify({ password: SITE_PASSWORD }) });
    const { siteToken } = (await gate.json()) as { siteToken: string };
    const signIn = await fetch(`${hub.url}/auth/signin/`, { method: 'POST', headers: { ...json, 'x-site-token': siteToken }, body: JSON.stringify(ADMIN) });
    const { token } = (await signIn.json()) as { token: string };
    const auth = { 'x-site-token': siteToken, authorization: `Bearer ${token}` };
    const database = new Database(path.join(hub.dataDir, 'hub.sqlite'), { readonly: true });
    const count = (status: string) => (database.query('select count(*) as n from media where status = ?').get(status) as { n: number }).n;
    // A warm-up request first, as bare sharp has its warm-up pass: the hub's first photos load
    // sharp and compile the upload's and the job's code, once in the life of a hub.
    const warmUp = new FormData();
    for (const file of files.slice(0, WARM_UP))
      warmUp.append('files', new Blob([readFileSync(file)], { type: 'image/jpeg' }), `warm-up-${path.basename(file)}`);
    const warmed = await fetch(`${hub.url}/api/gallery/upload`, { method: 'POST', headers: auth, body: warmUp });
    if (warmed.status !== 201) throw new Error(`the warm-up upload answered ${warmed.status}: ${await warmed.text()}`);
    while (count('ready') + count('failed') < WARM_UP) await Bun.sleep(10);
    const forms = [];
    for (let i = 0; i < files.length; i += PER_REQUEST) {
      const form = new FormData();
      for (const file of files.slice(i, i + PER_REQUEST)) form.append('files', new Blob([readFileSync(file)], { type: 'image/jpeg' }), path.basename(file));
      forms.push(form);
    }
    const started = performance.now();
    const cpuBefore = cpuMsOf(hub.process.pid);
    for (const form of forms) {
      const res = await fetch(`${hub.url}/api/gallery/upload`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    }
    while (count('ready') + count('failed') < WARM_UP + files.length) await Bun.sleep(10);
    const seconds = (performance.now() - started) / 1000;
    hubCpuMs += cpuMsOf(hub.process.pid) - cpuBefore;
    if (count('failed') > 0) throw new Error(`${count('failed')} photos failed to process`);
    database.close();
    return seconds;
  } finally {
    await hub.stop();
    await hub.cleanup();
  }
}

/** CPU milliseconds a bare Bun server spent taking the same uploads (lib/bare-ingest-server.ts), over every run. */
let ingestCpuMs = 0;
let ingestRuns = 0;

/** The uploads into a bare server that only receives, hashes and durably writes each file: the upload's share of the hub's CPU at the least. */
async function bareIngest(): Promise<void> {
  const server = await spawnHub({}, { command: [process.execPath, 'bench/lib/bare-ingest-server.ts'] });
  try {
    const send = async (batch: string[]) => {
      const form = new FormData();
      for (const file of batch) form.append('files', new Blob([readFileSync(file)], { type: 'image/jpeg' }), path.basename(file));
      const sizes = batch.map((file) => statSync(file).size).join(',');
      const res = await fetch(`${server.url}/upload`, { method: 'POST', headers: { 'x-file-sizes': sizes }, body: form });
      if (res.status !== 201) throw new Error(`the bare server answered ${res.status}`);
    };
    await send(files.slice(0, WARM_UP));
    const cpuBefore = cpuMsOf(server.process.pid);
    for (let i = 0; i < files.length; i += PER_REQUEST) await send(files.slice(i, i + PER_REQUEST));
    ingestCpuMs += cpuMsOf(server.process.pid) - cpuBefore;
    ingestRuns++;
  } finally {
    await server.stop();
    await server.cleanup();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(
  `${files.length} photos of 4000x3000; ${os.availableParallelism()} cores, processing concurrency ${concurrency}; ${ROUNDS} round(s); load average before: ${loadAverage()}`,
);
await bareSharp('card'); // warm-up: libvips, the page cache
bareCpuMs = 0;
bareRuns = 0;
const rounds: { card: number; thumbnail: number; hubRate: number }[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const before = { card: await bareSharp('card'), thumbnail: await bareSharp('thumbnail') };
  const hubSeconds = await throughHub();
  await bareIngest();
  const after = { thumbnail: await bareSharp('thumbnail'), card: await bareSharp('card') };
  const hubRate = files.length / hubSeconds;
  const rateOf = (work: 'card' | 'thumbnail') => files.length / ((before[work] + after[work]) / 2);
  rounds.push({ card: rateOf('card'), thumbnail: rateOf('thumbnail'), hubRate });
  console.log(
    `round ${round}: bare sharp, the job's outputs (thumbnail, placeholder, hash): ${rateOf('card').toFixed(1)} images/s (${before.card.toFixed(1)} s before, ${after.card.toFixed(1)} s after); ` +
      `the thumbnail alone: ${rateOf('thumbnail').toFixed(1)} images/s (${before.thumbnail.toFixed(1)} s before, ${after.thumbnail.toFixed(1)} s after); ` +
      `hub, upload over HTTP to processed: ${hubRate.toFixed(1)} images/s (${hubSeconds.toFixed(1)} s): ${((hubRate / rateOf('card')) * 100).toFixed(1)} %; load average ${loadAverage()}`,
  );
}
rmSync(root, { recursive: true, force: true });
const median = rounds.toSorted((a, b) => a.hubRate / a.card - b.hubRate / b.card)[Math.floor((rounds.length - 1) / 2)]!;
const cardRatio = median.hubRate / median.card;
if (ROUNDS > 1) console.log(`the median round (by the hub's share of bare sharp with the job's outputs):`);
console.log(`bare sharp, the job's outputs (thumbnail, placeholder, hash): ${median.card.toFixed(1)} images/s`);
console.log(`bare sharp, the thumbnail alone: ${median.thumbnail.toFixed(1)} images/s`);
console.log(`hub, upload over HTTP to processed: ${median.hubRate.toFixed(1)} images/s`);
console.log(
  `CPU time a photo, whatever else the machine runs: hub ${(hubCpuMs / (ROUNDS * files.length)).toFixed(0)} ms (its whole process), bare sharp ${(bareCpuMs / (bareRuns * files.length)).toFixed(0)} ms`,
);
const ingestMs = ingestCpuMs / (ingestRuns * files.length);
console.log(
  `the upload alone, at the least (a bare Bun server receiving, hashing and durably writing the same files): ${ingestMs.toFixed(0)} ms; bare sharp and that together: ${(bareCpuMs / (bareRuns * files.length) + ingestMs).toFixed(0)} ms`,
);
console.log(`hub / bare thumbnail alone: ${((median.hubRate / median.thumbnail) * 100).toFixed(1)} %`);
console.log(
  `hub / bare with the job's outputs: ${(cardRatio * 100).toFixed(1)} % (target at least 90 %) ${cardRatio >= 0.9 ? 'PASS' : 'FAIL'}; load average after: ${loadAverage()}`,
);
