// The media library's API shapes and the spec's constants: shared by the server and the islands.

import { bulkSetActions, fieldCodecs, sortFields, titleMax } from './field-facts.ts' with { type: 'macro' };
import {
  type FieldKind,
  GALLERIES,
  type MEDIA_FIELDS,
  MEDIA_STATUSES,
  MEDIA_TYPES,
  type MediaFieldName,
  type MediaItemFields,
  VIDEO_PLAYBACKS,
} from './media-fields.ts';

export { GALLERIES, MEDIA_STATUSES, MEDIA_TYPES, VIDEO_PLAYBACKS };
export type MediaType = (typeof MEDIA_TYPES)[number];
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
export type Gallery = (typeof GALLERIES)[number];

/**
 * A media item as the API answers with it (both galleries), its fields as media-fields.ts defines
 * them (each one's meaning is there). Dates are ISO strings. `url` is the original's bytes
 * (/media/{id}), `display` what a browser shows (/media/{id}/display), `thumbnail` /media/{id}/thumbnail
 * once processed.
 */
export type MediaItem = MediaItemFields;

export type VideoPlayback = (typeof VIDEO_PLAYBACKS)[number];

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
 * fields) took 20 KB and the API's answer 33 KB. The order and each value's form come from the
 * fields' definition (media-fields.ts: `lean`).
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

type RowField = { [K in MediaFieldName]: (typeof MEDIA_FIELDS)[K]['lean'] extends 'implied' | 'withLibrary' ? never : K }[MediaFieldName];
type NamedField = { [K in MediaFieldName]: (typeof MEDIA_FIELDS)[K] extends { named: true } ? K : never }[MediaFieldName];
/** Each field's lean codec (field-facts.ts: worked out from the definition when built). */
const CODECS = Object.freeze(fieldCodecs());
const ROW_SPECS = CODECS.filter(([, spec]) => spec.lean !== 'implied' && spec.lean !== 'withLibrary');

/** The order of a lean row's values: the fields every item has first, those often null last. */
export const ROW_FIELDS = ROW_SPECS.map(([name]) => name) as RowField[];

/** The fields a hub answers only once it makes them; a lean page names those its items have. */
export const OPTIONAL_FIELDS = CODECS.filter(([, spec]) => spec.named).map(([name]) => name) as NamedField[];
export type OptionalField = NamedField;

/** What a value that may not be null is when a row has none. */
const emptyOf = (kind: FieldKind) =>
  kind === 'text' || kind === 'date' ? '' : kind === 'int' || kind === 'number' ? 0 : kind === 'tags' ? [] : kind === 'bool' ? false : null;

export function leanPage(page: MediaPage): LeanMediaPage {
  const rows = page.media.map((m): LeanMediaRow => {
    const own = m as Record<string, unknown>;
    const row: LeanMediaRow = ROW_SPECS.map(([name, spec]) => {
      const value = own[name];
      switch (spec.lean) {
        case 'bool':
        case 'present':
          return value ? 1 : 0;
        case 'ownFile':
          return value === `/media/${m._id}/${spec.file}` ? 1 : ((value as string | null | undefined) ?? null);
        case 'library': {
          const l = m.library;
          return l ? [l._id, l.name, l.path, m.offline ? '1' : ''] : null;
        }
        default:
          return (value as LeanMediaRow[number] | undefined) ?? (spec.leanDefault as number | undefined) ?? null;
      }
    });
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
  const named = new Set<MediaFieldName>(page.fields ?? []);
  const media = page.rows.map((row): MediaItem => {
    const id = row[0] as string;
    const url = `/media/${id}`;
    const item: Record<string, unknown> = {};
    for (const [name, spec] of CODECS) if (spec.lean === 'implied') item[name] = spec.file ? `${url}/${spec.file}` : url;
    ROW_SPECS.forEach(([name, spec], i) => {
      if (spec.named && !named.has(name)) return;
      const value = row[i] ?? null;
      switch (spec.lean) {
        case 'bool':
          item[name] = value === 1;
          return;
        case 'present':
          item[name] = value ? `${url}/${spec.file}` : null;
          return;
        case 'ownFile':
          item[name] = value === 1 ? `${url}/${spec.file}` : value;
          return;
        case 'library': {
          const l = value as string[] | null;
          item[name] = l && { _id: l[0]!, name: l[1]!, path: l[2]! };
          item.offline = l?.[3] === '1';
          return;
        }
        default:
          item[name] = value ?? spec.leanDefault ?? (spec.kind ? emptyOf(spec.kind) : null);
      }
    });
    return item as MediaItem;
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
/** Then a sort by each field that has one (media-fields.ts: `sort`), highest first by default. */
export const GALLERY_SORTS = ['createdAt', 'date', 'title', 'duration', 'size', 'plays', ...sortFields()] as const;
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
  // Then one action per field a bulk call sets (media-fields.ts: `bulk`), with the value under the field's name.
  ...bulkSetActions(),
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
export const MAX_TITLE_LENGTH = titleMax();

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
