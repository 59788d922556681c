// The model gallery dialog's configuration of the gallery core's grid (decision 0028): the
// media of one model from both galleries, each card with its Gallery or Premium chip, the chips
// All, Images, Videos and Favorites, and the spec's texts for the calls made from it. The grid,
// the card, its menu and the viewer are the core's (islands/media/).

import type { MediaItem } from '../../src/shared/media.ts';
import { MODEL_TEXT } from '../../src/shared/models.ts';
import { TOAST_MS } from '../components/useToast.tsx';
import type { GridConfig } from '../media/gallery-config.ts';
import { RED_ROOM } from '../media/red-room-config.ts';

/** The dialog's filter chips (spec: All, Images, Videos, Favorites), each with what it keeps. */
export const MODEL_GALLERY_CHIPS = [
  { filter: 'all', label: 'All', keeps: () => true },
  { filter: 'images', label: 'Images', keeps: (item: MediaItem) => item.type === 'image' },
  { filter: 'videos', label: 'Videos', keeps: (item: MediaItem) => item.type === 'video' },
  { filter: 'favorites', label: 'Favorites', keeps: (item: MediaItem) => item.isFavorite },
] as const;

export type ModelGalleryFilter = (typeof MODEL_GALLERY_CHIPS)[number]['filter'];

/** What the dialog says around the grid. */
export const MODEL_GALLERY_TEXT = {
  search: 'Search by title or tags...',
  searchLabel: "Search this model's media",
  loading: 'Loading…',
  count: (shown: number, all: number) => `${shown} of ${all} items`,
  empty: (name: string) => `No media for ${name} yet. Upload some with the card's upload button.`,
  noMatch: 'Nothing matches this search or filter.',
} as const;

/** The grid's configuration: the Red Room's card look with the source chip, a short menu, the spec's texts. */
export const MODEL_GALLERY: GridConfig = {
  // Each item's calls go to its own gallery (clientOf); no bulk call is made from the dialog.
  gallery: 'gallery',
  text: {
    ...RED_ROOM.text,
    search: MODEL_GALLERY_TEXT.search,
    searchLabel: MODEL_GALLERY_TEXT.searchLabel,
    loading: MODEL_GALLERY_TEXT.loading,
    loadFailed: 'Failed to load model content',
    favoriteOn: MODEL_TEXT.favoriteOn,
    favoriteOff: MODEL_TEXT.favoriteOff,
    favoriteFailed: 'Failed to update favorite',
    deleted: 'Media moved to recycling bin',
    deleteFailed: 'Failed to delete media',
  },
  toast: { ms: TOAST_MS.models, at: 'bottom' },
  card: { title: 'below', favorite: 'button', hoverPreview: true, playBadge: true, doubleClickFullscreen: false, source: true },
  menu: ['details', 'delete'],
  viewer: 'gallery',
  selection: RED_ROOM.selection,
  grid: () => 'grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3',
};
