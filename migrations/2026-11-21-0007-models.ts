// Models: performer profiles, each owned by one user (gone with them). Tags and links are JSON text.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('models')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('ethnicity', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('breast_size', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('age', 'integer')
    .addColumn('height', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('profile_picture_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]').check(sql`json_valid(tags)`))
    .addColumn('links', 'text', (col) => col.notNull().defaultTo('[]').check(sql`json_valid(links)`))
    .addColumn('favorite', 'integer', (col) => col.notNull().defaultTo(0).check(sql`favorite in (0, 1)`))
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'integer')
    .execute();
  // The owner's list by name, and the owner's favourites (home, profile, the Favs filter).
  await db.schema.createIndex('models_owner_name').on('models').columns(['owner_id', 'name']).execute();
  await db.schema.createIndex('models_owner_favorite').on('models').columns(['owner_id', 'favorite', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('models').execute();
}
