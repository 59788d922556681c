// The most played order (`sort=plays`, decision 0065):
// - an index by play count like each other sort's (owner, gallery, bin, the sort's columns, the
//   id), so a page of 50 out of 100,000 items reads 50 rows in either direction; ties go by date;
// - media_search_ids carries the play count beside the other sort columns (migration 0014), in its
//   sort index, so a search whose matches lie far along the order (none of them played) is sorted
//   from the index's matches instead of from 16,000 item rows. The insert trigger writes it, and
//   the sort copies' trigger follows every viewing.
import { type Kysely, sql } from 'kysely';

const KEY_BITS = sql.raw(`((select n from media_search_owners where owner_id = new.owner_id) << 44) | ((new.gallery = 'premium') << 43)
    | ((new.deleted_at is not null) << 42) | (new.is_favorite << 41) | ((new.type = 'video') << 40)`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index media_page_plays on media (owner_id, gallery, deleted_at, play_count, created_at, id)`.execute(db);

  await sql`alter table media_search_ids add column play_count integer not null default 0`.execute(db);
  await sql`update media_search_ids set play_count = (select play_count from media where media.id = media_search_ids.media_id)
    where media_id in (select id from media where play_count <> 0)`.execute(db);
  await sql`drop index media_search_ids_sort`.execute(db);
  await sql`create index media_search_ids_sort on media_search_ids (key, created_at, title, duration, size, play_count, media_id)`.execute(db);

  // 0014's triggers, with the play count.
  await sql`drop trigger media_search_insert`.execute(db);
  await sql`create trigger media_search_insert after insert on media begin
    insert or ignore into media_search_owners (owner_id) values (new.owner_id);
    insert into media_search_ids (rowid, media_id, key, created_at, title, duration, size, play_count)
      select seq, new.id, (${KEY_BITS}) | seq, new.created_at, new.title, new.duration, new.size, new.play_count
      from (select coalesce(max(rowid), 0) + 1 as seq from media_search_ids);
    insert into media_search (rowid, text) select key, new.search_text || char(1, 1) from media_search_ids where media_id = new.id;
  end`.execute(db);
  await sql`drop trigger media_search_sort`.execute(db);
  await sql`create trigger media_search_sort after update of created_at, title, duration, size, play_count on media begin
    update media_search_ids set created_at = new.created_at, title = new.title, duration = new.duration, size = new.size, play_count = new.play_count
      where media_id = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_search_sort`.execute(db);
  await sql`create trigger media_search_sort after update of created_at, title, duration, size on media begin
    update media_search_ids set created_at = new.created_at, title = new.title, duration = new.duration, size = new.size where media_id = old.id;
  end`.execute(db);
  await sql`drop trigger media_search_insert`.execute(db);
  await sql`create trigger media_search_insert after insert on media begin
    insert or ignore into media_search_owners (owner_id) values (new.owner_id);
    insert into media_search_ids (rowid, media_id, key, created_at, title, duration, size)
      select seq, new.id, (${KEY_BITS}) | seq, new.created_at, new.title, new.duration, new.size
      from (select coalesce(max(rowid), 0) + 1 as seq from media_search_ids);
    insert into media_search (rowid, text) select key, new.search_text || char(1, 1) from media_search_ids where media_id = new.id;
  end`.execute(db);
  await sql`drop index media_search_ids_sort`.execute(db);
  await sql`create index media_search_ids_sort on media_search_ids (key, created_at, title, duration, size, media_id)`.execute(db);
  await sql`alter table media_search_ids drop column play_count`.execute(db);
  await sql`drop index media_page_plays`.execute(db);
}
