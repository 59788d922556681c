// zod schemas of the gallery API's input: the list's query string (each bad value a 400 naming its
// parameter) and the edit body ({title} and/or {tags}). Fields the API does not take are ignored,
// so a client may send a whole item back with one field changed.

import { z } from 'zod';
import {
  BULK_ACTIONS,
  DEFAULT_PAGE_SIZE,
  GALLERY_FILTERS,
  GALLERY_SORTS,
  MAX_BULK_ITEMS,
  MAX_PAGE_SIZE,
  MAX_TAG_LENGTH,
  MAX_TAGS_PER_ITEM,
  MAX_TITLE_LENGTH,
  normaliseTags,
  PREMIUM_FILTERS,
  PREMIUM_SORTS,
  type PremiumFilter,
  type PremiumSort,
  SORT_ORDERS,
  type SortOrder,
} from '../../shared/media.ts';
import {
  BULK_SET_FIELDS,
  boundsOf,
  EDITABLE_FIELDS,
  type EditableField,
  FILTER_FIELDS,
  type FilterField,
  fieldSpec,
  MEDIA_FIELDS,
  type MediaFieldName,
  type ValueOf,
} from '../../shared/media-fields.ts';

export const MEDIA_INPUT_MESSAGES = {
  page: 'page must be a whole number of 1 or more',
  limit: `limit must be between 1 and ${MAX_PAGE_SIZE}`,
  filter: `filter must be one of ${GALLERY_FILTERS.join(', ')}`,
  sortBy: `sortBy must be one of ${GALLERY_SORTS.join(', ')}`,
  sort: `sort must be one of ${GALLERY_SORTS.join(', ')}`,
  premiumFilter: `filter must be one of ${PREMIUM_FILTERS.join(', ')}`,
  premiumSortBy: `sortBy must be one of ${PREMIUM_SORTS.join(', ')}`,
  premiumSort: `sort must be one of ${PREMIUM_SORTS.join(', ')}`,
  sortOrder: `sortOrder must be one of ${SORT_ORDERS.join(', ')}`,
  order: `order must be one of ${SORT_ORDERS.join(', ')}`,
  sortsDisagree: 'sort and sortBy name different orders: send one of them',
  ordersDisagree: 'order and sortOrder name different directions: send one of them',
  search: 'search must be at most 200 characters',
  tagsQuery: `tags must be a comma list of at most ${MAX_TAGS_PER_ITEM} tags of at most ${MAX_TAG_LENGTH} characters each`,
  modelId: 'modelId must be a model id',
  libraryId: 'libraryId must be the id of a library',
  titleEmpty: 'Title cannot be empty',
  titleLong: `Title must be at most ${MAX_TITLE_LENGTH} characters`,
  titleType: 'title must be text',
  tagsType: 'tags must be a list of text (or one comma-separated text)',
  tagLong: `Each tag must be at most ${MAX_TAG_LENGTH} characters`,
  tooManyTags: `An item can have at most ${MAX_TAGS_PER_ITEM} tags`,
  nothingToUpdate: `Send ${EDITABLE_FIELDS.slice(0, -1).join(', ')} or ${EDITABLE_FIELDS.at(-1)} to update`,
  galleryId: 'galleryId must be the id of an image in your gallery',
  action: `action must be one of ${BULK_ACTIONS.join(', ')}`,
  ids: `ids must be a list of 1 to ${MAX_BULK_ITEMS} media ids`,
  bulkTags: 'This action needs tags',
  albumId: 'add-to-album needs an albumId',
  premiumOnlyHere: 'move-to-premium moves items of the free gallery only',
  mediaIds: `Send mediaId, or mediaIds: a list of 1 to ${MAX_BULK_ITEMS} media ids`,
  position: "position must be a number of seconds from 0 to the video's duration",
  notVideo: 'Only a video has a playback position and a play count',
} as const;
const M = MEDIA_INPUT_MESSAGES;

/** Query values arrive as text; an empty one (a form's blank field) means "not given". */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

const tagList = (text: string) => normaliseTags(text.split(','));

// --- What the fields' definition (shared/media-fields.ts) gives the input: each filter's query
// parameter, each editable field's value (the edit body and the bulk call's set actions). ---

/** A filter's parameter: a whole number within the field's bounds (a 400 names it otherwise). */
export const filterMessage = (name: FilterField) => {
  const { min, max } = boundsOf(name);
  return `${MEDIA_FIELDS[name].filter.param} must be a whole number from ${min} to ${max}`;
};
const filterParams = Object.fromEntries(
  FILTER_FIELDS.map((name) => {
    const { min, max } = boundsOf(name);
    const message = filterMessage(name);
    return [MEDIA_FIELDS[name].filter.param, optionalQuery(z.coerce.number({ message }).int(message).min(min, message).max(max, message))];
  }),
) as unknown as Record<(typeof MEDIA_FIELDS)[FilterField]['filter']['param'], z.ZodType<number | undefined>>;
/** The filters a list query names, by field: only items whose value is at least this. */
export type FieldFilters = Partial<Record<FilterField, number>>;
const fieldFiltersOf = (q: Record<string, unknown>): FieldFilters =>
  Object.fromEntries(FILTER_FIELDS.flatMap((name) => (q[MEDIA_FIELDS[name].filter.param] === undefined ? [] : [[name, q[MEDIA_FIELDS[name].filter.param]]])));

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** The message of a whole-number field's bad value. */
export const valueMessage = (name: MediaFieldName) => {
  const { min, max } = boundsOf(name);
  return `${name} must be a whole number from ${min} to ${max}${fieldSpec(name).nullable ? ', or null to clear it' : ''}`;
};

export interface MediaListQuery {
  page: number;
  limit: number;
  offset: number;
  /** `albums` (items in any album) is the premium gallery's only. */
  filter: PremiumFilter;
  /** Trimmed; '' when none. */
  search: string;
  /** `date` is read as createdAt; `type` is the premium gallery's only; `plays`: play count, then newest. */
  sortBy: Exclude<PremiumSort, 'date'>;
  sortOrder: SortOrder;
  /** As given (trimmed, unique ignoring case); items must carry all of them. */
  tags: string[];
  modelId?: string | undefined;
  /** Only the items of this library folder (decision 0043). */
  libraryId?: string | undefined;
  /** The fields' filters (shared/media-fields.ts: `filter`), by field; none when left out. */
  atLeast?: FieldFilters;
}

/**
 * The list query of a gallery with these filters and sorts: defaults 1, 50, all, createdAt, desc.
 * The order is `sortBy`/`sortOrder` (the spec's names) or `sort`/`order` (the hub's other lists'):
 * an unknown value of either spelling is a 400, never a silent default.
 */
const listQueryOf = <F extends PremiumFilter, S extends PremiumSort>(
  filters: readonly [F, ...F[]],
  sorts: readonly [S, ...S[]],
  messages: { filter: string; sortBy: string; sort: string },
) =>
  z
    .object({
      page: optionalQuery(wholeNumber(M.page, 1, 1_000_000)),
      limit: optionalQuery(wholeNumber(M.limit, 1, MAX_PAGE_SIZE)),
      filter: optionalQuery(z.enum(filters, { message: messages.filter })),
      search: optionalQuery(z.string({ message: M.search }).max(200, M.search)),
      sortBy: optionalQuery(z.enum(sorts, { message: messages.sortBy })),
      sort: optionalQuery(z.enum(sorts, { message: messages.sort })),
      sortOrder: optionalQuery(z.enum(SORT_ORDERS, { message: M.sortOrder })),
      order: optionalQuery(z.enum(SORT_ORDERS, { message: M.order })),
      tags: optionalQuery(
        z
          .string({ message: M.tagsQuery })
          .max(MAX_TAGS_PER_ITEM * (MAX_TAG_LENGTH + 1), M.tagsQuery)
          .refine((text) => {
            const tags = tagList(text);
            return tags.length <= MAX_TAGS_PER_ITEM && tags.every((t) => t.length <= MAX_TAG_LENGTH);
          }, M.tagsQuery),
      ),
      modelId: optionalQuery(z.string({ message: M.modelId }).max(100, M.modelId)),
      libraryId: optionalQuery(z.string({ message: M.libraryId }).max(100, M.libraryId)),
      ...filterParams,
    })
    .superRefine((q, ctx) => {
      const same = (a: string | undefined, b: string | undefined) =>
        a === undefined || b === undefined || a === b || (a === 'date' ? 'createdAt' : a) === (b === 'date' ? 'createdAt' : b);
      if (!same(q.sort, q.sortBy)) ctx.addIssue({ code: 'custom', message: M.sortsDisagree });
      if (!same(q.order, q.sortOrder)) ctx.addIssue({ code: 'custom', message: M.ordersDisagree });
    })
    .transform((q): MediaListQuery => {
      const limit = q.limit ?? DEFAULT_PAGE_SIZE;
      const page = q.page ?? 1;
      const sortBy: PremiumSort = q.sortBy ?? q.sort ?? 'createdAt';
      return {
        page,
        limit,
        offset: (page - 1) * limit,
        filter: q.filter ?? 'all',
        search: (q.search ?? '').trim(),
        sortBy: sortBy === 'date' ? 'createdAt' : sortBy,
        sortOrder: q.sortOrder ?? q.order ?? 'desc',
        tags: q.tags === undefined ? [] : tagList(q.tags),
        modelId: q.modelId,
        libraryId: q.libraryId,
        atLeast: fieldFiltersOf(q),
      };
    });

/** GET /api/gallery (and the page). */
export const mediaListQuery = listQueryOf(GALLERY_FILTERS, GALLERY_SORTS, M);
/** GET /api/premium (and the page): the gallery's, with the albums filter and the sort by type. */
export const premiumListQuery = listQueryOf(PREMIUM_FILTERS, PREMIUM_SORTS, { filter: M.premiumFilter, sortBy: M.premiumSortBy, sort: M.premiumSort });

/** GET /api/gallery/recycling-bin: only paging. */
export const binListQuery = z
  .object({
    page: optionalQuery(wholeNumber(M.page, 1, 1_000_000)),
    limit: optionalQuery(wholeNumber(M.limit, 1, MAX_PAGE_SIZE)),
  })
  .transform((q) => {
    const limit = q.limit ?? DEFAULT_PAGE_SIZE;
    const page = q.page ?? 1;
    return { page, limit, offset: (page - 1) * limit };
  });

/**
 * Tags as a list, or as one comma-separated text (what a tag field and the upload send): either
 * way trimmed, empties dropped, unique ignoring case; too long a tag is refused, never cut.
 */
export const tagsInput = z
  .union([z.array(z.string({ message: M.tagsType }), { message: M.tagsType }), z.string({ message: M.tagsType })], { message: M.tagsType })
  .transform((value) => normaliseTags(typeof value === 'string' ? value.split(',') : value))
  .refine((tags) => tags.every((t) => t.length <= MAX_TAG_LENGTH), M.tagLong)
  .refine((tags) => tags.length <= MAX_TAGS_PER_ITEM, M.tooManyTags);

/** An editable field's value, checked by its kind's rules (shared/media-fields.ts). */
function valueSchemaOf(name: EditableField) {
  const spec = fieldSpec(name);
  switch (spec.kind) {
    case 'tags':
      return tagsInput;
    case 'int': {
      const { min, max } = boundsOf(name);
      const message = valueMessage(name);
      const value = z.int({ message }).min(min, message).max(max, message);
      return spec.nullable ? value.nullable() : value;
    }
    default: {
      const { min, max } = boundsOf(name);
      return z
        .string({ message: `${name} must be text` })
        .trim()
        .min(min, `${capital(name)} cannot be empty`)
        .max(max, `${capital(name)} must be at most ${max} characters`);
    }
  }
}
type ValueSchemas = { [K in EditableField]: ReturnType<typeof valueSchemaOf> };
const valueSchemas = Object.fromEntries(EDITABLE_FIELDS.map((name) => [name, valueSchemaOf(name)])) as ValueSchemas;
/** The edit's value types, by field. */
export type EditValues = { [K in EditableField]?: ValueOf<K> };

/** PUT /api/gallery/{id}/update and PUT /api/gallery/{id}: any of the editable fields (title, tags, ...). */
export const updateMediaSchema = z
  .object(Object.fromEntries(EDITABLE_FIELDS.map((name) => [name, valueSchemas[name].optional()])) as { [K in EditableField]: z.ZodOptional<ValueSchemas[K]> })
  .refine((body) => EDITABLE_FIELDS.some((name) => body[name] !== undefined), M.nothingToUpdate) as unknown as z.ZodType<EditValues>;
export type UpdateMediaInput = z.output<typeof updateMediaSchema>;

/** PUT /api/models/{id}/profile-picture. */
export const profilePictureSchema = z.object({
  galleryId: z.string({ message: M.galleryId }).trim().min(1, M.galleryId).max(100, M.galleryId),
});

/** A media id in a list; a bad one is refused with the list's message. */
const mediaIdOf = (message: string) => z.string({ message }).trim().min(1, message).max(100, message);

/** POST /api/gallery/bulk and /api/premium/bulk: {action, ids, tags?, albumId?}. */
export const bulkSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { message: M.action }),
    ids: z.array(mediaIdOf(M.ids), { message: M.ids }).min(1, M.ids).max(MAX_BULK_ITEMS, M.ids),
    tags: tagsInput.optional(),
    albumId: z.string({ message: M.albumId }).trim().min(1, M.albumId).max(100, M.albumId).optional(),
    ...(Object.fromEntries(BULK_SET_FIELDS.map((name) => [name, valueSchemas[name].optional()])) as {
      [K in (typeof BULK_SET_FIELDS)[number]]: z.ZodOptional<ValueSchemas[K]>;
    }),
  })
  .superRefine((body, ctx) => {
    // A set action needs its field's value (null clears it where the field may be null).
    for (const name of BULK_SET_FIELDS) {
      if (body.action === MEDIA_FIELDS[name].bulk && body[name] === undefined)
        ctx.addIssue({ code: 'custom', message: `${body.action} needs ${name}: ${valueMessage(name)}` });
    }
    const needsTags = body.action === 'add-tags' || body.action === 'remove-tags' || body.action === 'set-tags';
    // set-tags may clear every tag; adding or removing nothing is a mistake.
    if (needsTags && (body.tags === undefined || (body.action !== 'set-tags' && body.tags.length === 0))) ctx.addIssue({ code: 'custom', message: M.bulkTags });
    if (body.action === 'add-to-album' && body.albumId === undefined) ctx.addIssue({ code: 'custom', message: M.albumId });
  })
  .transform((body) => ({ ...body, ids: [...new Set(body.ids)] }));
export type BulkInput = z.output<typeof bulkSchema>;

/** POST /api/gallery/move-to-premium: {mediaId} (the spec's one call per item) or {mediaIds}. */
export const moveToPremiumSchema = z
  .object(
    {
      mediaId: mediaIdOf(M.mediaIds).optional(),
      mediaIds: z.array(mediaIdOf(M.mediaIds), { message: M.mediaIds }).min(1, M.mediaIds).max(MAX_BULK_ITEMS, M.mediaIds).optional(),
    },
    { message: M.mediaIds },
  )
  .refine((body) => body.mediaId !== undefined || body.mediaIds !== undefined, M.mediaIds)
  .transform((body) => [...new Set([...(body.mediaId === undefined ? [] : [body.mediaId]), ...(body.mediaIds ?? [])])]);

/** PUT /api/gallery/{id}/playback and /api/premium/{id}/playback: {position} in seconds (the item's duration is checked by the service). */
export const playbackPositionSchema = z.object({
  position: z.number({ message: M.position }).finite(M.position).min(0, M.position),
});
