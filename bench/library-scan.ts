// Library scans at scale: a tree of N small media files (default 100,000, in 1,000 folders), then
//   1. a bare walk with a stat per file (readdir + stat, the floor any scan stands on);
//   2. the first scan: files a second, the process's peak memory, and the hub's answer time
//      (GET /api/gallery?limit=50 over HTTP, in the same process as the scan, as in the hub)
//      against the same request while idle;
//   3. rescans with nothing changed, seven times, taking turns with bare walks: the median rescan
//      against the median walk (target at most 2x), the memory after each (flat: read right after
//      the scan, and again after a forced GC, which is what the scan keeps), and that they read no
//      file.
// Run: npm run bench:library-scan [-- N [RESCANS]]. Figures vary with the machine's load (printed).

import { promises as fs, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCheckpointer } from '../src/db/checkpointer.ts';
import { MEDIA_SEARCH_INDEX } from '../src/features/media/media.repo.ts';
import { credentialsFor, newUser } from '../test/helpers/factories.ts';
import { createTestApp, tempDir } from '../test/helpers/test-app.ts';

const N = Number(process.argv[2] ?? 100_000);
const PER_FOLDER = 100;
const RESCANS = Number(process.argv[3] ?? 7);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The current resident set size (VmRSS) in bytes. */
function rss(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function bareWalk(root: string): Promise<number> {
  let files = 0;
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const entries = await fs.readdir(dir, { withFileTypes: true });
    const names: string[] = [];
    for (const e of entries) {
      if (e.isDirectory()) stack.push(path.join(dir, e.name));
      else names.push(path.join(dir, e.name));
    }
    for (let i = 0; i < names.length; i += 32) {
      const stats = await Promise.all(names.slice(i, i + 32).map((n) => fs.stat(n)));
      files += stats.length;
    }
  }
  return files;
}

const root = tempDir('hub-bench-library-');
const folder = path.join(root, 'collection');
console.log(`library scan bench: ${N.toLocaleString('en')} files, load ${load()}`);
let started = performance.now();
for (let i = 0; i < N; i++) {
  const dir = path.join(folder, `set-${String(Math.floor(i / PER_FOLDER)).padStart(4, '0')}`);
  if (i % PER_FOLDER === 0) mkdirSync(dir, { recursive: true });
  // A JPEG's first bytes (what the type is told from) and bytes of its own (its fingerprint).
  const bytes = Buffer.alloc(256);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.write(`picture ${i} ${'x'.repeat(i % 50)}`, 16);
  writeFileSync(path.join(dir, `IMG_${String(i).padStart(6, '0')}.jpg`), bytes);
}
console.log(`  tree made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const t = await createTestApp({ env: { LIBRARY_ROOTS: root, LIBRARY_SCAN_MINUTES: '0', SITE_LOCKOUT_HOURS: '0', LOG_LEVEL: 'warn' } });
// As the hub runs: WAL checkpoints and full-text merges on a thread of their own.
const checkpointer = startCheckpointer(t.database.sqlite, path.join(t.dataDir, 'hub.sqlite'), { searchIndexes: [MEDIA_SEARCH_INDEX], onFailure: () => {} });
const admin = await credentialsFor(t.database.db, await newUser(t.database.db, { role: 'admin' }));
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: t.app.fetch });
const base = `http://127.0.0.1:${server.port}`;
const headers = { 'x-site-token': admin.siteToken, authorization: `Bearer ${admin.token}` };

/** Milliseconds of one GET /api/gallery?limit=50. */
async function answer(): Promise<number> {
  const at = performance.now();
  const res = await fetch(`${base}/api/gallery?limit=50`, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`gallery answered ${res.status}`);
  return performance.now() - at;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

// Warm the caches the same way for every measurement.
await bareWalk(folder);
const walks: number[] = [];
for (let i = 0; i < 3; i++) {
  started = performance.now();
  const files = await bareWalk(folder);
  walks.push(performance.now() - started);
  if (files !== N) throw new Error(`bare walk found ${files}`);
}
const walkMs = median(walks);
console.log(`  bare walk with stat: ${(walkMs / 1000).toFixed(2)} s (median of 3), load ${load()}`);

const idle: number[] = [];
for (let i = 0; i < 40; i++) idle.push(await answer());
console.log(`  idle GET /api/gallery?limit=50: median ${median(idle).toFixed(1)} ms, p95 ${p95(idle).toFixed(1)} ms`);

/** A scan that did not end `done` makes its figures meaningless (a failed scan stops early): say why and stop. */
function unlessDone(which: string, scan: Record<string, unknown>): void {
  if (scan.state === 'done') return;
  console.error(`FAIL ${which} ended ${String(scan.state)}: ${JSON.stringify((scan.errors as unknown[] | undefined)?.slice(0, 3) ?? [])}`);
  process.exit(1);
}

// The first scan, with the hub answering meanwhile.
Bun.gc(true);
const before = rss();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rss());
}, 100);
const res = await fetch(`${base}/api/libraries`, {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({ path: folder, ownerId: admin.user._id }),
});
if (res.status !== 201) throw new Error(`add answered ${res.status} ${await res.text()}`);
const library = (await res.json()) as { _id: string };
started = performance.now();
const during: number[] = [];
let done = false;
const finished = t.services.libraries.idle().then(() => {
  done = true;
});
while (!done) {
  during.push(await answer());
  await Bun.sleep(20);
}
await finished;
const firstMs = performance.now() - started;
clearInterval(sampler);
const first = (await (await fetch(`${base}/api/libraries/${library._id}`, { headers })).json()) as { lastScan: Record<string, unknown> };
console.log(
  `  first scan: ${(firstMs / 1000).toFixed(1)} s, ${Math.round(N / (firstMs / 1000)).toLocaleString('en')} files/s; RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)}); load ${load()}`,
);
console.log(
  `    ${first.lastScan.state}: ${JSON.stringify({ found: first.lastScan.found, added: first.lastScan.added, skipped: first.lastScan.skipped, failed: first.lastScan.failed })}`,
);
unlessDone('the first scan', first.lastScan);
// The same request once the items are there (a page of 50 real items costs more than an empty one).
const idleAfter: number[] = [];
for (let i = 0; i < 40; i++) idleAfter.push(await answer());
console.log(
  `    GET /api/gallery?limit=50 meanwhile (${during.length} requests): median ${median(during).toFixed(1)} ms, p95 ${p95(during).toFixed(1)} ms; idle once the items are in: median ${median(idleAfter).toFixed(1)} ms, p95 ${p95(idleAfter).toFixed(1)} ms: ${(median(during) / median(idleAfter)).toFixed(1)}x / ${(p95(during) / p95(idleAfter)).toFixed(1)}x`,
);

// Rescans with nothing changed. The first scan's writes are checkpointed first (the hub's worker
// does so within a second; a rescan comes LIBRARY_SCAN_MINUTES later), so the rescans do not
// share the two cores with that copy. Rescans and bare walks take turns (the order swapped every
// round, so neither always runs on the caches the other warmed or in the same slot of a load
// spike) and the figure is the ratio of their medians, with the load average of each round.
await checkpointer.now();
let read = 0;
t.services.libraries.hooks.beforeRead = (paths) => {
  read += paths.length;
};
const rescans: number[] = [];
const bareWalks: number[] = [];
// Processor time (user + system, every thread of the process: the stats run on the thread pool),
// which a busy machine disturbs less than the time on the clock.
const rescanCpu: number[] = [];
const walkCpu: number[] = [];
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const kept: number[] = [];
const loads: number[] = [];
const timeWalk = async () => {
  const cpu = process.cpuUsage();
  const at = performance.now();
  const files = await bareWalk(folder);
  if (files !== N) throw new Error(`bare walk found ${files}`);
  walkCpu.push(cpuMs(cpu));
  return performance.now() - at;
};
for (let i = 1; i <= RESCANS; i++) {
  const walkFirst = i % 2 === 0;
  let walkMsNow = walkFirst ? await timeWalk() : 0;
  Bun.gc(true);
  const rssBefore = rss();
  const cpu = process.cpuUsage();
  started = performance.now();
  await t.services.libraries.scanHere(library._id);
  const ms = performance.now() - started;
  rescanCpu.push(cpuMs(cpu));
  const again = (await (await fetch(`${base}/api/libraries/${library._id}`, { headers })).json()) as { lastScan: Record<string, unknown> };
  unlessDone(`rescan ${i}`, again.lastScan);
  // Right after the scan (garbage not yet collected included), then what the scan keeps.
  const rssAfter = rss();
  Bun.gc(true);
  const rssKept = rss();
  if (!walkFirst) walkMsNow = await timeWalk();
  rescans.push(ms);
  bareWalks.push(walkMsNow);
  kept.push(rssKept);
  loads.push(os.loadavg()[0]!);
  console.log(
    `  round ${i} (${walkFirst ? 'walk, rescan' : 'rescan, walk'}): rescan ${(ms / 1000).toFixed(2)} s, bare walk ${(walkMsNow / 1000).toFixed(2)} s = ${(ms / walkMsNow).toFixed(2)}x (processor time ${(rescanCpu.at(-1)! / walkCpu.at(-1)!).toFixed(2)}x); files read ${read}; RSS ${mb(rssBefore)} before (after a forced GC), ${mb(rssAfter)} right after, ${mb(rssKept)} after a forced GC; load ${load()}`,
  );
}
const ratios = rescans.map((ms, i) => ms / bareWalks[i]!).sort((a, b) => a - b);
console.log(
  `  rescan, nothing changed (${RESCANS} rounds): median ${(median(rescans) / 1000).toFixed(2)} s against a bare walk's median ${(median(bareWalks) / 1000).toFixed(2)} s = ${(median(rescans) / median(bareWalks)).toFixed(2)}x (target at most 2x; rounds ${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}x); files read ${read}; processor time ${(median(rescanCpu) / 1000).toFixed(2)} s against ${(median(walkCpu) / 1000).toFixed(2)} s = ${(median(rescanCpu) / median(walkCpu)).toFixed(2)}x; memory kept ${mb(Math.min(...kept))}-${mb(Math.max(...kept))} (first ${mb(kept[0]!)}, last ${mb(kept.at(-1)!)}); load (1 min) ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}`,
);

server.stop(true);
await checkpointer.stop();
await t.close();
rmSync(root, { recursive: true, force: true });
