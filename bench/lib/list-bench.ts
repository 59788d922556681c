// The harness the list benchmarks share: a hub on a temp DATA_DIR whose database records the
// statements each request runs, and measure(): the median and p95 of a request inside the hub
// (app.request: routing, session, validation, SQL, JSON; no network) beside the bare SQLite work
// for the same answer (the very statements the request ran, prepared once, run with bun:sqlite).

import type { SQLQueryBindings } from 'bun:sqlite';
import { rmSync } from 'node:fs';
import { createApp } from '../../src/app.ts';
import { ensureAssets } from '../../src/build/assets.ts';
import { loadConfig } from '../../src/config.ts';
import { startCheckpointer } from '../../src/db/checkpointer.ts';
import { openDatabase } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { MEDIA_SEARCH_INDEX } from '../../src/features/media/media.repo.ts';
import { silentLogger } from '../../src/logger.ts';
import { MATURE_COOKIE } from '../../src/shared/gallery-view.ts';
import { LocalDiskStore } from '../../src/storage/local-disk-store.ts';
import { credentialsFor, newUser } from '../../test/helpers/factories.ts';
import { tempDir } from '../../test/helpers/test-app.ts';

export const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
export const p95 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
export const ms = (n: number) => n.toFixed(2).padStart(6);

export interface MeasureOptions {
  /** A server-rendered page (cookies, not headers; no totalItems). */
  page?: boolean;
  /** Median target in ms (10 by default); false: reported for scale, outside the targets. */
  target?: number | false;
}

/** A hub with one signed-in user on a fresh temp database; `seed` fills it before the app starts. */
export async function listBench(
  prefix: string,
  runs: number,
  seed: (ctx: { database: ReturnType<typeof openDatabase>; userId: string }) => Promise<void> | void,
) {
  const dataDir = tempDir(prefix);
  const config = loadConfig({ DATA_DIR: dataDir, SITE_PASSWORD: 'bench site password', SITE_LOCKOUT_HOURS: '0', LOG_LEVEL: 'silent' });
  let capturing = false;
  let captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const database = openDatabase(config.databaseFile, {
    log: (event) => {
      if (capturing && event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  await migrateToLatest(database.db);
  const user = await newUser(database.db, { username: 'bench', name: 'Bench User' });
  const credentials = await credentialsFor(database.db, user);
  const seedStart = performance.now();
  await seed({ database, userId: user.id });
  database.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const seedSeconds = (performance.now() - seedStart) / 1000;
  // As in the hub (src/main.ts): checkpoints and full-text merges from their own thread, not inside requests.
  const checkpointer = startCheckpointer(database.sqlite, config.databaseFile, { searchIndexes: [MEDIA_SEARCH_INDEX] });

  const app = createApp({
    config,
    db: database.db,
    store: await new LocalDiskStore(config.mediaDir).init(),
    logger: silentLogger,
    clock: () => new Date(),
    assets: await ensureAssets(),
  });
  const headers = { 'x-site-token': credentials.siteToken, authorization: `Bearer ${credentials.token}` };
  const pageHeaders = { cookie: `hub_site=${credentials.siteToken}; hub_session=${credentials.token}; ${MATURE_COOKIE}=true` };
  /** Statements that are not the session's, the site token's or the user's: what the answer costs in SQL. */
  const isListSql = (text: string) => !/\bsessions\b|\bsite_tokens\b|\bsite_state\b|\busers\b/.test(text);

  function bareTimes(statements: typeof captured): number[] {
    const prepared = statements.map((s) => ({ statement: database.sqlite.prepare(s.sql), parameters: s.parameters as SQLQueryBindings[] }));
    const times: number[] = [];
    for (let i = 0; i < runs + 10; i++) {
      const t0 = performance.now();
      for (const p of prepared) p.statement.all(...p.parameters);
      if (i >= 10) times.push(performance.now() - t0);
    }
    for (const p of prepared) p.statement.finalize();
    return times;
  }

  const results: { label: string; median: number; p95: number; bare: number; ok: boolean }[] = [];

  return {
    app,
    database,
    userId: user.id,
    headers,
    seedSeconds,
    /** The median and p95 of `runs` requests, beside the bare statements; a line on the console. */
    async measure(label: string, path: string, options: MeasureOptions = {}) {
      const target = options.target ?? 10;
      const init = { headers: options.page ? pageHeaders : headers };
      captured = [];
      capturing = true;
      const first = await app.request(path, init);
      capturing = false;
      const text = await first.text();
      if (first.status !== 200) {
        console.log(`${label.padEnd(44)} skipped: ${path} answered ${first.status}`);
        return;
      }
      const statements = captured.filter((s) => isListSql(s.sql));
      const body = options.page ? undefined : (JSON.parse(text) as { totalItems?: number; media?: unknown[]; albums?: unknown[] });
      const times: number[] = [];
      for (let i = 0; i < runs + 10; i++) {
        const t0 = performance.now();
        await (await app.request(path, init)).text();
        if (i >= 10) times.push(performance.now() - t0);
      }
      const bare = median(bareTimes(statements));
      const m = median(times);
      // Twice the bare statements where they are worth comparing: below 1 ms the hub's fixed cost
      // (routing, the session's own query, JSON) is what shows, and the absolute target rules.
      const ok = target === false || (m <= target && (options.page === true || bare < 1 || m <= 2 * bare));
      results.push({ label, median: m, p95: p95(times), bare, ok });
      const shown =
        body === undefined ? '' : `${String(body.albums?.length ?? body.media?.length ?? 0).padStart(4)} of ${String(body.totalItems ?? 0).padStart(6)}  `;
      const verdict = target === false ? '(no target)' : ok ? 'ok' : 'OVER TARGET';
      console.log(
        `${label.padEnd(44)} ${ms(m)} ms  p95 ${ms(p95(times))} ms   bare SQL ${ms(bare)} ms (${statements.length} stmt, ×${(m / bare).toFixed(1)})   ${shown}${(text.length / 1024).toFixed(1)} KB  ${verdict}`,
      );
    },
    results,
    async close() {
      const over = results.filter((r) => !r.ok);
      // A script that measured nothing through measure() gives its own verdict.
      if (results.length > 0) console.log(over.length === 0 ? '\nEvery case within its target.' : `\nOver target: ${over.map((r) => r.label).join('; ')}`);
      await checkpointer.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
