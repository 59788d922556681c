// What makes a gallery: one configuration per gallery, passed to the one gallery
// core (MediaGallery). Everything the spec lets differ between The Red Room and Premium is here as
// data: the addresses, chips and sort keys, the texts and toasts (and how long they stay), the
// card's look, the card menu's actions and their order, the select-mode bar, the header's extras.
// The two configurations are red-room-config.ts and premium-config.ts (each page loads its own).

import type { Gallery } from '../../src/shared/media.ts';
import type { MediaView, ViewRules } from '../../src/shared/media-view.ts';
import type { CardLook } from './MediaCard.tsx';
import type { SelectionWords } from './selection-words.ts';

/** The switches a toolbar may offer (each remembered in local storage). */

export type SwitchName = 'compact' | 'titles';

/** The card menu's actions, by name; a gallery lists the ones it offers, in its order. */
export type CardActionName = 'select' | 'favorite' | 'details' | 'editTitle' | 'editTags' | 'addToAlbum' | 'albumCover' | 'profilePicture' | 'delete';

/**
 * The select-mode bar's buttons, by name: Edit Tags (add, remove or replace), Add to Album,
 * Favorite and Unfavorite, Rate (1 to 5 stars or none), Move to Premium (The Red Room's: premium has no way back), Select All,
 * Delete (to the bin; forever in it) and Clear.
 */
export type SelectionButton = 'tags' | 'album' | 'favorite' | 'unfavorite' | 'rate' | 'premium' | 'all' | 'delete' | 'clear';

/** The texts the core shows; the spec's words for each gallery. */
export interface GalleryText {
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
  movedToAlbum?: (n: number) => string;
  movedToPremium?: (n: number) => string;
  /** The empty state's heading and hint for a view. */
  empty: (view: MediaView) => [string, string];
}

export interface GalleryConfig {
  gallery: Gallery;
  rules: ViewRules;
  text: GalleryText;
  toast: { ms: number; at: 'bottom' | 'top' };
  /** The mature-content warning stands in front of the gallery (The Red Room). */
  matureWarning: boolean;
  header: {
    backLink?: { href: string; label: string };
    badge?: string;
    taglines: readonly string[];
    /** 'Add from Gallery to Premium' beside Upload. */
    addFromGallery: boolean;
  };
  toolbar: {
    filterChips: readonly { filter: string; label: string }[];
    /** `order`: the direction choosing the chip asks for (Most played: the most first); without it the order stays. */
    sortChips: readonly { sortBy: string; label: string; order?: 'asc' | 'desc' }[];
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
  selection: {
    buttons: readonly SelectionButton[];
    /** The bar's words (selection-labels.ts, loaded with the bar). */
    labels: SelectionWords;
  };
  /** The grid's classes for the switches' state. */
  grid: (switches: Record<SwitchName, boolean>) => string;
}

/**
 * A gallery's words the server picks (the page's `words` prop), so that its first load carries none
 * of them: discreet mode's neutral names (decision 0054) for the title and the back link, replacing
 * the configuration's where given, and the blurb under the tagline (premium's).
 */
export interface GalleryWords {
  title?: string;
  backLink?: string;
  blurb?: string;
}

/**
 * What the grid (MediaGrid) needs of a configuration: a gallery's page passes its whole
 * GalleryConfig; a view outside the galleries' pages (the model gallery dialog) passes only these.
 */
export type GridConfig = Pick<GalleryConfig, 'gallery' | 'text' | 'toast' | 'card' | 'menu' | 'viewer' | 'selection' | 'grid'>;
