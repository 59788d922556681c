// API keys (issue 21, decision 0050): a user's keys for scripts and other clients. Only the key's
// SHA-256 is kept (`key_hash`, hex), with its last four characters as a hint for the list. Keys go
// with their user (on delete cascade); `last_used_at` is written at most once a minute.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table api_keys (
    id text primary key,
    user_id text not null references users(id) on delete cascade,
    name text not null,
    scopes text not null,
    key_hash text not null unique,
    hint text not null,
    created_at integer not null,
    last_used_at integer
  )`.execute(db);
  await sql`create index api_keys_user on api_keys (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table api_keys`.execute(db);
}
