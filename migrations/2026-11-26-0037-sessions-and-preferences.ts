// Sessions a member can see and end (issue 22, decision 0054): each session keeps the browser's
// User-Agent and the client's address from when it began, and when it was last seen (written at
// most once a minute). Sessions begun before this migration have none of the three (shown as
// "Unknown"). `users.discreet`: the member's discreet mode (neutral titles, blurred media, the
// panic key), 0 or 1.
import { type Kysely, sql } from 'kysely';

const SESSION_COLUMNS = ['user_agent text', 'ip text', 'last_seen_at integer'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of SESSION_COLUMNS) await sql`alter table sessions add column ${sql.raw(column)}`.execute(db);
  await sql`alter table users add column discreet integer not null default 0 check (discreet in (0, 1))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column discreet`.execute(db);
  for (const column of ['last_seen_at', 'ip', 'user_agent']) await sql`alter table sessions drop column ${sql.ref(column)}`.execute(db);
}
