// Library folders (issue 20, decision 0043): folders on the server indexed where they are.
// `libraries`: one folder of one owner, with the gallery and tags its new items get and the last
// scan's state (JSON). Each item found in one is a media row that names its library and its path
// there (NFC, '/' between folders), its fingerprint (size and a hash of its first and last 64 KB)
// and its modification time; `offline_at` says since when its file is missing (it is then in the
// bin too, dated the same, unless its owner had put it there before). `library_skipped` remembers
// the files a scan passed over (not media, or deleted forever) by size and time, so a rescan reads
// no bytes of them; `library_forgotten` the fingerprints of items deleted forever, filled by a
// trigger whichever way a library item's row goes, so later scans leave those files out.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table libraries (
    id text primary key,
    owner_id text not null references users(id) on delete cascade,
    name text not null,
    name_key text not null unique,
    path text not null unique,
    gallery text not null check (gallery in ('gallery', 'premium')),
    tags text not null default '[]',
    last_scan text,
    created_at integer not null,
    updated_at integer
  )`.execute(db);
  await sql`create index libraries_owner on libraries (owner_id)`.execute(db);
  await sql`create table library_skipped (
    library_id text not null references libraries(id) on delete cascade,
    rel_path text not null,
    size integer not null,
    mtime_ms integer not null,
    primary key (library_id, rel_path)
  ) without rowid`.execute(db);
  await sql`create table library_forgotten (
    library_id text not null references libraries(id) on delete cascade,
    fingerprint text not null,
    primary key (library_id, fingerprint)
  ) without rowid`.execute(db);
  for (const column of [
    'library_id text',
    'library_name text',
    'library_path text',
    'library_fingerprint text',
    'library_mtime integer',
    'offline_at integer',
  ]) {
    await sql`alter table media add column ${sql.raw(column)}`.execute(db);
  }
  await sql`create index media_library on media (library_id, library_path) where library_id is not null`.execute(db);
  await sql`create trigger media_library_forget before delete on media when old.library_id is not null and old.library_fingerprint is not null
    begin
      insert or ignore into library_forgotten (library_id, fingerprint)
        select old.library_id, old.library_fingerprint where exists (select 1 from libraries where id = old.library_id);
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists media_library_forget`.execute(db);
  await sql`drop index if exists media_library`.execute(db);
  for (const column of ['offline_at', 'library_mtime', 'library_fingerprint', 'library_path', 'library_name', 'library_id']) {
    await sql`alter table media drop column ${sql.ref(column)}`.execute(db);
  }
  await sql`drop table library_forgotten`.execute(db);
  await sql`drop table library_skipped`.execute(db);
  await sql`drop table libraries`.execute(db);
}
