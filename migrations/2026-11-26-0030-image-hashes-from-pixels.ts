// An image's perceptual hash is now made from its card picture's pixels before the WebP encoding
// (one decode of the original for the thumbnail, the placeholder and the hash), no longer from
// the encoded thumbnail decoded again: the two ways differ by up to 8 bits, the similar-duplicates
// threshold. Every image's hash is cleared, and the start-up backfill makes it again the new way
// from the original. Videos keep theirs (still made from the thumbnail).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update media set phash = null where type = 'image'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The old way's hashes are gone; cleared again, the backfill remakes them as the code then running does.
  await sql`update media set phash = null where type = 'image'`.execute(db);
}
