// The start's pending migrations, applied in a process of their own. Applying them in the hub's
// process left about 4 MB behind for as long as it ran (the 30 migration modules, Kysely's
// migrator, the statements and pages SQLite kept): the first start on a fresh data folder sat at
// 83 MB against 79 MB for every later start (docs/decisions/0035-memory-under-load.md). The child
// is the same Bun running this file; it opens the database as the hub does, applies what is
// pending (all or nothing, as before) and prints the names applied. An up-to-date database, every
// start after the first, starts no process at all.

import type { Kysely } from 'kysely';
import { openDatabase } from './client.ts';
import { MIGRATIONS_DIR, migrateToLatest, upToDate } from './migrate.ts';

/** Applies every pending migration to the database `file` in a child process; returns the names applied. */
// biome-ignore lint/suspicious/noExplicitAny: the migrations table is outside the typed schema
export async function migrateApart(file: string, db: Kysely<any>, folder = MIGRATIONS_DIR): Promise<string[]> {
  if (await upToDate(db, folder)) return [];
  const child = Bun.spawn([process.execPath, import.meta.path, file, folder], { stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) {
    const reason = err.trim().split('\n').filter(Boolean).at(-1);
    throw new Error(reason ?? `Migrations stopped with exit code ${code}`);
  }
  return JSON.parse(out) as string[];
}

if (import.meta.main) {
  const [file, folder] = process.argv.slice(2);
  if (!file || !folder) {
    console.error('usage: bun src/db/migrate-apart.ts <database file> <migrations folder>');
    process.exit(2);
  }
  const database = openDatabase(file);
  try {
    console.log(JSON.stringify(await migrateToLatest(database.db, folder)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
