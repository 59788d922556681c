// The objects of the media store that an item's row names: what deleting the item deletes.

import { isLibraryKey } from './library-store.ts';
import { type MediaRow, type PreviewKeys, previewKeysOf } from './media.table.ts';

/** The store keys of an item: the original first, then every rendition it has. */
export function storeKeysOf(row: Pick<MediaRow, 'storage_key' | 'thumbnail_key' | 'display_key'> & PreviewKeys): string[] {
  // A library item's original is its library's file: never the store's to delete (decision 0043).
  const original = isLibraryKey(row.storage_key) ? null : row.storage_key;
  return [...[original, row.thumbnail_key, row.display_key].filter((k): k is string => k !== null), ...previewKeysOf(row)];
}
