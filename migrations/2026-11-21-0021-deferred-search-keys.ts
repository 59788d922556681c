// A bulk action that bins, restores, favourites or moves 1,000 items changes each item's full-text
// key, and the per-row trigger moved each item in the full-text index with a delete and an insert.
// FTS5 flushes its pending terms to disk whenever a delete follows an insert of a higher rowid, so
// interleaving them wrote one tiny segment per item (and merges after): most of a bulk call's time.
// Now a writer of many rows may defer that move: while media_search_deferred holds its row (inside
// the writer's transaction), the trigger only updates the key and notes the item's old key in
// media_search_rekeyed; the writer then moves every noted item at once, all deletes first, then
// all inserts in key order (src/features/media/repo.ts, withSearchKeysDeferred). Every other write
// keeps the per-row trigger unchanged.
import { type Kysely, sql } from 'kysely';

const KEY_BITS = sql.raw(`((select n from media_search_owners where owner_id = new.owner_id) << 44) | ((new.gallery = 'premium') << 43)
    | ((new.deleted_at is not null) << 42) | (new.is_favorite << 41) | ((new.type = 'video') << 40)`);
const WATCHED = sql.raw('owner_id, gallery, deleted_at, type, is_favorite, search_text');

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table media_search_deferred (only integer primary key check (only = 1))`.execute(db);
  await sql`create table media_search_rekeyed (media_id text primary key, old_key integer not null) without rowid`.execute(db);
  await sql`drop trigger media_search_update`.execute(db);
  await sql`create trigger media_search_update after update of ${WATCHED} on media
    when not exists (select 1 from media_search_deferred)
  begin
    insert or ignore into media_search_owners (owner_id) values (new.owner_id);
    delete from media_search where rowid = (select key from media_search_ids where media_id = old.id);
    update media_search_ids set key = (${KEY_BITS}) | rowid where media_id = old.id;
    insert into media_search (rowid, text) select key, new.search_text || char(1, 1) from media_search_ids where media_id = new.id;
  end`.execute(db);
  // The first old key of an item is the one in the index (a second change keeps it).
  await sql`create trigger media_search_update_deferred after update of ${WATCHED} on media
    when exists (select 1 from media_search_deferred)
  begin
    insert or ignore into media_search_owners (owner_id) values (new.owner_id);
    insert or ignore into media_search_rekeyed (media_id, old_key) select media_id, key from media_search_ids where media_id = old.id;
    update media_search_ids set key = (${KEY_BITS}) | rowid where media_id = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_search_update_deferred`.execute(db);
  await sql`drop trigger media_search_update`.execute(db);
  await sql`create trigger media_search_update after update of ${WATCHED} on media begin
    insert or ignore into media_search_owners (owner_id) values (new.owner_id);
    delete from media_search where rowid = (select key from media_search_ids where media_id = old.id);
    update media_search_ids set key = (${KEY_BITS}) | rowid where media_id = old.id;
    insert into media_search (rowid, text) select key, new.search_text || char(1, 1) from media_search_ids where media_id = new.id;
  end`.execute(db);
  await sql`drop table media_search_rekeyed`.execute(db);
  await sql`drop table media_search_deferred`.execute(db);
}
