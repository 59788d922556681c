// Runs the dated migrations in migrations/ against a database, at start-up and from the CLI.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, type Kysely, type MigrationResult, Migrator, NO_MIGRATIONS, sql } from 'kysely';

export const MIGRATIONS_DIR = path.join(import.meta.dir, '..', '..', 'migrations');

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: MigrationResult[],
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

// biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
function migratorFor(db: Kysely<any>, folder: string): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: folder }),
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
}

function check(error: unknown, results: MigrationResult[] | undefined): string[] {
  const list = results ?? [];
  if (error) {
    const failed = list.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(failed ? `Migration ${failed.migrationName} failed: ${reason}` : `Migrations failed: ${reason}`, list);
  }
  return list.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Whether the database has applied exactly the migrations in the folder. Then the start needs not
 * load the migration modules (and Kysely's migrator) at all: they stay out of the hub's memory.
 * Anything else (pending, unknown or missing names) goes to the migrator, which applies or reports.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrations table is outside the typed schema
export async function upToDate(db: Kysely<any>, folder: string): Promise<boolean> {
  const files = (await fs.readdir(folder))
    .filter((name) => /\.(ts|js|mts|mjs)$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => name.slice(0, name.lastIndexOf('.')));
  const table = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db);
  if (Number(table.rows[0]?.n ?? 0) === 0) return false;
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  if (applied.rows.length !== files.length) return false;
  const names = new Set(applied.rows.map((row) => row.name));
  return files.every((name) => names.has(name));
}

/** Applies every pending migration; returns the names applied (empty when up to date). */
// biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
export async function migrateToLatest(db: Kysely<any>, folder = MIGRATIONS_DIR): Promise<string[]> {
  if (await upToDate(db, folder)) return [];
  const { error, results } = await migratorFor(db, folder).migrateToLatest();
  return check(error, results);
}

/** Reverts the most recent migration, or all of them; returns the names reverted. */
// biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
export async function migrateDown(db: Kysely<any>, options: { all?: boolean } = {}, folder = MIGRATIONS_DIR): Promise<string[]> {
  const migrator = migratorFor(db, folder);
  const { error, results } = options.all ? await migrator.migrateTo(NO_MIGRATIONS) : await migrator.migrateDown();
  return check(error, results);
}

export interface MigrationStatus {
  name: string;
  executedAt: Date | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
export async function migrationStatus(db: Kysely<any>, folder = MIGRATIONS_DIR): Promise<MigrationStatus[]> {
  const list = await migratorFor(db, folder).getMigrations();
  return list.map((m) => ({ name: m.name, executedAt: m.executedAt }));
}
