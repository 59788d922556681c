// The galleries' calls to the JSON API, through the islands' one client. `forGallery` gives
// one gallery's client (the spec's paths differ between /api/gallery and /api/premium: only this
// table knows how), as the server's `forGallery` gives one gallery's service. A failure is logged
// for the console as well as shown in a toast.

import type { BulkAction, BulkResult, Gallery, MediaItem, TagVocabulary } from '../../src/shared/media.ts';
import { type MediaView, viewApiQuery } from '../../src/shared/media-view.ts';
import { type ApiRequest, type ApiResult, api } from '../lib/api.ts';

export async function mediaCall<T>(path: string, request: ApiRequest): Promise<ApiResult<T>> {
  const result = await api<T>(path, request);
  if (!result.ok && result.cause !== undefined) console.error(`API call failed: ${request.method ?? 'GET'} ${path}`, result.cause);
  return result;
}

export { isMediaPage } from './media-client.ts';

/** Each gallery's item routes (spec): [method, path after /api/{gallery}/{id}]. */
const ROUTES = {
  gallery: { update: ['PUT', '/update'], toBin: ['DELETE', '/delete'], purge: ['DELETE', '/permanent-delete'] },
  premium: { update: ['PUT', ''], toBin: ['DELETE', ''], purge: ['DELETE', '/permanent'] },
} as const satisfies Record<Gallery, Record<string, readonly [string, string]>>;

export interface BulkBody {
  action: BulkAction;
  ids: string[];
  tags?: string[];
  albumId?: string;
  /** `rate`: 1 to 5 stars, or null to clear them. */
  rating?: number | null;
}

/** One gallery's client. */
export function forGallery(gallery: Gallery) {
  const routes = ROUTES[gallery];
  const item = (id: string, rest = '') => `/api/${gallery}/${encodeURIComponent(id)}${rest}`;
  return {
    gallery,
    loadPage: (view: MediaView, fallback: string) => mediaCall<unknown>(`/api/${gallery}?${viewApiQuery(view)}`, { fallback }),
    loadItem: (id: string) => mediaCall<MediaItem>(item(id), { fallback: 'Error loading media' }),
    toggleFavorite: (id: string, fallback: string) => mediaCall<MediaItem>(item(id, '/favorite'), { method: 'POST', fallback }),
    update: (id: string, body: { title: string } | { tags: string[] } | { rating: number | null }, fallback: string) =>
      mediaCall<MediaItem>(item(id, routes.update[1]), { method: routes.update[0], body, fallback }),
    toBin: (id: string, fallback: string) => mediaCall<unknown>(item(id, routes.toBin[1]), { method: routes.toBin[0], fallback }),
    restore: (id: string, fallback: string) => mediaCall<unknown>(item(id, '/restore'), { method: 'POST', fallback }),
    purge: (id: string, fallback: string) => mediaCall<unknown>(item(id, routes.purge[1]), { method: routes.purge[0], fallback }),
    /** One action on many items, in one call (and one transaction on the hub). */
    bulk: (body: BulkBody, fallback: string) => mediaCall<BulkResult>(`/api/${gallery}/bulk`, { method: 'POST', body, fallback }),
  };
}

export type MediaClient = ReturnType<typeof forGallery>;

/** An item's own gallery's client (an album holds items of both; each item's `source` says which). */
export const clientOf = (item: MediaItem): MediaClient => forGallery(item.source);

export const loadTags = () => mediaCall<TagVocabulary>('/api/tags', { fallback: 'Failed to update tags' });

/** A model as the pickers need it. */
export interface ModelChoice {
  _id: string;
  name: string;
}

export async function loadModels(fallback: string): Promise<ApiResult<ModelChoice[]>> {
  const result = await mediaCall<unknown>('/api/models?sort=name&order=asc&limit=500', { fallback });
  if (!result.ok) return result;
  if (!Array.isArray(result.value)) return { ok: false, status: result.status, message: fallback };
  const models = result.value
    .filter((m): m is ModelChoice => typeof m?._id === 'string' && typeof m?.name === 'string')
    .map((m) => ({ _id: m._id, name: m.name }));
  return { ...result, value: models };
}

export const setProfilePicture = (modelId: string, galleryId: string, fallback: string) =>
  mediaCall<unknown>(`/api/models/${encodeURIComponent(modelId)}/profile-picture`, { method: 'PUT', body: { galleryId }, fallback });

/** Free-gallery items, for Add from Gallery to Premium (page by page, 100 at a time). */
export const loadFreeItems = (page: number, search: string, fallback: string) => {
  const query = new URLSearchParams({ page: String(page), limit: '100', sortBy: 'createdAt', sortOrder: 'desc' });
  if (search) query.set('search', search);
  return mediaCall<unknown>(`/api/gallery?${query}`, { fallback });
};

export const moveToPremium = (mediaIds: string[], fallback: string) =>
  mediaCall<{ success: boolean; moved: number; message: string }>('/api/gallery/move-to-premium', { method: 'POST', body: { mediaIds }, fallback });

/**
 * Playback calls (resume and play count): fire and forget. Viewing never waits for them and never
 * shows their failures (an old position or a missed count is not worth a toast). `keepalive` lets
 * the request outlive the page, as a beacon would (sendBeacon can only POST; this route is a PUT).
 */
function playbackCall(item: Pick<MediaItem, '_id' | 'source'>, method: 'PUT' | 'POST', rest: string, body?: unknown): void {
  try {
    void fetch(`/api/${item.source}/${encodeURIComponent(item._id)}${rest}`, {
      method,
      credentials: 'same-origin',
      keepalive: true,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch(() => undefined);
  } catch {
    // fetch itself refused (a keepalive quota reached while the page unloads): nothing to do.
  }
}

/** PUT /api/{gallery}/{id}/playback {position}: where the owner stopped, in seconds. */
export const savePlaybackPosition = (item: Pick<MediaItem, '_id' | 'source'>, position: number) => playbackCall(item, 'PUT', '/playback', { position });

/** POST /api/{gallery}/{id}/played: one viewing. */
export const countViewing = (item: Pick<MediaItem, '_id' | 'source'>) => playbackCall(item, 'POST', '/played');
