// How many items of each owner carry each tag, per gallery, bin, type and favourite, kept by the
// triggers that copy an item's fields onto its tags (0012's, rewritten here to count as well): a
// tag's total is a few rows, and the rarest of several tags is known before any item is read.
import { type Kysely, sql } from 'kysely';

const TAG_FIELDS = sql.raw(
  `owner_id = new.owner_id, gallery = new.gallery, binned = new.deleted_at is not null, type = new.type, is_favorite = new.is_favorite`,
);
const COUNT_UP = (where: string) =>
  sql.raw(`insert into media_tag_counts (owner_id, tag, gallery, binned, type, is_favorite, n)
    select owner_id, tag, gallery, binned, type, is_favorite, 1 from media_tags where ${where}
    on conflict do update set n = n + 1;`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table media_tag_counts (
    owner_id text not null references users(id) on delete cascade,
    tag text not null,
    gallery text not null,
    binned integer not null,
    type text not null,
    is_favorite integer not null,
    n integer not null,
    primary key (owner_id, tag, gallery, binned, type, is_favorite)
  ) without rowid`.execute(db);
  await sql`insert into media_tag_counts select owner_id, tag, gallery, binned, type, is_favorite, count(*) from media_tags group by 1, 2, 3, 4, 5, 6`.execute(
    db,
  );

  // One trigger per event, so the copy and the count happen in a known order.
  await sql`drop trigger media_tags_insert`.execute(db);
  await sql`drop trigger media_tags_follow`.execute(db);
  await sql`create trigger media_tags_insert after insert on media_tags begin
    update media_tags set (gallery, binned, type, is_favorite) = (select gallery, deleted_at is not null, type, is_favorite from media where id = new.media_id)
      where media_id = new.media_id and tag = new.tag;
    ${COUNT_UP('media_id = new.media_id and tag = new.tag')}
  end`.execute(db);
  await sql`create trigger media_tags_delete after delete on media_tags begin
    update media_tag_counts set n = n - 1
      where owner_id = old.owner_id and tag = old.tag and gallery = old.gallery and binned = old.binned and type = old.type and is_favorite = old.is_favorite;
  end`.execute(db);
  await sql`create trigger media_tags_follow after update of owner_id, gallery, deleted_at, type, is_favorite on media begin
    update media_tag_counts set n = n - 1 where (owner_id, tag, gallery, binned, type, is_favorite) in
      (select owner_id, tag, gallery, binned, type, is_favorite from media_tags where media_id = old.id);
    update media_tags set ${TAG_FIELDS} where media_id = new.id;
    ${COUNT_UP('media_id = new.id')}
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['media_tags_insert', 'media_tags_delete', 'media_tags_follow']) await sql`drop trigger ${sql.id(name)}`.execute(db);
  await sql`drop table media_tag_counts`.execute(db);
  // 0012's triggers: the copies alone.
  await sql`create trigger media_tags_insert after insert on media_tags begin
    update media_tags set (gallery, binned, type, is_favorite) = (select gallery, deleted_at is not null, type, is_favorite from media where id = new.media_id)
      where media_id = new.media_id and tag = new.tag;
  end`.execute(db);
  await sql`create trigger media_tags_follow after update of owner_id, gallery, deleted_at, type, is_favorite on media begin
    update media_tags set ${TAG_FIELDS} where media_id = new.id;
  end`.execute(db);
}
