// The Red Room's view rules (its filters and sort chips, read and written by media-view.ts), its
// texts and its stored switches. The filter `albums` is the albums view (the Albums panel).

import { GALLERY_FILTERS, PAGE_SIZES } from './media.ts';
import { defaultView, type MediaView, readView, type ViewRules, viewHref } from './media-view.ts';

/** The views of the page: the API's filters, and `albums` (the Albums panel). */
export const GALLERY_VIEW_FILTERS = [...GALLERY_FILTERS, 'albums'] as const;
export type GalleryViewFilter = (typeof GALLERY_VIEW_FILTERS)[number];

/** The sort chips the page offers, by the API's names (`createdAt` is the spec's Date). */
export const GALLERY_SORT_CHIPS = [
  { sortBy: 'createdAt', label: 'Date' },
  { sortBy: 'title', label: 'Title' },
  { sortBy: 'duration', label: 'Duration' },
  { sortBy: 'size', label: 'Size' },
  // Choosing it asks for the most played first, whatever the order was.
  { sortBy: 'plays', label: 'Most played', order: 'desc' },
  // The best rated first, whatever the order was (decision 0068).
  { sortBy: 'rating', label: 'Rating', order: 'desc' },
] as const;
export type GalleryChipSort = (typeof GALLERY_SORT_CHIPS)[number]['sortBy'];

/** The filter chips, in the spec's order. */
export const GALLERY_FILTER_CHIPS: readonly { filter: GalleryViewFilter; label: string }[] = [
  { filter: 'all', label: 'All Media' },
  { filter: 'images', label: 'Images' },
  { filter: 'videos', label: 'Videos' },
  { filter: 'favorites', label: 'Favorites' },
  { filter: 'recycling-bin', label: 'Recently Deleted' },
  { filter: 'albums', label: 'Albums' },
];

export type GalleryView = MediaView<GalleryViewFilter, GalleryChipSort>;

/** The Red Room's addresses: /gallery with its filters and sort keys. */
export const GALLERY_VIEW_RULES: ViewRules<GalleryViewFilter, GalleryChipSort> = {
  path: '/gallery',
  filters: GALLERY_VIEW_FILTERS,
  sorts: GALLERY_SORT_CHIPS.map((c) => c.sortBy),
};

export const DEFAULT_GALLERY_VIEW: GalleryView = defaultView(GALLERY_VIEW_RULES);

/** The view an address asks for (what cannot be read falls back to its default, never a 400). */
export const readGalleryView = (query: URLSearchParams | Record<string, string | undefined>): GalleryView => readView(GALLERY_VIEW_RULES, query);
export const galleryHref = (view: GalleryView): string => viewHref(GALLERY_VIEW_RULES, view);

/** The page sizes the select offers, with a size from the address that is not one of them. */
export function pageSizeOptions(limit: number): number[] {
  return (PAGE_SIZES as readonly number[]).includes(limit) ? [...PAGE_SIZES] : [...PAGE_SIZES, limit].sort((a, b) => a - b);
}

/** The mature-content flag: the spec's local-storage key, mirrored in a cookie of the same name
 *  so the server can render the warning (and not the gallery) before any script runs. */
export const MATURE_STORAGE_KEY = 'matureContentAccepted';
export const MATURE_COOKIE = 'matureContentAccepted';
/** Browsers keep a cookie at most 400 days; the island renews it on every visit. */
export const MATURE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
/** The compact cards' switch, remembered in local storage. */
export const COMPACT_STORAGE_KEY = 'galleryCompactThumbnails';

/** The page's texts: the spec's toasts and errors verbatim, and the few it leaves open. */
export const GALLERY_TEXT = {
  title: 'The Red Room',
  matureTitle: 'Mature Content',
  matureAccept: 'I am 18+ and Accept',
  search: 'Search by title or tags...',
  empty: 'No media in your collection yet',
  emptyHint: 'Upload images and videos with the upload button.',
  noMatch: 'No media matches this view',
  noMatchHint: 'Try another search or filter.',
  binEmpty: 'The recycling bin is empty',
  binHint: 'Deleted media stays here until you restore it or delete it forever.',
  loading: 'Loading gallery...',
  loadFailed: 'Error loading gallery',
  deleted: 'Media moved to recycling bin',
  updated: 'Media updated successfully',
  tagsUpdated: 'Tags updated successfully',
  restored: 'Media restored successfully',
  purged: 'Media permanently deleted',
  favoriteOn: 'Added to favorites',
  favoriteOff: 'Removed from favorites',
  deleteFailed: 'Delete failed',
  updateFailed: 'Update failed',
  tagsFailed: 'Failed to update tags',
  favoriteFailed: 'Failed to update favorite',
  restoreFailed: 'Failed to restore media',
  purgeFailed: 'Failed to delete media',
  someFailed: 'Failed to delete some items',
  profileSet: 'Profile picture set successfully!',
  profileFailed: 'Failed to set profile picture',
  purgeConfirm: 'Permanently delete this media? This cannot be undone.',
  modelsFailed: 'Failed to load models',
  findDuplicates: 'Find Duplicates',
} as const;

/** `1 item`, `2 items`. */
export const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
export const bulkDeleteConfirm = (n: number, inBin: boolean) =>
  inBin ? `Permanently delete ${n} selected ${n === 1 ? 'item' : 'items'}?` : `Delete ${n} selected ${n === 1 ? 'item' : 'items'}?`;
export const bulkDeletedText = (n: number) => `${itemsText(n)} moved to recycling bin`;
export const bulkFavoriteText = (n: number, on: boolean) => `${itemsText(n)} ${on ? 'added to' : 'removed from'} favorites`;
export const bulkPurgedText = (n: number) => `${itemsText(n)} permanently deleted successfully`;
