// The Red Room's configuration of the gallery core (decision 0028): its addresses, chips, texts,
// 6 s toasts at the bottom, card look, menu and select-mode bar.

import { COMPACT_STORAGE_KEY, GALLERY_FILTER_CHIPS, GALLERY_SORT_CHIPS, GALLERY_TEXT, GALLERY_VIEW_RULES, itemsText } from '../../src/shared/gallery-view.ts';
import { GALLERY_TOAST_MS } from '../../src/shared/media.ts';
import { narrowed } from '../../src/shared/media-view.ts';
import type { GalleryConfig } from './gallery-config.ts';

/** The Red Room (/gallery). */
export const RED_ROOM: GalleryConfig = {
  gallery: 'gallery',
  rules: GALLERY_VIEW_RULES,
  text: {
    // The gallery's words as they are (GALLERY_TEXT), then those named otherwise here.
    ...GALLERY_TEXT,
    searchLabel: 'Search media',
    uploadButton: 'Upload media',
    titleUpdated: GALLERY_TEXT.updated,
    titleFailed: GALLERY_TEXT.updateFailed,
    addToAlbum: 'Add to Album',
    movedToPremium: (n) => `${itemsText(n)} moved to premium`,
    empty: (view) =>
      view.filter === 'recycling-bin'
        ? [GALLERY_TEXT.binEmpty, GALLERY_TEXT.binHint]
        : narrowed(view)
          ? [GALLERY_TEXT.noMatch, GALLERY_TEXT.noMatchHint]
          : [GALLERY_TEXT.empty, GALLERY_TEXT.emptyHint],
  },
  toast: { ms: GALLERY_TOAST_MS, at: 'bottom' },
  matureWarning: true,
  header: {
    // The newer variant's rotating marketing lines (spec); the hub's own words.
    taglines: [
      'Your private screening room.',
      'Every picture and clip, in one place.',
      'Kept for your eyes only.',
      'Tonight’s collection, just as you left it.',
    ],
    addFromGallery: false,
  },
  toolbar: {
    filterChips: GALLERY_FILTER_CHIPS,
    sortChips: GALLERY_SORT_CHIPS,
    sortLabel: 'Sort',
    actionsMenu: false,
    switches: [{ name: 'compact', label: 'Thumbnails', storageKey: COMPACT_STORAGE_KEY }],
    count: false,
  },
  card: { title: 'below', favorite: 'button', hoverPreview: true, playBadge: true, doubleClickFullscreen: true },
  menu: ['editTitle', 'editTags', 'addToAlbum', 'profilePicture', 'details', 'select', 'delete'],
  viewer: 'gallery',
  // Every bulk action the hub has (decisions 0065, 0068), All first as before.
  selection: {
    buttons: ['all', 'album', 'tags', 'favorite', 'unfavorite', 'rate', 'premium', 'delete', 'clear'],
    labels: 'red-room',
  },
  grid: ({ compact }) =>
    compact
      ? 'grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8'
      : 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5',
};
