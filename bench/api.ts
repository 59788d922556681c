// The JSON API's speed beside a bare reference in the same run: `GET /api/gallery?limit=50` from
// the hub (spawned as `npm start` runs it: gate, session, validation, SQL, JSON), and a bare Bun +
// SQLite server answering the same URL with the same rows: the very statements the hub ran for it
// (captured once through Kysely's log), prepared once, their rows as JSON. Both are separate
// processes on the same seeded database file, loaded with wrk one after the other.
// Run: npm run bench:api [wrk seconds, default 20] [connections, default 16] [-- --root <checkout>]
// (--root runs the hub of another checkout, e.g. an older commit in a git worktree.)

import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { silentLogger } from '../src/logger.ts';
import { LocalDiskStore } from '../src/storage/local-disk-store.ts';
import { credentialsFor, newUser } from '../test/helpers/factories.ts';
import { manyMedia } from '../test/helpers/media-factory.ts';
import { BUN, freePort, PROJECT_ROOT } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const rootFlag = process.argv.indexOf('--root');
const ROOT = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1]!) : PROJECT_ROOT;
const args = process.argv.slice(2).filter((_, i, all) => all[i] !== '--root' && all[i - 1] !== '--root');
const SECONDS = Number(args[0] ?? 20);
const CONNECTIONS = Number(args[1] ?? 16);
const PATH = '/api/gallery?limit=50';
const SITE = { SITE_PASSWORD: 'bench site password', SITE_LOCKOUT_HOURS: '24' };

const dataDir = tempDir('hub-bench-api-');
const config = loadConfig({ DATA_DIR: dataDir, ...SITE, LOG_LEVEL: 'silent' });
const captured: { sql: string; parameters: readonly unknown[] }[] = [];
let capturing = false;
const database = openDatabase(config.databaseFile, {
  log: (event) => {
    if (capturing && event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});
await migrateToLatest(database.db);
const user = await newUser(database.db, { username: 'bench', name: 'Bench User' });
const credentials = await credentialsFor(database.db, user);
manyMedia(database, user.id, 1000, (i) => ({ tags: ['Solo', `set ${i % 7}`], title: `Item ${i}` }));
const headers = { 'x-site-token': credentials.siteToken, authorization: `Bearer ${credentials.token}` };

// The statements one request runs, as the hub runs them.
const app = createApp({
  config,
  db: database.db,
  store: await new LocalDiskStore(config.mediaDir).init(),
  logger: silentLogger,
  clock: () => new Date(),
  assets: { fingerprint: '', css: '', islandEntry: '', themeScript: '', discreetScript: '', files: [], islands: {} },
});
await (await app.request(PATH, { headers })).text(); // the lockout is armed, caches warm
capturing = true;
const sample = await app.request(PATH, { headers });
capturing = false;
const sampleBody = (await sample.json()) as { media: unknown[] };
if (sample.status !== 200 || sampleBody.media.length !== 50) throw new Error(`the hub answered ${sample.status} with ${sampleBody.media?.length} items`);
const listStatements = captured.filter((s) => !/\bsessions\b|\bsite_tokens\b|\bsite_state\b|\busers\b/.test(s.sql));
await database.close();

async function wrk(url: string, wrkHeaders: Record<string, string>): Promise<{ rps: number; p50: string }> {
  const args = Object.entries(wrkHeaders).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const child = Bun.spawn(['wrk', '-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', ...args, url], { stdout: 'pipe', stderr: 'inherit' });
  const out = await new Response(child.stdout).text();
  const errors = out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  if (errors) throw new Error(`${url}: ${errors} answers were not 2xx`);
  return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0), p50: out.match(/^\s*50%\s+(\S+)/m)?.[1] ?? '?' };
}

async function serve(command: string[], env: Record<string, string>) {
  const port = await freePort();
  const child = Bun.spawn(command, {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
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
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    await Bun.sleep(20);
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
    },
  };
}

console.log(
  `Bun ${Bun.version}; wrk -c${CONNECTIONS} ${SECONDS} s each; load average before: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const bare = await serve([BUN, 'bench/lib/bare-api-server.ts'], { BARE_STATEMENTS: JSON.stringify(listStatements) });
const bareResult = await wrk(`${bare.url}${PATH}`, {});
await bare.stop();
const hub = await serve([BUN, path.join(ROOT, 'src/main.ts')], SITE);
const hubResult = await wrk(`${hub.url}${PATH}`, headers);
await hub.stop();
rmSync(dataDir, { recursive: true, force: true });

console.log(`statements the hub ran for one request: ${captured.length} (${captured.length - listStatements.length} for the site token, session and user)`);
console.log(`bare Bun + SQLite (${listStatements.length} statements, same rows): ${bareResult.rps.toFixed(0)} req/s, p50 ${bareResult.p50}`);
console.log(`hub GET ${PATH}: ${hubResult.rps.toFixed(0)} req/s, p50 ${hubResult.p50}  = ${(hubResult.rps / bareResult.rps).toFixed(2)}x the bare server`);
console.log(
  `load average after: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
