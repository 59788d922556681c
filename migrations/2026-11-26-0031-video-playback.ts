// Every video plays (decision 0037): an item says how its display rendition came to be
// (`playback`: the original, its streams copied into an MP4, or converted to H.264), how far a
// conversion has come (`progress`), where its owner stopped watching and how often they watched.
// Videos processed before this have their processing job enqueued again, so each gets the
// rendition a browser can play (a job already waiting for the item is kept as it is).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column playback text check (playback in ('original', 'remuxed', 'converted'))`.execute(db);
  await sql`alter table media add column progress integer`.execute(db);
  await sql`alter table media add column playback_position real`.execute(db);
  await sql`alter table media add column play_count integer not null default 0`.execute(db);
  const now = Date.now();
  await sql`insert or ignore into jobs (kind, key, payload, run_at, created_at, updated_at)
    select 'media.process', id, json_object('mediaId', id), ${now}, ${now}, ${now} from media where type = 'video' and status = 'ready'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['play_count', 'playback_position', 'progress', 'playback']) await sql`alter table media drop column ${sql.ref(column)}`.execute(db);
}
