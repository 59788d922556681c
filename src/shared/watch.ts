// Streaming sites (the Watch screen) as the API answers with them, their categories, colours,
// limits and texts: shared by the server, the Watch island and the home page.

export const STREAMING_SITE_CATEGORIES = ['Chinese', 'Japanese', 'Korean', 'White', 'Hentai', 'Other'] as const;
export type StreamingSiteCategory = (typeof STREAMING_SITE_CATEGORIES)[number];

/** Spec, business constants: a new streaming site is in Other unless the user chooses. */
export const DEFAULT_STREAMING_SITE_CATEGORY: StreamingSiteCategory = 'Other';

export function isStreamingSiteCategory(value: unknown): value is StreamingSiteCategory {
  return typeof value === 'string' && (STREAMING_SITE_CATEGORIES as readonly string[]).includes(value);
}

/** A streaming site as the API answers with it. Dates are ISO strings; lastVisited is null until visited. */
export interface StreamingSite {
  _id: string;
  name: string;
  url: string;
  /** Empty when none was given. */
  description: string;
  category: StreamingSiteCategory;
  isFavorite: boolean;
  lastVisited: string | null;
  createdAt: string;
}

/** The longest values stored (the spec shows none; these fit any real name, address and note). */
export const STREAMING_SITE_LIMITS = { name: 200, url: 2048, description: 2000 } as const;

/**
 * A category chip's colours: a solid background with the text colour that reads on it at WCAG AA
 * (4.5:1 or more) whatever the theme, since the chip carries its own background. `className`
 * gives the same colours as utility classes: the hub's CSP allows no inline style attributes.
 */
export interface ChipColors {
  background: string;
  text: string;
  className: string;
}

/** The home page's site colour map (Japanese, Chinese, Korean, White, Other) plus Hentai. */
export const STREAMING_SITE_CATEGORY_COLORS: Record<StreamingSiteCategory, ChipColors> = {
  Chinese: { background: '#C62828', text: '#FFFFFF', className: 'bg-[#C62828] text-[#FFFFFF]' },
  Japanese: { background: '#AD1457', text: '#FFFFFF', className: 'bg-[#AD1457] text-[#FFFFFF]' },
  Korean: { background: '#1565C0', text: '#FFFFFF', className: 'bg-[#1565C0] text-[#FFFFFF]' },
  White: { background: '#00695C', text: '#FFFFFF', className: 'bg-[#00695C] text-[#FFFFFF]' },
  Hentai: { background: '#6A1B9A', text: '#FFFFFF', className: 'bg-[#6A1B9A] text-[#FFFFFF]' },
  Other: { background: '#546E7A', text: '#FFFFFF', className: 'bg-[#546E7A] text-[#FFFFFF]' },
};

/** Spec, business constants: the fallback category colour; dark text, as white on it is only 4.4:1. */
export const FALLBACK_CATEGORY_COLORS: ChipColors = { background: '#607D8B', text: '#000000', className: 'bg-[#607D8B] text-[#000000]' };

export function streamingSiteCategoryColors(category: string): ChipColors {
  return isStreamingSiteCategory(category) ? STREAMING_SITE_CATEGORY_COLORS[category] : FALLBACK_CATEGORY_COLORS;
}

/** The Watch screen's tabs: All, Favorites, then one per category (spec order). */
export const WATCH_TABS = ['all', 'favorites', ...STREAMING_SITE_CATEGORIES.map((c) => c.toLowerCase())] as const;
export type WatchTab = (typeof WATCH_TABS)[number];

export function watchTabLabel(tab: WatchTab): string {
  if (tab === 'all') return 'All';
  if (tab === 'favorites') return 'Favorites';
  return STREAMING_SITE_CATEGORIES.find((c) => c.toLowerCase() === tab) ?? 'All';
}

/** The category a tab shows, or null for All and Favorites. */
export function watchTabCategory(tab: WatchTab): StreamingSiteCategory | null {
  return STREAMING_SITE_CATEGORIES.find((c) => c.toLowerCase() === tab) ?? null;
}

/** What the Watch screen shows: a tab, a search text and a page (1-based). */
export interface WatchFilter {
  tab: WatchTab;
  search: string;
  page: number;
}

/** Sites on one page of the Watch screen: fills 1, 2, 3, 4 and 5 columns evenly. */
export const WATCH_PAGE_SIZE = 60;

/** The list query of the API for a filter. */
export function watchListQuery(filter: WatchFilter, limit = WATCH_PAGE_SIZE): string {
  const query = new URLSearchParams();
  const category = watchTabCategory(filter.tab);
  if (category) query.set('category', category);
  if (filter.tab === 'favorites') query.set('favorite', 'true');
  if (filter.search) query.set('search', filter.search);
  query.set('limit', String(limit));
  query.set('offset', String((filter.page - 1) * limit));
  return query.toString();
}

/** The empty state of a tab (the spec says only that they differ). */
export function watchEmptyText(filter: Pick<WatchFilter, 'tab' | 'search'>): { title: string; hint: string } {
  if (filter.search) return { title: `No streaming sites match “${filter.search}”.`, hint: 'Try another word, or clear the search.' };
  if (filter.tab === 'all') return { title: 'No streaming sites yet.', hint: 'Add the sites you watch on, and they will be one click away.' };
  if (filter.tab === 'favorites') return { title: 'No favorite streaming sites yet.', hint: 'Tap the heart on a site to keep it here and on your home page.' };
  const category = watchTabCategory(filter.tab);
  return { title: `No ${category} streaming sites yet.`, hint: `Sites you add in the ${category} category show here.` };
}

/** The spec's Watch texts (error catalogue, success messages), verbatim. */
export const WATCH_TEXT = {
  added: 'Streaming site added successfully!',
  updated: 'Streaming site updated successfully!',
  deleted: 'Streaming site deleted successfully!',
  favoriteOn: 'Added to favorites',
  favoriteOff: 'Removed from favorites',
  loadFailed: 'Error loading streaming sites',
  saveFailed: 'Error saving streaming site',
  deleteFailed: 'Error deleting streaming site',
  favoriteFailed: 'Error updating favorite',
  addTitle: 'Add New Streaming Site',
  editTitle: 'Edit Streaming Site',
} as const;

/** Validation messages, the same on the server and in the dialog. */
export const STREAMING_SITE_MESSAGES = {
  nameRequired: 'Site name is required',
  nameTooLong: `Site name must be at most ${STREAMING_SITE_LIMITS.name} characters`,
  urlRequired: 'URL is required',
  urlInvalid: 'Please enter a valid URL',
  urlScheme: 'URL must start with http:// or https://',
  urlTooLong: `URL must be at most ${STREAMING_SITE_LIMITS.url} characters`,
  descriptionTooLong: `Description must be at most ${STREAMING_SITE_LIMITS.description} characters`,
  category: `Category must be one of ${STREAMING_SITE_CATEGORIES.join(', ')}`,
  favorite: 'isFavorite must be true or false',
  notFound: 'Streaming site not found',
  signInRequired: 'You must be logged in to perform this action',
} as const;

/**
 * The problem with a site address, or null: required, absolute, http or https only (so no
 * javascript:, data: or file: address is ever stored or linked), within the length limit.
 */
export function streamingSiteUrlProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return STREAMING_SITE_MESSAGES.urlRequired;
  if (value.length > STREAMING_SITE_LIMITS.url) return STREAMING_SITE_MESSAGES.urlTooLong;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return STREAMING_SITE_MESSAGES.urlInvalid;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return STREAMING_SITE_MESSAGES.urlScheme;
  if (url.hostname === '') return STREAMING_SITE_MESSAGES.urlInvalid;
  return null;
}
