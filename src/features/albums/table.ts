// Row types of albums: one owner's named sets of media items, from either gallery.

import type { Insertable, Selectable, Updateable } from 'kysely';

export interface AlbumsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  is_public: 0 | 1;
  /** The owner's chosen cover (an item of the album); null: the newest remaining item is shown. */
  cover_media_id: string | null;
  /** Items of the album out of the recycling bin, kept by triggers (migration 0017). */
  media_count: number;
  /** Epoch milliseconds. */
  created_at: number;
  updated_at: number | null;
}

export interface AlbumMediaTable {
  album_id: string;
  media_id: string;
  owner_id: string;
  /** Epoch milliseconds. */
  added_at: number;
}

export type AlbumRow = Selectable<AlbumsTable>;
export type NewAlbumRow = Insertable<AlbumsTable>;
export type AlbumUpdate = Updateable<AlbumsTable>;
