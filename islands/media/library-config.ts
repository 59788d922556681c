// What makes a gallery of the media library: one configuration per gallery, passed to the one
// core (MediaLibrary). Everything the spec lets differ between The Red Room and Premium is here as
// data: the addresses, chips and sort keys, the texts and toasts (and how long they stay), the
// card's look, the card menu's actions and their order, the select-mode bar, the header's extras.

import {
  COMPACT_STORAGE_KEY,
  GALLERY_FILTER_CHIPS,
  GALLERY_SORT_CHIPS,
  GALLERY_TEXT,
  GALLERY_VIEW_RULES,
  bulkDeleteConfirm,
  bulkDeletedText,
  bulkPurgedText,
} from '../../src/shared/gallery-view.ts';
import type { ViewRules, MediaView } from '../../src/shared/media-view.ts';
import { GALLERY_TOAST_MS, PREMIUM_TOAST_MS, type Gallery } from '../../src/shared/media.ts';
import {
  PREMIUM_BLURB,
  PREMIUM_COMPACT_KEY,
  PREMIUM_FILTER_CHIPS,
  PREMIUM_SORT_CHIPS,
  PREMIUM_TAGLINES,
  PREMIUM_TEXT,
  PREMIUM_TITLES_KEY,
  PREMIUM_VIEW_RULES,
  premiumAlbumText,
  premiumDeletedText,
  premiumEmptyText,
  premiumMovedText,
  premiumPurgedText,
  premiumTagsText,
} from '../../src/shared/premium-view.ts';
import type { CardLook } from './MediaCard.tsx';

/** The switches a toolbar may offer (each remembered in local storage). */
export type SwitchName = 'compact' | 'titles';

/** The card menu's actions, by name; a gallery lists the ones it offers, in its order. */
export type CardActionName = 'select' | 'favorite' | 'details' | 'editTitle' | 'editTags' | 'addToAlbum' | 'albumCover' | 'profilePicture' | 'delete';

/** The select-mode bar's buttons, by name. */
export type SelectionButton = 'tags' | 'album' | 'all' | 'delete' | 'clear';

/** The texts the core shows; the spec's words for each gallery. */
export interface LibraryText {
  title: string;
  search: string;
  searchLabel: string;
  loading: string;
  loadFailed: string;
  uploadButton: string;
  favoriteOn: string;
  favoriteOff: string;
  favoriteFailed: string;
  deleted: string;
  deleteFailed: string;
  restored: string;
  restoreFailed: string;
  purged: string;
  purgeFailed: string;
  purgeConfirm: string;
  titleUpdated: string;
  titleFailed: string;
  tagsUpdated: string;
  tagsFailed: string;
  someFailed: string;
  profileSet: string;
  profileFailed: string;
  modelsFailed: string;
  addToAlbum: string;
  bulkDeleted: (n: number) => string;
  bulkPurged: (n: number) => string;
  bulkTags: (n: number) => string;
  bulkDeleteConfirm: (n: number, inBin: boolean) => string;
  /** The title of the question before deleting the selection. */
  deleteSelectedTitle: string;
  movedToAlbum?: (n: number) => string;
  movedToPremium?: (n: number) => string;
  /** The empty state's heading and hint for a view. */
  empty: (view: MediaView) => [string, string];
}

export interface LibraryConfig {
  gallery: Gallery;
  rules: ViewRules;
  text: LibraryText;
  toast: { ms: number; at: 'bottom' | 'top' };
  /** The mature-content warning stands in front of the gallery (The Red Room). */
  matureWarning: boolean;
  header: {
    backLink?: { href: string; label: string };
    badge?: string;
    taglines: readonly string[];
    blurb?: string;
    /** 'Add from Gallery to Premium' beside Upload. */
    addFromGallery: boolean;
  };
  toolbar: {
    filterChips: readonly { filter: string; label: string }[];
    sortChips: readonly { sortBy: string; label: string }[];
    sortLabel: string;
    /** Recycling Bin, Select and Find Duplicates in an Actions menu (premium) instead of chips. */
    actionsMenu: boolean;
    switches: readonly { name: SwitchName; label: string; storageKey: string }[];
    count: boolean;
  };
  card: CardLook;
  /** The card (and viewer) menu, in the gallery's order. */
  menu: readonly CardActionName[];
  /** The viewer's extras (premium: creator and Premium chips, More Options). */
  viewer: 'gallery' | 'premium';
  selection: { buttons: readonly SelectionButton[]; labels: { all: string; allChosen: string; album: string; delete: string; tags: string } };
  /** The grid's classes for the switches' state. */
  grid: (switches: Record<SwitchName, boolean>) => string;
}

/** The Red Room (/gallery). */
export const RED_ROOM: LibraryConfig = {
  gallery: 'gallery',
  rules: GALLERY_VIEW_RULES,
  text: {
    title: GALLERY_TEXT.title,
    search: GALLERY_TEXT.search,
    searchLabel: 'Search media',
    loading: GALLERY_TEXT.loading,
    loadFailed: GALLERY_TEXT.loadFailed,
    uploadButton: 'Upload media',
    favoriteOn: GALLERY_TEXT.favoriteOn,
    favoriteOff: GALLERY_TEXT.favoriteOff,
    favoriteFailed: GALLERY_TEXT.favoriteFailed,
    deleted: GALLERY_TEXT.deleted,
    deleteFailed: GALLERY_TEXT.deleteFailed,
    restored: GALLERY_TEXT.restored,
    restoreFailed: GALLERY_TEXT.restoreFailed,
    purged: GALLERY_TEXT.purged,
    purgeFailed: GALLERY_TEXT.purgeFailed,
    purgeConfirm: GALLERY_TEXT.purgeConfirm,
    titleUpdated: GALLERY_TEXT.updated,
    titleFailed: GALLERY_TEXT.updateFailed,
    tagsUpdated: GALLERY_TEXT.tagsUpdated,
    tagsFailed: GALLERY_TEXT.tagsFailed,
    someFailed: GALLERY_TEXT.someFailed,
    profileSet: GALLERY_TEXT.profileSet,
    profileFailed: GALLERY_TEXT.profileFailed,
    modelsFailed: GALLERY_TEXT.modelsFailed,
    addToAlbum: 'Add to Album',
    bulkDeleted: bulkDeletedText,
    bulkPurged: bulkPurgedText,
    bulkTags: (n) => `Tags updated for ${n === 1 ? '1 item' : `${n} items`}`,
    bulkDeleteConfirm,
    deleteSelectedTitle: 'Delete Media',
    empty: (view) =>
      view.filter === 'recycling-bin'
        ? [GALLERY_TEXT.binEmpty, GALLERY_TEXT.binHint]
        : view.search || view.filter !== 'all'
          ? [GALLERY_TEXT.noMatch, GALLERY_TEXT.noMatchHint]
          : [GALLERY_TEXT.empty, GALLERY_TEXT.emptyHint],
  },
  toast: { ms: GALLERY_TOAST_MS, at: 'bottom' },
  matureWarning: true,
  header: {
    // The newer variant's rotating marketing lines (spec); the hub's own words.
    taglines: ['Your private screening room.', 'Every picture and clip, in one place.', 'Kept for your eyes only.', 'Tonight’s collection, just as you left it.'],
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
  card: { title: 'below', favorite: 'button', hoverPreview: false, doubleClickFullscreen: true },
  menu: ['editTitle', 'editTags', 'addToAlbum', 'profilePicture', 'select', 'delete'],
  viewer: 'gallery',
  selection: { buttons: ['all', 'album', 'delete', 'clear'], labels: { all: 'All', allChosen: 'All', album: 'Album', delete: 'Delete', tags: 'Edit Tags' } },
  grid: ({ compact }) => (compact ? 'grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8' : 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5'),
};

/**
 * The premium grids (spec's constants): compact 4, 6, 8, 10, 10 columns; large cards 260, 280,
 * 300, 320, 340 px wide; rows 150 px compact, 280 px in titles view, 350 px otherwise.
 */
export function premiumGrid({ compact, titles }: Record<SwitchName, boolean>): string {
  const rows = compact ? 'auto-rows-[150px]' : titles ? 'auto-rows-[280px]' : 'auto-rows-[350px]';
  const columns = compact
    ? 'grid-cols-4 gap-1.5 sm:grid-cols-6 md:grid-cols-8 lg:grid-cols-10 xl:grid-cols-10'
    : 'gap-4 grid-cols-[repeat(auto-fill,minmax(min(100%,260px),1fr))] sm:grid-cols-[repeat(auto-fill,minmax(280px,1fr))] md:grid-cols-[repeat(auto-fill,minmax(300px,1fr))] lg:grid-cols-[repeat(auto-fill,minmax(320px,1fr))] xl:grid-cols-[repeat(auto-fill,minmax(340px,1fr))]';
  return `grid ${columns} ${rows}`;
}

/** The premium gallery (/premium). */
export const PREMIUM: LibraryConfig = {
  gallery: 'premium',
  rules: PREMIUM_VIEW_RULES,
  text: {
    title: PREMIUM_TEXT.title,
    search: PREMIUM_TEXT.search,
    searchLabel: 'Search premium content',
    loading: PREMIUM_TEXT.loading,
    loadFailed: PREMIUM_TEXT.loadFailed,
    uploadButton: PREMIUM_TEXT.uploadTitle,
    favoriteOn: PREMIUM_TEXT.favoriteOn,
    favoriteOff: PREMIUM_TEXT.favoriteOff,
    favoriteFailed: PREMIUM_TEXT.favoriteFailed,
    deleted: PREMIUM_TEXT.deleted,
    deleteFailed: PREMIUM_TEXT.deleteFailed,
    restored: PREMIUM_TEXT.restored,
    restoreFailed: PREMIUM_TEXT.restoreFailed,
    purged: PREMIUM_TEXT.purged,
    purgeFailed: PREMIUM_TEXT.deleteFailed,
    purgeConfirm: PREMIUM_TEXT.purgeConfirm,
    titleUpdated: PREMIUM_TEXT.titleUpdated,
    titleFailed: PREMIUM_TEXT.titleFailed,
    tagsUpdated: PREMIUM_TEXT.tagsUpdated,
    tagsFailed: PREMIUM_TEXT.tagsFailed,
    someFailed: PREMIUM_TEXT.deleteSomeFailed,
    profileSet: GALLERY_TEXT.profileSet,
    profileFailed: GALLERY_TEXT.profileFailed,
    modelsFailed: GALLERY_TEXT.modelsFailed,
    addToAlbum: 'Move to Album',
    bulkDeleted: premiumDeletedText,
    bulkPurged: premiumPurgedText,
    bulkTags: premiumTagsText,
    bulkDeleteConfirm,
    deleteSelectedTitle: 'Delete Selected',
    movedToAlbum: premiumAlbumText,
    movedToPremium: premiumMovedText,
    empty: (view) => premiumEmptyText(view as Parameters<typeof premiumEmptyText>[0]),
  },
  toast: { ms: PREMIUM_TOAST_MS, at: 'top' },
  matureWarning: false,
  header: { backLink: { href: '/gallery', label: 'Back to The Red Room' }, badge: 'Premium', taglines: PREMIUM_TAGLINES, blurb: PREMIUM_BLURB, addFromGallery: true },
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
  selection: { buttons: ['tags', 'album', 'all', 'delete'], labels: { all: 'Select All', allChosen: 'Deselect All', album: 'Move to Album', delete: 'Delete Selected', tags: 'Edit Tags' } },
  grid: premiumGrid,
};
