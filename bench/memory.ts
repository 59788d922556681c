// The hub's memory (RSS of the bun process) in the three situations the budgets are about:
//   1. after start with default settings (nothing but DATA_DIR, PORT and HOST), idle: at most 80 MB;
//   2. after 300 signed-in views of every page: at most 110 MB, measured twice: the views alone, and
//      the views after a real browser (Chromium) has signed in through the gate and opened every
//      page once (scripts, stylesheets, icons, thumbnails: what a household's first visit asks);
//   3. the peak during a wrk load on /gallery (50 items): at most 150 MB, with the throughput.
// The hub is spawned as `npm start` runs it (bun src/main.ts, no NODE_ENV), on its own data folder.
// Figures and what changed them: docs/decisions/0035-memory-under-load.md.
// Run: npm run bench:memory [wrk seconds, default 60] [wrk connections, default 16] [-- --root <checkout>]
//   [--only views] [--runs <n>]
// (--root measures another checkout, e.g. an older commit in a git worktree, for a before/after;
// --only views runs step 2 alone, --runs repeats it.)

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { MATURE_COOKIE } from '../src/shared/gallery-view.ts';
import { islandsReady, launchChromium } from '../test/helpers/browser.ts';
import { credentialsFor, FACTORY_PASSWORD, newUser } from '../test/helpers/factories.ts';
import { manyMedia } from '../test/helpers/media-factory.ts';
import { BUN, freePort, PROJECT_ROOT } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const FLAGS = ['--root', '--only', '--runs'];
const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const ROOT = flag('--root') ? path.resolve(flag('--root')!) : PROJECT_ROOT;
const ONLY = flag('--only');
const RUNS = Number(flag('--runs') ?? 1);
const args = process.argv.slice(2).filter((_, i, all) => !FLAGS.includes(all[i]!) && !FLAGS.includes(all[i - 1]!));
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
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
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

/**
 * The perceptual hash processing would have written: without one, the hub's start-up backfill
 * hashes the videos from their thumbnails, and loading sharp for it costs the process some 13 MB.
 */
const phashOf = (i: number) => i.toString(16).padStart(16, '0');

/** A data folder with one signed-in user, 50 gallery items and 50 premium ones, each with a real thumbnail. */
async function seeded() {
  const dataDir = tempDir('hub-bench-memory-');
  const database = openDatabase(`${dataDir}/hub.sqlite`);
  await migrateToLatest(database.db);
  const user = await newUser(database.db, { username: 'bench', name: 'Bench User', role: 'admin' });
  const credentials = await credentialsFor(database.db, user);
  const rows = [
    ...manyMedia(database, user.id, 50, (i) => ({
      tags: ['Solo', `set ${i % 7}`],
      type: i % 5 === 0 ? 'video' : 'image',
      mimeType: i % 5 === 0 ? 'video/mp4' : 'image/jpeg',
      duration: i % 5 === 0 ? 30 : null,
      phash: phashOf(i),
    })),
    ...manyMedia(database, user.id, 50, (i) => ({ gallery: 'premium', phash: phashOf(50 + i) }), 'Premium'),
  ];
  await database.close();
  // The thumbnails a browser asks for (the processing jobs would have written them).
  const thumbnail = await sharp({ create: { width: 480, height: 270, channels: 3, background: '#6a4c93' } })
    .webp()
    .toBuffer();
  for (const row of rows) {
    const file = path.join(dataDir, 'media', row.thumbnail_key!);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, thumbnail);
  }
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
if (!ONLY || ONLY === 'idle') {
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
}

// 2. After 300 signed-in views of every page, read 2 s after the last (the hub's idle moment comes
// 1 s after it, src/http/memory-upkeep.ts): the views alone, then the same views after a browser's
// visit.
const PAGES = (userId: string) => [
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

/**
 * What a household's first visit asks of the hub: Chromium passes the gate and signs in through
 * their forms, then opens every page once and waits for its islands and everything they load
 * (scripts, stylesheets, icons, thumbnails, API calls).
 */
async function browserVisit(url: string, pages: string[]): Promise<number> {
  const { browser, close } = await launchChromium();
  let requests = 0;
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name: MATURE_COOKIE, value: 'true', url }]);
    const page = await context.newPage();
    page.on('request', () => requests++);
    await page.goto(`${url}/`);
    await page.getByLabel('Site password', { exact: true }).waitFor();
    await islandsReady(page);
    await page.getByLabel('Site password', { exact: true }).fill(SITE.SITE_PASSWORD);
    await page.getByRole('button', { name: 'Enter Site' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await islandsReady(page);
    await page.getByLabel('Username', { exact: true }).fill('bench');
    await page.getByLabel('Password', { exact: true }).fill(FACTORY_PASSWORD);
    await Promise.all([page.waitForURL((at) => at.pathname !== '/signin'), page.getByRole('button', { name: 'Sign In', exact: true }).click()]);
    for (const pagePath of pages) {
      await page.goto(`${url}${pagePath}`, { waitUntil: 'load' });
      await islandsReady(page);
      await page.waitForLoadState('networkidle');
    }
    await context.close();
  } finally {
    await close();
  }
  return requests;
}

async function views(withBrowser: boolean): Promise<number> {
  const { dataDir, userId, cookie } = await seeded();
  const hub = await start(dataDir, SITE);
  const pages = PAGES(userId);
  const visit = withBrowser ? `, after a browser's visit (${await browserVisit(hub.url, pages)} requests)` : '';
  // The household leaves: the hub has its idle moment before the views begin.
  if (withBrowser) await Bun.sleep(3000);
  for (const page of pages) {
    const res = await fetch(`${hub.url}${page}`, { headers: { cookie }, redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status !== 200 && page !== '/no-such-page') throw new Error(`${page} answered ${res.status}`);
  }
  // The views, then the process read every 250 ms for 4 s: the figure is the one 2 s after the last.
  const burst = async () => {
    const t0 = performance.now();
    for (let i = 0; i < VIEWS; i++) {
      for (const page of pages) await (await fetch(`${hub.url}${page}`, { headers: { cookie } })).arrayBuffer();
    }
    const rate = (VIEWS * pages.length) / ((performance.now() - t0) / 1000);
    const trace: number[] = [];
    for (let i = 0; i <= 16; i++) {
      trace.push(rssMB(hub.pid));
      if (i < 16) await Bun.sleep(250);
    }
    return { rate, after: trace[8]!, trace: trace.map((n) => n.toFixed(0)).join(' ') };
  };
  const { rate, after, trace } = await burst();
  console.log(
    `2. RSS after ${VIEWS} signed-in views of ${pages.length} pages${visit} (${rate.toFixed(0)} pages/s, one at a time), 2 s after the last: ${after.toFixed(1)} MB  budget ${BUDGET.views} MB  ${verdict(after, BUDGET.views)}`,
  );
  console.log(`   RSS every 250 ms from the last view: ${trace}`);
  if (withBrowser) {
    // The hub lives on: the same views again, on the mark its last idle moment left.
    const again = await burst();
    console.log(`   the same views again: ${again.after.toFixed(1)} MB 2 s after the last  ${verdict(again.after, BUDGET.views)}`);
    console.log(`   RSS every 250 ms from the last view: ${again.trace}`);
  }
  if (!withBrowser) {
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
  }
  await hub.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return after;
}

if (!ONLY || ONLY === 'views') {
  for (let run = 0; run < RUNS; run++) {
    await views(false);
    await views(true);
  }
}

// 3. Peak RSS during wrk on /gallery.
if (!ONLY || ONLY === 'load') {
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
