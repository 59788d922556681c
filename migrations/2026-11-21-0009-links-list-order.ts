// The Links list's own order (newest first, then id) read straight from an index, so a page deep
// into 10,000 links needs no sort of them all.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index links_owner_created_id on links (owner_id, created_at desc, id asc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('links_owner_created_id').execute();
}
