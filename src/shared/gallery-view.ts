// The Red Room's view (filter, search, sort, order, page, page size) as it lives in the address:
// read leniently from a query string, written back as the page's address and the API's query.
// The filter `albums` is the albums view (the Albums panel instead of the media grid).

import {
  DEFAULT_PAGE_SIZE,
  GALLERY_FILTERS,
  MAX_PAGE_SIZE,
  PAGE_SIZES,
  SORT_ORDERS,
  type SortOrder,
} from './media.ts';

/** The views of the page: the API's filters, and `albums` (the Albums panel). */
export const GALLERY_VIEW_FILTERS = [...GALLERY_FILTERS, 'albums'] as const;
export type GalleryViewFilter = (typeof GALLERY_VIEW_FILTERS)[number];

/** The sort chips the page offers, by the API's names (`createdAt` is the spec's Date). */
export const GALLERY_SORT_CHIPS = [
  { sortBy: 'createdAt', label: 'Date' },
  { sortBy: 'title', label: 'Title' },
  { sortBy: 'duration', label: 'Duration' },
  { sortBy: 'size', label: 'Size' },
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

export interface GalleryView {
  filter: GalleryViewFilter;
  search: string;
  sortBy: GalleryChipSort;
  sortOrder: SortOrder;
  page: number;
  limit: number;
}

export const DEFAULT_GALLERY_VIEW: GalleryView = { filter: 'all', search: '', sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: DEFAULT_PAGE_SIZE };

/** Longest search the page sends (a longer one is cut, not refused). */
export const MAX_GALLERY_SEARCH = 200;

const pick = <T extends string>(list: readonly T[], value: string | null, fallback: T): T => (value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback);

function positive(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,7}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/**
 * The view an address asks for. The page is forgiving where the API is strict: a value it cannot
 * read (a hand-edited address, an old bookmark) falls back to its default instead of a 400.
 */
export function readGalleryView(query: URLSearchParams | Record<string, string | undefined>): GalleryView {
  const get = (name: string): string | null => (query instanceof URLSearchParams ? query.get(name) : (query[name] ?? null));
  // The spec's older name for the date sort.
  const sortBy = get('sortBy') === 'date' ? 'createdAt' : get('sortBy');
  return {
    filter: pick(GALLERY_VIEW_FILTERS, get('filter'), DEFAULT_GALLERY_VIEW.filter),
    search: (get('search') ?? '').trim().slice(0, MAX_GALLERY_SEARCH),
    sortBy: pick(
      GALLERY_SORT_CHIPS.map((c) => c.sortBy),
      sortBy,
      DEFAULT_GALLERY_VIEW.sortBy,
    ),
    sortOrder: pick(SORT_ORDERS, get('sortOrder'), DEFAULT_GALLERY_VIEW.sortOrder),
    page: positive(get('page'), 1, 1_000_000),
    limit: positive(get('limit'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/** The query string of a view, defaults left out (so the plain gallery is just /gallery). */
export function galleryQuery(view: GalleryView): string {
  const params = new URLSearchParams();
  if (view.filter !== DEFAULT_GALLERY_VIEW.filter) params.set('filter', view.filter);
  if (view.search) params.set('search', view.search);
  if (view.sortBy !== DEFAULT_GALLERY_VIEW.sortBy) params.set('sortBy', view.sortBy);
  if (view.sortOrder !== DEFAULT_GALLERY_VIEW.sortOrder) params.set('sortOrder', view.sortOrder);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.limit !== DEFAULT_GALLERY_VIEW.limit) params.set('limit', String(view.limit));
  return params.toString();
}

export function galleryHref(view: GalleryView): string {
  const query = galleryQuery(view);
  return query ? `/gallery?${query}` : '/gallery';
}

/** GET /api/gallery's query for a view: every parameter spelled out. */
export function galleryApiQuery(view: GalleryView): string {
  const params = new URLSearchParams({
    page: String(view.page),
    limit: String(view.limit),
    filter: view.filter,
    sortBy: view.sortBy,
    sortOrder: view.sortOrder,
  });
  if (view.search) params.set('search', view.search);
  return params.toString();
}

/**
 * A change of view. Changing the filter, search, sort or page size goes back to page 1 (spec
 * section 4); only a change of page keeps the rest.
 */
export function changeView(view: GalleryView, change: Partial<GalleryView>): GalleryView {
  const next = { ...view, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

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

export const bulkDeleteConfirm = (n: number, inBin: boolean) => (inBin ? `Permanently delete ${n} selected items?` : `Delete ${n} selected items?`);
export const bulkDeletedText = (n: number) => `${n} items moved to recycling bin`;
export const bulkPurgedText = (n: number) => `${n} items permanently deleted successfully`;
