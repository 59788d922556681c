// Migration 0037: sessions begun before it keep working and have no browser, address or last seen;
// every user starts with discreet mode off. Migration 0042: they have no sign-in method either.
import { expect, test } from 'bun:test';
import path from 'node:path';
import { newUser } from '../../../test/helpers/factories.ts';
import { revertThrough } from '../../../test/helpers/migrations.ts';
import { tempDir } from '../../../test/helpers/test-app.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';

const MIGRATION = '2026-11-26-0037-sessions-and-preferences';

test('sessions from before 0037 get nulls; users get discreet off; down removes the columns again', async () => {
  const database = openDatabase(path.join(tempDir('hub-migration-'), 'hub.sqlite'));
  try {
    await migrateToLatest(database.db);
    const reverted = await revertThrough(database.db, MIGRATION);
    expect(reverted.at(-1)).toBe(MIGRATION);
    const columns = async (table: string) => (await database.db.introspection.getTables()).find((t) => t.name === table)!.columns.map((c) => c.name);
    expect(await columns('sessions')).not.toContain('last_seen_at');
    expect(await columns('users')).not.toContain('discreet');

    const owner = await newUser(database.db);
    await database.db
      .insertInto('sessions')
      .values({ id: 'old-session', user_id: owner.id, created_at: 1, expires_at: 2 } as never)
      .execute();
    await migrateToLatest(database.db);
    expect(await database.db.selectFrom('sessions').select(['id', 'user_agent', 'ip', 'last_seen_at']).execute()).toEqual([
      { id: 'old-session', user_agent: null, ip: null, last_seen_at: null },
    ]);
    expect((await database.db.selectFrom('users').select('discreet').where('id', '=', owner.id).executeTakeFirstOrThrow()).discreet).toBe(0);
  } finally {
    await database.close();
  }
});

test('0042: sessions from before it keep working with no sign-in method; down removes the column again', async () => {
  const database = openDatabase(path.join(tempDir('hub-migration-'), 'hub.sqlite'));
  try {
    await migrateToLatest(database.db);
    const reverted = await revertThrough(database.db, '2026-12-01-0042-session-sign-in-method');
    expect(reverted.at(-1)).toBe('2026-12-01-0042-session-sign-in-method');
    const columns = async () => (await database.db.introspection.getTables()).find((t) => t.name === 'sessions')!.columns.map((c) => c.name);
    expect(await columns()).not.toContain('sign_in_method');
    const owner = await newUser(database.db);
    await database.db
      .insertInto('sessions')
      .values({ id: 'old-session', user_id: owner.id, created_at: 1, expires_at: 2 } as never)
      .execute();
    await migrateToLatest(database.db);
    expect(await database.db.selectFrom('sessions').select(['id', 'sign_in_method']).execute()).toEqual([{ id: 'old-session', sign_in_method: null }]);
  } finally {
    await database.close();
  }
});
