// SQL of the favicon store: read one origin's row, replace it, forget expired ones.

import type { Db } from '../../db/database.ts';
import type { FaviconsTable } from './favicons.table.ts';

export async function findFavicon(db: Db, origin: string) {
  return db.selectFrom('favicons').selectAll().where('origin', '=', origin).executeTakeFirst();
}

/** Inserts or replaces the origin's row (a refetch overwrites the expired one). */
export async function saveFavicon(db: Db, row: FaviconsTable): Promise<void> {
  await db
    .insertInto('favicons')
    .values(row)
    .onConflict((oc) =>
      oc.column('origin').doUpdateSet({
        bytes: row.bytes,
        content_type: row.content_type,
        fetched_at: row.fetched_at,
        expires_at: row.expires_at,
        failed: row.failed,
      }),
    )
    .execute();
}

/** Rows past their expiry: they would be refetched anyway, so they only take room. */
export async function deleteExpiredFavicons(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('favicons').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Of the keys given (origins or icon URLs), those whose stored answer is a failure still in force at `now`. */
export async function failedFaviconKeys(db: Db, keys: readonly string[], now: number): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('favicons')
    .select('origin')
    .where('origin', 'in', [...new Set(keys)])
    .where('failed', '=', 1)
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((row) => row.origin));
}
