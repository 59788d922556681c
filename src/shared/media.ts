// The media library's API shapes and the spec's constants: shared by the server and the islands.

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
}

export type VideoPlayback = 'original' | 'remuxed' | 'converted';

/** GET /api/gallery and GET /api/premium. */
export interface MediaPage {
  media: MediaItem[];
  totalItems: number;
  totalPages: number;
}

/**
 * A page as a gallery page sends it to its island: each item without what follows from its id
 * (`url`, `display`, and `thumbnail`, which becomes `1` when there is one) and without its empty
 * fields (null, false, no tags). The island expands it back (`expandPage`); half the bytes of the
 * props, escaped into the page's HTML.
 */
export type LeanMediaItem = Omit<Partial<MediaItem>, 'thumbnail' | 'url' | 'display'> & Pick<MediaItem, '_id'> & { thumbnail?: 1 };
export interface LeanMediaPage {
  media: LeanMediaItem[];
  totalItems: number;
  totalPages: number;
}

const DERIVED = new Set(['url', 'display', 'thumbnail']);

export function leanPage(page: MediaPage): LeanMediaPage {
  const media = page.media.map((item) => {
    const lean: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item)) {
      if (DERIVED.has(key) || value === null || value === false || (Array.isArray(value) && value.length === 0)) continue;
      lean[key] = value;
    }
    if (item.thumbnail) lean.thumbnail = 1;
    return lean as LeanMediaItem;
  });
  return { media, totalItems: page.totalItems, totalPages: page.totalPages };
}

/** A lean page (or a full one) as full items again. */
export function expandPage(page: LeanMediaPage | MediaPage): MediaPage {
  const media = page.media.map((lean): MediaItem => {
    const url = `/media/${lean._id}`;
    return {
      title: '',
      type: 'image',
      mimeType: '',
      size: 0,
      duration: null,
      width: null,
      height: null,
      takenAt: null,
      createdAt: '',
      tags: [],
      isFavorite: false,
      modelId: null,
      modelName: null,
      originalName: '',
      source: 'gallery',
      status: 'ready',
      failure: null,
      placeholder: null,
      deletedAt: null,
      ...(lean as Partial<MediaItem>),
      _id: lean._id,
      url,
      display: `${url}/display`,
      thumbnail: lean.thumbnail ? `${url}/thumbnail` : null,
    };
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
/** `date` is the spec's older name for createdAt. */
export const GALLERY_SORTS = ['createdAt', 'date', 'title', 'duration', 'size'] as const;
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

/**
 * What the upload picker accepts (the spec's list, and the video containers browsers may not map
 * to video/*); the server decides by the bytes.
 */
export const UPLOAD_ACCEPT = 'image/*,video/*,.heic,.heif,.mov,.m4v,.webm,.avif,.mkv,.avi,.wmv,.asf,.flv,.ts,.m2ts,.mts,.mpg,.mpeg,.vob,.3gp,.3g2,.ogv';
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
