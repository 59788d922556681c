// The checkpointer copies committed pages into the database file from its own thread, and hands
// checkpoints back to the connection when its worker cannot run.
import { afterEach, expect, test } from 'bun:test';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../test/helpers/test-app.ts';
import { startCheckpointer } from './checkpointer.ts';
import { openDatabase, type OpenDatabase } from './client.ts';

let dir: string;
let database: OpenDatabase;
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const autocheckpoint = (d: OpenDatabase) => (d.sqlite.query('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint;

test('a large commit leaves its pages in the WAL, and the worker copies them into the database file', async () => {
  dir = tempDir('hub-checkpoint-');
  const file = path.join(dir, 'hub.sqlite');
  database = openDatabase(file);
  // The timer stays out of the way: checkpoints come when the test asks.
  const checkpointer = startCheckpointer(database.sqlite, file, { intervalMs: 3_600_000 });
  expect(autocheckpoint(database)).toBe(0);
  await checkpointer.next();
  database.sqlite.exec('create table t (n integer primary key, text text)');
  await checkpointer.now();
  const before = statSync(file).size;
  // About 2,500 pages in one commit: past SQLite's 1,000-page threshold, so without the worker's
  // checkpoint this commit itself would have copied them.
  database.sqlite.transaction(() => {
    const insert = database.sqlite.prepare('insert into t (text) values (?)');
    for (let i = 0; i < 10_000; i++) insert.run('x'.repeat(1000));
  })();
  expect(statSync(file).size).toBe(before);
  const progress = await checkpointer.now();
  expect(progress.log).toBeGreaterThan(2000);
  expect(progress.checkpointed).toBe(progress.log);
  expect(statSync(file).size).toBeGreaterThan(before + 9_000_000);
  expect((database.sqlite.query('select count(*) as n from t').get() as { n: number }).n).toBe(10_000);
  await checkpointer.stop();
  expect(autocheckpoint(database)).toBe(1000);
});

test('a worker that cannot open the database gives checkpoints back to the connection', async () => {
  dir = tempDir('hub-checkpoint-');
  database = openDatabase(path.join(dir, 'hub.sqlite'));
  const failures: string[] = [];
  const checkpointer = startCheckpointer(database.sqlite, path.join(dir, 'missing', 'folder', 'hub.sqlite'), { onFailure: (m) => failures.push(m) });
  for (let i = 0; i < 100 && failures.length === 0; i++) await Bun.sleep(20);
  expect(failures.length).toBe(1);
  expect(checkpointer.running).toBe(false);
  expect(autocheckpoint(database)).toBe(1000);
  await checkpointer.stop();
});
