// Row types of the media library: one image or video of one owner, in the free gallery or premium.

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OwnColumns } from '../../shared/media-fields.ts';

export type GalleryName = 'gallery' | 'premium';
export type MediaType = 'image' | 'video';
export type MediaStatus = 'processing' | 'ready' | 'failed';
/** How a video's display rendition came to be (decision 0037). */
export type Playback = 'original' | 'remuxed' | 'converted';

/** The columns the fields' definition alone declares (shared/media-fields.ts: `ownColumn`), each added by its migration. */
type FieldColumns = { [C in keyof OwnColumns]: Generated<OwnColumns[C]> };

export interface MediaTable extends FieldColumns {
  id: string;
  owner_id: string;
  gallery: GalleryName;
  title: string;
  type: MediaType;
  /** Sniffed from the bytes, never taken from the name or the browser. */
  mime_type: string;
  original_name: string;
  size: number;
  /** Hex SHA-256 of the original, computed while it streamed in. */
  sha256: string;
  storage_key: string;
  thumbnail_key: string | null;
  /** A WebP rendition browsers can show (HEIC, very large images); null: the original is shown. */
  display_key: string | null;
  width: number | null;
  height: number | null;
  /** Seconds, videos only. */
  duration: number | null;
  /** Epoch milliseconds from EXIF DateTimeOriginal, when the file has one. */
  taken_at: number | null;
  /** The camera from EXIF Make and Model ("Apple iPhone 12 mini"), cleaned, at most 100 characters (migration 0045). */
  camera: Generated<string | null>;
  /** Base64 ThumbHash, shown while the thumbnail loads. */
  placeholder: string | null;
  status: MediaStatus;
  /** Why processing failed, in words a user can read. */
  failure: string | null;
  /** Epoch milliseconds when `media check --fix` found the original missing from the store. */
  missing_at: number | null;
  /** JSON array of strings, as entered. */
  tags: string;
  /** Lower-case title and tags, for search. */
  search_text: string;
  is_favorite: number;
  model_id: string | null;
  /** Epoch milliseconds. */
  created_at: number;
  updated_at: number | null;
  /** Epoch milliseconds when moved to the recycling bin; null when not in it. */
  deleted_at: number | null;
  /**
   * 64-bit perceptual (DCT) hash of the image or the video's poster frame, 16 lower-case hex
   * digits (migration 0017); null until processed or when none could be made.
   */
  phash: Generated<string | null>;
  /** How many albums hold the item, kept by triggers on album_media (migration 0019). */
  album_count: Generated<number>;
  /**
   * A video's display rendition (migration 0031): the original itself, its streams copied into an
   * MP4 with the index first, or converted to H.264 + AAC; display_key is the rendition's key
   * unless `original`. Null for images and until decided.
   */
  playback: Generated<Playback | null>;
  /** 0-100 while the video converts, else null. */
  progress: Generated<number | null>;
  /** Seconds into the video where its owner stopped watching; null when never saved. */
  playback_position: Generated<number | null>;
  /** Viewings counted by POST …/played. */
  play_count: Generated<number>;
  /** A video's hover preview, a short muted MP4 (migration 0032); null until made, or when it could not be. */
  preview_key: Generated<string | null>;
  /** A video's scrubbing frames: the WebVTT file's key; its sprite sheets are stored beside it (scrubberSheetKey). */
  scrubber_key: Generated<string | null>;
  /** How many sprite sheets the WebVTT file names. */
  scrubber_sheets: Generated<number | null>;
  /** The library folder the item's file is in (migration 0033); null for uploads. */
  library_id: Generated<string | null>;
  /** The library's name, kept with it (the API's `library.name`). */
  library_name: Generated<string | null>;
  /** The file's path in its library: NFC, '/' between folders. */
  library_path: Generated<string | null>;
  /** Size and a hash of the file's first and last 64 KB: how a moved file is known again. */
  library_fingerprint: Generated<string | null>;
  /** The file's modification time (epoch ms) when last scanned. */
  library_mtime: Generated<number | null>;
  /** Epoch ms since when the library file is missing; null while it is there (and for uploads). */
  offline_at: Generated<number | null>;
}

export interface MediaTagsTable {
  media_id: string;
  owner_id: string;
  /** Lower case. */
  tag: string;
  /**
   * The item's full-text key, kept by triggers: its owner, gallery, bin, type and favourite are in
   * its bits (migrations 0016, 0026), so a tag's items of one list are a range of (tag, key).
   */
  key: Generated<number>;
}

export type MediaRow = Selectable<MediaTable>;
export type NewMediaRow = Insertable<MediaTable>;
export type MediaUpdate = Updateable<MediaTable>;

/** What serving an item's bytes needs of its row. */
export type MediaBytesRow = Pick<
  MediaRow,
  | 'id'
  | 'gallery'
  | 'mime_type'
  | 'original_name'
  | 'size'
  | 'sha256'
  | 'storage_key'
  | 'thumbnail_key'
  | 'display_key'
  | 'created_at'
  | 'preview_key'
  | 'scrubber_key'
  | 'scrubber_sheets'
>;

/** The store keys of a video's preview and scrubber, as a row holds them. */
export type PreviewKeys = Pick<MediaRow, 'preview_key' | 'scrubber_key' | 'scrubber_sheets'>;

/** The key of a scrubber's sprite sheet `n` (from 0): beside its WebVTT file. */
export const scrubberSheetKey = (scrubberKey: string, n: number) => `${scrubberKey.replace(/\.vtt$/, '')}-${n}.webp`;

/** Every store key of a video's preview and scrubber (none for a photo, or before they are made). */
export function previewKeysOf(row: PreviewKeys): string[] {
  const keys = row.preview_key ? [row.preview_key] : [];
  if (row.scrubber_key) {
    keys.push(row.scrubber_key);
    for (let n = 0; n < (row.scrubber_sheets ?? 0); n++) keys.push(scrubberSheetKey(row.scrubber_key, n));
  }
  return keys;
}

/** A media row with its model's name (the lists' and albums' rows). */
export type MediaWithModel = MediaRow & { model_name: string | null };
