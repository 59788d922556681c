// Instance-wide state of the hub, one row. Later migrations add the site gate's columns here.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_state')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('installed_at', 'integer', (col) => col.notNull())
    .execute();
  await db.insertInto('site_state').values({ id: 1, installed_at: Date.now() }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_state').execute();
}
