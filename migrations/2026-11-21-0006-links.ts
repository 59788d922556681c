// Links: each owner's saved pages, grouped by category, with visit tracking and where an imported
// link came from (the model it was synced from).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('links')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('is_favorite', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_visited', 'integer')
    .addColumn('auto_imported', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('source_model', 'text')
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .execute();
  // The owner's list, newest first; favourites; recently visited (home page).
  await db.schema.createIndex('links_owner_created').on('links').columns(['owner_id', 'created_at']).execute();
  await db.schema.createIndex('links_owner_favorite').on('links').columns(['owner_id', 'is_favorite', 'created_at']).execute();
  await db.schema.createIndex('links_owner_last_visited').on('links').columns(['owner_id', 'last_visited']).execute();
  // "Is this URL already a link?" (sync and import) ignores case.
  await sql`create index links_owner_url_nocase on links (owner_id, url collate nocase)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('links').execute();
}
