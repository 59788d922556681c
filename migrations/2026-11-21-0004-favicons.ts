// Site icons fetched by the hub itself, one row per origin, shared by every account: an icon says
// nothing about who asked for it. A failed lookup is a row too, so it is not retried at once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favicons')
    // "https://example.com" (scheme, host and port only: never a path someone visited).
    .addColumn('origin', 'text', (col) => col.primaryKey())
    .addColumn('bytes', 'blob')
    .addColumn('content_type', 'text')
    .addColumn('fetched_at', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('favicons_expires_at').on('favicons').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('favicons').execute();
}
