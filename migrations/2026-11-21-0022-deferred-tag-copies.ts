// The deferral of migration 0021 extended to the tag copies: while media_search_deferred holds its
// row, an item's change no longer updates its tags' copies (gallery, bin, type, favourite), their
// key or the tag counts row by row; the writer that deferred it brings them up to date at once for
// every item it moved (src/features/media/repo.ts, withSearchKeysDeferred): the counts of the old
// copies down, the copies and keys from the items, the counts of the new copies up.
import { type Kysely, sql } from 'kysely';

const COUNT_UP = sql`insert into media_tag_counts (owner_id, tag, gallery, binned, type, is_favorite, n)
    select owner_id, tag, gallery, binned, type, is_favorite, 1 from media_tags where media_id = new.id
    on conflict do update set n = n + 1;`;
const CHANGED = sql`old.owner_id <> new.owner_id or old.gallery <> new.gallery or (old.deleted_at is null) <> (new.deleted_at is null)
      or old.type <> new.type or old.is_favorite <> new.is_favorite`;

async function tagTriggers(db: Kysely<any>, deferrable: boolean): Promise<void> {
  const unlessDeferred = deferrable ? sql`and not exists (select 1 from media_search_deferred)` : sql``;
  await sql`drop trigger media_tags_follow`.execute(db);
  await sql`create trigger media_tags_follow after update of owner_id, gallery, deleted_at, type, is_favorite on media
    when (${CHANGED}) ${unlessDeferred}
  begin
    update media_tag_counts set n = n - 1 where (owner_id, tag, gallery, binned, type, is_favorite) in
      (select owner_id, tag, gallery, binned, type, is_favorite from media_tags where media_id = old.id);
    update media_tags set owner_id = new.owner_id where media_id = new.id and old.owner_id <> new.owner_id;
    update media_tags set gallery = new.gallery, binned = new.deleted_at is not null, type = new.type, is_favorite = new.is_favorite where media_id = new.id;
    ${COUNT_UP}
  end`.execute(db);
  await sql`drop trigger media_tags_key_follow`.execute(db);
  await sql`create trigger media_tags_key_follow after update of key on media_search_ids
    ${deferrable ? sql`when not exists (select 1 from media_search_deferred)` : sql``}
  begin
    update media_tags set key = new.key where media_id = new.media_id;
  end`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await tagTriggers(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await tagTriggers(db, false);
}
