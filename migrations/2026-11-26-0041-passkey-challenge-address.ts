// Passkey challenges remember the address that asked for a sign-in one, so the live challenges an
// address may hold can be capped (a loop asking for options cannot fill the database).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passkey_challenges').addColumn('address', 'text').execute();
  await sql`create index passkey_challenges_holder on passkey_challenges (purpose, address, user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index passkey_challenges_holder`.execute(db);
  await db.schema.alterTable('passkey_challenges').dropColumn('address').execute();
}
