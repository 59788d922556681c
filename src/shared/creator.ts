// The premium viewer's creator chip: who made an item, from its model or its tags. A module of its
// own: the viewer loads when first opened, and what Premium's page loads first (premium-view.ts)
// would otherwise carry it (decision record 0041).

import type { MediaItem } from './media.ts';

/** Tags too general to name who made an item (the viewer's creator chip skips them). */
const GENERIC_TAGS = new Set(['premium', 'gallery', 'video', 'image', 'photo']);

/**
 * The viewer's creator chip: the model's name; else the first tag of 3 to 29 characters that is
 * not Premium, Gallery, Video, Image or Photo (ignoring case); else 'Creator'.
 */
export function creatorOf(item: Pick<MediaItem, 'modelName' | 'tags'>): string {
  // biome-ignore lint/complexity/useOptionalChain: kept from before the linter; fix when this code is next touched
  if (item.modelName && item.modelName.trim()) return item.modelName.trim();
  const tag = item.tags.find((t) => t.length >= 3 && t.length <= 29 && !GENERIC_TAGS.has(t.toLowerCase()));
  return tag ?? 'Creator';
}
