// Model pictures fetched by the hub itself, one row per picture URL (by its hash), shared by every
// model that shows the same URL. A failed fetch is a row too, so it is not retried at once.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('model_pictures')
    // sha256 (hex) of the picture's URL: a changed URL is a new row, fetched anew.
    .addColumn('url_hash', 'text', (col) => col.primaryKey())
    .addColumn('bytes', 'blob')
    .addColumn('content_type', 'text')
    .addColumn('fetched_at', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0).check(sql`failed in (0, 1)`))
    .execute();
  await db.schema.createIndex('model_pictures_expires_at').on('model_pictures').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('model_pictures').execute();
}
