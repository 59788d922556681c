// The lockout period chosen on the setup page: hours the site stays open after each reset (0: the
// lockout is off), or null when none was chosen (then SITE_LOCKOUT_HOURS, else 24, applies). A
// SITE_LOCKOUT_HOURS set in the environment wins over the stored choice.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table site_state add column lockout_hours real`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table site_state drop column lockout_hours`.execute(db);
}
