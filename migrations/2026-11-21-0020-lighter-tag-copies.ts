// Bulk actions on 1,000 items spend most of their time in the triggers that keep copies of each
// item on its tags. Two of those costs need not be paid:
// - the copies' update also set owner_id, which never changes in practice, so every tag row's
//   (owner_id, tag) index entries were rewritten with each bin, restore or favourite; the owner is
//   now written only when it really changes;
// - the copies follow only a real change (a row binned again keeps its tags as they are);
// - media_tags_owner_tag (owner_id, tag, media_id) is a prefix of media_tags_list (owner_id, tag,
//   gallery, ...), which answers every lookup it did; one index less to keep on every tag write.
import { type Kysely, sql } from 'kysely';

const COUNT_UP = sql`insert into media_tag_counts (owner_id, tag, gallery, binned, type, is_favorite, n)
    select owner_id, tag, gallery, binned, type, is_favorite, 1 from media_tags where media_id = new.id
    on conflict do update set n = n + 1;`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_tags_follow`.execute(db);
  await sql`create trigger media_tags_follow after update of owner_id, gallery, deleted_at, type, is_favorite on media
    when old.owner_id <> new.owner_id or old.gallery <> new.gallery or (old.deleted_at is null) <> (new.deleted_at is null)
      or old.type <> new.type or old.is_favorite <> new.is_favorite
  begin
    update media_tag_counts set n = n - 1 where (owner_id, tag, gallery, binned, type, is_favorite) in
      (select owner_id, tag, gallery, binned, type, is_favorite from media_tags where media_id = old.id);
    update media_tags set owner_id = new.owner_id where media_id = new.id and old.owner_id <> new.owner_id;
    update media_tags set gallery = new.gallery, binned = new.deleted_at is not null, type = new.type, is_favorite = new.is_favorite where media_id = new.id;
    ${COUNT_UP}
  end`.execute(db);
  await sql`drop index media_tags_owner_tag`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index media_tags_owner_tag on media_tags (owner_id, tag, media_id)`.execute(db);
  await sql`drop trigger media_tags_follow`.execute(db);
  await sql`create trigger media_tags_follow after update of owner_id, gallery, deleted_at, type, is_favorite on media begin
    update media_tag_counts set n = n - 1 where (owner_id, tag, gallery, binned, type, is_favorite) in
      (select owner_id, tag, gallery, binned, type, is_favorite from media_tags where media_id = old.id);
    update media_tags set owner_id = new.owner_id, gallery = new.gallery, binned = new.deleted_at is not null, type = new.type, is_favorite = new.is_favorite where media_id = new.id;
    ${COUNT_UP}
  end`.execute(db);
}
