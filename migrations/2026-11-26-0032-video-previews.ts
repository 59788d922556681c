// Hover previews and scrubbing (decision 0037): a video's short muted clip (`preview_key`) and its
// scrubbing frames (`scrubber_key`: the WebVTT file; `scrubber_sheets`: how many sprite sheets it
// names, stored beside it). Null until the preview job has made them, and when it could not.
// Every video already ready has that job enqueued (a job already waiting for the item is kept).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media add column preview_key text`.execute(db);
  await sql`alter table media add column scrubber_key text`.execute(db);
  await sql`alter table media add column scrubber_sheets integer`.execute(db);
  const now = Date.now();
  await sql`insert or ignore into jobs (kind, key, payload, run_at, created_at, updated_at)
    select 'media.preview', id, json_object('mediaId', id), ${now}, ${now}, ${now} from media where type = 'video' and status = 'ready'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['scrubber_sheets', 'scrubber_key', 'preview_key']) await sql`alter table media drop column ${sql.ref(column)}`.execute(db);
}
