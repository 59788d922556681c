// What keeps a page of the gallery fast at 100,000 items of one owner:
// - each sort's index ends in the id (the tie-break) and titles sort ignoring case, so a page of 50
//   reads 50 rows in either order (they replace 0010's sort indexes, which lacked both);
// - media_counts: how many items each owner has per gallery, bin, type and favourite, kept by
//   triggers, so the total of an unsearched list is one small read instead of a count of 100,000;
// - media_search: a trigram full-text index of the search text (title and tags, lower case), so a
//   substring search reads the matching rows only. Its rows are keyed through media_search_ids
//   (an INTEGER PRIMARY KEY, which VACUUM keeps) rather than media's implicit rowid (which it may not).
// Triggers keep both in step with every write, whoever makes it.
import { type Kysely, sql } from 'kysely';

const SORTS = [
  ['created', sql`created_at`],
  ['title', sql`title collate nocase`],
  ['duration', sql`duration`],
  ['size', sql`size`],
] as const;

const COUNT_KEY = (row: 'new' | 'old') =>
  sql.raw(
    `owner_id = ${row}.owner_id and gallery = ${row}.gallery and binned = (${row}.deleted_at is not null) and type = ${row}.type and is_favorite = ${row}.is_favorite`,
  );
const countUp = sql.raw(
  `insert into media_counts (owner_id, gallery, binned, type, is_favorite, n) values (new.owner_id, new.gallery, new.deleted_at is not null, new.type, new.is_favorite, 1) on conflict do update set n = n + 1;`,
);

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of SORTS) {
    await db.schema.dropIndex(`media_list_${name}`).execute();
    await sql`create index ${sql.id(`media_page_${name}`)} on media (owner_id, gallery, deleted_at, ${column}, id)`.execute(db);
  }

  await sql`create table media_counts (
    owner_id text not null references users(id) on delete cascade,
    gallery text not null,
    binned integer not null,
    type text not null,
    is_favorite integer not null,
    n integer not null,
    primary key (owner_id, gallery, binned, type, is_favorite)
  ) without rowid`.execute(db);
  await sql`insert into media_counts select owner_id, gallery, deleted_at is not null, type, is_favorite, count(*) from media group by 1, 2, 3, 4, 5`.execute(
    db,
  );
  await sql`create trigger media_counts_insert after insert on media begin ${countUp} end`.execute(db);
  await sql`create trigger media_counts_delete after delete on media begin update media_counts set n = n - 1 where ${COUNT_KEY('old')}; end`.execute(db);
  await sql`create trigger media_counts_update after update of owner_id, gallery, deleted_at, type, is_favorite on media begin
    update media_counts set n = n - 1 where ${COUNT_KEY('old')};
    ${countUp}
  end`.execute(db);

  await sql`create table media_search_ids (rowid integer primary key, media_id text not null unique)`.execute(db);
  await sql`create virtual table media_search using fts5(text, content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
  await sql`insert into media_search_ids (media_id) select id from media order by rowid`.execute(db);
  await sql`insert into media_search (rowid, text) select ids.rowid, media.search_text from media_search_ids as ids join media on media.id = ids.media_id`.execute(
    db,
  );
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

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'media_search_insert',
    'media_search_update',
    'media_search_delete',
    'media_counts_insert',
    'media_counts_delete',
    'media_counts_update',
  ]) {
    await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
  await sql`drop table media_search`.execute(db);
  await sql`drop table media_search_ids`.execute(db);
  await sql`drop table media_counts`.execute(db);
  for (const [name] of SORTS) {
    await db.schema.dropIndex(`media_page_${name}`).execute();
    const column = name === 'created' ? 'created_at' : name;
    await db.schema.createIndex(`media_list_${name}`).on('media').columns(['owner_id', 'gallery', 'deleted_at', column]).execute();
  }
}
