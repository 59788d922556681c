// Album counts, covers and pages that never read an album's items one by one.
//
// - album_media carries copies of its item's bin state, type, favourite flag and createdAt, kept
//   by triggers (filled when a row goes in, followed when the item changes), so an album's page
//   for a filter, its total and its newest remaining item (the fallback cover) are index ranges;
// - albums.media_count is the number of its album_media rows whose item is out of the bin (and
//   image_count, favorite_count those of them that are images, favourites), kept by triggers on
//   album_media alone: a row in or out (the API, a cascade when an item is deleted forever or an
//   album goes, any other writer), and its copies changing. The counts never look the item up, so
//   they stay true whatever order SQLite runs a cascade in;
// - albums.name_key: the name in lower case as JavaScript folds it (SQLite's lower() knows ASCII
//   only), for the case-insensitive search of the album list.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table albums add column name_key text not null default ''`.execute(db);
  await sql`update albums set name_key = lower(name)`.execute(db);

  await sql`alter table album_media add column binned integer not null default 0 check (binned in (0, 1))`.execute(db);
  await sql`alter table album_media add column type text not null default 'image'`.execute(db);
  await sql`alter table album_media add column is_favorite integer not null default 0`.execute(db);
  await sql`alter table album_media add column created_at integer not null default 0`.execute(db);
  await sql`update album_media set (binned, type, is_favorite, created_at) =
    (select media.deleted_at is not null, media.type, media.is_favorite, media.created_at from media where media.id = album_media.media_id)`.execute(db);
  await sql`update albums set media_count = (select count(*) from album_media where album_media.album_id = albums.id and album_media.binned = 0)`.execute(db);

  // An album's page, newest added first: all items, one type, favourites; and its newest item.
  await sql`drop index album_media_by_added`.execute(db);
  await sql`create index album_media_page on album_media (album_id, binned, added_at, media_id)`.execute(db);
  await sql`create index album_media_type on album_media (album_id, binned, type, added_at, media_id)`.execute(db);
  await sql`create index album_media_favorite on album_media (album_id, binned, is_favorite, added_at, media_id)`.execute(db);
  await sql`create index album_media_newest on album_media (album_id, binned, created_at, media_id)`.execute(db);

  // Per album: items out of the bin, and of those the images and the favourites (videos are the
  // rest), so a filter's total is read, not counted. Each is a sum over album_media rows of a
  // condition on the row's own copies; the triggers add a row's terms and take them away.
  await sql`alter table albums add column image_count integer not null default 0`.execute(db);
  await sql`alter table albums add column favorite_count integer not null default 0`.execute(db);
  await sql`update albums set
    image_count = (select count(*) from album_media where album_media.album_id = albums.id and album_media.binned = 0 and album_media.type = 'image'),
    favorite_count = (select count(*) from album_media where album_media.album_id = albums.id and album_media.binned = 0 and album_media.is_favorite = 1)`.execute(
    db,
  );

  // A row in: counted as it was written (the copies' defaults when a writer leaves them out);
  // copies that differ from the item are then set from it, and that change moves the counts. A
  // writer that copies them itself costs one probe.
  await sql`create trigger album_media_insert after insert on album_media begin
    update albums set
      media_count = media_count + (new.binned = 0),
      image_count = image_count + (new.binned = 0 and new.type = 'image'),
      favorite_count = favorite_count + (new.binned = 0 and new.is_favorite = 1)
    where id = new.album_id;
    update album_media set (binned, type, is_favorite, created_at) =
      (select media.deleted_at is not null, media.type, media.is_favorite, media.created_at from media where media.id = new.media_id)
    where album_id = new.album_id and media_id = new.media_id
      and exists (select 1 from media where media.id = new.media_id
        and ((media.deleted_at is not null) <> new.binned or media.type <> new.type or media.is_favorite <> new.is_favorite or media.created_at <> new.created_at));
  end`.execute(db);
  await sql`create trigger album_media_counted after update of binned, type, is_favorite on album_media
    when old.binned <> new.binned or old.type <> new.type or old.is_favorite <> new.is_favorite
  begin
    update albums set
      media_count = media_count - (old.binned = 0) + (new.binned = 0),
      image_count = image_count - (old.binned = 0 and old.type = 'image') + (new.binned = 0 and new.type = 'image'),
      favorite_count = favorite_count - (old.binned = 0 and old.is_favorite = 1) + (new.binned = 0 and new.is_favorite = 1)
    where id = new.album_id;
  end`.execute(db);
  // A row out, by a call or by a cascade (item deleted forever, album deleted): its own copies say
  // what it counted for, whether or not its item is still there.
  await sql`create trigger album_media_delete after delete on album_media when old.binned = 0 begin
    update albums set
      media_count = media_count - 1,
      image_count = image_count - (old.type = 'image'),
      favorite_count = favorite_count - (old.is_favorite = 1)
    where id = old.album_id;
  end`.execute(db);
  // The item changes: into or out of the bin, its type, favourite flag or date.
  await sql`create trigger album_media_follow after update of deleted_at, type, is_favorite, created_at on media
    when (old.deleted_at is null) <> (new.deleted_at is null) or old.type <> new.type or old.is_favorite <> new.is_favorite or old.created_at <> new.created_at
  begin
    update album_media set binned = new.deleted_at is not null, type = new.type, is_favorite = new.is_favorite, created_at = new.created_at
    where media_id = new.id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger album_media_follow`.execute(db);
  await sql`drop trigger album_media_delete`.execute(db);
  await sql`drop trigger album_media_counted`.execute(db);
  await sql`drop trigger album_media_insert`.execute(db);
  await sql`drop index album_media_newest`.execute(db);
  await sql`drop index album_media_favorite`.execute(db);
  await sql`drop index album_media_type`.execute(db);
  await sql`drop index album_media_page`.execute(db);
  await sql`create index album_media_by_added on album_media (album_id, added_at, media_id)`.execute(db);
  await sql`alter table album_media drop column created_at`.execute(db);
  await sql`alter table album_media drop column is_favorite`.execute(db);
  await sql`alter table album_media drop column type`.execute(db);
  await sql`alter table album_media drop column binned`.execute(db);
  await sql`alter table albums drop column favorite_count`.execute(db);
  await sql`alter table albums drop column image_count`.execute(db);
  await sql`alter table albums drop column name_key`.execute(db);
}
