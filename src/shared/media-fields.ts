// A media item's fields, defined once (decision 0067). Each entry says what the field is (its kind,
// whether it may be null, whether older hubs may leave it out), where it comes from (the media
// row's column, or a value the hub works out) and how a lean gallery page carries it. Everything
// else is derived from this list, never written per field:
// - the TypeScript item (`MediaItem`, shared/media.ts) and the OpenAPI `MediaItem` schema;
// - the order of a lean row's values (`ROW_FIELDS`) and its codec (`leanPage` / `expandPage`);
// - the row → item mapping of plain columns (features/media/item.ts);
// - the edit body of PUT /api/{gallery}/{id} (fields with `edit`), the bulk call's set actions
//   (fields with `bulk`), the lists' filters (fields with `filter`) and sorts (fields with `sort`)
//   (features/media/media.schema.ts), and the list planner's conditions and orders for them
//   (features/media/media-list.repo.ts);
// - the column types of fields whose column only this list declares (`ownColumn`, media.table.ts).
// Adding a plain field is one entry here and its migration. Plain data only: the islands import it.

/** Where a library item's file is (MediaItem.library; its kind `library`). */
export interface MediaLibraryLink {
  _id: string;
  name: string;
  /** Relative to the library's folder, NFC, '/' between folders. */
  path: string;
}

/** The states of an item an entry's `values` name (kept here: shared/media.ts builds on this file). */
export const MEDIA_TYPES = ['image', 'video'] as const;
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export const GALLERIES = ['gallery', 'premium'] as const;
export const VIDEO_PLAYBACKS = ['original', 'remuxed', 'converted'] as const;

/**
 * How a lean row carries a value: `value` as it is; `bool` as 1 or 0; `implied` not at all (it
 * follows from the id: /media/{id}, /media/{id}/display); `present` as 1 or 0 (the item's own file
 * at `file` beside /media/{id}); `ownFile` as 1 when it is that own file, else the address; `library`
 * as [id, name, path, '1' when offline]; `withLibrary` inside the library's value.
 */
export type LeanCodec = 'value' | 'bool' | 'implied' | 'present' | 'ownFile' | 'library' | 'withLibrary';

export type FieldKind = 'text' | 'int' | 'number' | 'bool' | 'date' | 'tags' | 'enum' | 'library';

export interface FieldSpec {
  kind: FieldKind;
  values?: readonly string[];
  nullable?: boolean;
  /** An item may leave it out (items of older hubs, and fixtures, do): optional in the type and the schema. */
  optional?: boolean;
  /** A lean page names it (`fields`) when its items have it: a hub answers it on every item or on none. */
  named?: boolean;
  /** Whole numbers from `min` to `max` (edit input, filters, OpenAPI). */
  min?: number;
  max?: number;
  description?: string;
  /** The media row's column it is read from as it is (dates from epoch ms, booleans from 0/1, tags from JSON). */
  column?: string;
  /** The column is declared by this entry alone (its migration adds it): media.table.ts takes its type from here. */
  ownColumn?: boolean;
  lean: LeanCodec;
  /** Its default in a lean row when left out (a count is 0, not null). */
  leanDefault?: string | number | boolean;
  /** `present` and `ownFile`: the file's name beside /media/{id}. */
  file?: string;
  /** Changed by PUT /api/{gallery}/{id} as `{name: value}`, checked by its kind's rules (a 400 names the field). */
  edit?: boolean;
  /** A bulk action that sets the field on many items (`{action, ids, name: value}`). */
  bulk?: string;
  /** A list filter: only items whose value is at least the parameter's (a whole number from min to max). */
  filter?: { param: string; op: 'atLeast' };
  /**
   * A list sort by the column (its index: owner, gallery, bin, column, created, id), highest first
   * by default; ties by date then id in the same direction, and a null value sorts below every other.
   */
  sort?: boolean;
}

/** The fields in the order of a lean row: those every item has first, those often null last. */
export const MEDIA_FIELDS = {
  _id: { kind: 'text', column: 'id', lean: 'value' },
  title: { kind: 'text', column: 'title', lean: 'value', edit: true, min: 1, max: 500 },
  type: { kind: 'enum', values: MEDIA_TYPES, column: 'type', lean: 'value' },
  mimeType: { kind: 'text', column: 'mime_type', lean: 'value' },
  url: { kind: 'text', lean: 'implied', description: "The original's bytes: /media/{id}" },
  display: { kind: 'text', lean: 'implied', file: 'display', description: '/media/{id}/display: what a browser shows' },
  size: { kind: 'number', column: 'size', lean: 'value' },
  createdAt: { kind: 'date', column: 'created_at', lean: 'value' },
  originalName: { kind: 'text', column: 'original_name', lean: 'value' },
  source: { kind: 'enum', values: GALLERIES, column: 'gallery', lean: 'value' },
  status: { kind: 'enum', values: MEDIA_STATUSES, column: 'status', lean: 'value' },
  thumbnail: { kind: 'text', nullable: true, lean: 'present', file: 'thumbnail', description: '/media/{id}/thumbnail once processed' },
  isFavorite: { kind: 'bool', column: 'is_favorite', lean: 'bool' },
  tags: { kind: 'tags', column: 'tags', lean: 'value', edit: true },
  playCount: {
    kind: 'number',
    optional: true,
    column: 'play_count',
    lean: 'value',
    leanDefault: 0,
    description: 'How many times its owner watched it (videos): one per opening that started playing (POST …/played)',
  },
  width: { kind: 'number', nullable: true, column: 'width', lean: 'value' },
  height: { kind: 'number', nullable: true, column: 'height', lean: 'value' },
  placeholder: { kind: 'text', nullable: true, column: 'placeholder', lean: 'value', description: 'Base64 ThumbHash' },
  duration: { kind: 'number', nullable: true, column: 'duration', lean: 'value' },
  takenAt: { kind: 'date', nullable: true, column: 'taken_at', lean: 'value' },
  camera: {
    kind: 'text',
    nullable: true,
    column: 'camera',
    lean: 'value',
    description: 'The camera from EXIF Make and Model, e.g. "Apple iPhone 12 mini"; at most 100 characters',
  },
  modelId: { kind: 'text', nullable: true, column: 'model_id', lean: 'value' },
  modelName: { kind: 'text', nullable: true, lean: 'value' },
  failure: { kind: 'text', nullable: true, column: 'failure', lean: 'value' },
  deletedAt: { kind: 'date', nullable: true, column: 'deleted_at', lean: 'value' },
  playback: { kind: 'enum', values: VIDEO_PLAYBACKS, nullable: true, optional: true, column: 'playback', lean: 'value' },
  progress: { kind: 'number', nullable: true, optional: true, column: 'progress', lean: 'value' },
  playbackPosition: { kind: 'number', nullable: true, optional: true, column: 'playback_position', lean: 'value' },
  preview: { kind: 'text', nullable: true, optional: true, named: true, lean: 'ownFile', file: 'preview' },
  scrubber: { kind: 'text', nullable: true, optional: true, named: true, lean: 'ownFile', file: 'scrubber.vtt' },
  // A library item's library as [id, name, path], and '1' after them when it is offline.
  library: { kind: 'library', nullable: true, optional: true, named: true, lean: 'library' },
  offline: { kind: 'bool', optional: true, lean: 'withLibrary' },
  rating: {
    kind: 'int',
    nullable: true,
    optional: true,
    named: true,
    min: 1,
    max: 5,
    column: 'rating',
    ownColumn: true,
    lean: 'value',
    description: "Its owner's stars, 1 to 5; null when unrated",
    edit: true,
    bulk: 'rate',
    filter: { param: 'minRating', op: 'atLeast' },
    sort: true,
  },
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof MEDIA_FIELDS;
export type MediaFieldName = keyof Fields;

/** The value of one kind of field. */
type KindValue<S> = S extends { kind: 'text' | 'date' }
  ? string
  : S extends { kind: 'int' | 'number' }
    ? number
    : S extends { kind: 'bool' }
      ? boolean
      : S extends { kind: 'tags' }
        ? string[]
        : S extends { kind: 'enum'; values: readonly (infer V)[] }
          ? V
          : S extends { kind: 'library' }
            ? MediaLibraryLink
            : never;
export type FieldValue<S> = S extends { nullable: true } ? KindValue<S> | null : KindValue<S>;

/** One field's value. */
export type ValueOf<K extends MediaFieldName> = FieldValue<Fields[K]>;

type RequiredNames = { [K in MediaFieldName]: Fields[K] extends { optional: true } ? never : K }[MediaFieldName];
type OptionalNames = Exclude<MediaFieldName, RequiredNames>;
/** A media item as the API answers with it (both galleries): its fields' values, dates as ISO strings. */
export type MediaItemFields = { [K in RequiredNames]: FieldValue<Fields[K]> } & { [K in OptionalNames]?: FieldValue<Fields[K]> };

/** The names of the fields that have `key` set. */
export type NamesWith<Key extends keyof FieldSpec> = { [K in MediaFieldName]: Fields[K] extends Record<Key, unknown> ? K : never }[MediaFieldName];
const namesWith = <Key extends keyof FieldSpec>(key: Key) =>
  (Object.keys(MEDIA_FIELDS) as MediaFieldName[]).filter((name) => (MEDIA_FIELDS[name] as FieldSpec)[key] !== undefined) as NamesWith<Key>[];

/** A field's entry, read as the general shape (for code that goes over all of them). */
export const fieldSpec = (name: MediaFieldName): FieldSpec => MEDIA_FIELDS[name];

/** The fields PUT /api/{gallery}/{id} changes. */
export const EDITABLE_FIELDS = /* @__PURE__ */ namesWith('edit');
export type EditableField = (typeof EDITABLE_FIELDS)[number];
/** The fields a bulk action sets, and those actions. */
export const BULK_SET_FIELDS = /* @__PURE__ */ namesWith('bulk');
export type BulkSetField = (typeof BULK_SET_FIELDS)[number];
export type BulkSetAction = Fields[BulkSetField]['bulk'];
export const BULK_SET_ACTIONS = /* @__PURE__ */ BULK_SET_FIELDS.map((name) => MEDIA_FIELDS[name].bulk) as BulkSetAction[];
/** The bulk action's field. */
export const fieldOfBulkAction = (action: string): BulkSetField | undefined => BULK_SET_FIELDS.find((name) => MEDIA_FIELDS[name].bulk === action);
/** The fields a list filters by, and their query parameters. */
export const FILTER_FIELDS = /* @__PURE__ */ namesWith('filter');
export type FilterField = (typeof FILTER_FIELDS)[number];
export type FilterParam = Fields[FilterField]['filter']['param'];
/** The fields a list sorts by (each sort is named as its field). */
export const SORT_FIELDS = /* @__PURE__ */ namesWith('sort');
export type SortField = (typeof SORT_FIELDS)[number];
/** The fields whose column only this list declares, with the columns' value types. */
type OwnColumnField = NamesWith<'ownColumn'>;
export type OwnColumns = { [K in OwnColumnField as Fields[K]['column']]: FieldValue<Fields[K]> };

/** A field's whole-number bounds (edit input and filters). */
export const boundsOf = (name: MediaFieldName) => {
  const spec = fieldSpec(name);
  return { min: spec.min ?? 0, max: spec.max ?? Number.MAX_SAFE_INTEGER };
};
