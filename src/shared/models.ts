// Models (performer profiles): the API's shapes, the spec's ethnicities, cups and sizes, their
// orders and chip colours. Shared by the server (schema, SQL ordering, pages) and the islands.

/** The spec's ethnicities, in the order the Add/Edit Model dialog offers them. Empty means N/A. */
export const ETHNICITIES = ['Japanese', 'Chinese', 'Korean', 'Vietnamese', 'European', 'White', 'Black', 'Other'] as const;
export type Ethnicity = (typeof ETHNICITIES)[number];

/**
 * The default list order's ethnicity ranks (spec section 9: Chinese, Japanese, Korean, Vietnamese,
 * European, White, Other; Black sits after White and before Other; empty comes last).
 */
export const ETHNICITY_ORDER: readonly Ethnicity[] = ['Chinese', 'Japanese', 'Korean', 'Vietnamese', 'European', 'White', 'Black', 'Other'];

/**
 * Chip colours of the models' category map (spec 000, section 3). Every one carries white text at
 * 4.5:1 or better (WCAG AA); the spec's fallback #607D8B does not, so empty and unknown values use
 * a slightly darker shade of it.
 */
export const ETHNICITY_COLORS: Record<Ethnicity, string> = {
  Japanese: '#C62828',
  Chinese: '#B45309',
  Korean: '#1565C0',
  Vietnamese: '#2E7D32',
  European: '#6A1B9A',
  White: '#0E7490',
  Black: '#212121',
  Other: '#546E7A',
};
export const FALLBACK_COLOR = '#546E7A';

export function ethnicityColor(ethnicity: string): string {
  return (ETHNICITY_COLORS as Record<string, string>)[ethnicity] ?? FALLBACK_COLOR;
}

/**
 * The same colours as chip classes: the hub's Content-Security-Policy forbids style attributes, and
 * the stylesheet holds only classes written out in the sources.
 */
const ETHNICITY_CHIP_CLASSES: Record<Ethnicity, string> = {
  Japanese: 'bg-[#C62828] text-white',
  Chinese: 'bg-[#B45309] text-white',
  Korean: 'bg-[#1565C0] text-white',
  Vietnamese: 'bg-[#2E7D32] text-white',
  European: 'bg-[#6A1B9A] text-white',
  White: 'bg-[#0E7490] text-white',
  Black: 'bg-[#212121] text-white',
  Other: 'bg-[#546E7A] text-white',
};

export function ethnicityChipClass(ethnicity: string): string {
  return (ETHNICITY_CHIP_CLASSES as Record<string, string>)[ethnicity] ?? 'bg-[#546E7A] text-white';
}

/** Cups in the spec's sort order (A, B, C, D, DD, E, F). */
export const CUPS = ['A', 'B', 'C', 'D', 'DD', 'E', 'F'] as const;
export type Cup = (typeof CUPS)[number];
/** Bands 28 to 40 in steps of 2. */
export const BANDS = [28, 30, 32, 34, 36, 38, 40] as const;
/** Every valid breast size, band then cup: "28A" ... "40F". */
export const BREAST_SIZES: readonly string[] = BANDS.flatMap((band) => CUPS.map((cup) => `${band}${cup}`));
export const BREAST_SIZE_PATTERN = /^(28|30|32|34|36|38|40)(A|B|C|D|DD|E|F)$/;

/** The list's sort keys (`default`: favourites first, then ethnicity order, then name). */
export const MODEL_SORTS = ['default', 'name', 'age', 'breastSize', 'newest'] as const;
export type ModelSort = (typeof MODEL_SORTS)[number];
export const MODEL_SORT_LABELS: Record<ModelSort, string> = {
  default: 'Default',
  name: 'Name',
  age: 'Age',
  breastSize: 'Breast Size',
  newest: 'Newest',
};

/** Adults only: the youngest age a model may have. */
export const MIN_AGE = 18;
export const MAX_AGE = 120;

export interface ModelLink {
  name: string;
  url: string;
}

/** A model as the API answers with it. */
export interface Model {
  _id: string;
  name: string;
  /** One of ETHNICITIES, or '' (N/A). */
  ethnicity: Ethnicity | '';
  /** '' or a size such as '34DD'. */
  breastSize: string;
  age: number | null;
  height: string;
  /** '' or an absolute http(s) URL. */
  image: string;
  profilePicture: { url: string } | null;
  /**
   * What a card shows: the hub's own address of the picture (/api/models/{id}/picture?v=<hash of
   * the source URL>) when the model has a source (profilePicture.url, else image, else the avatar
   * service's when set up), else null (initials).
   */
  picture: string | null;
  description: string;
  tags: string[];
  links: ModelLink[];
  favorite: boolean;
  /** The same flag as `favorite`: the spec reads both. */
  isFavorite: boolean;
  created: string;
  updated: string | null;
}

/**
 * The query parameter of /models that holds the model whose gallery is open
 * (`/models?gallery=<modelId>`): reload, a shared link and Back keep it.
 */
export const MODEL_GALLERY_PARAM = 'gallery';

/** The spec's texts for models (toasts close after 3 s). */
export const MODEL_TEXT = {
  added: 'Model added successfully!',
  updated: 'Model updated successfully!',
  deleted: 'Model deleted successfully!',
  favoriteOn: 'Added to favorites',
  favoriteOff: 'Removed from favorites',
  fetchError: 'Error fetching models',
  loadFailed: 'Failed to load models',
  saveFailed: 'Failed to save model',
  deleteFailed: 'Failed to delete model',
  favoriteFailed: 'Failed to update favorite status',
  loginRequired: 'You must be logged in to perform this action',
  notFound: 'Model not found',
  /** A /models?gallery= address naming no model of the viewer's (deleted, mistyped, another member's). */
  galleryNotFound: 'That model is not in your models: its gallery cannot be opened',
  unknownAge: 'Unknown',
} as const;

/** "Showing 3 of 10 models". */
export function showingText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} models`;
}

/** Tags typed as comma-separated text: split, trimmed, empties dropped, duplicates (ignoring case) dropped. */
export function splitTags(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Absolute http(s) URLs only: javascript:, data:, file: and relative addresses are refused. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
