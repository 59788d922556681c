// Albums: the API's shapes, limits and texts, shared by the server (schema, service) and the islands.

import type { MediaItem } from './media.ts';

/** What an album shows as its picture: the chosen cover, else its newest remaining item. */
export interface AlbumCover {
  _id: string;
  /** The item's bytes through the hub (/media/{id}). */
  url: string;
  type: 'image' | 'video';
  /** /media/{id}/thumbnail once processing made one; null until then. */
  thumbnail: string | null;
}

export interface Album {
  _id: string;
  name: string;
  description: string;
  isPublic: boolean;
  /**
   * The chosen cover while it is in the album and out of the recycling bin, else the newest
   * remaining item (by the item's createdAt), else null (an empty album).
   */
  coverImage: AlbumCover | null;
  /** Items of the album out of the recycling bin (either gallery). */
  mediaCount: number;
  /** ISO date the album was created (the spec's name); createdAt is the same date. */
  created: string;
  createdAt: string;
  /** ISO date of the last change (name, description, visibility, cover, items added or removed). */
  updatedAt: string;
}

/** GET /api/albums. */
export interface AlbumPage {
  albums: Album[];
  totalItems: number;
  totalPages: number;
}

/** GET /api/albums/{id}: the album and one page of its items (newest added first), out of the bin. */
export interface AlbumDetail extends Album {
  media: MediaItem[];
  /** Items matching the filter. */
  totalItems: number;
  totalPages: number;
}

/** POST /api/albums/{id}/media. */
export interface AlbumMediaAdded {
  added: number;
  album: Album;
}

/** DELETE /api/albums/{id}/media. */
export interface AlbumMediaRemoved {
  removed: number;
  album: Album;
}

export const ALBUM_SORTS = ['created', 'name', 'mediaCount'] as const;
export type AlbumSort = (typeof ALBUM_SORTS)[number];

/** An album's item filters; `photos` is the premium chips' word for images. */
export const ALBUM_FILTERS = ['all', 'images', 'photos', 'videos', 'favorites'] as const;
export type AlbumFilter = (typeof ALBUM_FILTERS)[number];

export const DEFAULT_ALBUMS_PAGE_SIZE = 20;
/** The dialogs (Move to Album) ask for 100. */
export const MAX_ALBUMS_PAGE_SIZE = 100;
export const DEFAULT_ALBUM_MEDIA_PAGE_SIZE = 50;
export const MAX_ALBUM_MEDIA_PAGE_SIZE = 1000;
export const MAX_ALBUM_NAME_LENGTH = 200;
export const MAX_ALBUM_DESCRIPTION_LENGTH = 2000;
/** Ids one add or remove call takes. */
export const MAX_ALBUM_MEDIA_IDS = 1000;

/** The spec's toasts for albums. */
export const ALBUM_TOASTS = {
  created: 'Album created successfully',
  updated: 'Album updated successfully',
  deleted: 'Album deleted successfully',
  thumbnailUpdated: 'Album thumbnail updated successfully',
  added: (n: number, name: string) => `Added ${n} item(s) to album: ${name}`,
} as const;
