// The checkpointer copies committed pages into the database file from its own thread, and hands
// checkpoints back to the connection when its worker cannot run.
import { afterEach, expect, test } from 'bun:test';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../test/helpers/test-app.ts';
import { startCheckpointer } from './checkpointer.ts';
import { type OpenDatabase, openDatabase } from './client.ts';

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

test('full-text segments are merged by the worker, not inside writes, and the index still answers every search', async () => {
  dir = tempDir('hub-checkpoint-');
  const file = path.join(dir, 'hub.sqlite');
  database = openDatabase(file);
  database.sqlite.exec("create virtual table docs using fts5(text, tokenize = 'trigram')");
  const automerge = () => (database.sqlite.query("select v from docs_config where k = 'automerge'").get() as { v: number } | null)?.v;
  const segments = () => (database.sqlite.query('select count(distinct segid) as n from docs_idx').get() as { n: number }).n;
  const checkpointer = startCheckpointer(database.sqlite, file, { intervalMs: 3_600_000, searchIndexes: ['docs', 'not_here'] });
  await checkpointer.next();
  expect(automerge()).toBe(0);
  // Twelve writes, each its own segment: with automerge on, FTS5 would have merged them inside
  // the fourth, eighth and twelfth write.
  const insert = database.sqlite.prepare('insert into docs (rowid, text) values (?, ?)');
  for (let w = 0; w < 12; w++)
    database.sqlite.transaction(() => {
      for (let i = 0; i < 200; i++) insert.run(w * 200 + i, `item ${w * 200 + i} beach ${w % 2 ? 'sunset' : 'studio'}`);
    })();
  expect(segments()).toBe(12);
  const progress = await checkpointer.now();
  expect(progress.merged).toBeGreaterThan(0);
  expect(segments()).toBeLessThan(4);
  const count = (query: string) => (database.sqlite.query('select count(*) as n from docs where docs match ?').get(query) as { n: number }).n;
  expect(count('"beach"')).toBe(2400);
  expect(count('"sunset"')).toBe(1200);
  expect(count('"item 1234 "')).toBe(1);
  await checkpointer.stop();
  // Left to itself, the index merges inside writes again (FTS5's default).
  expect(automerge()).toBe(4);
});

test('a table name that is not one is refused before anything runs', () => {
  dir = tempDir('hub-checkpoint-');
  database = openDatabase(path.join(dir, 'hub.sqlite'));
  expect(() => startCheckpointer(database.sqlite, path.join(dir, 'hub.sqlite'), { searchIndexes: ['docs; drop table users'] })).toThrow('Not a table name');
});
