// A gallery's view (filter, search, sort, order, page, page size, and the album open in the
// albums view) as it lives in the address: read leniently from a query string, written back as
// the page's address and as the API's query. Both galleries use it; each passes its own rules
// (its page, filters and sort keys), the way the server's `forGallery` takes the gallery.

import { fieldFilters } from './field-facts.ts' with { type: 'macro' };
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SORT_ORDERS, type SortOrder } from './media.ts';
import type { FilterField } from './media-fields.ts';

export interface MediaView<F extends string = string, S extends string = string> {
  filter: F;
  search: string;
  sortBy: S;
  sortOrder: SortOrder;
  page: number;
  limit: number;
  /** The album open in the albums view (`?filter=albums&album=<id>`); absent otherwise. */
  album?: string;
  /** Only the items of this library folder (`?library=<id>`); absent: every item. */
  library?: string;
  /**
   * Only the items whose field is at least this (the fields with a list filter, media-fields.ts:
   * `?minRating=4` is `{ rating: 4 }`), as the list query takes them; absent: every item.
   */
  atLeast?: Partial<Record<FilterField, number>> | undefined;
}

/** What makes one gallery's addresses: its page and the values its view takes. */
export interface ViewRules<F extends string = string, S extends string = string> {
  path: string;
  filters: readonly F[];
  sorts: readonly S[];
}

/**
 * The id of a gallery's toolbar form (a GET form of the view: the search, and the library filter's
 * select, which lies outside it and belongs to it by its `form` attribute), so that without
 * JavaScript a search keeps the library and a library chosen keeps the search.
 */
export const MEDIA_VIEW_FORM_ID = 'media-view';

/** Longest search the pages send (a longer one is cut, not refused). */
export const MAX_MEDIA_SEARCH = 200;
/** An album id as the address may carry it (a longer or odd one is dropped). */
const ALBUM_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The list's field filters (field-facts.ts: worked out from the definition when built). */
const FILTERS = Object.freeze(fieldFilters());

export const defaultView = <F extends string, S extends string>(rules: ViewRules<F, S>): MediaView<F, S> => ({
  filter: rules.filters[0] as F,
  search: '',
  sortBy: rules.sorts[0] as S,
  sortOrder: 'desc',
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
});

const pick = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

function positive(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d{1,7}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/**
 * The view an address asks for. The pages are forgiving where the API is strict: a value they
 * cannot read (a hand-edited address, an old bookmark) falls back to its default, never a 400.
 */
export function readView<F extends string, S extends string>(
  rules: ViewRules<F, S>,
  query: URLSearchParams | Record<string, string | undefined>,
): MediaView<F, S> {
  const get = (name: string): string | null => (query instanceof URLSearchParams ? query.get(name) : (query[name] ?? null));
  const base = defaultView(rules);
  // `sort` is the API's other spelling; `date` the spec's older name for the date sort.
  const asked = get('sortBy') ?? get('sort');
  const sortBy = asked === 'date' ? 'createdAt' : asked;
  const view: MediaView<F, S> = {
    filter: pick(rules.filters, get('filter'), base.filter),
    search: (get('search') ?? '').trim().slice(0, MAX_MEDIA_SEARCH),
    sortBy: pick(rules.sorts, sortBy, base.sortBy),
    sortOrder: pick(SORT_ORDERS, get('sortOrder') ?? get('order'), base.sortOrder),
    page: positive(get('page'), 1, 1_000_000),
    limit: positive(get('limit'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
  const album = get('album');
  if (view.filter === 'albums' && album !== null && ALBUM_ID.test(album)) view.album = album;
  const library = get('library');
  if (library !== null && ALBUM_ID.test(library)) view.library = library;
  for (const { name, param, min, max } of FILTERS) {
    const value = get(param);
    if (value !== null && /^\d{1,3}$/.test(value) && Number(value) >= min && Number(value) <= max) view.atLeast = { ...view.atLeast, [name]: Number(value) };
  }
  return view;
}

/** The query string of a view, defaults left out (so a plain gallery is just its path). */
export function viewQuery<F extends string, S extends string>(rules: ViewRules<F, S>, view: MediaView<F, S>): string {
  const base = defaultView(rules);
  const params = new URLSearchParams();
  if (view.filter !== base.filter) params.set('filter', view.filter);
  if (view.album && view.filter === 'albums') params.set('album', view.album);
  if (view.library) params.set('library', view.library);
  setFieldFilters(params, view);
  if (view.search) params.set('search', view.search);
  if (view.sortBy !== base.sortBy) params.set('sortBy', view.sortBy);
  if (view.sortOrder !== base.sortOrder) params.set('sortOrder', view.sortOrder);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.limit !== base.limit) params.set('limit', String(view.limit));
  return params.toString();
}

export function viewHref<F extends string, S extends string>(rules: ViewRules<F, S>, view: MediaView<F, S>): string {
  const query = viewQuery(rules, view);
  return query ? `${rules.path}?${query}` : rules.path;
}

/** The list API's query for a view: every parameter spelled out. */
export function viewApiQuery(view: MediaView): string {
  const params = new URLSearchParams({
    page: String(view.page),
    limit: String(view.limit),
    filter: view.filter,
    sortBy: view.sortBy,
    sortOrder: view.sortOrder,
  });
  if (view.search) params.set('search', view.search);
  if (view.library) params.set('libraryId', view.library);
  setFieldFilters(params, view);
  return params.toString();
}

/** The view's field filters as their parameters (`minRating=4`). */
function setFieldFilters(params: URLSearchParams, view: MediaView): void {
  for (const { name, param } of FILTERS) {
    const value = view.atLeast?.[name];
    if (value !== undefined) params.set(param, String(value));
  }
}

/** Whether a view shows only some of the gallery's items (a search, a filter, a library, a field's minimum). */
export const narrowed = (view: MediaView, all = 'all'): boolean =>
  Boolean(view.search || view.library || Object.keys(view.atLeast ?? {}).length || view.filter !== all);

/**
 * A change of view. Changing the filter, search, sort or page size goes back to page 1 (spec
 * section 4); only a change of page keeps the rest. Any change but an album's leaves the album.
 */
export function changeMediaView<V extends MediaView>(view: V, change: Partial<V>): V {
  const next = { ...view, ...change };
  if (change.page === undefined) next.page = 1;
  if (!('album' in change) || next.filter !== 'albums') delete next.album;
  return next;
}
