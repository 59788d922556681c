// The hub's start, loaded by src/main.ts once NODE_ENV is settled:
// load config -> open database -> migrate -> open media store + assets -> serve.

import { createApp } from './app.ts';
import { ensureAssets } from './build/assets.ts';
import { ConfigError, loadConfig } from './config.ts';
import { dataDirProblem } from './data-dir.ts';
import { startCheckpointer } from './db/checkpointer.ts';
import { openDatabase } from './db/client.ts';
import { migrateApart } from './db/migrate-apart.ts';
import { openVaultKeys } from './features/connect/connect.service.ts';
import { applyLockoutSetting } from './features/gate/gate.service.ts';
import { scheduleHashBackfill } from './features/media/duplicates/backfill.service.ts';
import { MEDIA_SEARCH_INDEX } from './features/media/media.repo.ts';
import { scheduleBinPurge } from './features/media/purge.service.ts';
import { createServices } from './features/services.ts';
import { scheduleUploadsSweep } from './features/uploads/tus/tus.service.ts';
import { shrinkAndCollect } from './http/memory-upkeep.ts';
import { startServer } from './http/server.ts';
import { createLogger } from './logger.ts';
import { reactBuild } from './runtime-mode.ts';
import { lightPasswordCost } from './security/passwords.ts';
import { keepNewFilesPrivate } from './security/private-files.ts';
import { openMediaStore, sweepLeftovers } from './storage/open-store.ts';

export async function main(): Promise<void> {
  const started = performance.now();
  // Everything the hub creates is its user's only: the database, media, keys (decision 0053).
  keepNewFilesPrivate();
  // biome-ignore lint/suspicious/noImplicitAnyLet: kept from before the linter; fix when this code is next touched
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // DATA_DIR must be writable before anything opens it: a folder of another owner (a bind mount in
  // a container) stops the start here with what to change, not as a hub failing at the first upload.
  const unwritable = dataDirProblem(config.dataDir);
  if (unwritable) throw new Error(unwritable);
  const logger = createLogger(config.logLevel);

  const database = openDatabase(config.databaseFile);
  const applied = await migrateApart(config.databaseFile, database.db);
  if (applied.length > 0) logger.info('database migrated', { applied: applied.join(',') });
  const checkpointer = startCheckpointer(database.sqlite, config.databaseFile, {
    searchIndexes: [MEDIA_SEARCH_INDEX],
    onFailure: (reason) => logger.warn('WAL checkpoints or full-text merges run inside requests again', { reason }),
  });

  // The vault key, before anything is served: a missing or wrong key stops the start here.
  const vault = await openVaultKeys(database.db, config);
  for (const note of vault.notes) logger.info(note);

  const lockoutChange = await applyLockoutSetting(database.db, config, Date.now());
  if (lockoutChange) logger.info(lockoutChange);

  if (config.bootstrapAdmin) {
    const { users } = createServices({ db: database.db, config, clock: () => new Date() });
    if (!(await users.hasUsers())) {
      const { username, password } = config.bootstrapAdmin;
      await users.create(null, { username, name: username, email: `${username.toLowerCase()}@localhost`, password });
      logger.info('created the first administrator from ADMIN_USERNAME', { username });
    }
  }

  const [store, assets] = await Promise.all([openMediaStore(config), ensureAssets()]);
  // Uploads a killed hub left half-done (local temporary files went in openMediaStore).
  const swept = await sweepLeftovers(store);
  if (lightPasswordCost) logger.warn('passwords are hashed at the light cost of the test runs (HUB_TEST_PASSWORD_COST); unset it outside tests');
  if (swept > 0) logger.info('aborted uploads a previous run left unfinished', { count: swept });
  if (assets.rebuilt) logger.info('assets built', { css: assets.css, islands: assets.islandEntry });
  const app = createApp({ config, db: database.db, store, logger, clock: () => new Date(), assets, vaultKeys: vault.keys });

  const running = startServer({
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    logger,
    // Requests have drained; running jobs get a few seconds, the rest resume at the next start.
    onStopped: async () => {
      await app.services.libraries.stop();
      await app.services.jobs.stop();
      await checkpointer.stop();
      await database.close();
    },
  });
  await app.services.jobs.start();
  // The recycling bin's purge runs now, then every hour (one job, merged by its key).
  await scheduleBinPurge(app.services.jobs);
  // Expired resumable uploads go now, then every hour; uploads a restart cut short are finished.
  await scheduleUploadsSweep(app.services.jobs);
  // Items processed before perceptual hashes existed get theirs, a batch at a time.
  await scheduleHashBackfill(app.services.jobs);
  // Library scans: queued ones (the API, the CLI), and rescans every LIBRARY_SCAN_MINUTES.
  app.services.libraries.start();
  // The start's garbage (module loading, the vault key, the jobs' scheduling) and the code compiled
  // for it, which ran once, go before the hub waits for requests (about 2 MB). Migrations run in a
  // process of their own (src/db/migrate-apart.ts).
  shrinkAndCollect();
  logger.info('listening', {
    url: running.url.href,
    data: config.dataDir,
    storage: config.storage.driver,
    react: reactBuild(),
    ms: Number((performance.now() - started).toFixed(0)),
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      void running.shutdown(signal).then(() => process.exit(0));
    });
  }
}
