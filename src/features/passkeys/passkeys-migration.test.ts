// Migration 0039: the passkeys and passkey_challenges tables come and go with it, and an account's
// passkeys and challenges go with the account.
import { expect, test } from 'bun:test';
import path from 'node:path';
import { sql } from 'kysely';
import { newUser } from '../../../test/helpers/factories.ts';
import { revertThrough } from '../../../test/helpers/migrations.ts';
import { tempDir } from '../../../test/helpers/test-app.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';

const MIGRATION = '2026-11-26-0039-passkeys';

async function tables(db: Parameters<typeof migrateToLatest>[0]): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'passkey%' order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

test('down drops both tables and up makes them again; deleting an account deletes its passkeys and challenges', async () => {
  const database = openDatabase(path.join(tempDir('hub-migration-'), 'hub.sqlite'));
  try {
    const { db } = database;
    await migrateToLatest(db);
    expect(await tables(db)).toEqual(['passkey_challenges', 'passkeys']);
    // Reverted newest first, down to this migration and no further.
    const reverted = await revertThrough(db, MIGRATION);
    expect(reverted.at(-1)).toBe(MIGRATION);
    expect(await tables(db)).toEqual([]);
    await migrateToLatest(db);
    expect(await tables(db)).toEqual(['passkey_challenges', 'passkeys']);

    const owner = await newUser(db);
    const other = await newUser(db);
    const passkey = (id: string, userId: string) => ({
      id,
      user_id: userId,
      credential_id: `cred-${id}`,
      public_key: new Uint8Array([1, 2, 3]),
      counter: 0,
      transports: '[]',
      device_type: 'singleDevice',
      backed_up: 0,
      name: 'Phone',
      created_at: 1,
      last_used_at: null,
    });
    await db
      .insertInto('passkeys')
      .values([passkey('a', owner.id), passkey('b', other.id)])
      .execute();
    await db.insertInto('passkey_challenges').values({ challenge: 'c1', purpose: 'register', user_id: owner.id, expires_at: 10 }).execute();
    await db.deleteFrom('users').where('id', '=', owner.id).execute();
    expect(await db.selectFrom('passkeys').select('id').execute()).toEqual([{ id: 'b' }]);
    expect(await db.selectFrom('passkey_challenges').select('challenge').execute()).toEqual([]);
  } finally {
    await database.close();
  }
});
