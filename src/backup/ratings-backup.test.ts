// Ratings survive a backup and its restore: items rated 1 to 5 and unrated ones are backed up from
// an open hub database, restored into a new DATA_DIR, and the restored database lists the same
// items for a minimum rating, in the rating's order, with the same stars.
import { afterEach, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { newUser } from '../../test/helpers/factories.ts';
import { newMedia, putMediaBytes } from '../../test/helpers/media-factory.ts';
import { tempDir } from '../../test/helpers/test-app.ts';
import { runCli } from '../cli.ts';
import { loadConfig } from '../config.ts';
import { type OpenDatabase, openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { toMediaItem } from '../features/media/item.ts';
import { listMedia } from '../features/media/media-list.repo.ts';
import { LocalDiskStore } from '../storage/local-disk-store.ts';
import { createBackup } from './backup.ts';

const dirs: string[] = [];
const open: OpenDatabase[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dir = (prefix: string) => {
  const d = tempDir(prefix);
  dirs.push(d);
  return d;
};

/** The owner's items rated `min` or more, by rating: [title, rating]. */
async function rated(database: OpenDatabase, ownerId: string, min: number) {
  const page = await listMedia(database.db, ownerId, 'gallery', { inBin: false, search: '', tags: [], atLeast: { rating: min } }, 'rating', 'desc', {
    limit: 100,
    offset: 0,
  });
  return { total: page.total, items: page.items.map((row) => [toMediaItem(row).title, toMediaItem(row).rating]) };
}

test('a backup carries every rating, and the restored hub lists them as before', async () => {
  const dataDir = dir('hub-backup-ratings-');
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = openDatabase(config.databaseFile);
  open.push(database);
  await migrateToLatest(database.db);
  const user = await newUser(database.db, { username: 'alice' });
  const store = await new LocalDiskStore(config.mediaDir).init();
  for (const [i, rating] of [5, null, 3, 1, 4, null, 2].entries()) await putMediaBytes(store, newMedia(database, user.id, { title: `Photo ${i}`, rating }));
  const before = await rated(database, user.id, 3);
  expect(before).toEqual({
    total: 3,
    items: [
      ['Photo 0', 5],
      ['Photo 4', 4],
      ['Photo 2', 3],
    ],
  });

  const { folder } = await createBackup({ config, outDir: dir('hub-backups-'), includeKey: false });
  const target = path.join(dir('hub-restore-'), 'data');
  const out: string[] = [];
  const none = async () => {
    throw new Error('no input');
  };
  const code = await runCli(['restore', folder], {
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    env: { DATA_DIR: target },
    readLine: none,
    readSecret: none,
    interactive: false,
  });
  expect(code, out.join('\n')).toBe(0);

  const restored = openDatabase(loadConfig({ DATA_DIR: target }).databaseFile);
  open.push(restored);
  await migrateToLatest(restored.db);
  expect(await rated(restored, user.id, 3)).toEqual(before);
  expect(await rated(restored, user.id, 1)).toEqual(await rated(database, user.id, 1));
  expect((await rated(restored, user.id, 1)).total).toBe(5);
});
