// Row types of albums: one owner's named sets of media items, from either gallery.

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface AlbumsTable {
  id: string;
  owner_id: string;
  name: string;
  /** The name in lower case as JavaScript folds it, for the list's search (migration 0018). */
  name_key: Generated<string>;
  description: string;
  is_public: 0 | 1;
  /** The owner's chosen cover (an item of the album); null: the newest remaining item is shown. */
  cover_media_id: string | null;
  /** Items of the album out of the recycling bin, kept by triggers (migration 0018). */
  media_count: number;
  /** Of those, the images and the favourites (videos are the rest); kept by the same triggers. */
  image_count: Generated<number>;
  favorite_count: Generated<number>;
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
  /**
   * Copies of the item's bin state, type, favourite flag and createdAt, filled and kept by
   * triggers (migration 0018) whatever a writer puts here: an album's pages, totals and fallback
   * cover read them from indexes.
   */
  binned: Generated<0 | 1>;
  type: Generated<'image' | 'video'>;
  is_favorite: Generated<0 | 1>;
  created_at: Generated<number>;
  /** 1 for a premium item: a copy kept by triggers (migration 0040), for the views with premium locked. */
  premium: Generated<0 | 1>;
}

export type AlbumRow = Selectable<AlbumsTable>;
export type NewAlbumRow = Insertable<AlbumsTable>;
export type AlbumUpdate = Updateable<AlbumsTable>;
