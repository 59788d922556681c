// The tag copies (media_tags) carried the item's gallery, bin, type and favourite twice: as columns,
// indexed by media_tags_list (owner_id, tag, gallery, binned, is_favorite, type, media_id), and in
// their full-text key, indexed by media_tags_key (tag, key), whose bits hold the same states
// (migration 0016). Every bin, restore, favourite or move of an item rewrote both index entries of
// each of its tags; at 1,000 items with three tags each, that was 3,000 scattered entries twice
// (about 45 ms of a bulk action, and as much again of pages written at commit).
// Now the key alone says it:
// - the four columns go, and with them media_tags_list; media_tags_owner_tag (owner_id, tag,
//   media_id), which no change of state touches, serves the lookups by owner and tag (the items
//   with all of some tags, the owner's vocabulary) and the deletion of a user;
// - the tag counts (media_tag_counts, unchanged) are read from the copies' keys: up when a copy is
//   written, down when it goes, moved when its key follows the item's;
// - the key follows the item's only when it really changes (a new title no longer rewrites them).
// While the full-text upkeep is deferred (migration 0021), the writer that deferred it brings the
// copies' keys and the counts up to date at once (src/features/media/repo.ts).
import { type Kysely, type RawBuilder, sql } from 'kysely';

/** The states in a key's bits, as media_tag_counts' columns (gallery, binned, type, is_favorite). */
const statesOf = (key: string): RawBuilder<unknown> => {
  const k = sql.raw(key);
  return sql`case when (${k} >> 43) & 1 then 'premium' else 'gallery' end, (${k} >> 42) & 1, case when (${k} >> 40) & 1 then 'video' else 'image' end, (${k} >> 41) & 1`;
};
const notDeferred = sql`not exists (select 1 from media_search_deferred)`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of ['media_tags_insert', 'media_tags_delete', 'media_tags_key', 'media_tags_follow', 'media_tags_key_follow']) {
    await sql`drop trigger ${sql.raw(name)}`.execute(db);
  }
  await sql`drop index media_tags_list`.execute(db);
  for (const column of ['gallery', 'binned', 'type', 'is_favorite']) await sql`alter table media_tags drop column ${sql.raw(column)}`.execute(db);
  await sql`create index media_tags_owner_tag on media_tags (owner_id, tag, media_id)`.execute(db);

  // A new copy takes its item's key and counts up under its states.
  await sql`create trigger media_tags_insert after insert on media_tags begin
    update media_tags set key = (select key from media_search_ids where media_id = new.media_id) where rowid = new.rowid;
    insert into media_tag_counts (owner_id, tag, gallery, binned, type, is_favorite, n)
    select new.owner_id, new.tag, ${statesOf('ids.key')}, 1 from media_search_ids as ids where ids.media_id = new.media_id
    on conflict do update set n = n + 1;
  end`.execute(db);
  await sql`create trigger media_tags_delete after delete on media_tags begin
    update media_tag_counts set n = n - 1
      where (owner_id, tag, gallery, binned, type, is_favorite) = (old.owner_id, old.tag, ${statesOf('old.key')});
  end`.execute(db);
  // The item's key moved (its gallery, bin, type, favourite or owner changed): its copies' counts
  // from the old states to the new, and the copies' keys.
  await sql`create trigger media_tags_key_follow after update of key on media_search_ids
    when old.key <> new.key and ${notDeferred}
  begin
    update media_tag_counts set n = n - 1 where (owner_id, tag, gallery, binned, type, is_favorite) in
      (select owner_id, tag, ${statesOf('old.key')} from media_tags where media_id = new.media_id);
    update media_tags set key = new.key where media_id = new.media_id;
    insert into media_tag_counts (owner_id, tag, gallery, binned, type, is_favorite, n)
    select owner_id, tag, ${statesOf('new.key')}, 1 from media_tags where media_id = new.media_id
    on conflict do update set n = n + 1;
  end`.execute(db);
  // A new owner (the counts are per owner): the copies' counts from the old owner to the new.
  await sql`create trigger media_tags_owner_follow after update of owner_id on media when old.owner_id <> new.owner_id begin
    update media_tag_counts set n = n - 1 where (owner_id, tag, gallery, binned, type, is_favorite) in
      (select owner_id, tag, ${statesOf('key')} from media_tags where media_id = new.id);
    update media_tags set owner_id = new.owner_id where media_id = new.id;
    insert into media_tag_counts (owner_id, tag, gallery, binned, type, is_favorite, n)
    select owner_id, tag, ${statesOf('key')}, 1 from media_tags where media_id = new.id
    on conflict do update set n = n + 1;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['media_tags_insert', 'media_tags_delete', 'media_tags_key_follow', 'media_tags_owner_follow']) {
    await sql`drop trigger ${sql.raw(name)}`.execute(db);
  }
  await sql`drop index media_tags_owner_tag`.execute(db);
  await sql`alter table media_tags add column gallery text not null default 'gallery'`.execute(db);
  await sql`alter table media_tags add column binned integer not null default 0`.execute(db);
  await sql`alter table media_tags add column type text not null default 'image'`.execute(db);
  await sql`alter table media_tags add column is_favorite integer not null default 0`.execute(db);
  await sql`update media_tags set gallery = media.gallery, binned = media.deleted_at is not null, type = media.type, is_favorite = media.is_favorite
    from media where media.id = media_tags.media_id`.execute(db);
  await sql`create index media_tags_list on media_tags (owner_id, tag, gallery, binned, is_favorite, type, media_id)`.execute(db);
  // Migration 0025's triggers, as they were.
  await sql`create trigger media_tags_insert after insert on media_tags begin
    update media_tags set (gallery, binned, type, is_favorite) = (select gallery, deleted_at is not null, type, is_favorite from media where id = new.media_id)
      where media_id = new.media_id and tag = new.tag;
    insert into media_tag_counts (owner_id, tag, gallery, binned, type, is_favorite, n)
    select owner_id, tag, gallery, binned, type, is_favorite, 1 from media_tags where media_id = new.media_id and tag = new.tag
    on conflict do update set n = n + 1;
  end`.execute(db);
  await sql`create trigger media_tags_delete after delete on media_tags begin
    update media_tag_counts set n = n - 1
      where owner_id = old.owner_id and tag = old.tag and gallery = old.gallery and binned = old.binned and type = old.type and is_favorite = old.is_favorite;
  end`.execute(db);
  await sql`create trigger media_tags_key after insert on media_tags begin
    update media_tags set key = (select key from media_search_ids where media_id = new.media_id) where media_id = new.media_id and tag = new.tag;
  end`.execute(db);
  await sql`create trigger media_tags_follow after update of owner_id, gallery, deleted_at, type, is_favorite on media
    when (old.owner_id <> new.owner_id or old.gallery <> new.gallery or (old.deleted_at is null) <> (new.deleted_at is null)
      or old.type <> new.type or old.is_favorite <> new.is_favorite) and ${notDeferred}
  begin
    update media_tag_counts set n = n - 1 where (owner_id, tag, gallery, binned, type, is_favorite) in
      (select owner_id, tag, gallery, binned, type, is_favorite from media_tags where media_id = old.id);
    update media_tags set owner_id = new.owner_id where media_id = new.id and old.owner_id <> new.owner_id;
    update media_tags set gallery = new.gallery, binned = new.deleted_at is not null, type = new.type, is_favorite = new.is_favorite where media_id = new.id;
    insert into media_tag_counts (owner_id, tag, gallery, binned, type, is_favorite, n)
    select owner_id, tag, gallery, binned, type, is_favorite, 1 from media_tags where media_id = new.id
    on conflict do update set n = n + 1;
  end`.execute(db);
  await sql`create trigger media_tags_key_follow after update of key on media_search_ids
    when ${notDeferred}
  begin
    update media_tags set key = new.key where media_id = new.media_id;
  end`.execute(db);
}
