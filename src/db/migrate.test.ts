import { afterEach, describe, expect, test } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { removeTempDatabases, tempDatabase } from '../../test/helpers/test-app.ts';
import type { openDatabase } from './client.ts';
import { MIGRATIONS_DIR, MigrationError, migrateDown, migrateToLatest, migrationStatus } from './migrate.ts';

const fresh = tempDatabase;
afterEach(removeTempDatabases);

async function tables(db: ReturnType<typeof openDatabase>['db']): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe('migrations', () => {
  test('migrate a fresh file to the latest schema, then report nothing to do', async () => {
    const d = fresh();
    const files = [...new Bun.Glob('*.ts').scanSync(MIGRATIONS_DIR)].map((f) => f.replace(/\.ts$/, '')).sort();
    expect(files.length).toBeGreaterThan(0);
    expect(await migrateToLatest(d.db)).toEqual(files);
    expect(await tables(d.db)).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'site_state']));
    const state = await d.db.selectFrom('site_state').selectAll().execute();
    expect(state).toHaveLength(1);
    expect(state[0]!.id).toBe(1);
    expect(await migrateToLatest(d.db)).toEqual([]);
    expect((await migrationStatus(d.db)).every((m) => m.executedAt instanceof Date)).toBe(true);
    await d.close();
  });

  test('migration files carry dated names so they run in the order they were written', () => {
    for (const file of new Bun.Glob('*.ts').scanSync(MIGRATIONS_DIR)) {
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}-\d{4}-[a-z0-9-]+\.ts$/);
    }
  });

  test('site_state holds exactly one row', async () => {
    const d = fresh();
    await migrateToLatest(d.db);
    await expect(d.db.insertInto('site_state').values({ id: 2, installed_at: 1 }).execute()).rejects.toThrow();
    await d.close();
  });

  test('down reverts every migration, and up again restores the schema', async () => {
    const d = fresh();
    await migrateToLatest(d.db);
    await migrateDown(d.db, { all: true });
    expect(await tables(d.db)).not.toContain('site_state');
    await migrateToLatest(d.db);
    expect(await tables(d.db)).toContain('site_state');
    await d.close();
  });

  test('a failing migration names itself and leaves the whole batch unapplied', async () => {
    const d = fresh();
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
    const attempt = migrateToLatest(d.db, folder);
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(migrateToLatest(d.db, folder)).rejects.toThrow('Migration 2030-01-01-0002-bad failed: disk on fire');
    const present = await tables(d.db);
    expect(present).not.toContain('good');
    expect(present).not.toContain('half');
    await d.close();
  });
});
