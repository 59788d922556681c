import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { removeTempDatabases, tempDatabase } from '../../test/helpers/test-app.ts';
import { openDatabase } from './client.ts';
import { migrateToLatest } from './migrate.ts';

const fresh = tempDatabase;
afterEach(removeTempDatabases);

describe('openDatabase', () => {
  test('the connection runs with WAL, foreign keys and a busy timeout', async () => {
    const d = fresh();
    expect(d.sqlite.query('pragma journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(d.sqlite.query('pragma foreign_keys').get()).toEqual({ foreign_keys: 1 });
    expect(d.sqlite.query('pragma busy_timeout').get()).toEqual({ timeout: 5000 });
    await d.close();
  });

  test('Kysely is loaded once, as the ES modules the hub imports: not its CommonJS build beside them', async () => {
    const d = fresh();
    await migrateToLatest(d.db);
    expect(await d.db.selectFrom('site_state').select('id').execute()).toEqual([{ id: 1 }]);
    const kysely = Object.keys(require.cache).filter((file) => /[\\/]kysely[\\/]dist[\\/]/.test(file));
    expect(kysely.length).toBeGreaterThan(0);
    expect(kysely.filter((file) => /[\\/]dist[\\/]cjs[\\/]/.test(file))).toEqual([]);
    await d.close();
  });

  test('closing checkpoints the write-ahead log into the database file', async () => {
    const d = fresh();
    await migrateToLatest(d.db);
    expect(existsSync(path.join(d.dir, 'hub.sqlite-wal'))).toBe(true);
    await d.close();
    expect(existsSync(path.join(d.dir, 'hub.sqlite-wal'))).toBe(false);
    const again = openDatabase(path.join(d.dir, 'hub.sqlite'));
    expect(await again.db.selectFrom('site_state').select('id').execute()).toEqual([{ id: 1 }]);
    await again.close();
  });

  test('transactions run one at a time and a failing one is rolled back', async () => {
    const d = fresh();
    await sql`create table counter (n integer not null)`.execute(d.db);
    await sql`insert into counter values (0)`.execute(d.db);
    const bump = () =>
      d.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        await Bun.sleep(5);
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
      });
    await Promise.all([bump(), bump(), bump(), bump()]);
    await expect(
      d.db.transaction().execute(async (trx) => {
        await sql`update counter set n = 1000`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await sql<{ n: number }>`select n from counter`.execute(d.db);
    expect(rows).toEqual([{ n: 4 }]);
    await d.close();
  });

  test('a second connection to the same file (the CLI beside the server) sees committed writes', async () => {
    const d = fresh();
    await migrateToLatest(d.db);
    const other = openDatabase(path.join(d.dir, 'hub.sqlite'));
    await other.db.updateTable('site_state').set({ installed_at: 42 }).execute();
    expect(await d.db.selectFrom('site_state').select('installed_at').executeTakeFirst()).toEqual({ installed_at: 42 });
    await other.close();
    await d.close();
  });
});
