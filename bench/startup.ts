// Measures what issue-level budgets are about: cold start to the first 200 from /healthz, idle
// memory (RSS), JavaScript shipped per page, and the bytes of each page with and without
// compression (real Chromium decides what loads). Run: npm run bench   (figures vary with load).

import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/helpers/browser.ts';
import { BUN, freePort, PROJECT_ROOT } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';
import { type PageBytes, pageBytes, pageBytesTable } from './page-bytes.ts';

const RUNS = Number(process.argv[2] ?? 5);

const SITE_PASSWORD = 'bench site password';
const ADMIN = { ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench admin password' };

async function startOnce(dataDir: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const t0 = performance.now();
  const child = Bun.spawn([BUN, 'src/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SITE_PASSWORD, ...extraEnv },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`hub exited with ${child.exitCode}`);
    await Bun.sleep(5);
  }
  return { ms: performance.now() - t0, child, url };
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+) kB/)![1]);
  return kb / 1024;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]! };
};
const fmt = (n: number) => n.toFixed(0);

// 1. Cold start on an empty data folder (creates and migrates the database, builds assets).
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = tempDir('hub-bench-');
  const first = await startOnce(dataDir);
  cold.push(first.ms);
  first.child.kill('SIGTERM');
  await first.child.exited;
  const second = await startOnce(dataDir);
  warm.push(second.ms);
  second.child.kill('SIGTERM');
  await second.child.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

// 1b. Cold start that must also build the assets (first start after an update of the sources).
const rebuild: number[] = [];
for (let i = 0; i < RUNS; i++) {
  rmSync(path.join(PROJECT_ROOT, 'static/build/manifest.json'), { force: true });
  const dataDir = tempDir('hub-bench-');
  const run = await startOnce(dataDir);
  rebuild.push(run.ms);
  run.child.kill('SIGTERM');
  await run.child.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

// 2. Past the gate and signed in (first administrator from the environment): the cost of the
// password checks (argon2id, on purpose slow) and of a page through gate + session + render.
const dataDir = tempDir('hub-bench-');
const hub = await startOnce(dataDir, ADMIN);
const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${hub.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const gateMs: number[] = [];
const signInMs: number[] = [];
let credentials: Record<string, string> = {};
let siteOnly: Record<string, string> = {};
let adminId = '';
for (let i = 0; i < RUNS; i++) {
  let t0 = performance.now();
  const { siteToken } = (await (await postJson('/api/site/verify-password', { password: SITE_PASSWORD })).json()) as { siteToken: string };
  gateMs.push(performance.now() - t0);
  t0 = performance.now();
  const signedIn = (await (
    await postJson('/auth/signin/', { username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }, { 'x-site-token': siteToken })
  ).json()) as { token: string; user: { _id: string } };
  signInMs.push(performance.now() - t0);
  siteOnly = { 'x-site-token': siteToken };
  credentials = { ...siteOnly, authorization: `Bearer ${signedIn.token}` };
  adminId = signedIn.user._id;
}
const page = (pagePath: string) => fetch(`${hub.url}${pagePath}`, { headers: credentials });
const pageMs: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  const res = await page('/');
  await res.text();
  if (res.status !== 200) throw new Error(`home answered ${res.status}`);
  pageMs.push(performance.now() - t0);
  await (await page('/no-such-page')).text();
}

// 3. Idle memory after those 100 page views.
await Bun.sleep(3000);
const idleRss = rssMiB(hub.child.pid);

// 4. JavaScript shipped per page.
async function scriptsOf(pagePath: string): Promise<string[]> {
  const html = await (await page(pagePath)).text();
  return [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
}
const homeScripts = await scriptsOf('/');
const notFoundScripts = await scriptsOf('/no-such-page');
const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'static/build/manifest.json'), 'utf8')) as { islandEntry: string; files: string[] };
const sizeOf = async (url: string) => {
  const bytes = new Uint8Array(await (await fetch(`${hub.url}${url}`)).arrayBuffer());
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
};
const entry = await sizeOf(manifest.islandEntry);
let allJs = { raw: 0, gzip: 0 };
for (const url of manifest.files.filter((f) => f.endsWith('.js'))) {
  const s = await sizeOf(url);
  allJs = { raw: allJs.raw + s.raw, gzip: allJs.gzip + s.gzip };
}
const css = await sizeOf(manifest.files.find((f) => f.endsWith('.css'))!);

// 5. Bytes per page as a browser gets them: HTML + stylesheet + every script it loads.
const chromium = await launchChromium();
const perPage: PageBytes[] = [];
try {
  const pages: [name: string, path: string, headers: Record<string, string>][] = [
    ['site gate', '/', {}],
    ['/signin', '/signin', siteOnly],
    ['home /', '/', credentials],
    ['/users', '/users', credentials],
    ['/user/{id}', `/user/${encodeURIComponent(adminId)}`, credentials],
    ['/admin', '/admin', credentials],
    ['404', '/no-such-page', credentials],
  ];
  for (const [name, pagePath, headers] of pages) perPage.push(await pageBytes(chromium.browser, hub.url, name, pagePath, headers));
} finally {
  await chromium.close();
}

hub.child.kill('SIGTERM');
await hub.child.exited;
rmSync(dataDir, { recursive: true, force: true });

const c = stats(cold);
const w = stats(warm);
console.log(`Bun ${Bun.version}, ${RUNS} runs each`);
console.log(`cold start to first 200 /healthz (empty data folder): median ${fmt(c.median)} ms (min ${fmt(c.min)}, max ${fmt(c.max)})`);
const r = stats(rebuild);
console.log(`cold start that also rebuilds the assets:           median ${fmt(r.median)} ms (min ${fmt(r.min)}, max ${fmt(r.max)})`);
console.log(`warm start to first 200 /healthz (existing database): median ${fmt(w.median)} ms (min ${fmt(w.min)}, max ${fmt(w.max)})`);
const g = stats(gateMs);
const si = stats(signInMs);
const p = stats(pageMs);
console.log(`site password check (argon2id): median ${fmt(g.median)} ms; sign-in: median ${fmt(si.median)} ms`);
console.log(`signed-in home page (gate + session + render): median ${p.median.toFixed(1)} ms (min ${p.min.toFixed(1)}, max ${p.max.toFixed(1)})`);
console.log(`idle RSS after 100 page views: ${idleRss.toFixed(1)} MiB`);
console.log(`scripts on the 404 page: ${notFoundScripts.join(', ') || 'none'}`);
console.log(`scripts on the home page: ${homeScripts.join(', ')}`);
console.log(`island entry: ${entry.raw} B, ${entry.gzip} B gzip`);
console.log(`all island JavaScript (entry + React + islands): ${allJs.raw} B, ${allJs.gzip} B gzip`);
console.log(`stylesheet: ${css.raw} B, ${css.gzip} B gzip`);
console.log('bytes per page (HTML + CSS + JS it loads), with Accept-Encoding: br, gzip and without:');
console.log(pageBytesTable(perPage));
