// A model's picture taken from a gallery item points at the hub's own /media/{id}/… address; when
// that item is deleted for good (by hand, by the bin's purge), the picture goes with it, so the
// model shows its initials instead of a broken image. A trigger covers every way a row is deleted.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger media_clears_model_picture after delete on media begin
    update models set profile_picture_url = ''
    where owner_id = old.owner_id
      and profile_picture_url in ('/media/' || old.id, '/media/' || old.id || '/thumbnail', '/media/' || old.id || '/display');
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_clears_model_picture`.execute(db);
}
