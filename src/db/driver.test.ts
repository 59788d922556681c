import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { openDatabase } from './client.ts';
import { StatementCache } from './driver.ts';

describe('StatementCache', () => {
  test('a statement is prepared once and reused for the same SQL', () => {
    const sqlite = new Database(':memory:');
    const cache = new StatementCache(sqlite, 4);
    const first = cache.get('select 1 as one');
    expect(cache.get('select 1 as one')).toBe(first);
    expect(cache.size).toBe(1);
    cache.clear();
    sqlite.close();
  });

  test('it holds at most its capacity: the least recently used statement is finalized and dropped', () => {
    const sqlite = new Database(':memory:');
    const cache = new StatementCache(sqlite, 3);
    const a = cache.get('select 1');
    cache.get('select 2');
    cache.get('select 3');
    cache.get('select 1'); // used again: now the most recent
    cache.get('select 4'); // evicts "select 2"
    expect(cache.size).toBe(3);
    expect(cache.get('select 1')).toBe(a);
    expect(a.all()).toEqual([{ '1': 1 }]);
    cache.clear();
    expect(cache.size).toBe(0);
    sqlite.close();
  });

  test('through Kysely: 1,000 different statements leave at most the capacity prepared, and the database closes cleanly', async () => {
    const database = openDatabase(':memory:');
    for (let i = 0; i < 1000; i++) {
      const rows = await sql<{ n: number }>`select ${sql.lit(i)} as n`.execute(database.db);
      expect(rows.rows).toEqual([{ n: i }]);
    }
    await database.close();
  });
});
