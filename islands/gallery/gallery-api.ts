// The Red Room's calls to the JSON API (the spec's paths), through the islands' one client; a
// failure is logged for the console as well as shown in a toast.

import { api, type ApiRequest, type ApiResult } from '../lib/api.ts';
import type { MediaItem, MediaPage, TagVocabulary } from '../../src/shared/media.ts';
import { galleryApiQuery, type GalleryView } from '../../src/shared/gallery-view.ts';

export async function galleryCall<T>(path: string, request: ApiRequest): Promise<ApiResult<T>> {
  const result = await api<T>(path, request);
  if (!result.ok && result.cause !== undefined) console.error(`API call failed: ${request.method ?? 'GET'} ${path}`, result.cause);
  return result;
}

const itemPath = (id: string, action = '') => `/api/gallery/${encodeURIComponent(id)}${action}`;

export function isMediaPage(value: unknown): value is MediaPage {
  const page = value as MediaPage | null;
  return typeof page === 'object' && page !== null && Array.isArray(page.media) && typeof page.totalItems === 'number' && typeof page.totalPages === 'number';
}

export const loadPage = (view: GalleryView, fallback: string, signal?: AbortSignal) => galleryCall<unknown>(`/api/gallery?${galleryApiQuery(view)}`, { fallback, ...(signal ? { signal } : {}) });
export const loadItem = (id: string) => galleryCall<MediaItem>(itemPath(id), { fallback: 'Error loading media' });
export const toggleFavorite = (id: string, fallback: string) => galleryCall<MediaItem>(itemPath(id, '/favorite'), { method: 'POST', fallback });
export const updateItem = (id: string, body: { title: string } | { tags: string[] }, fallback: string) => galleryCall<MediaItem>(itemPath(id, '/update'), { method: 'PUT', body, fallback });
export const moveToBin = (id: string, fallback: string) => galleryCall<unknown>(itemPath(id, '/delete'), { method: 'DELETE', fallback });
export const restoreItem = (id: string, fallback: string) => galleryCall<unknown>(itemPath(id, '/restore'), { method: 'POST', fallback });
export const deleteForever = (id: string, fallback: string) => galleryCall<unknown>(itemPath(id, '/permanent-delete'), { method: 'DELETE', fallback });
export const loadTags = () => galleryCall<TagVocabulary>('/api/tags', { fallback: 'Failed to update tags' });

/** A model as the pickers need it. */
export interface ModelChoice {
  _id: string;
  name: string;
}

export async function loadModels(fallback: string): Promise<ApiResult<ModelChoice[]>> {
  const result = await galleryCall<unknown>('/api/models?sort=name&order=asc&limit=500', { fallback });
  if (!result.ok) return result;
  if (!Array.isArray(result.value)) return { ok: false, status: result.status, message: fallback };
  const models = result.value.filter((m): m is ModelChoice => typeof m?._id === 'string' && typeof m?.name === 'string').map((m) => ({ _id: m._id, name: m.name }));
  return { ...result, value: models };
}

export const setProfilePicture = (modelId: string, galleryId: string, fallback: string) =>
  galleryCall<unknown>(`/api/models/${encodeURIComponent(modelId)}/profile-picture`, { method: 'PUT', body: { galleryId }, fallback });
