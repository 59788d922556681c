// Each album membership carries its item's full-text key (album_media.key, like media_tags.key of
// migration 0016), in key order in its own index: a search among the items in albums is then
// counted by merging the search's matches with these keys, instead of reading every match's row
// to see whether it is in an album. The key follows the item: set at insert, moved with the item's
// key (row by row, or at once by the writer that deferred it: withSearchKeysDeferred).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table album_media add column key integer not null default 0`.execute(db);
  await sql`update album_media set key = (select key from media_search_ids where media_id = album_media.media_id)`.execute(db);
  await sql`create index album_media_key on album_media (key)`.execute(db);
  // Writers that insert members give the key themselves (src/features/albums/repo.ts); any other
  // insert is put right here.
  await sql`create trigger album_media_key after insert on album_media
    when new.key is not (select key from media_search_ids where media_id = new.media_id)
  begin
    update album_media set key = (select key from media_search_ids where media_id = new.media_id) where album_id = new.album_id and media_id = new.media_id;
  end`.execute(db);
  await sql`create trigger album_media_key_follow after update of key on media_search_ids
    when not exists (select 1 from media_search_deferred)
  begin
    update album_media set key = new.key where media_id = new.media_id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger album_media_key_follow`.execute(db);
  await sql`drop trigger album_media_key`.execute(db);
  await sql`drop index album_media_key`.execute(db);
  await sql`alter table album_media drop column key`.execute(db);
}
