// Premium and Connect locks (issue 22, decision 0057). `user_locks`: which areas an owner locks,
// for how long an unlock lasts and the PIN's argon2id hash. `session_unlocks`: until when one
// session (never the owner's other devices) has them open; it goes with its session.
// With premium locked, albums show their Red Room items only: each membership gets a copy of
// whether its item is premium (`album_media.premium`, set at insert and moved with the item's
// gallery by triggers, whoever writes), and an index of an album's memberships by it, so a locked
// album's page and count are index ranges, as the unlocked ones are.
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

  await sql`alter table album_media add column premium integer not null default 0`.execute(db);
  await sql`update album_media set premium = 1 where media_id in (select id from media where gallery = 'premium')`.execute(db);
  await sql`create index album_media_free on album_media (album_id, premium, binned, added_at, media_id)`.execute(db);
  // Writers that insert members give the copy themselves (src/features/albums/albums.repo.ts); any other insert is put right here.
  await sql`create trigger album_media_premium after insert on album_media
    when new.premium is not (select gallery = 'premium' from media where id = new.media_id)
  begin
    update album_media set premium = (select gallery = 'premium' from media where id = new.media_id)
    where album_id = new.album_id and media_id = new.media_id;
  end`.execute(db);
  await sql`create trigger album_media_follow_gallery after update of gallery on media
    when old.gallery <> new.gallery
  begin
    update album_media set premium = (new.gallery = 'premium') where media_id = new.id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger album_media_follow_gallery`.execute(db);
  await sql`drop trigger album_media_premium`.execute(db);
  await sql`drop index album_media_free`.execute(db);
  await sql`alter table album_media drop column premium`.execute(db);
  await sql`drop table session_unlocks`.execute(db);
  await sql`drop table user_locks`.execute(db);
}
