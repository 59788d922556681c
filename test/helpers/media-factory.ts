// Media rows inserted straight into the database (no upload, no processing): one item, or many at
// once (100,000 in a few seconds: one transaction, one prepared statement). Rows look like what
// the upload and the processing jobs leave behind: ready, with store keys, sizes and tags; the
// media_tags copies and search text are written alongside. putMediaBytes() stores real objects
// under a row's keys for tests that look at the store.

import type { Database as SqliteDatabase } from 'bun:sqlite';
import { searchTextOf } from '../../src/features/media/item.ts';
import type { GalleryName, MediaRow, MediaStatus, MediaType } from '../../src/features/media/media.table.ts';
import { normaliseTags } from '../../src/shared/media.ts';
import type { MediaStore } from '../../src/storage/media-store.ts';

export interface MediaFields {
  id?: string;
  gallery?: GalleryName;
  title?: string;
  type?: MediaType;
  mimeType?: string;
  originalName?: string;
  size?: number;
  sha256?: string;
  /** Store keys; by default fresh keys under media/, with a thumbnail and (images) no display rendition. */
  storageKey?: string;
  thumbnailKey?: string | null;
  displayKey?: string | null;
  width?: number | null;
  height?: number | null;
  duration?: number | null;
  takenAt?: number | null;
  camera?: string | null;
  placeholder?: string | null;
  status?: MediaStatus;
  failure?: string | null;
  tags?: string[];
  favorite?: boolean;
  modelId?: string | null;
  /** Epoch milliseconds. */
  createdAt?: number;
  /** Epoch milliseconds: in the recycling bin since then. */
  deletedAt?: number | null;
  /** 16 hex digits: the perceptual hash the processing job would have written. */
  phash?: string | null;
  /** Viewings counted (videos). */
  playCount?: number;
  /** Seconds where its owner stopped watching (videos). */
  playbackPosition?: number | null;
  /** Its owner's stars, 1 to 5; null when unrated. */
  rating?: number | null;
}

/** What the factory needs of an open database: the bun:sqlite handle (t.database, openDatabase()). */
export interface RawDatabase {
  sqlite: SqliteDatabase;
}

let counter = 0;
const BASE_TIME = 1_700_000_000_000;

/** The row of one item, with the defaults a test does not care about. */
export function mediaRow(ownerId: string, fields: MediaFields = {}, n = ++counter): MediaRow {
  // Time-ordered ids: 100,000 rows go into the indexes in order, several times faster than random ones.
  const id = fields.id ?? Bun.randomUUIDv7();
  const type = fields.type ?? 'image';
  const ext = type === 'video' ? 'mp4' : 'jpg';
  const title = fields.title ?? `Item ${String(n).padStart(6, '0')}`;
  const tags = normaliseTags(fields.tags ?? []);
  const compact = id.replaceAll('-', '').toLowerCase();
  return {
    id,
    owner_id: ownerId,
    gallery: fields.gallery ?? 'gallery',
    title,
    type,
    mime_type: fields.mimeType ?? (type === 'video' ? 'video/mp4' : 'image/jpeg'),
    original_name: fields.originalName ?? `${title}.${ext}`,
    size: fields.size ?? 1000 + n,
    sha256: fields.sha256 ?? compact.padEnd(64, '0'),
    storage_key: fields.storageKey ?? `media/test/${compact}.${ext}`,
    thumbnail_key: fields.thumbnailKey === undefined ? `media/test/${compact}-thumb.webp` : fields.thumbnailKey,
    display_key: fields.displayKey ?? null,
    width: fields.width === undefined ? 1920 : fields.width,
    height: fields.height === undefined ? 1080 : fields.height,
    duration: fields.duration === undefined ? (type === 'video' ? 60 + (n % 600) : null) : fields.duration,
    taken_at: fields.takenAt ?? null,
    camera: fields.camera ?? null,
    placeholder: fields.placeholder ?? null,
    status: fields.status ?? 'ready',
    failure: fields.failure ?? null,
    missing_at: null,
    tags: JSON.stringify(tags),
    search_text: searchTextOf(title, tags),
    is_favorite: fields.favorite ? 1 : 0,
    model_id: fields.modelId ?? null,
    created_at: fields.createdAt ?? BASE_TIME + n * 1000,
    updated_at: null,
    deleted_at: fields.deletedAt ?? null,
    phash: fields.phash ?? null,
    // Kept by triggers as albums take the item in (the insert leaves it to its default).
    album_count: 0,
    playback: type === 'video' ? 'original' : null,
    progress: null,
    playback_position: fields.playbackPosition ?? null,
    play_count: fields.playCount ?? 0,
    preview_key: null,
    scrubber_key: null,
    scrubber_sheets: null,
    library_id: null,
    library_name: null,
    library_path: null,
    library_fingerprint: null,
    library_mtime: null,
    offline_at: null,
    rating: fields.rating ?? null,
  };
}

const COLUMNS = [
  'id',
  'owner_id',
  'gallery',
  'title',
  'type',
  'mime_type',
  'original_name',
  'size',
  'sha256',
  'storage_key',
  'thumbnail_key',
  'display_key',
  'width',
  'height',
  'duration',
  'taken_at',
  'camera',
  'placeholder',
  'status',
  'failure',
  'missing_at',
  'tags',
  'search_text',
  'is_favorite',
  'model_id',
  'created_at',
  'updated_at',
  'deleted_at',
  'phash',
  'playback',
  'playback_position',
  'play_count',
  'rating',
] as const satisfies readonly (keyof MediaRow)[];

function insertRows(database: RawDatabase, rows: MediaRow[]): void {
  const { sqlite } = database;
  const insertMedia = sqlite.prepare(`insert into media (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`);
  const insertTag = sqlite.prepare('insert into media_tags (media_id, owner_id, tag) values (?, ?, ?)');
  sqlite.transaction(() => {
    for (const row of rows) {
      insertMedia.run(...COLUMNS.map((c) => row[c]));
      for (const tag of JSON.parse(row.tags) as string[]) insertTag.run(row.id, row.owner_id, tag.toLowerCase());
    }
  })();
  insertMedia.finalize();
  insertTag.finalize();
}

/** One item of `ownerId`; returns its row. */
export function newMedia(database: RawDatabase, ownerId: string, fields: MediaFields = {}): MediaRow {
  const row = mediaRow(ownerId, fields);
  insertRows(database, [row]);
  return row;
}

/**
 * `count` items of `ownerId` in one transaction, titled "<prefix> 000000" on, created a second
 * apart (the first oldest); `fields(i)` overrides any column of the i-th.
 */
export function manyMedia(database: RawDatabase, ownerId: string, count: number, fields: (i: number) => MediaFields = () => ({}), prefix = 'Item'): MediaRow[] {
  const rows = Array.from({ length: count }, (_, i) =>
    mediaRow(ownerId, { title: `${prefix} ${String(i).padStart(6, '0')}`, createdAt: BASE_TIME + i * 1000, ...fields(i) }),
  );
  insertRows(database, rows);
  return rows;
}

/** Stores a few real bytes under each of the row's keys (original, thumbnail, display rendition). */
export async function putMediaBytes(store: MediaStore, row: Pick<MediaRow, 'storage_key' | 'thumbnail_key' | 'display_key'>): Promise<string[]> {
  const keys = [row.storage_key, row.thumbnail_key, row.display_key].filter((k): k is string => k !== null);
  for (const key of keys) {
    const bytes = new TextEncoder().encode(`bytes of ${key}`);
    await store.put(key, new Response(bytes).body!);
  }
  return keys;
}
