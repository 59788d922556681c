// A media row as the API answers with it (both galleries): byte URLs through the hub, ISO dates.

import type { MediaItem } from '../../shared/media.ts';
import type { MediaRow } from './media.table.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toMediaItem(row: MediaRow, modelName: string | null = null): MediaItem {
  const url = `/media/${row.id}`;
  return {
    _id: row.id,
    title: row.title,
    type: row.type,
    mimeType: row.mime_type,
    url,
    thumbnail: row.thumbnail_key ? `${url}/thumbnail` : null,
    display: `${url}/display`,
    size: row.size,
    duration: row.duration,
    width: row.width,
    height: row.height,
    takenAt: iso(row.taken_at),
    camera: row.camera,
    createdAt: new Date(row.created_at).toISOString(),
    tags: JSON.parse(row.tags) as string[],
    isFavorite: row.is_favorite === 1,
    modelId: row.model_id,
    modelName,
    originalName: row.original_name,
    source: row.gallery,
    status: row.status,
    failure: row.failure,
    placeholder: row.placeholder,
    deletedAt: iso(row.deleted_at),
    playback: row.playback,
    progress: row.progress,
    playbackPosition: row.playback_position,
    playCount: row.play_count,
    preview: row.preview_key ? `${url}/preview` : null,
    scrubber: row.scrubber_key ? `${url}/scrubber.vtt` : null,
    // The path as the disk spells it is kept for reading the file; the API's is NFC.
    library: row.library_id ? { _id: row.library_id, name: row.library_name ?? '', path: (row.library_path ?? '').normalize('NFC') } : null,
    offline: row.offline_at !== null && row.offline_at !== undefined,
  };
}

/** The lower-case text search runs over: title and tags. */
export function searchTextOf(title: string, tags: readonly string[]): string {
  return [title, ...tags].join('\n').toLowerCase();
}
