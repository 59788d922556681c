// zod schemas of the albums API's input: the list's and an album's query strings (each bad value a
// 400 naming its parameter), the create and edit bodies, and the lists of media ids. Fields the API
// does not take are ignored.

import { z } from 'zod';
import { optionalQuery, queryEnum, queryInt } from '../../http/query-params.ts';
import {
  ALBUM_FILTERS,
  ALBUM_SORTS,
  type AlbumSort,
  DEFAULT_ALBUM_MEDIA_PAGE_SIZE,
  DEFAULT_ALBUMS_PAGE_SIZE,
  MAX_ALBUM_DESCRIPTION_LENGTH,
  MAX_ALBUM_MEDIA_IDS,
  MAX_ALBUM_MEDIA_PAGE_SIZE,
  MAX_ALBUM_NAME_LENGTH,
  MAX_ALBUMS_PAGE_SIZE,
} from '../../shared/albums.ts';
import { SORT_ORDERS, type SortOrder } from '../../shared/media.ts';
import type { AlbumMediaFilter } from './albums.repo.ts';

export const ALBUM_INPUT_MESSAGES = {
  page: 'page must be a whole number of 1 or more',
  limit: `limit must be between 1 and ${MAX_ALBUMS_PAGE_SIZE}`,
  mediaLimit: `limit must be between 1 and ${MAX_ALBUM_MEDIA_PAGE_SIZE}`,
  search: 'search must be at most 200 characters',
  sortBy: `sortBy must be one of ${ALBUM_SORTS.join(', ')}`,
  sortOrder: `sortOrder must be one of ${SORT_ORDERS.join(', ')}`,
  filter: `filter must be one of ${ALBUM_FILTERS.join(', ')}`,
  nameRequired: 'Album name is required',
  nameType: 'Album name must be text',
  nameLong: `Album name must be at most ${MAX_ALBUM_NAME_LENGTH} characters`,
  description: `Description must be text of at most ${MAX_ALBUM_DESCRIPTION_LENGTH} characters`,
  isPublic: 'isPublic must be true or false',
  coverImage: 'coverImage must be the id of a media item of the album, or null',
  nothingToUpdate: 'Send a name, description, isPublic or coverImage to update',
  mediaIds: `mediaIds must be a list of 1 to ${MAX_ALBUM_MEDIA_IDS} media ids`,
} as const;
const M = ALBUM_INPUT_MESSAGES;

const fail = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

export interface AlbumsQuery {
  page: number;
  limit: number;
  offset: number;
  /** Trimmed, lower case; '' when none. */
  search: string;
  sortBy: AlbumSort;
  sortOrder: SortOrder;
}

/** GET /api/albums: defaults 1, 20, '', created, desc. */
export const albumsQuery = z
  .object({
    page: optionalQuery(queryInt({ min: 1, max: 1_000_000, message: M.page })),
    limit: optionalQuery(queryInt({ min: 1, max: MAX_ALBUMS_PAGE_SIZE, message: M.limit })),
    search: optionalQuery(z.string({ message: M.search }).max(200, M.search)),
    sortBy: optionalQuery(queryEnum(ALBUM_SORTS, M.sortBy)),
    sortOrder: optionalQuery(queryEnum(SORT_ORDERS, M.sortOrder)),
  })
  .transform((q): AlbumsQuery => {
    const limit = q.limit ?? DEFAULT_ALBUMS_PAGE_SIZE;
    const page = q.page ?? 1;
    return {
      page,
      limit,
      offset: (page - 1) * limit,
      search: (q.search ?? '').trim().toLowerCase(),
      sortBy: q.sortBy ?? 'created',
      sortOrder: q.sortOrder ?? 'desc',
    };
  });

export interface AlbumMediaQuery {
  page: number;
  limit: number;
  offset: number;
  filter: AlbumMediaFilter;
}

/** GET /api/albums/{id}: defaults 1, 50, all; `photos` is read as images. */
export const albumMediaQuery = z
  .object({
    page: optionalQuery(queryInt({ min: 1, max: 1_000_000, message: M.page })),
    limit: optionalQuery(queryInt({ min: 1, max: MAX_ALBUM_MEDIA_PAGE_SIZE, message: M.mediaLimit })),
    filter: optionalQuery(queryEnum(ALBUM_FILTERS, M.filter)),
  })
  .transform((q): AlbumMediaQuery => {
    const limit = q.limit ?? DEFAULT_ALBUM_MEDIA_PAGE_SIZE;
    const page = q.page ?? 1;
    const filter = q.filter ?? 'all';
    return { page, limit, offset: (page - 1) * limit, filter: filter === 'photos' ? 'images' : filter };
  });

/** A name: text, trimmed, not blank, not too long. */
const name = z.unknown().transform((v, ctx): string => {
  if (v === undefined || v === null) return fail(ctx, M.nameRequired);
  if (typeof v !== 'string') return fail(ctx, M.nameType);
  const trimmed = v.trim();
  if (trimmed === '') return fail(ctx, M.nameRequired);
  if (trimmed.length > MAX_ALBUM_NAME_LENGTH) return fail(ctx, M.nameLong);
  return trimmed;
});

/** A description: text, trimmed; null clears it. */
const description = z.unknown().transform((v, ctx): string => {
  if (v === null) return '';
  if (typeof v !== 'string' || v.trim().length > MAX_ALBUM_DESCRIPTION_LENGTH) return fail(ctx, M.description);
  return v.trim();
});

const isPublic = z.boolean({ message: M.isPublic });

// How the API description shows these fields (their checks are the code above, not schema).
name.register(z.globalRegistry, { type: 'string', minLength: 1, maxLength: MAX_ALBUM_NAME_LENGTH });
description.register(z.globalRegistry, { type: ['string', 'null'], maxLength: MAX_ALBUM_DESCRIPTION_LENGTH, description: 'null clears it' });

/** POST /api/albums: {name, description?, isPublic? (default true)}. */
export const createAlbumSchema = z.object({
  name,
  description: description.optional(),
  isPublic: isPublic.optional(),
});
export type CreateAlbumInput = z.output<typeof createAlbumSchema>;

/**
 * PUT /api/albums/{id}: any of name, description, isPublic, and/or coverImage (a media id; null
 * goes back to the automatic cover). A field sent as undefined is not sent.
 */
export const updateAlbumSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    isPublic: isPublic.optional(),
    coverImage: z
      .union([z.string({ message: M.coverImage }).trim().min(1, M.coverImage).max(100, M.coverImage), z.null()], { message: M.coverImage })
      .optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.isPublic !== undefined || b.coverImage !== undefined, M.nothingToUpdate);
export type UpdateAlbumInput = z.output<typeof updateAlbumSchema>;

/** POST and DELETE /api/albums/{id}/media: {mediaIds}, 1 to 1,000 ids (repeats count once). */
export const albumMediaIdsSchema = z.object({
  mediaIds: z.unknown().transform((v, ctx): string[] => {
    if (!Array.isArray(v) || v.length < 1 || v.length > MAX_ALBUM_MEDIA_IDS) return fail(ctx, M.mediaIds);
    if (!v.every((id): id is string => typeof id === 'string' && id.length >= 1 && id.length <= 100)) return fail(ctx, M.mediaIds);
    return [...new Set(v)];
  }),
});
albumMediaIdsSchema.shape.mediaIds.register(z.globalRegistry, {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 100 },
  minItems: 1,
  maxItems: MAX_ALBUM_MEDIA_IDS,
});
