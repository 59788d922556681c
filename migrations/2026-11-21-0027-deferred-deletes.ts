// Deleting an item forever ran six triggers for it, row by row: its full-text entry and key out,
// the gallery counts down, each tag copy's count down, each album membership's album counts down
// and the item's album count (on the very row being deleted), a model's picture that was the item
// cleared. For a bulk delete of 1,000 items that was 60 of its 100 ms in SQLite.
// While media_search_deferred holds its row (migration 0021), these triggers now stand aside: the
// bulk delete (src/features/media/repo.ts, deleteManyDeferred) does the same for all its items at
// once, the full-text entries out in key order, then deletes the rows. Every other delete (one
// item, the bin's purge, an account's deletion) still goes through the triggers.
import { type Kysely, type RawBuilder, sql } from 'kysely';

const statesOf = (key: string): RawBuilder<unknown> => {
  const k = sql.raw(key);
  return sql`case when (${k} >> 43) & 1 then 'premium' else 'gallery' end, (${k} >> 42) & 1, case when (${k} >> 40) & 1 then 'video' else 'image' end, (${k} >> 41) & 1`;
};

/** Each trigger: name, event and table, condition (besides the deferral), body. */
const TRIGGERS: { name: string; on: string; when?: RawBuilder<unknown>; body: RawBuilder<unknown> }[] = [
  {
    name: 'media_search_delete',
    on: 'after delete on media',
    body: sql`delete from media_search where rowid = (select key from media_search_ids where media_id = old.id);
    delete from media_search_ids where media_id = old.id;`,
  },
  {
    name: 'media_counts_delete',
    on: 'after delete on media',
    body: sql`update media_counts set n = n - 1 where owner_id = old.owner_id and gallery = old.gallery and binned = (old.deleted_at is not null) and type = old.type and is_favorite = old.is_favorite;`,
  },
  {
    name: 'media_clears_model_picture',
    on: 'after delete on media',
    body: sql`update models set profile_picture_url = ''
    where owner_id = old.owner_id
      and profile_picture_url in ('/media/' || old.id, '/media/' || old.id || '/thumbnail', '/media/' || old.id || '/display');`,
  },
  {
    name: 'media_tags_delete',
    on: 'after delete on media_tags',
    body: sql`update media_tag_counts set n = n - 1
      where (owner_id, tag, gallery, binned, type, is_favorite) = (old.owner_id, old.tag, ${statesOf('old.key')});`,
  },
  {
    name: 'album_media_delete',
    on: 'after delete on album_media',
    when: sql`old.binned = 0`,
    body: sql`update albums set
      media_count = media_count - 1,
      image_count = image_count - (old.type = 'image'),
      favorite_count = favorite_count - (old.is_favorite = 1)
    where id = old.album_id;`,
  },
  {
    name: 'media_album_count_delete',
    on: 'after delete on album_media',
    body: sql`update media set album_count = album_count - 1 where id = old.media_id;`,
  },
];

async function recreate(db: Kysely<any>, deferrable: boolean): Promise<void> {
  for (const trigger of TRIGGERS) {
    const conditions = [...(trigger.when ? [trigger.when] : []), ...(deferrable ? [sql`not exists (select 1 from media_search_deferred)`] : [])];
    await sql`drop trigger ${sql.raw(trigger.name)}`.execute(db);
    await sql`create trigger ${sql.raw(trigger.name)} ${sql.raw(trigger.on)}
    ${conditions.length > 0 ? sql`when ${sql.join(conditions, sql` and `)}` : sql``}
  begin
    ${trigger.body}
  end`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await recreate(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await recreate(db, false);
}
