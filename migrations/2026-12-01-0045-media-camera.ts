// The camera a photo was taken with (EXIF IFD0 Make and Model, as one cleaned name of at most 100
// characters), for View Details. Photos processed before this have none until processed again.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column camera text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table media drop column camera`.execute(db);
}
