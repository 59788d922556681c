// A search's matches sorted without reading their items: media_search_ids carries each item's sort
// columns (date, title, duration, size) beside its key, in an index ordered by key, so a search
// whose matches bunch up far along the sort's index (a word that starts titles, sorted by title)
// is sorted from the index's matches in key order instead of from 16,000 item rows. Triggers keep
// the copies in step.
import { type Kysely, sql } from 'kysely';

const KEY_BITS = sql.raw(`((select n from media_search_owners where owner_id = new.owner_id) << 44) | ((new.gallery = 'premium') << 43)
    | ((new.deleted_at is not null) << 42) | (new.is_favorite << 41) | ((new.type = 'video') << 40)`);

export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, type] of [
    ['created_at', sql`integer`],
    ['title', sql`text`],
    ['duration', sql`real`],
    ['size', sql`integer`],
  ] as const) {
    await sql`alter table media_search_ids add column ${sql.id(column)} ${type}`.execute(db);
  }
  await sql`update media_search_ids set (created_at, title, duration, size) = (select created_at, title, duration, size from media where media.id = media_search_ids.media_id)`.execute(
    db,
  );
  await sql`create index media_search_ids_sort on media_search_ids (key, created_at, title, duration, size, media_id)`.execute(db);

  // 0012's insert trigger, now writing the sort columns with the key.
  await sql`drop trigger media_search_insert`.execute(db);
  await sql`create trigger media_search_insert after insert on media begin
    insert or ignore into media_search_owners (owner_id) values (new.owner_id);
    insert into media_search_ids (rowid, media_id, key, created_at, title, duration, size)
      select seq, new.id, (${KEY_BITS}) | seq, new.created_at, new.title, new.duration, new.size
      from (select coalesce(max(rowid), 0) + 1 as seq from media_search_ids);
    insert into media_search (rowid, text) select key, new.search_text || char(1, 1) from media_search_ids where media_id = new.id;
  end`.execute(db);
  await sql`create trigger media_search_sort after update of created_at, title, duration, size on media begin
    update media_search_ids set created_at = new.created_at, title = new.title, duration = new.duration, size = new.size where media_id = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_search_sort`.execute(db);
  await sql`drop trigger media_search_insert`.execute(db);
  await sql`create trigger media_search_insert after insert on media begin
    insert or ignore into media_search_owners (owner_id) values (new.owner_id);
    insert into media_search_ids (rowid, media_id, key)
      select seq, new.id, (${KEY_BITS}) | seq from (select coalesce(max(rowid), 0) + 1 as seq from media_search_ids);
    insert into media_search (rowid, text) select key, new.search_text || char(1, 1) from media_search_ids where media_id = new.id;
  end`.execute(db);
  await sql`drop index media_search_ids_sort`.execute(db);
  for (const column of ['created_at', 'title', 'duration', 'size']) await sql`alter table media_search_ids drop column ${sql.id(column)}`.execute(db);
}
