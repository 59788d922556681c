// The media library's API shapes and the spec's constants: shared by the server and the islands.

import type { MediaLibraryLink } from './libraries.ts';

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
export const GALLERIES = ['gallery', 'premium'] as const;
export type Gallery = (typeof GALLERIES)[number];

/** A media item as the API answers with it (both galleries). Dates are ISO strings. */
export interface MediaItem {
  _id: string;
  title: string;
  type: MediaType;
  mimeType: string;
  /** The original's bytes: /media/{id}. */
  url: string;
  /** /media/{id}/thumbnail once processed; null while processing or when it failed. */
  thumbnail: string | null;
  /** /media/{id}/display: a browser-friendly rendition, or the original when none is needed. */
  display: string;
  size: number;
  /** Seconds (videos); null for images and until probed. */
  duration: number | null;
  width: number | null;
  height: number | null;
  /** When the photo was taken (EXIF), when known. */
  takenAt: string | null;
  /** The camera that took the photo (EXIF Make and Model), when known. */
  camera: string | null;
  createdAt: string;
  tags: string[];
  isFavorite: boolean;
  modelId: string | null;
  modelName: string | null;
  originalName: string;
  source: Gallery;
  status: MediaStatus;
  /** Why processing failed, when it did. */
  failure: string | null;
  /** Base64 ThumbHash of the thumbnail, shown while it loads. */
  placeholder: string | null;
  deletedAt: string | null;
  /**
   * Videos: what `display` serves. `original`: the upload itself; `remuxed`: its streams copied into
   * an MP4 browsers play; `converted`: made into H.264 + AAC. Null for images and until decided.
   */
  playback?: VideoPlayback | null;
  /** 0-100 while the video converts (the item is then `processing`), else null. */
  progress?: number | null;
  /** Seconds where its owner stopped watching (videos), null when never saved. */
  playbackPosition?: number | null;
  /** How many times its owner watched it (videos). */
  playCount?: number;
  /** A short muted clip for hovering (/media/{id}/preview, videos); null until made, or when it could not be. */
  preview?: string | null;
  /**
   * A WebVTT file whose cues are `sprite.webp#xywh=x,y,w,h` (resolved against the file's own URL),
   * for the frames over the seek bar (/media/{id}/scrubber.vtt, videos); null until made.
   */
  scrubber?: string | null;
  /** Where the item's file is when it comes from a library folder; null for uploads. */
  library?: MediaLibraryLink | null;
  /** A library item whose file is missing: it is in the bin until the file comes back. */
  offline?: boolean;
}

export type VideoPlayback = 'original' | 'remuxed' | 'converted';

/** GET /api/gallery and GET /api/premium. */
export interface MediaPage {
  media: MediaItem[];
  totalItems: number;
  totalPages: number;
}

/**
 * A page as a gallery page sends it to its island: each item as one row of values in a fixed order
 * (`ROW_FIELDS`, no key names), without what follows from its id (`url`, `display`; `thumbnail`
 * becomes 1 or 0), booleans as 1 or 0, and without the nulls at its end. The island expands the
 * rows back into items (`expandPage`). With 50 items: 12.9 KB, where lean objects (keys, no empty
 * fields) took 20 KB and the API's answer 33 KB.
 */
export interface LeanMediaPage {
  rows: LeanMediaRow[];
  totalItems: number;
  totalPages: number;
  /**
   * The optional fields (`OPTIONAL_FIELDS`) the page's items have: a hub answers them on every
   * item or on none, and a row cannot tell a missing field from a null one.
   */
  fields?: OptionalField[];
}
/** An item's values in the order of `ROW_FIELDS` (trailing nulls left out). */
export type LeanMediaRow = (string | number | string[] | null)[];

/** The order of a lean row's values: the fields every item has first, those often null last. */
export const ROW_FIELDS = [
  '_id',
  'title',
  'type',
  'mimeType',
  'size',
  'createdAt',
  'originalName',
  'source',
  'status',
  'thumbnail',
  'isFavorite',
  'tags',
  'playCount',
  'width',
  'height',
  'placeholder',
  'duration',
  'takenAt',
  'camera',
  'modelId',
  'modelName',
  'failure',
  'deletedAt',
  'playback',
  'progress',
  'playbackPosition',
  'preview',
  'scrubber',
  // A library item's library as [id, name, path], and '1' after them when it is offline.
  'library',
] as const satisfies readonly (keyof MediaItem)[];

/** The fields a hub answers only once it makes them; a lean page names those its items have. */
export const OPTIONAL_FIELDS = ['preview', 'scrubber', 'library'] as const satisfies readonly (keyof MediaItem)[];
export type OptionalField = (typeof OPTIONAL_FIELDS)[number];

/** An item's own file beside the original (`/media/{id}/preview`) is sent as 1, any other address as it is. */
/** Where an item's own file of each optional field is served (the hub's routes). */
const OWN_FILE: Record<'preview' | 'scrubber', string> = { preview: 'preview', scrubber: 'scrubber.vtt' };
const ownFile = (value: string | null | undefined, id: string, name: 'preview' | 'scrubber') =>
  value === `/media/${id}/${OWN_FILE[name]}` ? 1 : (value ?? null);

const COLUMN = Object.fromEntries(ROW_FIELDS.map((field, i) => [field, i])) as Record<(typeof ROW_FIELDS)[number], number>;

export function leanPage(page: MediaPage): LeanMediaPage {
  const rows = page.media.map((m): LeanMediaRow => {
    // Written out in ROW_FIELDS' order (this runs for every item of every gallery page).
    const row: LeanMediaRow = [
      m._id,
      m.title,
      m.type,
      m.mimeType,
      m.size,
      m.createdAt,
      m.originalName,
      m.source,
      m.status,
      m.thumbnail ? 1 : 0,
      m.isFavorite ? 1 : 0,
      m.tags,
      m.playCount ?? 0,
      m.width,
      m.height,
      m.placeholder,
      m.duration,
      m.takenAt,
      m.camera,
      m.modelId,
      m.modelName,
      m.failure,
      m.deletedAt,
      m.playback ?? null,
      m.progress ?? null,
      m.playbackPosition ?? null,
      ownFile(m.preview, m._id, 'preview'),
      ownFile(m.scrubber, m._id, 'scrubber'),
      m.library ? [m.library._id, m.library.name, m.library.path, m.offline ? '1' : ''] : null,
    ];
    let end = row.length;
    while (end > 0 && row[end - 1] === null) end--;
    row.length = end;
    return row;
  });
  const fields = OPTIONAL_FIELDS.filter((field) => page.media.some((m) => field in m));
  return { rows, totalItems: page.totalItems, totalPages: page.totalPages, ...(fields.length > 0 ? { fields } : {}) };
}

/** Whether a page is lean (as a gallery page sends it) or full (as the API answers). */
export const isLeanPage = (page: LeanMediaPage | MediaPage): page is LeanMediaPage => 'rows' in page;

/** A lean page as full items again; a full page is returned as it is (the server renders from it). */
export function expandPage(page: LeanMediaPage | MediaPage): MediaPage {
  if (!isLeanPage(page)) return page;
  const fields = page.fields ?? [];
  const media = page.rows.map((row): MediaItem => {
    const at = (field: (typeof ROW_FIELDS)[number]) => row[COLUMN[field]] ?? null;
    const id = row[0] as string;
    const url = `/media/${id}`;
    const item: MediaItem = {
      _id: id,
      title: (at('title') as string | null) ?? '',
      type: at('type') as MediaType,
      mimeType: (at('mimeType') as string | null) ?? '',
      url,
      thumbnail: at('thumbnail') ? `${url}/thumbnail` : null,
      display: `${url}/display`,
      size: (at('size') as number | null) ?? 0,
      duration: at('duration') as number | null,
      width: at('width') as number | null,
      height: at('height') as number | null,
      takenAt: at('takenAt') as string | null,
      camera: at('camera') as string | null,
      createdAt: (at('createdAt') as string | null) ?? '',
      tags: (at('tags') as string[] | null) ?? [],
      isFavorite: at('isFavorite') === 1,
      modelId: at('modelId') as string | null,
      modelName: at('modelName') as string | null,
      originalName: (at('originalName') as string | null) ?? '',
      source: at('source') as Gallery,
      status: at('status') as MediaStatus,
      failure: at('failure') as string | null,
      placeholder: at('placeholder') as string | null,
      deletedAt: at('deletedAt') as string | null,
      playback: at('playback') as VideoPlayback | null,
      progress: at('progress') as number | null,
      playbackPosition: at('playbackPosition') as number | null,
      playCount: (at('playCount') as number | null) ?? 0,
    };
    for (const field of fields) {
      const value = at(field);
      if (field === 'library') {
        const l = value as string[] | null;
        item.library = l && { _id: l[0]!, name: l[1]!, path: l[2]! };
        item.offline = l?.[3] === '1';
      } else item[field] = value === 1 ? `${url}/${OWN_FILE[field]}` : (value as string | null);
    }
    return item;
  });
  return { media, totalItems: page.totalItems, totalPages: page.totalPages };
}

/** POST /api/gallery/upload. */
export interface UploadResult {
  media: MediaItem[];
  errors: { name: string; error: string }[];
}

export const PAGE_SIZES = [20, 50, 100, 150, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;
export const GALLERY_FILTERS = ['all', 'images', 'videos', 'favorites', 'recycling-bin'] as const;
export type GalleryFilter = (typeof GALLERY_FILTERS)[number];
/** `date` is the spec's older name for createdAt; `plays` is the most played first (by play count, then newest). */
export const GALLERY_SORTS = ['createdAt', 'date', 'title', 'duration', 'size', 'plays'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];
/** The premium gallery's list adds items in any album, and a sort by type (images, then videos). */
export const PREMIUM_FILTERS = [...GALLERY_FILTERS, 'albums'] as const;
export type PremiumFilter = (typeof PREMIUM_FILTERS)[number];
export const PREMIUM_SORTS = [...GALLERY_SORTS, 'type'] as const;
export type PremiumSort = (typeof PREMIUM_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** POST /api/gallery/bulk and /api/premium/bulk: one action on many items, in one transaction. */
export const BULK_ACTIONS = [
  'delete',
  'restore',
  'permanent-delete',
  'favorite',
  'unfavorite',
  'add-tags',
  'remove-tags',
  'set-tags',
  'add-to-album',
  'move-to-premium',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** How many items one bulk call may name. */
export const MAX_BULK_ITEMS = 1000;
/** What a bulk call answers: how many items it changed (an item already so is not counted). */
export interface BulkResult {
  updated: number;
}

/** Tags: trimmed, at most this long, unique per item ignoring case. */
export const MAX_TAG_LENGTH = 50;
export const MAX_TAGS_PER_ITEM = 100;
export const MAX_TITLE_LENGTH = 500;

// The upload's formats are upload-formats.ts: only the upload dialog needs them (decision 0041).
/** The spec's 15-minute upload timeout, per file. */
export const UPLOAD_TIMEOUT_MS = 900_000;
/** Gallery toasts close after 6 s, premium after 4 s (spec section 9). */
export const GALLERY_TOAST_MS = 6_000;
export const PREMIUM_TOAST_MS = 4_000;

/** GET /api/tags. */
export interface TagVocabulary {
  groups: { name: string; tags: string[] }[];
  /** Tags the user has used that are not in the vocabulary, alphabetical. */
  custom: string[];
}

/**
 * Normalises tags as the spec asks: trimmed, empties dropped, unique ignoring case (the first
 * spelling wins). Length is checked by the caller's schema, not silently cut.
 */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag) continue;
    const lower = tag.toLowerCase();
    if (seen.has(lower)) continue;
    seen.add(lower);
    out.push(tag);
  }
  return out;
}

/** A comma-joined tag field (multipart `tags`, the custom tag input) as a list. */
export function splitTags(text: string): string[] {
  return normaliseTags(text.split(','));
}

/** "1 play", "3 plays": how often a video was watched. */
export const playsText = (n: number) => `${n} ${n === 1 ? 'play' : 'plays'}`;

/** Bytes, KB, MB, GB in 1024 steps with 2 decimals (spec section 9). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/** m:ss (spec section 9); hours are folded into minutes, as in 75:03. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The title a file gets when none is given: its name without the extension. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const title = (dot > 0 ? base.slice(0, dot) : base).trim();
  return title || 'Untitled';
}
