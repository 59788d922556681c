// What keeps a searched or tag-filtered page of the gallery fast at 100,000 items of one owner
// (0011 did it for the unsearched lists):
// - media_search's rows are keyed by a number that carries the item's owner, gallery, bin,
//   favourite and type above its sequence number (media_search_ids.key), so the exact total of a
//   search is a count of the full-text index over one or two ranges of keys: no item row is read;
// - the indexed text ends in two \x01, so every occurrence of one or two characters starts a
//   trigram and a search that short is answered from the index too (the trigrams it begins);
// - a model's items have an index that answers their total;
// - media_tags carries its item's gallery, bin, type and favourite, so a tag's total is a count of
//   one range of an index.
// Triggers keep all of it in step with every write to media or media_tags, whoever makes it.
import { type Kysely, sql } from 'kysely';

/** The bits of a key above the 40-bit sequence number; the repo reads keys the same way. */
const KEY_BITS = (row: 'new' | 'old') =>
  sql.raw(`((select n from media_search_owners where owner_id = ${row}.owner_id) << 44) | ((${row}.gallery = 'premium') << 43)
    | ((${row}.deleted_at is not null) << 42) | (${row}.is_favorite << 41) | ((${row}.type = 'video') << 40)`);
const INDEXED_TEXT = (row: 'new' | 'old') => sql.raw(`${row}.search_text || char(1, 1)`);
const TAG_FIELDS = (row: 'new' | 'old') =>
  sql.raw(`owner_id = ${row}.owner_id, gallery = ${row}.gallery, binned = ${row}.deleted_at is not null, type = ${row}.type, is_favorite = ${row}.is_favorite`);

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of ['media_search_insert', 'media_search_update', 'media_search_delete']) await sql`drop trigger ${sql.id(name)}`.execute(db);

  // Owners by a small number (the top bits of a key); at most 2^19 of them in a household's hub.
  await sql`create table media_search_owners (n integer primary key, owner_id text not null unique references users(id) on delete cascade)`.execute(db);
  await sql`insert into media_search_owners (owner_id) select distinct owner_id from media order by owner_id`.execute(db);
  await sql`alter table media_search_ids add column key integer not null default 0`.execute(db);
  await sql`update media_search_ids set key = (select (${KEY_BITS('new')}) | media_search_ids.rowid from media as new where new.id = media_search_ids.media_id)`.execute(
    db,
  );
  // Both ways between an item and its key without reading the table's rows.
  await sql`create unique index media_search_ids_key on media_search_ids (key, media_id)`.execute(db);
  await sql`create index media_search_ids_member on media_search_ids (media_id, key)`.execute(db);
  await sql`insert into media_search (media_search) values ('delete-all')`.execute(db);
  await sql`insert into media_search (rowid, text) select ids.key, ${INDEXED_TEXT('new')} from media_search_ids as ids join media as new on new.id = ids.media_id`.execute(
    db,
  );

  // The index's terms (trigrams): a one- or two-character search becomes the trigrams it begins.
  await sql`create virtual table media_search_terms using fts5vocab(media_search, 'row')`.execute(db);

  await sql`create trigger media_search_insert after insert on media begin
    insert or ignore into media_search_owners (owner_id) values (new.owner_id);
    insert into media_search_ids (rowid, media_id, key)
      select seq, new.id, (${KEY_BITS('new')}) | seq from (select coalesce(max(rowid), 0) + 1 as seq from media_search_ids);
    insert into media_search (rowid, text) select key, ${INDEXED_TEXT('new')} from media_search_ids where media_id = new.id;
  end`.execute(db);
  // Any change to what the key or the text says moves the item to its new key.
  await sql`create trigger media_search_update after update of owner_id, gallery, deleted_at, type, is_favorite, search_text on media begin
    insert or ignore into media_search_owners (owner_id) values (new.owner_id);
    delete from media_search where rowid = (select key from media_search_ids where media_id = old.id);
    update media_search_ids set key = (${KEY_BITS('new')}) | rowid where media_id = old.id;
    insert into media_search (rowid, text) select key, ${INDEXED_TEXT('new')} from media_search_ids where media_id = new.id;
  end`.execute(db);
  await sql`create trigger media_search_delete after delete on media begin
    delete from media_search where rowid = (select key from media_search_ids where media_id = old.id);
    delete from media_search_ids where media_id = old.id;
  end`.execute(db);

  for (const [column, type] of [
    ['gallery', sql`text not null default 'gallery'`],
    ['binned', sql`integer not null default 0`],
    ['type', sql`text not null default 'image'`],
    ['is_favorite', sql`integer not null default 0`],
  ] as const) {
    await sql`alter table media_tags add column ${sql.id(column)} ${type}`.execute(db);
  }
  await sql`update media_tags set (gallery, binned, type, is_favorite) =
    (select gallery, deleted_at is not null, type, is_favorite from media where media.id = media_tags.media_id)`.execute(db);
  // A model's items: their total without reading them.
  await sql`create index media_model_list on media (owner_id, model_id, gallery, deleted_at, type, is_favorite)`.execute(db);
  await sql`create index media_tags_list on media_tags (owner_id, tag, gallery, binned, is_favorite, type, media_id)`.execute(db);
  // A tag row is written with its item's id and owner only; its item's fields are copied here.
  await sql`create trigger media_tags_insert after insert on media_tags begin
    update media_tags set (gallery, binned, type, is_favorite) = (select gallery, deleted_at is not null, type, is_favorite from media where id = new.media_id)
      where media_id = new.media_id and tag = new.tag;
  end`.execute(db);
  await sql`create trigger media_tags_follow after update of owner_id, gallery, deleted_at, type, is_favorite on media begin
    update media_tags set ${TAG_FIELDS('new')} where media_id = new.id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['media_tags_insert', 'media_tags_follow', 'media_search_insert', 'media_search_update', 'media_search_delete']) {
    await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
  await sql`drop index media_tags_list`.execute(db);
  await sql`drop index media_model_list`.execute(db);
  for (const column of ['gallery', 'binned', 'type', 'is_favorite']) await sql`alter table media_tags drop column ${sql.id(column)}`.execute(db);

  // Back to 0011: rows keyed by the sequence number, the text as it is.
  await sql`insert into media_search (media_search) values ('delete-all')`.execute(db);
  await sql`insert into media_search (rowid, text) select ids.rowid, media.search_text from media_search_ids as ids join media on media.id = ids.media_id`.execute(
    db,
  );
  await sql`drop table media_search_terms`.execute(db);
  await sql`drop index media_search_ids_key`.execute(db);
  await sql`drop index media_search_ids_member`.execute(db);
  await sql`alter table media_search_ids drop column key`.execute(db);
  await sql`drop table media_search_owners`.execute(db);
  await sql`create trigger media_search_insert after insert on media begin
    insert into media_search_ids (media_id) values (new.id);
    insert into media_search (rowid, text) select rowid, new.search_text from media_search_ids where media_id = new.id;
  end`.execute(db);
  await sql`create trigger media_search_update after update of search_text on media begin
    delete from media_search where rowid = (select rowid from media_search_ids where media_id = old.id);
    insert into media_search (rowid, text) select rowid, new.search_text from media_search_ids where media_id = new.id;
  end`.execute(db);
  await sql`create trigger media_search_delete after delete on media begin
    delete from media_search where rowid = (select rowid from media_search_ids where media_id = old.id);
    delete from media_search_ids where media_id = old.id;
  end`.execute(db);
}
