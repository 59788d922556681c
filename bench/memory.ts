// The hub's memory (RSS of the bun process) in the three situations the budgets are about:
//   1. after start with default settings (nothing but DATA_DIR, PORT and HOST), idle: at most 80 MB;
//   2. after 300 signed-in views of every page: at most 110 MB;
//   3. the peak during a wrk load on /gallery (50 items): at most 150 MB, with the throughput.
// The hub is spawned as `npm start` runs it (bun src/main.ts, no NODE_ENV), on its own data folder.
// Figures and what changed them: docs/decisions/0035-memory-under-load.md.
// Run: npm run bench:memory [wrk seconds, default 60] [wrk connections, default 16] [-- --root <checkout>]
// (--root measures another checkout, e.g. an older commit in a git worktree, for a before/after.)

import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { MATURE_COOKIE } from '../src/shared/gallery-view.ts';
import { credentialsFor, newUser } from '../test/helpers/factories.ts';
import { manyMedia } from '../test/helpers/media-factory.ts';
import { BUN, freePort, PROJECT_ROOT } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const rootFlag = process.argv.indexOf('--root');
const ROOT = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1]!) : PROJECT_ROOT;
const args = process.argv.slice(2).filter((_, i, all) => all[i] !== '--root' && all[i - 1] !== '--root');
const WRK_SECONDS = Number(args[0] ?? 60);
const WRK_CONNECTIONS = Number(args[1] ?? 16);
const VIEWS = 300;
const BUDGET = { idle: 80, views: 110, load: 150 };

function rssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

async function start(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = Bun.spawn([BUN, 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null) throw new Error(`hub exited with ${child.exitCode}`);
    await Bun.sleep(20);
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
    },
  };
}

/** A data folder with one signed-in user, 50 gallery items and 50 premium ones. */
async function seeded() {
  const dataDir = tempDir('hub-bench-memory-');
  const database = openDatabase(`${dataDir}/hub.sqlite`);
  await migrateToLatest(database.db);
  const user = await newUser(database.db, { username: 'bench', name: 'Bench User', role: 'admin' });
  const credentials = await credentialsFor(database.db, user);
  manyMedia(database, user.id, 50, (i) => ({
    tags: ['Solo', `set ${i % 7}`],
    type: i % 5 === 0 ? 'video' : 'image',
    mimeType: i % 5 === 0 ? 'video/mp4' : 'image/jpeg',
    duration: i % 5 === 0 ? 30 : null,
  }));
  manyMedia(database, user.id, 50, () => ({ gallery: 'premium' }), 'Premium');
  await database.close();
  const cookie = `hub_site=${credentials.siteToken}; hub_session=${credentials.token}; ${MATURE_COOKIE}=true`;
  return { dataDir, userId: user.id, cookie };
}

const SITE = { SITE_PASSWORD: 'bench site password', SITE_LOCKOUT_HOURS: '0' };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const verdict = (value: number, budget: number) => (value <= budget ? 'ok' : 'OVER BUDGET');
console.log(
  `Bun ${Bun.version}; load average before: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);

// 1. After start, default settings, on a fresh data folder (the first start, which migrates) and
// again on the same folder (every later start): three of each, the median.
const idle: number[] = [];
const restarted: number[] = [];
for (let i = 0; i < 3; i++) {
  const dataDir = tempDir('hub-bench-memory-');
  for (const list of [idle, restarted]) {
    const hub = await start(dataDir);
    await Bun.sleep(3000); // start-up jobs (bin purge, hash backfill) have run
    list.push(rssMB(hub.pid));
    await hub.stop();
  }
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `1. RSS after start (default settings), median of 3: ${median(idle).toFixed(1)} MB (${idle.map((n) => n.toFixed(1)).join(', ')})  budget ${BUDGET.idle} MB  ${verdict(median(idle), BUDGET.idle)}`,
);
console.log(
  `   after a restart on the same data folder (migrated already): ${median(restarted).toFixed(1)} MB (${restarted.map((n) => n.toFixed(1)).join(', ')})  ${verdict(median(restarted), BUDGET.idle)}`,
);

// 2. After 300 signed-in views of every page.
{
  const { dataDir, userId, cookie } = await seeded();
  const hub = await start(dataDir, SITE);
  const pages = [
    '/',
    '/gallery',
    '/premium',
    '/models',
    '/watch',
    '/links',
    '/connect',
    '/users',
    `/user/${userId}`,
    `/user/edit/${userId}`,
    '/admin',
    '/no-such-page',
  ];
  for (const page of pages) {
    const res = await fetch(`${hub.url}${page}`, { headers: { cookie }, redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status !== 200 && page !== '/no-such-page') throw new Error(`${page} answered ${res.status}`);
  }
  const t0 = performance.now();
  for (let i = 0; i < VIEWS; i++) {
    for (const page of pages) await (await fetch(`${hub.url}${page}`, { headers: { cookie } })).arrayBuffer();
  }
  const seconds = (performance.now() - t0) / 1000;
  // The hub's idle moment comes 1-2 s after the last request (src/http/memory-upkeep.ts).
  await Bun.sleep(3000);
  const after = rssMB(hub.pid);
  console.log(
    `2. RSS after ${VIEWS} signed-in views of ${pages.length} pages (${((VIEWS * pages.length) / seconds).toFixed(0)} pages/s, one at a time): ${after.toFixed(1)} MB  budget ${BUDGET.views} MB  ${verdict(after, BUDGET.views)}`,
  );
  // What that idle moment costs the next visitor: when it dropped the compiled code, the next pages
  // are compiled again.
  const timed = async () => {
    const t = performance.now();
    await (await fetch(`${hub.url}/gallery`, { headers: { cookie } })).arrayBuffer();
    return performance.now() - t;
  };
  const first = await timed();
  const next: number[] = [];
  for (let i = 0; i < 20; i++) next.push(await timed());
  const warm: number[] = [];
  for (let i = 0; i < 200; i++) await timed();
  for (let i = 0; i < 20; i++) warm.push(await timed());
  console.log(
    `   /gallery after that idle moment: first ${first.toFixed(0)} ms, next 20 median ${median(next).toFixed(1)} ms (warm: median ${median(warm).toFixed(1)} ms)`,
  );
  await hub.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// 3. Peak RSS during wrk on /gallery.
{
  const { dataDir, cookie } = await seeded();
  const hub = await start(dataDir, SITE);
  const before = rssMB(hub.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMB(hub.pid))), 100);
  const wrk = Bun.spawn(['wrk', '-t2', `-c${WRK_CONNECTIONS}`, `-d${WRK_SECONDS}s`, '--latency', '-H', `Cookie: ${cookie}`, `${hub.url}/gallery`], {
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const out = await new Response(wrk.stdout).text();
  clearInterval(sampler);
  peak = Math.max(peak, rssMB(hub.pid));
  const rps = out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? '?';
  const p50 = out.match(/^\s*50%\s+(\S+)/m)?.[1] ?? '?';
  const errors = out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  console.log(
    `3. wrk -c${WRK_CONNECTIONS} ${WRK_SECONDS} s on /gallery: ${rps} req/s, p50 ${p50}${errors ? `, ${errors} non-2xx` : ''}; RSS before ${before.toFixed(1)} MB, peak ${peak.toFixed(1)} MB  budget ${BUDGET.load} MB  ${verdict(peak, BUDGET.load)}`,
  );
  await hub.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
