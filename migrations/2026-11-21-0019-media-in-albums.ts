// The premium gallery's albums filter (its items that are in any album) without reading
// album_media: media.album_count is how many albums hold the item, kept by triggers on
// album_media (a row in, a row out, whoever writes it: the API, a bulk action, a cascade when an
// album is deleted), and a partial index over the items that have one is the filter's count and
// its newest-first page. No trigger on media watches album_count, so keeping it costs one update.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column album_count integer not null default 0`.execute(db);
  await sql`update media set album_count = (select count(*) from album_media where album_media.media_id = media.id)
    where id in (select media_id from album_media)`.execute(db);
  await sql`create index media_in_albums on media (owner_id, gallery, deleted_at, created_at, id) where album_count > 0`.execute(db);
  await sql`create trigger media_album_count_insert after insert on album_media begin
    update media set album_count = album_count + 1 where id = new.media_id;
  end`.execute(db);
  // (When the item itself is being deleted forever, its row is already gone: nothing to update.)
  await sql`create trigger media_album_count_delete after delete on album_media begin
    update media set album_count = album_count - 1 where id = old.media_id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_album_count_delete`.execute(db);
  await sql`drop trigger media_album_count_insert`.execute(db);
  await sql`drop index media_in_albums`.execute(db);
  await sql`alter table media drop column album_count`.execute(db);
}
