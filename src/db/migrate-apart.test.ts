import { afterEach, describe, expect, test } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { removeTempDatabases, tempDatabase } from '../../test/helpers/test-app.ts';
import { MIGRATIONS_DIR } from './migrate.ts';
import { migrateApart } from './migrate-apart.ts';

afterEach(removeTempDatabases);

const loadedMigrations = (folder: string) => Object.keys(require.cache).filter((file) => file.startsWith(folder));

describe('the start applies pending migrations in a process of their own', () => {
  test('a fresh database gets every migration, none of them loaded into this process; then nothing is left to do', async () => {
    const d = tempDatabase();
    // Test files sharing this process (bun test --no-isolate) may have loaded some already.
    const loadedBefore = loadedMigrations(MIGRATIONS_DIR);
    const files = [...new Bun.Glob('*.ts').scanSync(MIGRATIONS_DIR)].map((f) => f.replace(/\.ts$/, '')).sort();
    expect(await migrateApart(path.join(d.dir, 'hub.sqlite'), d.db)).toEqual(files);
    // This process's own connection sees the new schema at once.
    const state = await d.db.selectFrom('site_state').selectAll().execute();
    expect(state).toHaveLength(1);
    expect(loadedMigrations(MIGRATIONS_DIR)).toEqual(loadedBefore);
    expect(await migrateApart(path.join(d.dir, 'hub.sqlite'), d.db)).toEqual([]);
    await d.close();
  });

  test('a failing migration stops it with the migration named, and the whole batch stays unapplied', async () => {
    const d = tempDatabase();
    const folder = path.join(d.dir, 'migrations');
    mkdirSync(folder);
    writeFileSync(
      path.join(folder, '2030-01-01-0001-good.ts'),
      `export async function up(db) { await db.schema.createTable('good').addColumn('id', 'integer').execute(); }\nexport async function down() {}\n`,
    );
    writeFileSync(
      path.join(folder, '2030-01-01-0002-bad.ts'),
      `export async function up(db) { await db.schema.createTable('half').addColumn('id', 'integer').execute(); throw new Error('disk on fire'); }\nexport async function down() {}\n`,
    );
    await expect(migrateApart(path.join(d.dir, 'hub.sqlite'), d.db, folder)).rejects.toThrow('Migration 2030-01-01-0002-bad failed: disk on fire');
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(d.db);
    const names = tables.rows.map((row) => row.name);
    expect(names).not.toContain('good');
    expect(names).not.toContain('half');
    await d.close();
  });
});
