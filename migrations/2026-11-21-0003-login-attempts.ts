// Failed (and in-flight) password attempts per client address, so the guessing limit holds across
// concurrent requests and survives a restart.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    // What is limited and for whom, e.g. "site:203.0.113.7" or "signin:203.0.113.7".
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('attempted_at', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_key_time').on('login_attempts').columns(['key', 'attempted_at']).execute();
  await db.schema.createIndex('login_attempts_time').on('login_attempts').column('attempted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
