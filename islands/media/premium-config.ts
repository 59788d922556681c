// Premium's configuration of the gallery core (decision 0028): its addresses, chips and Actions
// menu, texts, 4 s toasts at the top, card look, menu, select-mode bar and the spec's grids.

import { GALLERY_TEXT } from '../../src/shared/gallery-view.ts';
import { PREMIUM_TOAST_MS } from '../../src/shared/media.ts';
import {
  PREMIUM_COMPACT_KEY,
  PREMIUM_FILTER_CHIPS,
  PREMIUM_SORT_CHIPS,
  PREMIUM_TAGLINES,
  PREMIUM_TEXT,
  PREMIUM_TITLES_KEY,
  PREMIUM_VIEW_RULES,
  premiumAlbumText,
  premiumEmptyText,
  premiumMovedText,
} from '../../src/shared/premium-view.ts';
import type { GalleryConfig, SwitchName } from './gallery-config.ts';

/**
 * The premium grids (spec's constants): compact 4, 6, 8, 10, 10 columns; large cards 260, 280,
 * 300, 320, 340 px wide; rows 150 px compact, 280 px in titles view, 350 px otherwise.
 */
export function premiumGrid({ compact, titles }: Record<SwitchName, boolean>): string {
  const rows = compact ? 'auto-rows-[150px]' : titles ? 'auto-rows-[280px]' : 'auto-rows-[350px]';
  const columns = compact
    ? 'grid-cols-4 gap-1.5 sm:grid-cols-6 md:grid-cols-8 lg:grid-cols-10 xl:grid-cols-10'
    : // The large cards' columns are a shortcut in the stylesheet (uno.config.ts), kept out of the first load.
      'premium-cards';
  return `grid ${columns} ${rows}`;
}

/** The premium gallery (/premium). */
export const PREMIUM: GalleryConfig = {
  gallery: 'premium',
  rules: PREMIUM_VIEW_RULES,
  text: {
    // The gallery's words as they are (PREMIUM_TEXT), then those named otherwise here.
    ...PREMIUM_TEXT,
    searchLabel: 'Search premium content',
    uploadButton: PREMIUM_TEXT.uploadTitle,
    purgeFailed: PREMIUM_TEXT.deleteFailed,
    someFailed: PREMIUM_TEXT.deleteSomeFailed,
    profileSet: GALLERY_TEXT.profileSet,
    profileFailed: GALLERY_TEXT.profileFailed,
    modelsFailed: GALLERY_TEXT.modelsFailed,
    // It adds (the item stays where else it is): not the spec's "Move to Album".
    addToAlbum: 'Add to Album',
    movedToAlbum: premiumAlbumText,
    movedToPremium: premiumMovedText,
    empty: (view) => premiumEmptyText(view as Parameters<typeof premiumEmptyText>[0]),
  },
  toast: { ms: PREMIUM_TOAST_MS, at: 'top' },
  matureWarning: false,
  header: {
    backLink: { href: '/gallery', label: 'Back to The Red Room' },
    badge: 'Premium',
    taglines: PREMIUM_TAGLINES,
    addFromGallery: true,
  },
  toolbar: {
    filterChips: PREMIUM_FILTER_CHIPS,
    sortChips: PREMIUM_SORT_CHIPS,
    sortLabel: 'Sort By',
    actionsMenu: true,
    switches: [
      { name: 'compact', label: 'Compact', storageKey: PREMIUM_COMPACT_KEY },
      { name: 'titles', label: 'Titles', storageKey: PREMIUM_TITLES_KEY },
    ],
    count: true,
  },
  card: { title: 'overlay', favorite: 'mark', hoverPreview: true, doubleClickFullscreen: false },
  menu: ['select', 'favorite', 'details', 'editTitle', 'editTags', 'addToAlbum', 'albumCover', 'delete'],
  viewer: 'premium',
  selection: {
    // The spec's four, then Favorite, Unfavorite and Rate, and Clear as in The Red Room (decisions 0065, 0068).
    buttons: ['tags', 'album', 'favorite', 'unfavorite', 'rate', 'all', 'delete', 'clear'],
    labels: 'premium',
  },
  grid: premiumGrid,
};
