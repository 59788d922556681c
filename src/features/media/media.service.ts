// The rules of the media library, one set for both galleries: an owner's list (filters, search,
// tags, sorts, pages), one item, edits of title and tags, the favourite toggle, the recycling bin
// (delete, restore, delete forever). `forGallery('gallery')` serves The Red Room; premium reuses it.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database, Db } from '../../db/database.ts';
import { foundOr } from '../../db/owned.ts';
import { ConflictError, InvalidError, NotFoundError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { LIBRARY_TEXT } from '../../shared/libraries.ts';
import type { MediaItem, MediaPage, TagVocabulary } from '../../shared/media.ts';
import { EDITABLE_FIELDS, fieldSpec, SORT_FIELDS, type SortField } from '../../shared/media-fields.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import { createBulkActions } from './bulk.service.ts';
import { findMediaBytes, insertUploaded } from './ingest/ingest.repo.ts';
import { searchTextOf, toMediaItem } from './item.ts';
import { deleteStoredObjects } from './jobs.ts';
import * as libraryItems from './library-items.repo.ts';
import { isLibraryKey } from './library-store.ts';
import * as repo from './media.repo.ts';
import { type BulkInput, MEDIA_INPUT_MESSAGES, type MediaListQuery, type UpdateMediaInput } from './media.schema.ts';
import { type GalleryName, type MediaBytesRow, type MediaRow, type MediaUpdate, type NewMediaRow, type PreviewKeys, previewKeysOf } from './media.table.ts';
import * as list from './media-list.repo.ts';
import { tagVocabulary } from './tags.service.ts';
import * as watching from './watching.repo.ts';

export const MEDIA_TEXT = {
  notFound: 'Media not found',
  movedToBin: 'Media moved to recycling bin',
  restored: 'Media restored successfully',
  deletedForever: 'Media permanently deleted',
  pictureNotImage: 'The profile picture must be an image',
  movedToPremium: (n: number) => `${n} items moved to premium`,
  offline: LIBRARY_TEXT.offline,
} as const;

const FILTERS = {
  all: {},
  images: { type: 'image' },
  videos: { type: 'video' },
  favorites: { favoritesOnly: true },
  'recycling-bin': { inBin: true },
  albums: { inAlbum: true },
} as const satisfies Record<MediaListQuery['filter'], Partial<list.MediaListFilter>>;

/** The list's sorts: the planner's own, and each field's (shared/media-fields.ts: `sort`) by its name. */
const SORTS = {
  createdAt: 'created',
  title: 'title',
  duration: 'duration',
  size: 'size',
  type: 'type',
  plays: 'plays',
  ...(Object.fromEntries(SORT_FIELDS.map((field) => [field, field])) as { [K in SortField]: K }),
} as const satisfies Record<MediaListQuery['sortBy'], list.MediaSortColumn>;

/** The columns of the edit's plain fields (every editable field but title and tags, which carry upkeep above). */
function plainColumnsOf(input: UpdateMediaInput): MediaUpdate {
  const columns: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    const spec = fieldSpec(field);
    if (spec.kind !== 'tags' && field !== 'title' && input[field] !== undefined) columns[spec.column!] = input[field];
  }
  return columns as MediaUpdate;
}

/** The spec's page count: the total divided by the page size, rounded up (0 for an empty list). */
export const totalPagesOf = (total: number, limit: number) => Math.ceil(total / limit);

const itemOf = (row: repo.MediaWithModel): MediaItem => toMediaItem(row, row.model_name);

/** The store keys of an item: the original first, then every rendition it has. */
export function storeKeysOf(row: Pick<MediaRow, 'storage_key' | 'thumbnail_key' | 'display_key'> & PreviewKeys): string[] {
  // A library item's original is its library's file: never the store's to delete (decision 0043).
  const original = isLibraryKey(row.storage_key) ? null : row.storage_key;
  return [...[original, row.thumbnail_key, row.display_key].filter((k): k is string => k !== null), ...previewKeysOf(row)];
}

/** A library's new items and their lower-case tag copies, in the caller's transaction: written as uploads are. */
export const insertLibraryItems = (trx: Db, rows: readonly NewMediaRow[]) => insertUploaded(trx, rows);
/** Library items whose file is gone: offline, and in the bin (dated `at`) unless already there. */
export const markLibraryItemsOffline = (trx: Db, ids: readonly string[], at: number) => libraryItems.markOffline(trx, ids, at);
/** Library items whose file is back: out of the bin when going offline put them there. */
export const markLibraryItemsOnline = (trx: Db, ids: readonly string[]) => libraryItems.markOnline(trx, ids);

/**
 * Deletes an item's objects from the store, every one of them, before its row goes: if the store
 * fails, this throws and the caller keeps the row, so no bytes are ever left without a row.
 */
export async function deleteStoredBytes(store: MediaStore, row: Pick<MediaRow, 'storage_key' | 'thumbnail_key' | 'display_key'> & PreviewKeys): Promise<void> {
  // One by one: a failure stops here, and the row (still listing every key) can be tried again.
  for (const key of storeKeysOf(row)) await store.delete(key);
}

export interface MediaDeps {
  db: Kysely<Database>;
  /** Absent only where nothing is ever deleted for good (CLI commands without a store). */
  store: MediaStore | undefined;
  clock: Clock;
  jobs: JobQueue;
  /** Adds items to one of the owner's albums inside a transaction (the albums feature's); how many were new there. */
  addToAlbum: (trx: Db, ownerId: string, albumId: string, mediaIds: readonly string[], now: number) => Promise<number>;
}

/** Items whose keys one deletion job carries (6 keys an item at most: original, thumbnail, display, preview, scrubber and its one sheet; under the job's 10,000). */
const KEYS_JOB_ITEMS = 1500;

export type MediaService = ReturnType<typeof createMediaService>;
export type GalleryService = ReturnType<MediaService['forGallery']>;

export function createMediaService({ db, store, clock, jobs, addToAlbum }: MediaDeps) {
  const now = () => clock().getTime();
  /** Library items out of the hub: their renditions to one deletion job (`jobKey`), their rows now. How many went. */
  const removeRows = async (trx: Db, rows: readonly repo.MediaKeys[], jobKey: string): Promise<number> => {
    const keys = rows.flatMap(storeKeysOf);
    if (keys.length > 0) await jobs.enqueue(deleteStoredObjects, { keys }, { key: jobKey, db: trx });
    const owners = new Map<string, string[]>();
    for (const row of rows) owners.set(row.owner_id, [...(owners.get(row.owner_id) ?? []), row.id]);
    let removed = 0;
    for (const [ownerId, ids] of owners) removed += await repo.deleteManyDeferred(trx, ownerId, ids);
    return removed;
  };
  const bulkActions = createBulkActions({ db, jobs, now, addToAlbum, notFound: MEDIA_TEXT.notFound });
  const storeOrThrow = (): MediaStore => {
    if (!store) throw new Error('The media store is not available here');
    return store;
  };

  function forGallery(gallery: GalleryName) {
    const find = async (ownerId: string, id: string) => foundOr(await repo.findMedia(db, ownerId, gallery, id), MEDIA_TEXT.notFound);
    const get = async (ownerId: string, id: string): Promise<MediaItem> => itemOf(await find(ownerId, id));

    /** Changes the owner's item under a transaction that first finds it (404 otherwise). */
    const change = (ownerId: string, id: string, apply: (row: MediaRow, trx: Kysely<Database>) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        const row = foundOr(await repo.findMedia(trx, ownerId, gallery, id), MEDIA_TEXT.notFound);
        await apply(row, trx);
        return itemOf(foundOr(await repo.findMedia(trx, ownerId, gallery, id), MEDIA_TEXT.notFound));
      });

    return {
      async list(ownerId: string, query: MediaListQuery): Promise<MediaPage> {
        const filter: list.MediaListFilter = {
          inBin: false,
          ...FILTERS[query.filter],
          modelId: query.modelId,
          libraryId: query.libraryId,
          atLeast: query.atLeast,
          search: query.search.toLowerCase(),
          tags: query.tags.map((t) => t.toLowerCase()),
        };
        const page = await list.listMedia(db, ownerId, gallery, filter, SORTS[query.sortBy], query.sortOrder, query);
        return { media: page.items.map(itemOf), totalItems: page.total, totalPages: totalPagesOf(page.total, query.limit) };
      },

      /** The recycling bin: most recently deleted first. */
      async listBin(ownerId: string, page: { limit: number; offset: number }): Promise<MediaPage> {
        const found = await list.listMedia(db, ownerId, gallery, { inBin: true, search: '', tags: [] }, 'deleted', 'desc', page);
        return { media: found.items.map(itemOf), totalItems: found.total, totalPages: totalPagesOf(found.total, page.limit) };
      },

      get,

      /**
       * Title, tags and the other editable fields (shared/media-fields.ts: `edit`); the tag copies and
       * the search text change with title and tags, in one transaction.
       */
      update(ownerId: string, id: string, input: UpdateMediaInput): Promise<MediaItem> {
        return change(ownerId, id, async (row, trx) => {
          const title = input.title ?? row.title;
          const tags = input.tags ?? (JSON.parse(row.tags) as string[]);
          const text = input.title !== undefined || input.tags !== undefined;
          await repo.updateMedia(trx, ownerId, id, {
            ...(text ? { title, tags: JSON.stringify(tags), search_text: searchTextOf(title, tags) } : {}),
            ...plainColumnsOf(input),
            updated_at: now(),
          });
          if (input.tags !== undefined) await repo.replaceTags(trx, ownerId, id, tags);
        });
      },

      toggleFavorite(ownerId: string, id: string): Promise<MediaItem> {
        return change(ownerId, id, async (row, trx) => {
          await repo.updateMedia(trx, ownerId, id, { is_favorite: row.is_favorite === 1 ? 0 : 1, updated_at: now() });
        });
      },

      /** To the recycling bin; an item already there keeps its date (the purge counts from it). */
      moveToBin(ownerId: string, id: string): Promise<MediaItem> {
        return change(ownerId, id, async (row, trx) => {
          if (row.deleted_at === null) await repo.updateMedia(trx, ownerId, id, { deleted_at: now() });
        });
      },

      /** Out of the recycling bin, back in every list; an item not in the bin stays as it is. */
      restore(ownerId: string, id: string): Promise<MediaItem> {
        return change(ownerId, id, async (row, trx) => {
          // An offline library item comes back when its file does, not before (decision 0043).
          if (row.offline_at !== null) throw new ConflictError(MEDIA_TEXT.offline);
          if (row.deleted_at !== null) await repo.updateMedia(trx, ownerId, id, { deleted_at: null });
        });
      },

      /** Where the owner stopped watching the video: seconds, 0 to its duration (400 otherwise). */
      savePosition(ownerId: string, id: string, position: number): Promise<MediaItem> {
        return change(ownerId, id, async (row, trx) => {
          if (row.type !== 'video') throw new InvalidError(MEDIA_INPUT_MESSAGES.notVideo);
          // Until probed the duration is unknown; then any position of 0 or more is kept.
          if (row.duration !== null && position > row.duration) throw new InvalidError(MEDIA_INPUT_MESSAGES.position);
          await watching.savePosition(trx, ownerId, id, Math.round(position * 1000) / 1000);
        });
      },

      /** One more viewing of the video. */
      countPlay(ownerId: string, id: string): Promise<MediaItem> {
        return change(ownerId, id, async (row, trx) => {
          if (row.type !== 'video') throw new InvalidError(MEDIA_INPUT_MESSAGES.notVideo);
          await watching.countPlay(trx, ownerId, id);
        });
      },

      /**
       * The hub's address of an item a model may wear as its profile picture: one of the owner's
       * images, not in the bin (404 otherwise; 400 for a video). The thumbnail once there is one
       * (a card shows 64 px), else the display rendition.
       */
      async profilePictureUrl(ownerId: string, id: string): Promise<string> {
        const row = await find(ownerId, id);
        if (row.deleted_at !== null) throw new NotFoundError(MEDIA_TEXT.notFound);
        if (row.type !== 'image') throw new InvalidError(MEDIA_TEXT.pictureNotImage);
        const item = itemOf(row);
        return item.thumbnail ?? item.display;
      },

      /**
       * Deletes the item for good, from the bin or not: the original and every rendition leave the
       * store first, then the row. A store failure throws with the row still there.
       */
      async deleteForever(ownerId: string, id: string): Promise<void> {
        const row = await find(ownerId, id);
        await deleteStoredBytes(storeOrThrow(), row);
        if (!(await repo.deleteMediaRow(db, ownerId, id))) throw new NotFoundError(MEDIA_TEXT.notFound);
      },

      /** One action on many of the owner's items of this gallery, in one transaction (bulk.service.ts). */
      bulk: (ownerId: string, input: BulkInput) => bulkActions.run(ownerId, gallery, input),
    };
  }

  return {
    forGallery,
    /** The Red Room. */
    gallery: forGallery('gallery'),
    /**
     * Before an account is deleted (inside its transaction): every object of every item it owns
     * is handed to deletion jobs that commit with the deletion, so a crash cannot forget them and
     * the account's rows go at once. The jobs delete the bytes after the commit.
     */
    async forgetOwner(trx: Db, ownerId: string): Promise<void> {
      let after = '';
      for (let batch = 0; ; batch++) {
        const rows = await repo.keysOfOwner(trx, ownerId, after, KEYS_JOB_ITEMS);
        if (rows.length === 0) return;
        await jobs.enqueue(deleteStoredObjects, { keys: rows.flatMap(storeKeysOf) }, { key: `account:${ownerId}:${batch}`, db: trx });
        after = rows[rows.length - 1]!.id;
      }
    },

    /** GET /api/tags: the vocabulary and the owner's own tags (both galleries; the Red Room's only while premium is locked). */
    tags: (ownerId: string, freeOnly = false): Promise<TagVocabulary> => tagVocabulary(db, ownerId, freeOnly),

    /**
     * Takes every item of a library out of the hub (inside the library's removal): their renditions
     * to deletion jobs that commit with it, their rows at once. The library's files stay as they are.
     */
    async removeLibraryItems(trx: Db, libraryId: string): Promise<number> {
      let removed = 0;
      for (let batch = 0; ; batch++) {
        const rows = await libraryItems.itemsOfLibrary(trx, libraryId, '', KEYS_JOB_ITEMS);
        if (rows.length === 0) return removed;
        removed += await removeRows(trx, rows, `library:${libraryId}:${batch}:${now()}`);
      }
    },

    /**
     * Takes these library items out of the hub (a scan's, for files in the hub's own folders):
     * their renditions to a deletion job that commits with them, their rows at once. At most
     * KEYS_JOB_ITEMS ids a call. Uploads among the ids are left alone.
     */
    async removeLibraryItemsById(trx: Db, ids: readonly string[]): Promise<number> {
      if (ids.length > KEYS_JOB_ITEMS) throw new Error(`At most ${KEYS_JOB_ITEMS} items at once`);
      const rows = await libraryItems.libraryItemsByIds(trx, ids);
      return rows.length === 0 ? 0 : removeRows(trx, rows, `library-items:${rows[0]!.id}:${now()}`);
    },

    /** The owner's item, in either gallery, in the bin or not: what serving its bytes needs (undefined when it is not the owner's). */
    bytesOf: (ownerId: string, id: string): Promise<MediaBytesRow | undefined> => findMediaBytes(db, ownerId, id),
  };
}
