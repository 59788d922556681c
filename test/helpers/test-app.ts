// Builds the real app on a temp folder: a fresh SQLite file with the real migrations, a local-disk
// store, the real asset build, and a logger whose lines the test can read.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/app.ts';
import { buildAssets, type AssetManifest } from '../../src/build/assets.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Clock } from '../../src/http/context.ts';
import { createLogger } from '../../src/logger.ts';
import { LocalDiskStore } from '../../src/storage/local-disk-store.ts';
import type { MediaStore } from '../../src/storage/media-store.ts';

let assets: Promise<AssetManifest> | undefined;
/** The asset build runs once per test process. */
export function testAssets(): Promise<AssetManifest> {
  assets ??= buildAssets();
  return assets;
}

export function tempDir(prefix = 'hub-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  dataDir: string;
  database: ReturnType<typeof openDatabase>;
  store: MediaStore;
  logs: string[];
  close(): Promise<void>;
}

export async function createTestApp(options: { store?: MediaStore; clock?: Clock; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = tempDir();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'debug', ...options.env });
  const database = openDatabase(config.databaseFile);
  await migrateToLatest(database.db);
  const store = options.store ?? (await new LocalDiskStore(config.mediaDir).init());
  const logs: string[] = [];
  const app = createApp({
    config,
    db: database.db,
    store,
    logger: createLogger('debug', (line) => logs.push(line)),
    clock: options.clock ?? (() => new Date()),
    assets: await testAssets(),
  });
  return {
    app,
    dataDir,
    database,
    store,
    logs,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const tempDatabaseDirs: string[] = [];
/** A database file in a fresh temp folder; call removeTempDatabases() after each test. */
export function tempDatabase() {
  const dir = tempDir('hub-db-');
  tempDatabaseDirs.push(dir);
  return { dir, ...openDatabase(path.join(dir, 'hub.sqlite')) };
}

export function removeTempDatabases(): void {
  for (const dir of tempDatabaseDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
