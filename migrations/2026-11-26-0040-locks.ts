// Premium and Connect locks (issue 22, decision 0057). `user_locks`: which areas an owner locks,
// for how long an unlock lasts and the PIN's argon2id hash. `session_unlocks`: until when one
// session (never the owner's other devices) has them open; it goes with its session.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table user_locks (
    user_id text primary key references users(id) on delete cascade,
    premium integer not null default 0 check (premium in (0, 1)),
    connect integer not null default 0 check (connect in (0, 1)),
    minutes integer not null default 15 check (minutes between 1 and 240),
    pin_hash text,
    updated_at integer not null
  ) without rowid`.execute(db);
  await sql`create table session_unlocks (
    session_id text primary key references sessions(id) on delete cascade,
    user_id text not null references users(id) on delete cascade,
    until integer not null
  ) without rowid`.execute(db);
  await sql`create index session_unlocks_user on session_unlocks (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table session_unlocks`.execute(db);
  await sql`drop table user_locks`.execute(db);
}
