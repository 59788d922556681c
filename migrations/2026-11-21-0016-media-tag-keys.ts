// media_tags carries its item's full-text key (media_search_ids.key: owner, gallery, bin,
// favourite, type, sequence) in an index by tag and key, so "has this tag" is one integer probe
// for each match of a search (a search combined with tags), and a tag's items in a list are one
// range of keys. A trigger copies the key onto a new tag row and another follows every change of
// an item's key, whoever makes it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media_tags add column key integer not null default 0`.execute(db);
  await sql`update media_tags set key = (select key from media_search_ids where media_id = media_tags.media_id)`.execute(db);
  await sql`create index media_tags_key on media_tags (tag, key)`.execute(db);
  // A tag row is written after its item (and the item's key) exists.
  await sql`create trigger media_tags_key after insert on media_tags begin
    update media_tags set key = (select key from media_search_ids where media_id = new.media_id) where media_id = new.media_id and tag = new.tag;
  end`.execute(db);
  await sql`create trigger media_tags_key_follow after update of key on media_search_ids begin
    update media_tags set key = new.key where media_id = new.media_id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_tags_key_follow`.execute(db);
  await sql`drop trigger media_tags_key`.execute(db);
  await sql`drop index media_tags_key`.execute(db);
  await sql`alter table media_tags drop column key`.execute(db);
}
