// SQL of the model picture store: read one URL's row, replace it, forget expired ones.

import type { Db } from '../../../db/database.ts';
import type { ModelPicturesTable } from './pictures.table.ts';

export async function findPicture(db: Db, urlHash: string) {
  return db.selectFrom('model_pictures').selectAll().where('url_hash', '=', urlHash).executeTakeFirst();
}

/** Inserts or replaces the URL's row (a refetch overwrites the expired one). */
export async function savePicture(db: Db, row: ModelPicturesTable): Promise<void> {
  await db
    .insertInto('model_pictures')
    .values(row)
    .onConflict((oc) =>
      oc.column('url_hash').doUpdateSet({
        bytes: row.bytes,
        content_type: row.content_type,
        fetched_at: row.fetched_at,
        expires_at: row.expires_at,
        failed: row.failed,
      }),
    )
    .execute();
}

/** Rows past their expiry (pictures of changed URLs among them): they only take room. */
export async function deleteExpiredPictures(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('model_pictures').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Of the URL hashes given, those whose stored answer is a failure still in force at `now`. */
export async function failedPictureKeys(db: Db, urlHashes: readonly string[], now: number): Promise<Set<string>> {
  if (urlHashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('model_pictures')
    .select('url_hash')
    .where('url_hash', 'in', [...new Set(urlHashes)])
    .where('failed', '=', 1)
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((row) => row.url_hash));
}
