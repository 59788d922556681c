// Migration 0036: the guessing limit's rows gain scope, account and address; counts of the window
// carry over (an old "signin:ADDRESS" becomes an attempt from that address at no account), and the
// way down gives back the old keys.
import { expect, test } from 'bun:test';
import path from 'node:path';
import { sql } from 'kysely';
import { revertThrough } from '../../test/helpers/migrations.ts';
import { tempDir } from '../../test/helpers/test-app.ts';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';

const NAME = '2026-11-26-0036-attempts-per-account';

test('migration 0036 carries the old per-address counts over, and back down', async () => {
  const database = openDatabase(path.join(tempDir('hub-migration-'), 'hub.sqlite'));
  try {
    await migrateToLatest(database.db);
    const reverted = await revertThrough(database.db, NAME);
    expect(reverted.at(-1)).toBe(NAME);
    await sql`insert into login_attempts (key, attempted_at) values ('signin:192.0.2.1', 10), ('site:192.0.2.2', 20)`.execute(database.db);
    await migrateToLatest(database.db);
    const rows = await database.db.selectFrom('login_attempts').select(['scope', 'account', 'address', 'attempted_at']).orderBy('attempted_at').execute();
    expect(rows).toEqual([
      { scope: 'signin', account: '', address: '192.0.2.1', attempted_at: 10 },
      { scope: 'site', account: '', address: '192.0.2.2', attempted_at: 20 },
    ]);
    expect((await revertThrough(database.db, NAME)).at(-1)).toBe(NAME);
    const old = await sql<{ key: string; attempted_at: number }>`select key, attempted_at from login_attempts order by attempted_at`.execute(database.db);
    expect(old.rows).toEqual([
      { key: 'signin:192.0.2.1', attempted_at: 10 },
      { key: 'site:192.0.2.2', attempted_at: 20 },
    ]);
  } finally {
    await database.close();
  }
});
