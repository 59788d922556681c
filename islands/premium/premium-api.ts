// The premium gallery's calls (the spec's /api/premium paths, the bulk call, moving free items
// over), through the islands' one client; a failure is logged for the console as well as toasted.

import { premiumApiQuery, type PremiumView } from '../../src/shared/premium-view.ts';
import type { BulkAction, BulkResult, MediaItem } from '../../src/shared/media.ts';
import { galleryCall } from '../gallery/gallery-api.ts';

const itemPath = (id: string, action = '') => `/api/premium/${encodeURIComponent(id)}${action}`;

export const loadPremiumPage = (view: PremiumView, fallback: string) => galleryCall<unknown>(`/api/premium?${premiumApiQuery(view)}`, { fallback });
export const loadPremiumItem = (id: string) => galleryCall<MediaItem>(itemPath(id), { fallback: 'Error loading media' });
export const togglePremiumFavorite = (id: string, fallback: string) => galleryCall<MediaItem>(itemPath(id, '/favorite'), { method: 'POST', fallback });
export const updatePremiumItem = (id: string, body: { title: string } | { tags: string[] }, fallback: string) => galleryCall<MediaItem>(itemPath(id), { method: 'PUT', body, fallback });
export const premiumToBin = (id: string, fallback: string) => galleryCall<unknown>(itemPath(id), { method: 'DELETE', fallback });
export const restorePremium = (id: string, fallback: string) => galleryCall<unknown>(itemPath(id, '/restore'), { method: 'POST', fallback });
export const purgePremium = (id: string, fallback: string) => galleryCall<unknown>(itemPath(id, '/permanent'), { method: 'DELETE', fallback });

/** One action on many premium items, in one call (and one transaction on the hub). */
export const premiumBulk = (body: { action: BulkAction; ids: string[]; tags?: string[]; albumId?: string }, fallback: string) =>
  galleryCall<BulkResult>('/api/premium/bulk', { method: 'POST', body, fallback });

/** Free-gallery items, for Add from Gallery to Premium (page by page, 100 at a time). */
export const loadFreeItems = (page: number, search: string, fallback: string) => {
  const query = new URLSearchParams({ page: String(page), limit: '100', sortBy: 'createdAt', sortOrder: 'desc' });
  if (search) query.set('search', search);
  return galleryCall<unknown>(`/api/gallery?${query}`, { fallback });
};

export const moveToPremium = (mediaIds: string[], fallback: string) =>
  galleryCall<{ success: boolean; moved: number; message: string }>('/api/gallery/move-to-premium', { method: 'POST', body: { mediaIds }, fallback });

/** Sets an album's cover (Set as Album Thumbnail inside an album). */
export const setAlbumCover = (albumId: string, mediaId: string, fallback: string) =>
  galleryCall<unknown>(`/api/albums/${encodeURIComponent(albumId)}`, { method: 'PUT', body: { coverImage: mediaId }, fallback });
