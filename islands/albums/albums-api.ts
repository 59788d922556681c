// The albums' calls to the hub (/api/albums ...), and the calls the album views make to the media
// of either gallery (an album holds items of both; each item's `source` says which). For album
// calls a failure carries the server's text when it gave one, else 'HTTP error! status: {code}'
// (spec section 8); the views show the server's text or their own catalogue toast.

import {
  ALBUM_TOASTS,
  type Album,
  type AlbumDetail,
  type AlbumFilter,
  type AlbumMediaAdded,
  type AlbumMediaRemoved,
  type AlbumPage,
  MAX_ALBUMS_PAGE_SIZE,
} from '../../src/shared/albums.ts';
import type { BulkResult, Gallery, MediaPage } from '../../src/shared/media.ts';
import { type ApiRequest, type ApiResult, api } from '../lib/api.ts';

/** The spec's texts of the album views (toasts, errors, empty states). */
export const ALBUM_TEXT = {
  ...ALBUM_TOASTS,
  title: 'Albums',
  empty: 'No Albums Yet',
  emptyHint: 'Create an album to group media from either gallery.',
  albumEmpty: 'This album is empty',
  noMatch: 'No items match the current filter',
  nameRequired: 'Album name is required',
  loadFailed: 'Failed to load albums',
  createFailed: 'Failed to create album',
  updateFailed: 'Failed to update album',
  deleteFailed: 'Failed to delete album',
  addFailed: 'Failed to add to album',
  addMediaFailed: 'Failed to add media to album',
  mediaFailed: 'Error loading album media',
  noAlbum: 'No album selected',
  invalidItem: 'Invalid media item',
  thumbnailFailed: 'Failed to update album thumbnail',
  browseFailed: 'Error loading media',
  removeFailed: 'Failed to remove from album',
  removed: 'Removed from album',
} as const;

/** The spec's fallback for an album call the server answered without an error text. */
export const httpErrorText = (status: number) => `HTTP error! status: ${status}`;

/** One album call: the server's error text, else 'HTTP error! status: {code}', logged for the console. */
export async function albumCall<T>(path: string, request: Omit<ApiRequest, 'fallback'> = {}): Promise<ApiResult<T>> {
  const result = await api<T>(path, { ...request, fallback: '' });
  if (result.ok) return result;
  const failure = result.error === undefined && result.status > 0 ? { ...result, message: httpErrorText(result.status) } : result;
  console.error(`Album call failed: ${request.method ?? 'GET'} ${path}: ${failure.message}`);
  return failure;
}

/** What a view shows for a failed call: the server's own words, else its catalogue text. */
export const failureText = (result: { ok: false; error?: string }, catalogue: string) => result.error ?? catalogue;

const albumPath = (id: string, rest = '') => `/api/albums/${encodeURIComponent(id)}${rest}`;

export interface AlbumInput {
  name: string;
  description: string;
  isPublic: boolean;
}

export const listAlbums = (limit: number = MAX_ALBUMS_PAGE_SIZE, page = 1) => albumCall<AlbumPage>(`/api/albums?page=${page}&limit=${limit}`);
export const createAlbum = (input: AlbumInput) => albumCall<Album>('/api/albums', { method: 'POST', body: input });
export const updateAlbum = (id: string, input: AlbumInput) => albumCall<Album>(albumPath(id), { method: 'PUT', body: input });
export const setAlbumCover = (id: string, mediaId: string | null) => albumCall<Album>(albumPath(id), { method: 'PUT', body: { coverImage: mediaId } });
export const deleteAlbum = (id: string) => albumCall<unknown>(albumPath(id), { method: 'DELETE' });
export const loadAlbum = (id: string, filter: AlbumFilter, page: number, limit: number) =>
  albumCall<AlbumDetail>(albumPath(id, `?${new URLSearchParams({ filter, page: String(page), limit: String(limit) })}`));
export const addToAlbum = (id: string, mediaIds: string[]) => albumCall<AlbumMediaAdded>(albumPath(id, '/media'), { method: 'POST', body: { mediaIds } });
export const removeFromAlbum = (id: string, mediaIds: string[]) =>
  albumCall<AlbumMediaRemoved>(albumPath(id, '/media'), { method: 'DELETE', body: { mediaIds } });

/** Move to Album: the gallery's bulk call (one transaction for every id). */
export const bulkAddToAlbum = (gallery: Gallery, ids: string[], albumId: string) =>
  albumCall<BulkResult>(`/api/${gallery}/bulk`, { method: 'POST', body: { action: 'add-to-album', ids, albumId } });

/** The media browser's filters (Add Media): the gallery API's filter values. */
export type BrowseFilter = 'all' | 'images' | 'videos' | 'favorites';

/** A page of a gallery's items for the Add Media browser. */
export const browseGallery = (gallery: Gallery, filter: BrowseFilter, page: number, limit: number) =>
  api<MediaPage>(`/api/${gallery}?${new URLSearchParams({ filter, page: String(page), limit: String(limit), sortBy: 'createdAt', sortOrder: 'desc' })}`, {
    fallback: ALBUM_TEXT.browseFailed,
  });
