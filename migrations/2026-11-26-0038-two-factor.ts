// Two-factor sign-in with a time-based code (issue 22, decision 0055). `user_totp`: one row per
// account that has started setting it up; `enabled_at` null means the secret is pending (shown
// once, not yet confirmed with a code). `last_step` is the 30-second step of the last code
// accepted, so a code is never taken twice. `totp_recovery_codes`: the SHA-256 of each one-time
// recovery code. `signin_challenges`: the password step passed, the code step not yet (the
// SHA-256 of the challenge the client holds, its account, its expiry and its wrong codes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table user_totp (
    user_id text primary key references users(id) on delete cascade,
    secret text not null,
    enabled_at integer,
    last_step integer,
    created_at integer not null
  )`.execute(db);
  await sql`create table totp_recovery_codes (
    user_id text not null references users(id) on delete cascade,
    code_hash text not null,
    used_at integer,
    primary key (user_id, code_hash)
  ) without rowid`.execute(db);
  await sql`create table signin_challenges (
    id text primary key,
    user_id text not null references users(id) on delete cascade,
    expires_at integer not null,
    failures integer not null default 0
  )`.execute(db);
  await sql`create index signin_challenges_user on signin_challenges (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table signin_challenges`.execute(db);
  await sql`drop table totp_recovery_codes`.execute(db);
  await sql`drop table user_totp`.execute(db);
}
