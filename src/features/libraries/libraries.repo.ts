// SQL of library folders: the libraries themselves, the files a scan passed over, the fingerprints
// of items deleted forever, and the library columns of the media rows a scan changes (moves,
// content changes). New items (written as uploads are), going offline and back, and removing items
// go through the media feature's service (it keeps the bin's keys and counts).

import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LibraryRow, LibraryUpdate, NewLibraryRow } from './libraries.table.ts';

export async function insertLibrary(db: Db, row: NewLibraryRow): Promise<void> {
  await db.insertInto('libraries').values(row).execute();
}

export function findLibrary(db: Db, id: string): Promise<LibraryRow | undefined> {
  return db.selectFrom('libraries').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findLibraryByName(db: Db, name: string): Promise<LibraryRow | undefined> {
  return db.selectFrom('libraries').selectAll().where('name_key', '=', name.toLowerCase()).executeTakeFirst();
}

/** Every library (ownerId undefined) or the owner's, by name. */
export function listLibraries(db: Db, ownerId?: string): Promise<LibraryRow[]> {
  let query = db.selectFrom('libraries').selectAll().orderBy('name_key');
  if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
  return query.execute();
}

export async function updateLibrary(db: Db, id: string, changes: LibraryUpdate): Promise<void> {
  await db.updateTable('libraries').set(changes).where('id', '=', id).execute();
}

export async function deleteLibrary(db: Db, id: string): Promise<void> {
  await db.deleteFrom('libraries').where('id', '=', id).execute();
}

/** How many items each library has in the hub, and how many of them are offline. */
export async function itemCounts(db: Db, ids: readonly string[]): Promise<Map<string, { items: number; offline: number }>> {
  const counts = new Map<string, { items: number; offline: number }>();
  if (ids.length === 0) return counts;
  const rows = await sql<{ library_id: string; items: number; offline: number }>`select library_id, count(*) as items,
      coalesce(sum(offline_at is not null), 0) as offline
    from media where library_id in (select value from json_each(${JSON.stringify(ids)})) group by library_id`.execute(db);
  for (const row of rows.rows) counts.set(row.library_id, { items: Number(row.items), offline: Number(row.offline) });
  return counts;
}

/** A member by id or by username (ignoring case). */
export function findMember(db: Db, by: { id: string } | { username: string }): Promise<{ id: string; username: string } | undefined> {
  const query = db.selectFrom('users').select(['id', 'username']);
  return ('id' in by ? query.where('id', '=', by.id) : query.where('username_key', '=', by.username.toLowerCase())).executeTakeFirst();
}

/** The library's name on its items (MediaItem.library.name). */
export async function renameItems(db: Db, libraryId: string, name: string): Promise<void> {
  await db.updateTable('media').set({ library_name: name }).where('library_id', '=', libraryId).execute();
}

/** Sets the scan's state only while it is `expected` (a claim: null matches any). Whether it was set. */
export async function setScanState(db: Db, id: string, state: string, expected?: { states: string[]; orBeatBefore?: number }): Promise<boolean> {
  let query = db.updateTable('libraries').set({ last_scan: state }).where('id', '=', id);
  if (expected) {
    const states = JSON.stringify(expected.states);
    query = query.where(
      // In parentheses of its own: Kysely joins it to the id's condition with a bare `and`, and
      // without them the `or`s matched every library in that state (queueing one scan queued all).
      sql<SqlBool>`((last_scan is null and ${expected.states.includes('none') ? 1 : 0}) or json_extract(last_scan, '$.state') in (select value from json_each(${states}))
        or (json_extract(last_scan, '$.state') = 'running' and coalesce(json_extract(last_scan, '$.heartbeatAt'), 0) < ${expected.orBeatBefore ?? -1}))`,
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * What a scan needs of each of a library's items to tell an unchanged file: its path, size and time,
 * whether it is offline, and its row (`key`, the rowid: a number, not the 36 characters of its id).
 * The ids and fingerprints are read only when a file changed (knownItemDetails).
 */
export interface KnownItem {
  key: number;
  path: string;
  size: number;
  mtime: number | null;
  offline: boolean;
}

export async function knownItems(db: Db, libraryId: string): Promise<KnownItem[]> {
  // Shaped by SQLite: 100,000 rows are read once, not mapped again.
  const rows = await sql<KnownItem>`select rowid as key, library_path as path, size, library_mtime as mtime,
      offline_at is not null as offline from media where library_id = ${libraryId}`.execute(db);
  return rows.rows;
}

/** The ids and fingerprints of a library's items, by their rowid (KnownItem.key). */
export async function knownItemDetails(db: Db, libraryId: string): Promise<Map<number, { id: string; fingerprint: string | null }>> {
  const rows = await sql<{ key: number; id: string; fingerprint: string | null }>`select rowid as key, id, library_fingerprint as fingerprint
    from media where library_id = ${libraryId}`.execute(db);
  const byKey = new Map<number, { id: string; fingerprint: string | null }>();
  for (const row of rows.rows) byKey.set(row.key, row);
  return byKey;
}

export async function skippedFiles(db: Db, libraryId: string): Promise<Map<string, { size: number; mtime: number }>> {
  const rows = await db.selectFrom('library_skipped').select(['rel_path', 'size', 'mtime_ms']).where('library_id', '=', libraryId).execute();
  return new Map(rows.map((r) => [r.rel_path, { size: r.size, mtime: r.mtime_ms }]));
}

export async function forgottenFingerprints(db: Db, libraryId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('library_forgotten').select('fingerprint').where('library_id', '=', libraryId).execute();
  return new Set(rows.map((r) => r.fingerprint));
}

export async function rememberSkipped(db: Db, libraryId: string, files: readonly { path: string; size: number; mtime: number }[]): Promise<void> {
  if (files.length === 0) return;
  await sql`insert into library_skipped (library_id, rel_path, size, mtime_ms)
    select ${libraryId}, value ->> 0, value ->> 1, value ->> 2 from json_each(${JSON.stringify(files.map((f) => [f.path, f.size, f.mtime]))}) where true
    on conflict (library_id, rel_path) do update set size = excluded.size, mtime_ms = excluded.mtime_ms`.execute(db);
}

export async function forgetSkipped(db: Db, libraryId: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await sql`delete from library_skipped where library_id = ${libraryId} and rel_path in (select value from json_each(${JSON.stringify(paths)}))`.execute(db);
}

/** An item's file found at another path (moved or renamed), or with a new modification time. */
export async function moveItem(db: Db, id: string, file: { path: string; mtime: number; name: string }): Promise<void> {
  await db.updateTable('media').set({ library_path: file.path, library_mtime: file.mtime, original_name: file.name }).where('id', '=', id).execute();
}

/** New content in an item's file: its size and fingerprint, and processing again. */
export async function changeItemContent(
  db: Db,
  id: string,
  file: { path: string; mtime: number; name: string; size: number; fingerprint: string; mimeType: string; type: 'image' | 'video' },
  at: number,
): Promise<void> {
  await db
    .updateTable('media')
    .set({
      library_path: file.path,
      library_mtime: file.mtime,
      original_name: file.name,
      size: file.size,
      library_fingerprint: file.fingerprint,
      sha256: `fp-${file.fingerprint}`,
      mime_type: file.mimeType,
      type: file.type,
      status: 'processing',
      failure: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** A library item's file and fingerprint, for its full hash (the hash job). */
export function itemForHash(db: Db, id: string): Promise<{ id: string; library_fingerprint: string | null; storage_key: string } | undefined> {
  return db.selectFrom('media').select(['id', 'library_fingerprint', 'storage_key']).where('id', '=', id).executeTakeFirst();
}

/** The full SHA-256, kept only while the fingerprint is still the one hashed. */
export async function setItemHash(db: Db, id: string, fingerprint: string, sha256: string): Promise<void> {
  await db.updateTable('media').set({ sha256 }).where('id', '=', id).where('library_fingerprint', '=', fingerprint).execute();
}

/** The fingerprints of these items (those that have one). */
export async function fingerprintsOf(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{ fingerprint: string }>`select library_fingerprint as fingerprint from media
    where id in (select value from json_each(${JSON.stringify(ids)})) and library_fingerprint is not null`.execute(db);
  return rows.rows.map((r) => r.fingerprint);
}

/** Takes these fingerprints off the library's forgotten list (items removed by the hub, not deleted by their owner). */
export async function unforget(db: Db, libraryId: string, fingerprints: readonly string[]): Promise<void> {
  if (fingerprints.length === 0) return;
  await sql`delete from library_forgotten where library_id = ${libraryId}
    and fingerprint in (select value from json_each(${JSON.stringify(fingerprints)}))`.execute(db);
}
