// Migration 0041: passkey challenges gain the address that asked (for the cap on open prompts),
// and lose it again when reverted; the challenges kept meanwhile survive both ways.
import { expect, test } from 'bun:test';
import path from 'node:path';
import { sql } from 'kysely';
import { revertThrough } from '../../../test/helpers/migrations.ts';
import { tempDir } from '../../../test/helpers/test-app.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';

const MIGRATION = '2026-11-26-0041-passkey-challenge-address';

test('0041 adds and removes passkey_challenges.address, keeping the challenges', async () => {
  const database = openDatabase(path.join(tempDir('hub-migration-'), 'hub.sqlite'));
  try {
    const { db } = database;
    const columns = async () =>
      (await sql<{ name: string }>`select name from pragma_table_info('passkey_challenges') order by cid`.execute(db)).rows.map((r) => r.name);
    await migrateToLatest(db);
    expect(await columns()).toContain('address');
    await sql`insert into passkey_challenges (challenge, purpose, user_id, address, expires_at) values ('c1', 'signin', null, '192.0.2.1', 10)`.execute(db);
    expect((await revertThrough(db, MIGRATION)).at(-1)).toBe(MIGRATION);
    expect(await columns()).not.toContain('address');
    expect((await sql<{ challenge: string }>`select challenge from passkey_challenges`.execute(db)).rows).toEqual([{ challenge: 'c1' }]);
    await migrateToLatest(db);
    expect(await columns()).toContain('address');
  } finally {
    await database.close();
  }
});
