// The duplicates dialog's calls (both galleries): exact copies and similar-looking files, deleting
// the exact copies, and resolving a similar group; answers are checked before the dialog shows them.

import type { Gallery, MediaItem } from '../../src/shared/media.ts';
import type { ApiResult } from '../lib/api.ts';
import { mediaCall } from './media-api.ts';

export type DuplicatesMode = 'exact' | 'similar';

/** One group as GET /api/{gallery}/duplicates answers it (`distance` only with ?mode=similar). */
export interface DuplicateGroup {
  originalName: string;
  size: number;
  checksum: string | null;
  /** How many of the 64 bits of the perceptual hashes differ (similar mode). */
  distance?: number;
  /** Exact: newest first. Similar: largest first. */
  duplicates: MediaItem[];
}

/** The spec's texts, and the dialog's own where the spec is silent. */
export const DUPLICATES_TEXT = {
  findFailed: 'Failed to find duplicates',
  deleteFailed: 'Failed to delete duplicates',
  resolveFailed: 'Failed to merge duplicates',
  deleted: (n: number) => `Deleted ${n} duplicate files`,
  merged: (n: number) => `Kept 1 and moved ${n} to the recycling bin`,
} as const;

const base = (gallery: Gallery) => `/api/${gallery}/duplicates`;

function isGroup(value: unknown): value is DuplicateGroup {
  const group = value as DuplicateGroup | null;
  return (
    typeof group === 'object' && group !== null && typeof group.originalName === 'string' && typeof group.size === 'number' && Array.isArray(group.duplicates)
  );
}

export async function findDuplicates(gallery: Gallery, mode: DuplicatesMode, signal?: AbortSignal): Promise<ApiResult<DuplicateGroup[]>> {
  const fallback = DUPLICATES_TEXT.findFailed;
  const result = await mediaCall<unknown>(mode === 'similar' ? `${base(gallery)}?mode=similar` : base(gallery), { fallback, ...(signal ? { signal } : {}) });
  if (!result.ok) return result;
  if (!Array.isArray(result.value) || !result.value.every(isGroup)) return { ok: false, status: result.status, message: fallback };
  // A group needs two items to be one (an answer racing a delete could hold a single one).
  return { ...result, value: result.value.filter((g) => g.duplicates.length > 1) };
}

export async function deleteDuplicates(gallery: Gallery): Promise<ApiResult<{ deletedCount: number }>> {
  const fallback = DUPLICATES_TEXT.deleteFailed;
  const result = await mediaCall<{ deletedCount?: unknown }>(base(gallery), { method: 'DELETE', fallback });
  if (!result.ok) return result;
  const count = result.value?.deletedCount;
  if (typeof count !== 'number') return { ok: false, status: result.status, message: fallback };
  return { ...result, value: { deletedCount: count } };
}

export async function resolveGroup(gallery: Gallery, keepId: string, mediaIds: string[]): Promise<ApiResult<{ kept: MediaItem | null; deletedCount: number }>> {
  const fallback = DUPLICATES_TEXT.resolveFailed;
  const result = await mediaCall<{ kept?: MediaItem; deletedCount?: unknown }>(`${base(gallery)}/resolve`, {
    method: 'POST',
    body: { keepId, mediaIds },
    fallback,
  });
  if (!result.ok) return result;
  const count = result.value?.deletedCount;
  return { ...result, value: { kept: result.value?.kept ?? null, deletedCount: typeof count === 'number' ? count : mediaIds.length } };
}
