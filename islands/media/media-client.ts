// The galleries' API calls as a gallery's first screen holds them: the functions of
// media-api.ts, whose code (with the islands' API client) loads with the first call, not with the
// page (the JavaScript budget per page; docs/decisions/0033). Every call is asynchronous anyway.

import type { Gallery, MediaItem, MediaPage } from '../../src/shared/media.ts';
import type { ApiResult } from '../lib/api.ts';
import type { MediaClient, ModelChoice } from './media-api.ts';

export type { MediaClient, ModelChoice };

const api = () => import('./media-api.ts');

type Calls = Omit<MediaClient, 'gallery'>;
const CALLS = ['loadPage', 'loadItem', 'toggleFavorite', 'update', 'toBin', 'restore', 'purge', 'bulk'] as const satisfies readonly (keyof Calls)[];

/** One gallery's client (media-api.ts's `forGallery`), its code loaded with the first call. */
export function forGallery(gallery: Gallery): MediaClient {
  const client = { gallery } as Record<string, unknown>;
  for (const name of CALLS) {
    client[name] = async (...args: unknown[]) => {
      const real = (await api()).forGallery(gallery);
      return (real[name] as (...a: unknown[]) => unknown)(...args);
    };
  }
  return client as unknown as MediaClient;
}

/** An item's own gallery's client (an album holds items of both). */
export const clientOf = (item: MediaItem): MediaClient => forGallery(item.source);

export async function loadModels(fallback: string): Promise<ApiResult<ModelChoice[]>> {
  return (await api()).loadModels(fallback);
}

export async function setProfilePicture(modelId: string, galleryId: string, fallback: string): Promise<ApiResult<unknown>> {
  return (await api()).setProfilePicture(modelId, galleryId, fallback);
}

export function isMediaPage(value: unknown): value is MediaPage {
  const page = value as MediaPage | null;
  return typeof page === 'object' && page !== null && Array.isArray(page.media) && typeof page.totalItems === 'number' && typeof page.totalPages === 'number';
}
