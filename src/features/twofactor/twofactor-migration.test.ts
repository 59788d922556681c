// Migration 0038: two-factor sign-in's tables come and go with it; deleting an account takes its
// secret, recovery codes and challenges along.
import { expect, test } from 'bun:test';
import path from 'node:path';
import { newUser } from '../../../test/helpers/factories.ts';
import { revertThrough } from '../../../test/helpers/migrations.ts';
import { tempDir } from '../../../test/helpers/test-app.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';

const NAME = '2026-11-26-0038-two-factor';
const TABLES = ['signin_challenges', 'totp_recovery_codes', 'user_totp'];

test('0038 adds and removes the two-factor tables; an account’s rows go with it', async () => {
  const database = openDatabase(path.join(tempDir('hub-migration-'), 'hub.sqlite'));
  const tables = async () =>
    (await database.db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => TABLES.includes(name))
      .sort();
  try {
    await migrateToLatest(database.db);
    expect(await tables()).toEqual(TABLES);
    const owner = await newUser(database.db);
    await database.db.insertInto('user_totp').values({ user_id: owner.id, secret: 'JBSWY3DPEHPK3PXP', enabled_at: 1, last_step: 1, created_at: 1 }).execute();
    await database.db.insertInto('totp_recovery_codes').values({ user_id: owner.id, code_hash: 'h', used_at: null }).execute();
    await database.db.insertInto('signin_challenges').values({ id: 'c', user_id: owner.id, expires_at: 1, failures: 0 }).execute();
    await database.db.deleteFrom('users').where('id', '=', owner.id).execute();
    for (const table of TABLES)
      expect(
        await database.db
          .selectFrom(table as 'user_totp')
          .selectAll()
          .execute(),
      ).toEqual([]);

    expect((await revertThrough(database.db, NAME)).at(-1)).toBe(NAME);
    expect(await tables()).toEqual([]);
    await migrateToLatest(database.db);
    expect(await tables()).toEqual(TABLES);
  } finally {
    await database.close();
  }
});
