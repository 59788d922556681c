// Links as the API, the page and the island all see them: the entity, its categories and their
// colours, the spec's texts, and the small pure rules both sides use (category by domain, the
// card's shortened URL).

export const LINK_CATEGORIES = ['PornHub', 'X', 'OnlyFans', 'Fansly', 'Erome', 'KBJFan', 'Reddit', 'Other'] as const;
export type LinkCategory = (typeof LINK_CATEGORIES)[number];
/** The spec's default for a new link. */
export const DEFAULT_LINK_CATEGORY: LinkCategory = 'PornHub';

/** A link as the JSON API answers it. */
export interface Link {
  _id: string;
  name: string;
  url: string;
  description: string;
  category: LinkCategory;
  isFavorite: boolean;
  /** ISO time of the last visit through the hub, or null. */
  lastVisited: string | null;
  /** True when it came from a model's links (Sync from models). */
  autoImported: boolean;
  /** The model it was synced from, or null. */
  sourceModel: string | null;
  createdAt: string;
}

/** What Link Dump found for a URL. */
export interface DetectedLink {
  name: string;
  description: string;
  category: LinkCategory;
  url: string;
  /** False when only the URL itself could be read (the page was not fetched). */
  enhanced: boolean;
  warning?: string;
}

export interface SyncResult {
  imported: number;
  links: Link[];
}

export interface ImportResult {
  imported: number;
  skipped: number;
}

export const LINK_LIMITS = {
  name: 200,
  url: 2048,
  description: 2000,
  /** A bookmarks file to import. */
  importBytes: 5 * 1024 * 1024,
} as const;

/** Cards on the page: 4 columns on large screens, so a page is whole rows. */
export const LINKS_PAGE_SIZE = 48;

/**
 * The spec's category colours for links (brand colours; the spec's fallback grey for Other),
 * with a text colour that reads on each at WCAG AA. Full class names, so the stylesheet has them.
 */
export const LINK_CATEGORY_COLORS: Record<LinkCategory, { hex: string; chip: string; stripe: string }> = {
  PornHub: { hex: '#FF9000', chip: 'bg-[#FF9000] text-black', stripe: 'border-t-[#FF9000]' },
  X: { hex: '#1D9BF0', chip: 'bg-[#1D9BF0] text-black', stripe: 'border-t-[#1D9BF0]' },
  OnlyFans: { hex: '#00AFF0', chip: 'bg-[#00AFF0] text-black', stripe: 'border-t-[#00AFF0]' },
  Fansly: { hex: '#8B5CF6', chip: 'bg-[#8B5CF6] text-black', stripe: 'border-t-[#8B5CF6]' },
  Erome: { hex: '#E11D48', chip: 'bg-[#E11D48] text-white', stripe: 'border-t-[#E11D48]' },
  KBJFan: { hex: '#10B981', chip: 'bg-[#10B981] text-black', stripe: 'border-t-[#10B981]' },
  Reddit: { hex: '#FF4500', chip: 'bg-[#FF4500] text-black', stripe: 'border-t-[#FF4500]' },
  Other: { hex: '#607D8B', chip: 'bg-[#607D8B] text-black', stripe: 'border-t-[#607D8B]' },
};

/** The spec's texts (section 5 and the error catalogue), verbatim. */
export const LINK_TEXT = {
  nameRequired: 'Link name is required',
  urlRequired: 'URL is required',
  invalidUrl: 'Please enter a valid URL',
  notFound: 'Link not found',
  created: 'Link created successfully!',
  updated: 'Link updated successfully!',
  deleted: 'Link deleted successfully!',
  detected: 'Link details detected and populated successfully!',
  basicDetection: 'Basic link detection applied (enhanced detection failed)',
  synced: (n: number) => `Successfully imported ${n} new links from models!`,
  nothingToSync: 'No new links found to import',
  favorited: 'Added to favorites',
  unfavorited: 'Removed from favorites',
  loadFailed: 'Error loading links',
  visitFailed: 'Error tracking link visit',
  submitFailed: 'Error submitting form',
  deleteFailed: 'Error deleting link',
  syncFailed: 'Error syncing links from models',
  favoriteFailed: 'Error updating favorite',
  /** Not in the spec (bookmark files are the hub's own addition). */
  imported: (imported: number, skipped: number) => `Imported ${imported} ${imported === 1 ? 'link' : 'links'} (${skipped} skipped)`,
  importFailed: 'Error importing bookmarks',
  emptyAction: 'Add Your First Link',
} as const;

/** Domains of the named categories; a subdomain counts (www., m., old.reddit.com ...). */
const CATEGORY_DOMAINS: [string, LinkCategory][] = [
  ['pornhub.com', 'PornHub'],
  ['twitter.com', 'X'],
  ['x.com', 'X'],
  ['onlyfans.com', 'OnlyFans'],
  ['fansly.com', 'Fansly'],
  ['erome.com', 'Erome'],
  ['kbjfan.com', 'KBJFan'],
  ['reddit.com', 'Reddit'],
];

/** The category a URL's domain says; Other for any other site or for text that is no URL. */
export function categoryOfUrl(text: string): LinkCategory {
  let host: string;
  try {
    host = new URL(text).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return 'Other';
  }
  for (const [domain, category] of CATEGORY_DOMAINS) if (host === domain || host.endsWith(`.${domain}`)) return category;
  return 'Other';
}

/** The category named `text`, ignoring case (bookmark folders), or null. */
export function categoryNamed(text: string): LinkCategory | null {
  const key = text.trim().toLowerCase();
  return LINK_CATEGORIES.find((c) => c.toLowerCase() === key) ?? null;
}

/** Whether `text` is an absolute http(s) URL: the only kind a link may hold. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The spec's card URL: at most 40 characters, then an ellipsis. */
export function shortUrl(url: string): string {
  return url.length > 40 ? `${url.slice(0, 40)}...` : url;
}

/** The tabs of the page, in the spec's order, as the query each one lists. */
export const LINK_TABS: { label: string; category?: LinkCategory; favorite?: true }[] = [
  { label: 'All' },
  { label: 'Favorites', favorite: true },
  ...LINK_CATEGORIES.map((category) => ({ label: category, category })),
];

/** What the Links page shows: a tab (category or favourites), a search and a page (1-based). */
export interface LinksView {
  category?: LinkCategory;
  favorite?: true;
  search: string;
  page: number;
}

/** The query string of a view, leaving defaults out (so the plain tab is just /links). */
export function linksQuery(view: LinksView): URLSearchParams {
  const query = new URLSearchParams();
  if (view.category) query.set('category', view.category);
  if (view.favorite) query.set('favorite', 'true');
  if (view.search) query.set('search', view.search);
  if (view.page > 1) query.set('page', String(view.page));
  return query;
}

/** The page address of a view. */
export function linksHref(view: LinksView): string {
  const query = linksQuery(view).toString();
  return query ? `/links?${query}` : '/links';
}
