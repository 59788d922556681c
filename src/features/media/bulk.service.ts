// Bulk actions of a gallery (POST /api/gallery/bulk, /api/premium/bulk, /api/gallery/move-to-premium):
// one action on up to 1,000 of the owner's items of that gallery, in one transaction. Every id is
// checked first: one that is unknown, another user's or of the other gallery makes the whole call
// 404 and changes nothing. The answer counts the items the action changed (an item already
// favourite, already in the bin or already in the album is not counted).

import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { InvalidError, NotFoundError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { type BulkResult, MAX_TAGS_PER_ITEM, normaliseTags } from '../../shared/media.ts';
import { fieldOfBulkAction, fieldSpec } from '../../shared/media-fields.ts';
import type { BulkListed } from './bulk.repo.ts';
import * as bulkRepo from './bulk.repo.ts';
import { searchTextOf } from './item.ts';
import { deleteStoredObjects } from './jobs.ts';
import * as repo from './media.repo.ts';
import type { BulkInput } from './media.schema.ts';
import { storeKeysOf } from './media.service.ts';
import type { GalleryName, MediaRow } from './media.table.ts';

export const BULK_TEXT = {
  albumNotFound: 'Album not found',
  tooManyTags: `An item can have at most ${MAX_TAGS_PER_ITEM} tags`,
  premiumOnly: 'Only items of the free gallery can be moved to premium',
} as const;

/** Items whose store keys one deletion job carries (3 keys an item at most, under the job's 10,000). */
// An item has at most six keys (original, thumbnail, display, preview, scrubber and its one sheet): within the job's 10,000.
const KEYS_JOB_ITEMS = 1500;

/** The owner's items of that gallery among `ids`; a 404 (message `notFound`) unless every id is one. */
async function ownedItems(trx: Db, ownerId: string, gallery: GalleryName, ids: readonly string[], notFound: string): Promise<BulkListed[]> {
  const rows = await bulkRepo.ownedItems(trx, ownerId, gallery, ids);
  if (rows.length !== ids.length) throw new NotFoundError(notFound);
  return rows;
}

export interface BulkDeps {
  db: Kysely<Database>;
  jobs: JobQueue;
  now: () => number;
  /** Adds items to one of the owner's albums inside the transaction; how many were not there yet. */
  addToAlbum: (trx: Db, ownerId: string, albumId: string, mediaIds: readonly string[], now: number) => Promise<number>;
  notFound: string;
}

export function createBulkActions({ db, jobs, now, addToAlbum, notFound }: BulkDeps) {
  /** New tags for one item, from its current ones; null when they stay as they are. */
  function retagged(current: string[], input: BulkInput): string[] | null {
    const given = input.tags ?? [];
    let next: string[];
    if (input.action === 'set-tags') next = given;
    else if (input.action === 'add-tags') next = normaliseTags([...current, ...given]);
    else {
      const drop = new Set(given.map((t) => t.toLowerCase()));
      next = current.filter((t) => !drop.has(t.toLowerCase()));
    }
    if (next.length > MAX_TAGS_PER_ITEM) throw new InvalidError(BULK_TEXT.tooManyTags);
    return JSON.stringify(next) === JSON.stringify(current) ? null : next;
  }

  return {
    async run(ownerId: string, gallery: GalleryName, input: BulkInput): Promise<BulkResult> {
      if (input.action === 'move-to-premium' && gallery !== 'gallery') throw new InvalidError(BULK_TEXT.premiumOnly);
      return db.transaction().execute(async (trx) => {
        const items = await ownedItems(trx, ownerId, gallery, input.ids, notFound);
        const ids = items.map((i) => i.id);
        const at = now();
        switch (input.action) {
          case 'delete':
            return { updated: await bulkRepo.changeWhereDifferent(trx, ownerId, ids, 'delete', at) };
          case 'restore':
            return { updated: await bulkRepo.changeWhereDifferent(trx, ownerId, ids, 'restore', at) };
          case 'favorite':
            return { updated: await bulkRepo.changeWhereDifferent(trx, ownerId, ids, 'favorite', at) };
          case 'unfavorite':
            return { updated: await bulkRepo.changeWhereDifferent(trx, ownerId, ids, 'unfavorite', at) };
          case 'move-to-premium':
            return { updated: await bulkRepo.changeWhereDifferent(trx, ownerId, ids, 'move-to-premium', at) };
          case 'add-to-album':
            return { updated: await addToAlbum(trx, ownerId, input.albumId!, ids, at) };
          case 'permanent-delete': {
            // The rows go now; their bytes are handed to deletion jobs that commit with them, so a
            // crash cannot leave bytes without a job (media check finds any that still slip by).
            for (let i = 0; i < items.length; i += KEYS_JOB_ITEMS) {
              const batch = items.slice(i, i + KEYS_JOB_ITEMS);
              const keys = batch.flatMap(storeKeysOf);
              await jobs.enqueue(deleteStoredObjects, { keys }, { key: `bulk:${batch[0]!.id}:${at}`, db: trx });
            }
            return { updated: await repo.deleteManyDeferred(trx, ownerId, ids) };
          }
          case 'add-tags':
          case 'remove-tags':
          case 'set-tags': {
            const changes = items.flatMap((item) => {
              const before = JSON.parse(item.tags) as string[];
              const tags = retagged(before, input);
              return tags === null ? [] : [{ id: item.id, tags, searchText: searchTextOf(item.title, tags), before }];
            });
            await repo.retagMany(trx, ownerId, changes, at);
            return { updated: changes.length };
          }
          default: {
            // A field's set action (shared/media-fields.ts: `bulk`): its column to the value on the items where it differs.
            const field = fieldOfBulkAction(input.action)!;
            return {
              updated: await bulkRepo.setWhereDifferent(
                trx,
                ownerId,
                ids,
                fieldSpec(field).column as keyof MediaRow,
                (input[field] ?? null) as string | number | null,
              ),
            };
          }
        }
      });
    },
  };
}

export type BulkActions = ReturnType<typeof createBulkActions>;
