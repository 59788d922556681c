// Checks the media tests share across stores (local disk, S3): an account's deletion leaves none
// of its bytes behind; the keys a store holds.
import { expect } from 'bun:test';
import type { MediaStore } from '../../src/storage/media-store.ts';
import { signedInUser } from './factories.ts';
import { manyMedia, newMedia, putMediaBytes } from './media-factory.ts';
import type { TestApp } from './test-app.ts';

/** Every key in the store. */
export async function storedKeys(store: MediaStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list('')) keys.push(object.key);
  return keys;
}

/** An account deleted through the API leaves none of its bytes behind. */
export async function expectAccountDeletionLeavesNoBytes(app: TestApp, now = Date.now()): Promise<void> {
  const admin = await signedInUser(app.database.db, { role: 'admin' }, now);
  const doomed = await signedInUser(app.database.db, {}, now);
  const survivor = await signedInUser(app.database.db, {}, now);
  const doomedRows = manyMedia(app.database, doomed.user._id, 5, (i) => ({
    displayKey: i === 0 ? `media/test/display-${doomed.user._id}.webp` : null,
    deletedAt: i === 4 ? now : null,
  }));
  doomedRows.push(newMedia(app.database, doomed.user._id, { gallery: 'premium' }));
  const survivorRow = newMedia(app.database, survivor.user._id);
  const doomedKeys: string[] = [];
  for (const row of doomedRows) doomedKeys.push(...(await putMediaBytes(app.store, row)));
  await putMediaBytes(app.store, survivorRow);
  expect(doomedKeys).toHaveLength(13);

  const res = await app.request(`/api/users/${doomed.user._id}`, { method: 'DELETE', as: admin });
  expect(res.status).toBe(200);
  // The rows went with the account at once; the bytes go with the jobs that committed with it.
  expect(await app.database.db.selectFrom('media').select('id').where('owner_id', '=', doomed.user._id).execute()).toEqual([]);
  await app.runJobs();
  const keys = await storedKeys(app.store);
  for (const key of doomedKeys) expect(keys).not.toContain(key);
  expect(keys).toEqual(expect.arrayContaining([survivorRow.storage_key, survivorRow.thumbnail_key!]));
  expect(await app.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'media.delete-objects').execute()).toEqual([]);
}
