// Resumable uploads (tus 1.0, issue 21, decision 0047): one row per upload, its bytes so far in a
// file under DATA_DIR/uploads named by the row's id. `offset` is what the file holds, fsynced;
// `state` goes uploading -> processing -> done (with the item) or failed (with the reason).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table uploads (
    id text primary key,
    owner_id text not null references users(id) on delete cascade,
    gallery text not null check (gallery in ('gallery', 'premium')),
    file_name text not null,
    file_type text,
    title text,
    tags text,
    model_id text,
    length integer not null,
    offset integer not null default 0,
    state text not null default 'uploading' check (state in ('uploading', 'processing', 'done', 'failed')),
    media_id text,
    error text,
    expires_at integer not null,
    created_at integer not null,
    updated_at integer not null
  )`.execute(db);
  await sql`create index uploads_owner on uploads (owner_id, state)`.execute(db);
  await sql`create index uploads_expiry on uploads (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists uploads`.execute(db);
}
