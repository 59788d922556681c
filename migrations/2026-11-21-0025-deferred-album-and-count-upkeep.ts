// The deferral of migrations 0021 and 0022 extended to the gallery counts (media_counts) and the
// album memberships' copies and counts: while media_search_deferred holds its row, an item's
// change no longer updates them row by row (two statements an item for the counts; for each album
// holding it, its copies and that album's counts). The writer that deferred it brings them up to
// date at once for every item it moved (src/features/media/repo.ts, withSearchKeysDeferred): the
// counts of the old states (read from the items' old keys) down and of the new ones up; each
// album's counts by the difference between its copies and the items; then the copies and keys.
// A change of an item's date while deferred still reaches its album copies row by row (the
// deferred writers never make one; the copies' dates count for nothing).
// Also an index of the albums' chosen covers: an item deleted forever clears the albums it was the
// cover of (ON DELETE SET NULL), and without one SQLite read every album for every item deleted
// (a third of a 1,000-item permanent delete at 500 albums).
import { type Kysely, sql } from 'kysely';

const COUNTS_BODY = sql`
    update media_counts set n = n - 1 where owner_id = old.owner_id and gallery = old.gallery and binned = (old.deleted_at is not null) and type = old.type and is_favorite = old.is_favorite;
    insert into media_counts (owner_id, gallery, binned, type, is_favorite, n) values (new.owner_id, new.gallery, new.deleted_at is not null, new.type, new.is_favorite, 1) on conflict do update set n = n + 1;`;

const ALBUM_FOLLOW_BODY = sql`
    update album_media set binned = new.deleted_at is not null, type = new.type, is_favorite = new.is_favorite, created_at = new.created_at
    where media_id = new.id;`;
const ALBUM_FOLLOW_CHANGED = sql`(old.deleted_at is null) <> (new.deleted_at is null) or old.type <> new.type or old.is_favorite <> new.is_favorite or old.created_at <> new.created_at`;

const ALBUM_COUNTED_BODY = sql`
    update albums set
      media_count = media_count - (old.binned = 0) + (new.binned = 0),
      image_count = image_count - (old.binned = 0 and old.type = 'image') + (new.binned = 0 and new.type = 'image'),
      favorite_count = favorite_count - (old.binned = 0 and old.is_favorite = 1) + (new.binned = 0 and new.is_favorite = 1)
    where id = new.album_id;`;
const ALBUM_COUNTED_CHANGED = sql`old.binned <> new.binned or old.type <> new.type or old.is_favorite <> new.is_favorite`;

async function triggers(db: Kysely<any>, deferrable: boolean): Promise<void> {
  const notDeferred = sql`not exists (select 1 from media_search_deferred)`;
  await sql`drop trigger media_counts_update`.execute(db);
  await sql`create trigger media_counts_update after update of owner_id, gallery, deleted_at, type, is_favorite on media
    ${deferrable ? sql`when ${notDeferred}` : sql``}
  begin ${COUNTS_BODY}
  end`.execute(db);
  await sql`drop trigger album_media_follow`.execute(db);
  await sql`create trigger album_media_follow after update of deleted_at, type, is_favorite, created_at on media
    when (${ALBUM_FOLLOW_CHANGED}) ${deferrable ? sql`and ${notDeferred}` : sql``}
  begin ${ALBUM_FOLLOW_BODY}
  end`.execute(db);
  if (deferrable) {
    await sql`create trigger album_media_follow_date after update of created_at on media
      when old.created_at <> new.created_at and exists (select 1 from media_search_deferred)
    begin
      update album_media set created_at = new.created_at where media_id = new.id;
    end`.execute(db);
  } else {
    await sql`drop trigger if exists album_media_follow_date`.execute(db);
  }
  await sql`drop trigger album_media_counted`.execute(db);
  await sql`create trigger album_media_counted after update of binned, type, is_favorite on album_media
    when (${ALBUM_COUNTED_CHANGED}) ${deferrable ? sql`and ${notDeferred}` : sql``}
  begin ${ALBUM_COUNTED_BODY}
  end`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await triggers(db, true);
  await sql`create index albums_by_cover on albums (cover_media_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index albums_by_cover`.execute(db);
  await triggers(db, false);
}
