// What makes a gallery of the media library: one configuration per gallery, passed to the one
// core (MediaLibrary). Everything the spec lets differ between The Red Room and Premium is here as
// data: the addresses, chips and sort keys, the texts and toasts (and how long they stay), the
// card's look, the card menu's actions and their order, the select-mode bar, the header's extras.
// The two configurations are red-room-config.ts and premium-config.ts (each page loads its own).

import type { Gallery } from '../../src/shared/media.ts';
import type { MediaView, ViewRules } from '../../src/shared/media-view.ts';
import type { CardLook } from './MediaCard.tsx';

/** The switches a toolbar may offer (each remembered in local storage). */
export type SwitchName = 'compact' | 'titles';

/** The card menu's actions, by name; a gallery lists the ones it offers, in its order. */
export type CardActionName = 'select' | 'favorite' | 'details' | 'editTitle' | 'editTags' | 'addToAlbum' | 'albumCover' | 'profilePicture' | 'delete';

/**
 * The select-mode bar's buttons, by name: Edit Tags (add, remove or replace), Add to Album,
 * Favorite and Unfavorite, Move to Premium (The Red Room's: premium has no way back), Select All,
 * Delete (to the bin; forever in it) and Clear.
 */
export type SelectionButton = 'tags' | 'album' | 'favorite' | 'unfavorite' | 'premium' | 'all' | 'delete' | 'clear';

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
  /** After Favorite (`on`) or Unfavorite on a selection. */
  bulkFavorite: (n: number, on: boolean) => string;
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
    labels: { all: string; allChosen: string; album: string; delete: string; tags: string; favorite: string; unfavorite: string; premium: string };
  };
  /** The grid's classes for the switches' state. */
  grid: (switches: Record<SwitchName, boolean>) => string;
}

/**
 * The same configuration in discreet mode (decision 0054): its names and lines in neutral words,
 * `words` replacing the title, the back link's label and the blurb where given.
 */
export function discreetly(config: LibraryConfig, words: { title?: string; backLink?: string; blurb?: string }): LibraryConfig {
  const { backLink, blurb, ...header } = config.header;
  return {
    ...config,
    text: { ...config.text, title: words.title ?? config.text.title },
    header: {
      ...header,
      ...(backLink ? { backLink: { ...backLink, label: words.backLink ?? backLink.label } } : {}),
      ...(blurb ? { blurb: words.blurb ?? blurb } : {}),
    },
  };
}

/**
 * What the grid (MediaGrid) needs of a configuration: a gallery's page passes its whole
 * LibraryConfig; a view outside the library's pages (the model gallery dialog) passes only these.
 */
export type GridConfig = Pick<LibraryConfig, 'gallery' | 'text' | 'toast' | 'card' | 'menu' | 'viewer' | 'selection' | 'grid'>;
