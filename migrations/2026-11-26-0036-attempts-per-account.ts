// The guessing limit counts per account and address (issue 22, decision 0053): each attempt names
// what it guessed at (`scope`: site, signin, vault), the account (a user's id, or the typed name
// when there is no such user; empty for the site password) and the client address. The counts of
// the last window carry over: an old key "signin:ADDRESS" becomes an attempt from that address at
// no account in particular (it still counts towards the address's limit).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table login_attempts_new (
    id integer primary key autoincrement,
    scope text not null,
    account text not null,
    address text not null,
    attempted_at integer not null
  )`.execute(db);
  await sql`insert into login_attempts_new (scope, account, address, attempted_at)
    select substr(key, 1, instr(key, ':') - 1), '', substr(key, instr(key, ':') + 1), attempted_at
    from login_attempts where instr(key, ':') > 0`.execute(db);
  await sql`drop table login_attempts`.execute(db);
  await sql`alter table login_attempts_new rename to login_attempts`.execute(db);
  await sql`create index login_attempts_account on login_attempts (scope, account, attempted_at)`.execute(db);
  await sql`create index login_attempts_address on login_attempts (scope, address, attempted_at)`.execute(db);
  await sql`create index login_attempts_time on login_attempts (attempted_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create table login_attempts_old (
    id integer primary key autoincrement,
    key text not null,
    attempted_at integer not null
  )`.execute(db);
  await sql`insert into login_attempts_old (key, attempted_at) select scope || ':' || address, attempted_at from login_attempts`.execute(db);
  await sql`drop table login_attempts`.execute(db);
  await sql`alter table login_attempts_old rename to login_attempts`.execute(db);
  await sql`create index login_attempts_key_time on login_attempts (key, attempted_at)`.execute(db);
  await sql`create index login_attempts_time on login_attempts (attempted_at)`.execute(db);
}
