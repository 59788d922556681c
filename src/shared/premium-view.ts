// The premium gallery's view (filter, search, sort, order, page, page size) as it lives in the
// address, its texts (the spec's verbatim, and the few it leaves open), its layout constants and the
// rotating taglines. Shared by the page route and the island. (The viewer's creator chip: creator.ts.)

import { itemsText } from './gallery-view.ts';
import type { PremiumFilter } from './media.ts';
import { defaultView, type MediaView, narrowed, readView, type ViewRules, viewApiQuery, viewHref } from './media-view.ts';

/** The filter chips, in the spec's order; the recycling bin is a further value, reached from Actions. */
export const PREMIUM_FILTER_CHIPS: readonly { filter: PremiumFilter; label: string }[] = [
  { filter: 'all', label: 'All' },
  { filter: 'images', label: 'Images' },
  { filter: 'videos', label: 'Videos' },
  { filter: 'favorites', label: 'Favorites' },
  { filter: 'albums', label: 'Albums' },
];
/** Sort By, by the API's names (`createdAt` is the spec's Date). */
export const PREMIUM_SORT_CHIPS = [
  { sortBy: 'createdAt', label: 'Date' },
  { sortBy: 'title', label: 'Title' },
  { sortBy: 'size', label: 'Size' },
  { sortBy: 'type', label: 'Type' },
  // Choosing it asks for the most played first, whatever the order was.
  { sortBy: 'plays', label: 'Most played', order: 'desc' },
  // The best rated first, whatever the order was (decision 0068).
  { sortBy: 'rating', label: 'Rating', order: 'desc' },
] as const;
export type PremiumChipSort = (typeof PREMIUM_SORT_CHIPS)[number]['sortBy'];

export type PremiumView = MediaView<PremiumFilter, PremiumChipSort>;

/** Premium's addresses: /premium with its filters (the bin a further value) and sort keys. */
export const PREMIUM_VIEW_RULES: ViewRules<PremiumFilter, PremiumChipSort> = {
  path: '/premium',
  filters: ['all', 'images', 'videos', 'favorites', 'albums', 'recycling-bin'],
  sorts: PREMIUM_SORT_CHIPS.map((c) => c.sortBy),
};

export const DEFAULT_PREMIUM_VIEW: PremiumView = defaultView(PREMIUM_VIEW_RULES);

/** The view an address asks for; what cannot be read falls back to its default (never a 400). */
export const readPremiumView = (query: URLSearchParams | Record<string, string | undefined>): PremiumView => readView(PREMIUM_VIEW_RULES, query);
export const premiumHref = (view: PremiumView): string => viewHref(PREMIUM_VIEW_RULES, view);
/** GET /api/premium's query for a view, every parameter spelled out. */
export const premiumApiQuery = (view: PremiumView): string => viewApiQuery(view);

/** The spec's layout constants (section 9). */
export const PREMIUM_LAYOUT = {
  /** Columns of the compact grid, phone to widest (base, sm, md, lg, xl). */
  compactColumns: [4, 6, 8, 10, 10],
  /** The large grid's card widths in px at the same breakpoints. */
  cardWidths: [260, 280, 300, 320, 340],
  rowHeight: { compact: 150, titles: 280, large: 350 },
} as const;

/** The compact and titles-view switches, remembered in local storage. */
export const PREMIUM_COMPACT_KEY = 'premiumCompactGrid';
export const PREMIUM_TITLES_KEY = 'premiumTitlesView';

/** The tagline changes every 10 s, fading over 1 s (spec section 9). */
export { TAGLINE_FADE_MS, TAGLINE_MS } from './tagline.ts';

/** The rotating taglines (the spec does not reproduce its marketing text; these are the hub's own). */
export const PREMIUM_TAGLINES = [
  'Your finest moments, kept apart from the rest.',
  'Curated by you, for your eyes only.',
  'The collection you return to.',
  'Private, polished and always within reach.',
] as const;

/** The blurb under the tagline, naming the free gallery (The Red Room; neutral in discreet mode). */
export const premiumBlurb = (freeGallery: string) =>
  `Premium is the private reserve of this hub: the pictures and clips you value most, away from the everyday gallery. Tag them, gather them in albums and move favourites over from ${freeGallery} whenever you like.`;

/** The page's texts: the spec's verbatim where it has them. */
export const PREMIUM_TEXT = {
  title: 'Premium Gallery',
  search: 'Search Premium Gallery',
  empty: 'No premium content found',
  emptyAll: 'Upload your first premium content to get started!',
  emptyFavorites: 'No favorite content yet.',
  emptyBin: 'Recycling bin is empty.',
  emptyOther: 'No content matches the current filter.',
  loading: 'Loading premium content...',
  uploadTitle: 'Upload Premium Content',
  addFromGallery: 'Add from Gallery to Premium',
  loadFailed: 'Error loading media',
  moveFailed: 'Failed to move items to premium',
  deleteSomeFailed: 'Failed to delete some items',
  tagsFailed: 'Failed to update tags',
  titleFailed: 'Failed to update title',
  albumFailed: 'Failed to move to album',
  thumbnailFailed: 'Failed to update album thumbnail',
  thumbnailSet: 'Album thumbnail updated successfully',
  favoriteFailed: 'Failed to update favorite',
  favoriteOn: 'Added to favorites',
  favoriteOff: 'Removed from favorites',
  tagsUpdated: 'Tags updated',
  titleUpdated: 'Title updated',
  deleted: 'Media moved to recycling bin',
  deleteFailed: 'Failed to delete media',
  restored: 'Media restored successfully',
  restoreFailed: 'Failed to restore media',
  purged: 'Media permanently deleted',
  purgeConfirm: 'Permanently delete this media? This cannot be undone.',
  // "added": an item joins an album and stays wherever else it is.
  itemMovedToAlbum: 'Item added to album',
} as const;

export const premiumMovedText = (n: number) => `${itemsText(n)} moved to premium`;
export const premiumDeletedText = (n: number) => `${itemsText(n)} deleted successfully`;
export const premiumPurgedText = (n: number) => `${itemsText(n)} permanently deleted successfully`;
export const premiumTagsText = (n: number) => `Tags updated for ${itemsText(n)}`;
export const premiumAlbumText = (n: number) => (n === 1 ? PREMIUM_TEXT.itemMovedToAlbum : `${n} items added to album`);

/** The empty state's heading and hint for a view. */
export function premiumEmptyText(view: PremiumView): [string, string] {
  if (view.filter === 'recycling-bin') return [PREMIUM_TEXT.empty, PREMIUM_TEXT.emptyBin];
  if (view.filter === 'favorites') return [PREMIUM_TEXT.empty, PREMIUM_TEXT.emptyFavorites];
  if (!narrowed(view)) return [PREMIUM_TEXT.empty, PREMIUM_TEXT.emptyAll];
  return [PREMIUM_TEXT.empty, PREMIUM_TEXT.emptyOther];
}
