// Albums (both galleries share them: an album is its owner's and holds items of either gallery),
// the premium gallery's sort by type, and the perceptual hash the similar-duplicates search reads.
//
// - albums: one owner's; media_count is how many of its items are out of the recycling bin, kept
//   by triggers (an album's count and the sort by count never read its items);
// - album_media: membership, one row per album and item, gone with either (cascades);
// - media.phash: a 64-bit DCT hash of the image or of the video's poster frame, as 16 hex digits
//   (SQLite's integers are read into JavaScript numbers, which hold 53 bits), written by the
//   processing job; null until then or when it cannot be made.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table albums (
    id text primary key,
    owner_id text not null references users(id) on delete cascade,
    name text not null,
    description text not null default '',
    is_public integer not null default 1 check (is_public in (0, 1)),
    -- Chosen by the owner (PUT coverImage); when unset or gone, the newest remaining item is shown.
    cover_media_id text references media(id) on delete set null,
    media_count integer not null default 0,
    created_at integer not null,
    updated_at integer
  )`.execute(db);
  await sql`create index albums_by_created on albums (owner_id, created_at, id)`.execute(db);
  await sql`create index albums_by_name on albums (owner_id, name collate nocase, id)`.execute(db);
  await sql`create index albums_by_count on albums (owner_id, media_count, id)`.execute(db);

  await sql`create table album_media (
    album_id text not null references albums(id) on delete cascade,
    media_id text not null references media(id) on delete cascade,
    owner_id text not null references users(id) on delete cascade,
    added_at integer not null,
    primary key (album_id, media_id)
  ) without rowid`.execute(db);
  await sql`create index album_media_by_media on album_media (media_id)`.execute(db);
  // The premium gallery's albums filter: the owner's items that are in any album.
  await sql`create index album_media_by_owner on album_media (owner_id, media_id)`.execute(db);
  await sql`create index album_media_by_added on album_media (album_id, added_at, media_id)`.execute(db);

  // The premium gallery sorts by type (images, then videos; newest first within each).
  await sql`create index media_page_type on media (owner_id, gallery, deleted_at, type, created_at, id)`.execute(db);
  await sql`drop index if exists media_list_type`.execute(db);

  await sql`alter table media add column phash text check (phash is null or (length(phash) = 16 and phash not glob '*[^0-9a-f]*'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table media drop column phash`.execute(db);
  await sql`drop index media_page_type`.execute(db);
  await sql`create index media_list_type on media (owner_id, gallery, deleted_at, type)`.execute(db);
  await sql`drop table album_media`.execute(db);
  await sql`drop table albums`.execute(db);
}
