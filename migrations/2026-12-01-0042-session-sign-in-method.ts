// Sessions remember how they began (decision 0058), so the profile's list can tell apart devices
// that show the same browser and address: `password`, `password+code`, `password+recovery`,
// `passkey` or `setup` (the first-run setup that created the account). Sessions begun before this
// migration have none (shown as "Unknown").
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions add column sign_in_method text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions drop column sign_in_method`.execute(db);
}
