// Whether a hub has the database open: SQLite's own locks say so, with no pid file to go stale.

import { Database as SqliteDatabase } from 'bun:sqlite';
import { existsSync } from 'node:fs';

/**
 * True while another process holds the database open. A hub keeps its connection for as long as it
 * runs, and in WAL mode that connection holds a shared lock on the file, so an exclusive lock
 * cannot be had, not even for an instant. Taken and released at once when nobody holds it.
 */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  let sqlite: SqliteDatabase | undefined;
  try {
    sqlite = new SqliteDatabase(file, { create: false });
    sqlite.exec('PRAGMA busy_timeout = 0');
    sqlite.exec('PRAGMA locking_mode = EXCLUSIVE');
    sqlite.exec('BEGIN EXCLUSIVE');
    sqlite.exec('COMMIT');
    return false;
  } catch (error) {
    // Any other failure (a damaged file, the very reason to restore) is no sign of a hub.
    return /locked|busy/i.test(error instanceof Error ? error.message : String(error));
  } finally {
    sqlite?.close();
  }
}
