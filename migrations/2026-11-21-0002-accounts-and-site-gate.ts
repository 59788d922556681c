// Accounts, sessions and site tokens, and the site gate's state (password hash, lockout expiry).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_state').addColumn('site_password_hash', 'text').execute();
  await db.schema.alterTable('site_state').addColumn('lockout_expires_at', 'integer').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    // Lower-cased username: uniqueness ignores case.
    .addColumn('username_key', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('admin', 'user')`))
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'integer')
    .execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();

  // Lucia's design: the id is the SHA-256 of the token the client holds; the token is never stored.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('site_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_tokens').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.alterTable('site_state').dropColumn('lockout_expires_at').execute();
  await db.schema.alterTable('site_state').dropColumn('site_password_hash').execute();
}
