// The rules of albums (one set for both galleries: an album holds its owner's items of either):
// the list, one album with a page of its items, create, edit, cover, delete, and adding or removing
// items. Another user's album, or another user's item, is simply not found.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database, Db } from '../../db/database.ts';
import { foundOr } from '../../db/owned.ts';
import { InvalidError, NotFoundError } from '../../errors.ts';
import type { Album, AlbumCover, AlbumDetail, AlbumMediaAdded, AlbumMediaRemoved, AlbumPage } from '../../shared/albums.ts';
import { toMediaItem } from '../media/item.ts';
import * as repo from './albums.repo.ts';
import type { AlbumMediaQuery, AlbumsQuery, CreateAlbumInput, UpdateAlbumInput } from './albums.schema.ts';

export const ALBUM_TEXT = {
  notFound: 'Album not found',
  deleted: 'Album deleted successfully',
  // The gallery's own words (MEDIA_TEXT.notFound); written out so the media service may import this module.
  mediaNotFound: 'Media not found',
  binnedNotAddable: 'Items in the recycling bin cannot be added to an album; restore them first',
  coverNotInAlbum: 'The album thumbnail must be an item of this album that is not in the recycling bin',
} as const;

const iso = (ms: number) => new Date(ms).toISOString();
/** The spec's page count: the total divided by the page size, rounded up (0 for an empty list). */
const totalPagesOf = (total: number, limit: number) => Math.ceil(total / limit);

function coverOf(row: repo.AlbumWithCover): AlbumCover | null {
  if (row.cover_id === null || row.cover_type === null) return null;
  const url = `/media/${row.cover_id}`;
  return { _id: row.cover_id, url, type: row.cover_type, thumbnail: row.cover_thumbnail_key ? `${url}/thumbnail` : null };
}

/** An album row as the API answers with it. */
export function toAlbum(row: repo.AlbumWithCover): Album {
  const created = iso(row.created_at);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.is_public === 1,
    coverImage: coverOf(row),
    mediaCount: row.media_count,
    created,
    createdAt: created,
    updatedAt: iso(row.updated_at ?? row.created_at),
  };
}

/**
 * Adds the owner's items `mediaIds` to the owner's album inside the caller's transaction (the
 * bulk actions' add-to-album, the album API); items already in it keep their place. Answers how
 * many went in. Throws NotFoundError ('Album not found') for an album that is not the owner's,
 * NotFoundError ('Media not found') when any id is not one of the owner's items, InvalidError when
 * any is in the recycling bin: then nothing is added.
 */
export async function addMediaToAlbum(trx: Db, ownerId: string, albumId: string, mediaIds: readonly string[], now: number): Promise<number> {
  if (!(await repo.albumExists(trx, ownerId, albumId))) throw new NotFoundError(ALBUM_TEXT.notFound);
  const ids = [...new Set(mediaIds)];
  if (ids.length === 0) return 0;
  const found = await repo.ownedItems(trx, ownerId, ids);
  if (found.length !== ids.length) throw new NotFoundError(ALBUM_TEXT.mediaNotFound);
  if (found.some((item) => item.binned)) throw new InvalidError(ALBUM_TEXT.binnedNotAddable);
  const added = await repo.insertMembers(trx, ownerId, albumId, ids, now);
  if (added > 0) await repo.updateAlbum(trx, ownerId, albumId, { updated_at: now });
  return added;
}

/** How many of the album's items out of the bin match a filter: counts the triggers keep. */
function totalOf(row: repo.AlbumWithCover, filter: repo.AlbumMediaFilter): number {
  switch (filter) {
    case 'images':
      return row.image_count;
    case 'videos':
      return row.media_count - row.image_count;
    case 'favorites':
      return row.favorite_count;
    default:
      return row.media_count;
  }
}

export interface AlbumsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export type AlbumsService = ReturnType<typeof createAlbumsService>;

export function createAlbumsService({ db, clock }: AlbumsDeps) {
  const now = () => clock().getTime();
  const find = async (trx: Db, ownerId: string, id: string, freeOnly = false) => foundOr(await repo.findAlbum(trx, ownerId, id, freeOnly), ALBUM_TEXT.notFound);

  return {
    /** `freeOnly`: premium is locked, so covers and counts are of Red Room items only. */
    async list(ownerId: string, query: AlbumsQuery, freeOnly = false): Promise<AlbumPage> {
      const page = await repo.listAlbums(
        db,
        ownerId,
        { search: query.search, sort: query.sortBy, order: query.sortOrder, limit: query.limit, offset: query.offset },
        freeOnly,
      );
      return { albums: page.items.map(toAlbum), totalItems: page.total, totalPages: totalPagesOf(page.total, query.limit) };
    },

    /** The album and a page of its items out of the bin, most recently added first. */
    get(ownerId: string, id: string, query: AlbumMediaQuery, freeOnly = false): Promise<AlbumDetail> {
      // One read transaction: the total, the page and the count agree with each other.
      return db.transaction().execute(async (trx) => {
        const row = await find(trx, ownerId, id, freeOnly);
        const totalItems = freeOnly ? await repo.countFree(trx, id, query.filter) : totalOf(row, query.filter);
        const rows = await repo.listAlbumMedia(trx, ownerId, id, query.filter, query, freeOnly);
        return { ...toAlbum(row), media: rows.map((row) => toMediaItem(row, row.model_name)), totalItems, totalPages: totalPagesOf(totalItems, query.limit) };
      });
    },

    async create(ownerId: string, input: CreateAlbumInput): Promise<Album> {
      const id = crypto.randomUUID();
      const at = now();
      await repo.insertAlbum(db, {
        id,
        owner_id: ownerId,
        name: input.name,
        name_key: input.name.toLowerCase(),
        description: input.description ?? '',
        is_public: input.isPublic === false ? 0 : 1,
        cover_media_id: null,
        media_count: 0,
        created_at: at,
        updated_at: at,
      });
      return toAlbum(await find(db, ownerId, id));
    },

    /** Name, description, visibility and/or the cover (an item of the album out of the bin; null: automatic). */
    update(ownerId: string, id: string, input: UpdateAlbumInput, freeOnly = false): Promise<Album> {
      return db.transaction().execute(async (trx) => {
        await find(trx, ownerId, id);
        if (input.coverImage !== undefined && input.coverImage !== null && !(await repo.isShownInAlbum(trx, id, input.coverImage))) {
          throw new InvalidError(ALBUM_TEXT.coverNotInAlbum);
        }
        await repo.updateAlbum(trx, ownerId, id, {
          ...(input.name !== undefined ? { name: input.name, name_key: input.name.toLowerCase() } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.isPublic !== undefined ? { is_public: input.isPublic ? 1 : 0 } : {}),
          ...(input.coverImage !== undefined ? { cover_media_id: input.coverImage } : {}),
          updated_at: now(),
        });
        return toAlbum(await find(trx, ownerId, id, freeOnly));
      });
    },

    /** The album goes; its items stay where they are. */
    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await repo.deleteAlbum(db, ownerId, id))) throw new NotFoundError(ALBUM_TEXT.notFound);
    },

    addMedia(ownerId: string, id: string, mediaIds: readonly string[], freeOnly = false): Promise<AlbumMediaAdded> {
      return db.transaction().execute(async (trx) => {
        const added = await addMediaToAlbum(trx, ownerId, id, mediaIds, now());
        return { added, album: toAlbum(await find(trx, ownerId, id, freeOnly)) };
      });
    },

    /** Takes items out of the album (ids not in it are passed over); a chosen cover taken out is forgotten. */
    removeMedia(ownerId: string, id: string, mediaIds: readonly string[], freeOnly = false): Promise<AlbumMediaRemoved> {
      return db.transaction().execute(async (trx) => {
        const album = await find(trx, ownerId, id);
        const removed = await repo.deleteMembers(trx, ownerId, id, mediaIds);
        if (removed > 0) {
          const coverGone = album.cover_media_id !== null && mediaIds.includes(album.cover_media_id);
          await repo.updateAlbum(trx, ownerId, id, { updated_at: now(), ...(coverGone ? { cover_media_id: null } : {}) });
        }
        return { removed, album: toAlbum(await find(trx, ownerId, id, freeOnly)) };
      });
    },
  };
}
