// Migration 0035: the uploads table comes and goes with its migration, and nothing else does.
import { expect, test } from 'bun:test';
import path from 'node:path';
import { sql } from 'kysely';
import { newUser } from '../../../test/helpers/factories.ts';
import { tempDir } from '../../../test/helpers/test-app.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDown, migrateToLatest } from '../../db/migrate.ts';

const NAME = '2026-11-26-0035-resumable-uploads';

test('reverting 0035 drops the uploads and keeps the users; applying it again makes the table afresh', async () => {
  const database = openDatabase(path.join(tempDir('hub-migration-'), 'hub.sqlite'));
  try {
    await migrateToLatest(database.db);
    const owner = await newUser(database.db);
    await database.db
      .insertInto('uploads')
      .values({
        id: 'u1',
        owner_id: owner.id,
        gallery: 'gallery',
        file_name: 'a.mp4',
        length: 10,
        offset: 0,
        state: 'uploading',
        expires_at: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const reverted: string[] = [];
    while (!reverted.includes(NAME)) {
      const step = await migrateDown(database.db);
      if (step.length === 0) break;
      reverted.push(...step);
    }
    expect(reverted.at(-1)).toBe(NAME);
    const tables = async () => (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db)).rows.map((r) => r.name);
    expect(await tables()).not.toContain('uploads');
    expect(await database.db.selectFrom('users').select('id').execute()).toEqual([{ id: owner.id }]);
    await migrateToLatest(database.db);
    expect(await tables()).toContain('uploads');
    expect(await database.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
  } finally {
    await database.close();
  }
});
