// The two galleries as the server tells them apart, in one place: The Red Room (`gallery`, the
// spec's paths, with their older aliases) and premium (plain paths). The API (media.routes.ts) and
// the pages (media-pages.routes.tsx) are built from this, as the islands build both galleries' pages
// from one core and two configurations (islands/media/red-room-config.ts, premium-config.ts).

import { mediaListQuery, premiumListQuery } from './media.schema.ts';
import type { GalleryName } from './media.table.ts';

export interface GalleryConfig {
  gallery: GalleryName;
  /** The page's address. */
  page: '/gallery' | '/premium';
  /** The query a list is read with (each gallery's filters and sorts). */
  listQuery: typeof mediaListQuery | typeof premiumListQuery;
  /** The item's addresses that differ between the two galleries (relative to /api/<gallery>). */
  item: {
    /** PUT: changes the item (The Red Room keeps its spec's `/:id/update` beside `/:id`). */
    update: readonly ('/:id' | '/:id/update')[];
    /** DELETE: into the recycling bin. */
    toBin: '/:id/delete' | '/:id';
    /** DELETE: for good, from the bin. */
    deleteForever: '/:id/permanent-delete' | '/:id/permanent';
  };
  /** POST /move-to-premium (The Red Room only). */
  movesToPremium: boolean;
}

export const GALLERIES: Record<GalleryName, GalleryConfig> = {
  gallery: {
    gallery: 'gallery',
    page: '/gallery',
    listQuery: mediaListQuery,
    item: { update: ['/:id/update', '/:id'], toBin: '/:id/delete', deleteForever: '/:id/permanent-delete' },
    movesToPremium: true,
  },
  premium: {
    gallery: 'premium',
    page: '/premium',
    listQuery: premiumListQuery,
    item: { update: ['/:id'], toBin: '/:id', deleteForever: '/:id/permanent' },
    movesToPremium: false,
  },
};
