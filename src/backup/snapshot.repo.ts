// The backup's reads and writes of database files, the only ones it makes with SQLite itself (the
// hub's own Kysely connection is not used: a snapshot is another file). The database's part of a backup: a consistent snapshot by VACUUM INTO from a second connection while the hub writes, and what it holds.

import { Database as SqliteDatabase } from 'bun:sqlite';
import { promises as fs } from 'node:fs';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { makePrivate } from '../security/private-files.ts';

/** How often a snapshot is tried again when the database is busy, and how long it waits between tries. */
const SNAPSHOT_ATTEMPTS = 20;
const SNAPSHOT_RETRY_MS = 250;

/** The collections a manifest counts (tables a newer schema lacks are left out). */
const COUNTED_TABLES = ['users', 'streaming_sites', 'links', 'models', 'media', 'albums', 'album_media', 'vault_accounts'] as const;

function isBusy(error: unknown): boolean {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? ''} ${error.message}` : String(error);
  return /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked/i.test(text);
}

/**
 * Writes a consistent copy of the live database to `target` with VACUUM INTO: a read transaction
 * in WAL mode, so the hub goes on reading and writing, and the copy is the database as of one
 * moment (committed transactions only, no WAL needed beside it). A busy database is waited for,
 * then tried again, rather than failing the backup. settleSnapshot finishes it.
 */
export async function takeSnapshot(databaseFile: string, target: string): Promise<void> {
  await fs.access(databaseFile).catch(() => {
    throw new Error(`There is no database at ${databaseFile}`);
  });
  for (let attempt = 1; ; attempt++) {
    const live = new SqliteDatabase(databaseFile, { create: false, strict: true });
    try {
      live.exec('PRAGMA busy_timeout = 5000');
      live.query('VACUUM INTO ?').run(target);
      // SQLite makes the copy with the umask's mode: the backup's database is the hub's user's only.
      makePrivate(target);
      break;
    } catch (error) {
      await fs.rm(target, { force: true });
      if (!isBusy(error) || attempt >= SNAPSHOT_ATTEMPTS) throw error;
    } finally {
      live.close();
    }
    await Bun.sleep(SNAPSHOT_RETRY_MS * Math.min(attempt, 4));
  }
}

/** Finishes a snapshot: rollback-journal mode, so it opens read-only without -wal/-shm files appearing in the backup. */
export function settleSnapshot(file: string): void {
  const copy = new SqliteDatabase(file, { strict: true });
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export interface SnapshotFacts {
  /** The last migration applied, null for an empty database. */
  migration: string | null;
  migrations: number;
  counts: Record<string, number>;
}

/** The schema level and row counts of a database file (read-only). */
export function snapshotFacts(sqlite: SqliteDatabase): SnapshotFacts {
  const tables = new Set(
    sqlite
      .query<{ name: string }, []>("select name from sqlite_master where type = 'table'")
      .all()
      .map((r) => r.name),
  );
  const applied = tables.has('kysely_migration')
    ? sqlite
        .query<{ name: string }, []>('select name from kysely_migration order by name')
        .all()
        .map((r) => r.name)
    : [];
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    if (tables.has(table)) counts[table] = sqlite.query<{ n: number }, []>(`select count(*) as n from "${table}"`).get()!.n;
  }
  return { migration: applied.at(-1) ?? null, migrations: applied.length, counts };
}

export interface MediaFiles {
  id: string;
  storage_key: string;
  thumbnail_key: string | null;
  display_key: string | null;
  missing_at: number | null;
  /** A video's preview and scrubber (migration 0032; null in a database from before it). */
  preview_key: string | null;
  scrubber_key: string | null;
  scrubber_sheets: number | null;
}

/** Every media row's store keys: the files a backup of this database must hold. */
export function mediaFilesOf(sqlite: SqliteDatabase): MediaFiles[] {
  const hasMedia = sqlite.query("select 1 from sqlite_master where type = 'table' and name = 'media'").get() !== null;
  if (!hasMedia) return [];
  const hasPreviews = sqlite.query("select 1 from pragma_table_info('media') where name = 'scrubber_sheets'").get() !== null;
  const previews = hasPreviews ? 'preview_key, scrubber_key, scrubber_sheets' : 'null as preview_key, null as scrubber_key, null as scrubber_sheets';
  // A library item's original is its library's file, not the hub's to back up (decision 0043): no key.
  return sqlite
    .query<MediaFiles, []>(
      `select id, case when storage_key like 'library/%' then '' else storage_key end as storage_key, thumbnail_key, display_key, missing_at, ${previews} from media order by id`,
    )
    .all();
}

/** Reads a database file read-only, closing it afterwards. */
function readOnly<T>(file: string, read: (sqlite: SqliteDatabase) => T): T {
  const sqlite = new SqliteDatabase(file, { readonly: true });
  try {
    return read(sqlite);
  } finally {
    sqlite.close();
  }
}

/** The schema level and row counts of a snapshot file. */
export const factsOfFile = (file: string): SnapshotFacts => readOnly(file, snapshotFacts);

/** Every media row's store keys in a snapshot file. */
export const mediaFilesOfFile = (file: string): MediaFiles[] => readOnly(file, mediaFilesOf);

export interface SnapshotInspection {
  /** SQLite's integrity check: ['ok'] for a sound file. */
  integrity: string[];
  /** Only for a sound file. */
  facts: SnapshotFacts | null;
  mediaFiles: MediaFiles[];
}

/** A backup's snapshot checked: its integrity first, then (when sound) its schema level and media rows. Throws when it is no readable database. */
export function inspectSnapshot(file: string): SnapshotInspection {
  return readOnly(file, (sqlite) => {
    const integrity = sqlite
      .query<{ integrity_check: string }, []>('PRAGMA integrity_check')
      .all()
      .map((r) => r.integrity_check);
    if (integrity.length !== 1 || integrity[0] !== 'ok') return { integrity, facts: null, mediaFiles: [] };
    return { integrity, facts: snapshotFacts(sqlite), mediaFiles: mediaFilesOf(sqlite) };
  });
}

/** Whether items still have their row in the live database (a second connection that waits while the hub writes); close() when done. */
export function liveItems(databaseFile: string): { has: (id: string) => boolean; close: () => void } {
  const live = new SqliteDatabase(databaseFile, { create: false });
  live.exec('PRAGMA busy_timeout = 5000');
  const stillThere = live.query<{ id: string }, [string]>('select id from media where id = ?');
  return { has: (id) => stillThere.get(id) !== null, close: () => live.close() };
}

/** The migrations this hub's code knows (a backup from a newer schema cannot be restored into it). */
export async function knownMigrations(folder = MIGRATIONS_DIR): Promise<Set<string>> {
  const names = new Set<string>();
  for await (const file of new Bun.Glob('*.ts').scan(folder)) if (!file.endsWith('.test.ts')) names.add(file.replace(/\.ts$/, ''));
  return names;
}
