// The most played order (`sort=plays`): an index by play count like each other sort's (owner,
// gallery, bin, the sort's columns, the id), so a page of 50 out of 100,000 items reads 50 rows
// in either direction. Ties go by date, newest first when the most played are.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index media_page_plays on media (owner_id, gallery, deleted_at, play_count, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index media_page_plays`.execute(db);
}
