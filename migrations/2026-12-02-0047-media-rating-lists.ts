// A minimum rating with the other sorts (decision 0067, amended): one index per list order within
// each rating (owner, gallery, bin, rating, the sort's columns), so a page of the items rated at
// least n is read from the index of each rating from n to 5 (a few short runs in the sort's order)
// instead of walking the whole list. Each carries the type and the favourite after the id, so the
// images, videos and favourites filters are tested, and counted, in the index too: the rating's own
// index (0046) is made again with them.
import { type Kysely, sql } from 'kysely';

const ORDERS: [string, string][] = [
  ['title', 'title collate nocase, id'],
  ['duration', 'duration, id'],
  ['size', 'size, id'],
  ['plays', 'play_count, created_at, id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index media_page_rating`.execute(db);
  await sql`create index media_page_rating on media (owner_id, gallery, deleted_at, rating, created_at, id, type, is_favorite)`.execute(db);
  for (const [name, columns] of ORDERS) {
    await sql`create index ${sql.id(`media_page_rating_${name}`)} on media (owner_id, gallery, deleted_at, rating, ${sql.raw(columns)}, type, is_favorite)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of ORDERS) await sql`drop index ${sql.id(`media_page_rating_${name}`)}`.execute(db);
  await sql`drop index media_page_rating`.execute(db);
  await sql`create index media_page_rating on media (owner_id, gallery, deleted_at, rating, created_at, id)`.execute(db);
}
