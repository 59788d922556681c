// Reads kept until the database changes: kept while nothing is written, read again after any
// write on the hub's connection or on another one.

import { afterEach, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { tempDir } from '../../test/helpers/test-app.ts';
import { UntilChanged } from './changes.ts';
import { type OpenDatabase, openDatabase } from './client.ts';

let dir: string;
let database: OpenDatabase;
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a kept read is used until anything is written, here or by another connection', async () => {
  dir = tempDir();
  database = openDatabase(`${dir}/hub.sqlite`);
  database.sqlite.exec('create table t (x integer)');
  const kept = new UntilChanged<string>(database.db);
  let reads = 0;
  const load = async () => `read ${++reads}`;

  expect(await kept.get('a', load)).toBe('read 1');
  expect(await kept.get('a', load)).toBe('read 1');

  database.sqlite.exec('insert into t values (1)');
  expect(await kept.get('a', load)).toBe('read 2');

  const other = openDatabase(`${dir}/hub.sqlite`);
  other.sqlite.exec('update t set x = 2');
  await other.close();
  expect(await kept.get('a', load)).toBe('read 3');
  expect(await kept.get('a', load)).toBe('read 3');
});

test('what is not found is read every time', async () => {
  dir = tempDir();
  database = openDatabase(`${dir}/hub.sqlite`);
  const kept = new UntilChanged<string>(database.db);
  let reads = 0;
  const load = async () => {
    reads++;
    return undefined;
  };
  await kept.get('a', load);
  await kept.get('a', load);
  expect(reads).toBe(2);
  expect(kept.size).toBe(0);
});
