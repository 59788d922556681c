// Measures whether the gallery stays responsive while the hub processes uploads: a real hub on
// loopback receives 500 photos through POST /api/gallery/upload, and while its job queue makes
// their thumbnails, GET /api/gallery (a page of 50) is timed over and over; when the queue is
// empty the same request is timed again on the same data ("idle"). Target: the busy median at
// most twice the idle median.
// Run: npm run bench:processing-load [images]   (PROCESSING_CONCURRENCY as the hub reads it).

import { Database } from 'bun:sqlite';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { spawnHub } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const IMAGES = Number(process.argv[2] ?? 500);
const PER_REQUEST = 25;
const SITE_PASSWORD = 'bench site password';
const ADMIN = { username: 'bench', password: 'bench admin password' };

// Photos of a phone's size (4032x3024, film grain so each costs what a photo does); ffmpeg makes
// 20 and they are copied under N names (the hub sees N separate uploads either way).
const root = tempDir('hub-bench-processing-');
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
    'testsrc2=size=4032x3024:rate=25',
    '-vf',
    'noise=alls=12:allf=t',
    '-frames:v',
    '20',
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

const hub = await spawnHub({ SITE_PASSWORD, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' });
try {
  console.log(
    `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores; hub PROCESSING_CONCURRENCY ${process.env.PROCESSING_CONCURRENCY ?? 'default (cores - 1)'}`,
  );
  const json = { 'content-type': 'application/json' };
  const gate = await fetch(`${hub.url}/api/site/verify-password`, { method: 'POST', headers: json, body: JSON.stringify({ password: SITE_PASSWORD }) });
  const { siteToken } = (await gate.json()) as { siteToken: string };
  const signIn = await fetch(`${hub.url}/auth/signin/`, { method: 'POST', headers: { ...json, 'x-site-token': siteToken }, body: JSON.stringify(ADMIN) });
  const { token } = (await signIn.json()) as { token: string };
  const auth = { 'x-site-token': siteToken, authorization: `Bearer ${token}` };

  const database = new Database(path.join(hub.dataDir, 'hub.sqlite'), { readonly: true });
  const pendingJobs = () => (database.query(`select count(*) as n from jobs where kind = 'media.process' and state != 'failed'`).get() as { n: number }).n;

  // Uploads, 25 photos a request, as the premium dialog sends them; processing starts at once.
  const uploaded = performance.now();
  for (let i = 0; i < files.length; i += PER_REQUEST) {
    const form = new FormData();
    for (const file of files.slice(i, i + PER_REQUEST)) form.append('files', new Blob([readFileSync(file)], { type: 'image/jpeg' }), path.basename(file));
    const res = await fetch(`${hub.url}/api/gallery/upload`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  }
  console.log(`${files.length} photos uploaded in ${((performance.now() - uploaded) / 1000).toFixed(1)} s; ${pendingJobs()} still to process`);

  const list = async () => {
    const started = performance.now();
    const res = await fetch(`${hub.url}/api/gallery?page=1&limit=50`, { headers: auth });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET /api/gallery answered ${res.status}`);
    return performance.now() - started;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

  // Busy: one request every 20 ms while jobs remain.
  const busy: number[] = [];
  const processing = performance.now();
  while (pendingJobs() > 0) {
    busy.push(await list());
    await Bun.sleep(20);
  }
  const processedIn = (performance.now() - processing) / 1000;
  // Idle: the same request on the same data, now that the queue is empty.
  for (let i = 0; i < 20; i++) await list();
  const idle: number[] = [];
  for (let i = 0; i < Math.max(200, busy.length); i++) {
    idle.push(await list());
    await Bun.sleep(5);
  }
  const failed = (database.query(`select count(*) as n from media where status = 'failed'`).get() as { n: number }).n;
  database.close();

  console.log(`processing finished ${processedIn.toFixed(1)} s after the last upload (${failed} failed)`);
  console.log('');
  console.log('| GET /api/gallery (page of 50) | requests | median | p95 |');
  console.log('|---|---|---|---|');
  console.log(`| while processing | ${busy.length} | ${median(busy).toFixed(2)} ms | ${p95(busy).toFixed(2)} ms |`);
  console.log(`| idle | ${idle.length} | ${median(idle).toFixed(2)} ms | ${p95(idle).toFixed(2)} ms |`);
  const ratio = median(busy) / median(idle);
  console.log('');
  console.log(`busy median / idle median: ${ratio.toFixed(2)} (target: at most 2)`);
} finally {
  await hub.stop();
  await hub.cleanup();
}
