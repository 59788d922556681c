// Star ratings (decision 0067): an item's rating, 1 to 5, or null when unrated, and the index of the
// rating's list order like each other sort's (owner, gallery, bin, the rating, then the date and the
// id), which also counts and pages a minimum rating (`minRating`) from the index alone. A rating is
// in no full-text key, count or album copy: no trigger follows it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column rating integer check (rating between 1 and 5)`.execute(db);
  await sql`create index media_page_rating on media (owner_id, gallery, deleted_at, rating, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index media_page_rating`.execute(db);
  await sql`alter table media drop column rating`.execute(db);
}
