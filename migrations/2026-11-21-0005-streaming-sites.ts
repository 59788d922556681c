// Streaming sites (the Watch screen): each row belongs to one user and goes when they do.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('streaming_sites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('category', 'text', (col) => col.notNull().check(sql`category in ('Chinese', 'Japanese', 'Korean', 'White', 'Hentai', 'Other')`))
    .addColumn('is_favorite', 'integer', (col) => col.notNull().defaultTo(0).check(sql`is_favorite in (0, 1)`))
    .addColumn('last_visited_at', 'integer')
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'integer')
    .execute();
  // The owner's list (newest first), their favourites (home, profile) and their recent visits.
  await db.schema.createIndex('streaming_sites_owner_created').on('streaming_sites').columns(['owner_id', 'created_at']).execute();
  await db.schema.createIndex('streaming_sites_owner_favorite').on('streaming_sites').columns(['owner_id', 'is_favorite', 'created_at']).execute();
  await db.schema.createIndex('streaming_sites_owner_visited').on('streaming_sites').columns(['owner_id', 'last_visited_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('streaming_sites').execute();
}
