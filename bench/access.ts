// Measures the access layer under attack-shaped load, against a real hub on loopback:
//   1. how many password checks a burst of 200 concurrent wrong site passwords gets through
//      (and 60 concurrent wrong sign-ins), with the default LOGIN_MAX_ATTEMPTS;
//   2. /healthz latency and the hub's memory while 40 sign-ins run at once (the limit raised so
//      that every one of them reaches the password check).
// Run: npm run bench:access [-- --root <checkout>]   (--root measures another checkout, e.g. an
// older commit in a git worktree, for a before/after comparison; figures vary with load.)

import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BUN, freePort, PROJECT_ROOT } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const rootFlag = process.argv.indexOf('--root');
const ROOT = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1]!) : PROJECT_ROOT;
const SITE_PASSWORD = 'bench site password';
const ADMIN = { username: 'bench', password: 'bench admin password' };

async function startHub(env: Record<string, string>) {
  const dataDir = tempDir('hub-bench-access-');
  const port = await freePort();
  const child = Bun.spawn([BUN, 'src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SITE_PASSWORD,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  while (
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`hub exited with ${child.exitCode}`);
    await Bun.sleep(20);
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n}×${s}`)
    .join(', ');
}

function rssMiB(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

console.log(`Access benchmark of ${ROOT}`);

// 1. Guessing bursts with the default limit (5 per address per 15 minutes).
{
  const hub = await startHub({});
  const siteAnswers = await Promise.all(Array.from({ length: 200 }, () => post(`${hub.url}/api/site/verify-password`, { password: 'a wrong guess' })));
  const siteStatuses = siteAnswers.map((r) => r.status);
  console.log(`200 concurrent wrong site passwords: ${tally(siteStatuses)}  -> ${siteStatuses.filter((s) => s === 401).length} password checks ran`);
  await hub.stop();
}
{
  const hub = await startHub({});
  const site = ((await (await post(`${hub.url}/api/site/verify-password`, { password: SITE_PASSWORD })).json()) as { siteToken: string }).siteToken;
  const answers = await Promise.all(
    Array.from({ length: 60 }, () => post(`${hub.url}/auth/signin/`, { username: ADMIN.username, password: 'a wrong guess' }, { 'x-site-token': site })),
  );
  const statuses = answers.map((r) => r.status);
  console.log(`60 concurrent wrong sign-ins:         ${tally(statuses)}  -> ${statuses.filter((s) => s === 401).length} password checks ran`);
  await hub.stop();
}

// 2. 40 concurrent sign-ins that all reach the password check, while /healthz is probed.
{
  const hub = await startHub({ LOGIN_MAX_ATTEMPTS: '100000' });
  const site = ((await (await post(`${hub.url}/api/site/verify-password`, { password: SITE_PASSWORD })).json()) as { siteToken: string }).siteToken;
  const probe = async () => {
    const t0 = performance.now();
    await fetch(`${hub.url}/healthz`).then((r) => r.arrayBuffer());
    return performance.now() - t0;
  };
  const idle: number[] = [];
  for (let i = 0; i < 50; i++) idle.push(await probe());
  const rssBefore = rssMiB(hub.pid);

  let running = true;
  const during: number[] = [];
  let peakRss = rssBefore;
  const prober = (async () => {
    while (running) {
      during.push(await probe());
      peakRss = Math.max(peakRss, rssMiB(hub.pid));
      await Bun.sleep(10);
    }
  })();
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: 40 }, () => post(`${hub.url}/auth/signin/`, ADMIN, { 'x-site-token': site })));
  const burstMs = performance.now() - t0;
  running = false;
  await prober;
  const f = (n: number) => n.toFixed(1);
  console.log(`40 concurrent sign-ins: ${tally(answers.map((r) => r.status))} in ${burstMs.toFixed(0)} ms`);
  console.log(`  /healthz idle:   median ${f(percentile(idle, 50))} ms, p95 ${f(percentile(idle, 95))} ms`);
  console.log(
    `  /healthz during: median ${f(percentile(during, 50))} ms, p95 ${f(percentile(during, 95))} ms, max ${f(Math.max(...during))} ms (${during.length} probes)`,
  );
  console.log(`  RSS: ${f(rssBefore)} MiB before, ${f(peakRss)} MiB peak (+${f(peakRss - rssBefore)} MiB)`);
  await hub.stop();
}
