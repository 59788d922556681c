// The galleries' API in the OpenAPI document: the answers' schemas (checked against the shared
// types) and each route of /api/gallery, /api/premium, /api/tags and the byte routes of /media.

import { z } from 'zod';
import { BULK_ACTIONS, type BulkResult, type MediaItem, type MediaPage, type TagVocabulary, type UploadResult } from '../../shared/media.ts';
import { type FieldSpec, fieldSpec, MEDIA_FIELDS, type MediaFieldName } from '../../shared/media-fields.ts';
import { behindLock } from '../locks/locks.openapi.ts';
import { type ApiOperation, type ApiPaths, doneSchema, errors, json, jsonBody, pathParams, type Same, SIGNED_IN, sameShape } from '../openapi/openapi.parts.ts';
import { duplicatesQuery, resolveSchema } from './duplicates/duplicates.schema.ts';
import type { DuplicateGroup } from './duplicates/duplicates.service.ts';
import { binListQuery, bulkSchema, mediaListQuery, moveToPremiumSchema, playbackPositionSchema, premiumListQuery, updateMediaSchema } from './media.schema.ts';

const date = z.string().meta({ description: 'ISO 8601 date and time' });

export const mediaLibraryLinkSchema = z
  .object({ _id: z.string(), name: z.string(), path: z.string().meta({ description: "Relative to the library's folder" }) })
  .meta({ id: 'MediaLibraryLink' });

/** One field's schema, from its definition (shared/media-fields.ts). */
function fieldSchema(spec: FieldSpec): z.ZodType {
  const base: z.ZodType = (() => {
    switch (spec.kind) {
      case 'text':
        return z.string();
      case 'date':
        return date;
      case 'int':
        return z
          .int()
          .min(spec.min ?? Number.MIN_SAFE_INTEGER)
          .max(spec.max ?? Number.MAX_SAFE_INTEGER);
      case 'number':
        return z.number();
      case 'bool':
        return z.boolean();
      case 'tags':
        return z.array(z.string());
      case 'enum':
        return z.enum(spec.values as [string, ...string[]]);
      case 'library':
        return mediaLibraryLinkSchema;
    }
  })();
  const nullable = spec.nullable ? base.nullable() : base;
  const optional = spec.optional ? nullable.optional() : nullable;
  return spec.description ? optional.meta({ description: spec.description }) : optional;
}

/** The item as the API answers it: every field of shared/media-fields.ts, in its order. */
export const mediaItemSchema = z
  .object(Object.fromEntries(Object.keys(MEDIA_FIELDS).map((name) => [name, fieldSchema(fieldSpec(name as MediaFieldName))])))
  .meta({ id: 'MediaItem' }) as unknown as z.ZodType<MediaItem>;
sameShape<Same<z.output<typeof mediaItemSchema>, MediaItem>>();

export const mediaPageSchema = z.object({ media: z.array(mediaItemSchema), totalItems: z.number(), totalPages: z.number() }).meta({ id: 'MediaPage' });
sameShape<Same<z.output<typeof mediaPageSchema>, MediaPage>>();

export const uploadResultSchema = z
  .object({ media: z.array(mediaItemSchema), errors: z.array(z.object({ name: z.string(), error: z.string() })) })
  .meta({ id: 'UploadResult' });
sameShape<Same<z.output<typeof uploadResultSchema>, UploadResult>>();
const uploadRefusedSchema = uploadResultSchema.extend({ error: z.string() }).meta({ id: 'UploadRefused' });

const bulkResultSchema = z.object({ updated: z.number() }).meta({ id: 'BulkResult' });
sameShape<Same<z.output<typeof bulkResultSchema>, BulkResult>>();

export const tagVocabularySchema = z
  .object({ groups: z.array(z.object({ name: z.string(), tags: z.array(z.string()) })), custom: z.array(z.string()) })
  .meta({ id: 'TagVocabulary' });
sameShape<Same<z.output<typeof tagVocabularySchema>, TagVocabulary>>();

const duplicateGroupSchema = z
  .object({
    originalName: z.string(),
    size: z.number(),
    checksum: z.string().nullable(),
    distance: z.number().optional(),
    duplicates: z.array(mediaItemSchema),
  })
  .meta({ id: 'DuplicateGroup' });
sameShape<Same<z.output<typeof duplicateGroupSchema>, DuplicateGroup>>();

const withMedia = z.object({ success: z.literal(true), message: z.string(), media: mediaItemSchema });
const id = pathParams('id');
const item = json(mediaItemSchema, 'The item');

/** The multipart upload: files under `files` (or `media`), with optional fields for all of them. */
const uploadBody: ApiOperation['requestBody'] = {
  required: true,
  description: 'Streamed; each file is checked as it arrives (type sniffed, size capped).',
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: {
          files: {
            type: 'array',
            items: { type: 'string', contentMediaType: 'application/octet-stream' },
            description: 'One or more files (also accepted as `media`)',
          },
          title: { type: 'string', description: 'The title when one file is sent' },
          tags: { type: 'string', description: 'Comma-joined tags' },
          modelId: { type: 'string' },
          modelName: { type: 'string', description: 'The model by name (instead of modelId)' },
        },
        required: ['files'],
      },
    },
  },
};

/** The routes both galleries share, with their paths (the free gallery's spec paths differ in places). */
function galleryPaths(prefix: '/api/gallery' | '/api/premium', tag: string): ApiPaths {
  const free = prefix === '/api/gallery';
  const ops = {
    list: {
      summary: 'List items (one page)',
      description: `The order is \`sortBy\` and \`sortOrder\` (the spec's names) or \`sort\` and \`order\`: createdAt (or date, the default), title (ignoring case), duration, size${free ? '' : ', type (images, then videos)'} and plays (the most played first: by play count, ties by date), in desc (the default) or asc order. An unknown value of either spelling, or two spellings that disagree, is a 400 with {error}; nothing falls back silently.`,
      requestParams: { query: free ? mediaListQuery : premiumListQuery },
      responses: { '200': json(mediaPageSchema, 'One page of items'), ...errors(400) },
    },
    bin: { summary: 'List the recycling bin', requestParams: { query: binListQuery }, responses: { '200': json(mediaPageSchema, 'One page of binned items') } },
    get: { summary: 'Get an item', requestParams: { path: id }, responses: { '200': item, ...errors(404) } },
    update: {
      summary: 'Change title and/or tags',
      requestParams: { path: id },
      requestBody: jsonBody(updateMediaSchema),
      responses: { '200': item, ...errors(404) },
    },
    favorite: { summary: 'Toggle the favourite flag', requestParams: { path: id }, responses: { '200': item, ...errors(404) } },
    playback: {
      summary: 'Save where playback stopped (videos)',
      requestParams: { path: id },
      requestBody: jsonBody(playbackPositionSchema),
      responses: { '200': item, ...errors(404) },
    },
    played: { summary: 'Count one play', requestParams: { path: id }, responses: { '200': item, ...errors(404) } },
    toBin: { summary: 'Move to the recycling bin', requestParams: { path: id }, responses: { '200': json(withMedia, 'Moved to the bin'), ...errors(404) } },
    restore: { summary: 'Restore from the bin', requestParams: { path: id }, responses: { '200': json(withMedia, 'Restored'), ...errors(404) } },
    forever: { summary: 'Delete for ever (bytes too)', requestParams: { path: id }, responses: { '200': json(doneSchema, 'Deleted'), ...errors(404) } },
  } satisfies Record<string, ApiOperation>;
  const tagged = {} as Record<keyof typeof ops, ApiOperation>;
  for (const [name, op] of Object.entries(ops) as [keyof typeof ops, ApiOperation][]) tagged[name] = { tags: [tag], ...op };
  const paths: ApiPaths = {
    [prefix]: { get: tagged.list },
    [`${prefix}/recycling-bin`]: { get: tagged.bin },
    [`${prefix}/bulk`]: {
      post: {
        tags: [tag],
        summary: `One action on many items (${BULK_ACTIONS.join(', ')})`,
        requestBody: jsonBody(bulkSchema),
        responses: { '200': json(bulkResultSchema, 'How many items changed'), ...errors(404) },
      },
    },
    [`${prefix}/upload`]: {
      post: {
        tags: [tag],
        summary: 'Upload files',
        security: SIGNED_IN,
        requestBody: uploadBody,
        responses: {
          '201': json(uploadResultSchema, 'The items made (and any file refused)'),
          '400': json(uploadRefusedSchema, 'No file was accepted'),
          '413': json(uploadRefusedSchema, 'A file or the request was too large'),
          '415': json(uploadRefusedSchema, 'No file was of a supported type'),
        },
      },
    },
    [`${prefix}/duplicates`]: {
      get: {
        tags: [tag],
        summary: 'Groups of duplicates (exact, or similar pictures)',
        requestParams: { query: duplicatesQuery },
        responses: { '200': json(z.array(duplicateGroupSchema), 'The groups') },
      },
      delete: {
        tags: [tag],
        summary: 'Delete exact copies (all but the newest of each group)',
        responses: { '200': json(z.object({ deletedCount: z.number(), message: z.string() }), 'How many were deleted') },
      },
    },
    [`${prefix}/duplicates/resolve`]: {
      post: {
        tags: [tag],
        summary: 'Keep one item of a similar group, delete the others',
        requestBody: jsonBody(resolveSchema),
        responses: { '200': json(z.object({ kept: mediaItemSchema, deletedCount: z.number() }), 'The item kept'), ...errors(404) },
      },
    },
    [`${prefix}/{id}`]: free ? { get: tagged.get, put: tagged.update } : { get: tagged.get, put: tagged.update, delete: tagged.toBin },
    [`${prefix}/{id}/favorite`]: { post: tagged.favorite },
    [`${prefix}/{id}/playback`]: { put: tagged.playback },
    [`${prefix}/{id}/played`]: { post: tagged.played },
    [`${prefix}/{id}/restore`]: { post: tagged.restore },
    [free ? `${prefix}/{id}/permanent-delete` : `${prefix}/{id}/permanent`]: { delete: tagged.forever },
  };
  if (free) {
    paths[`${prefix}/{id}/update`] = { put: { ...tagged.update, summary: 'Change title and/or tags (the spec’s path)' } };
    paths[`${prefix}/{id}/delete`] = { delete: tagged.toBin };
    paths[`${prefix}/move-to-premium`] = {
      post: {
        tags: [tag],
        summary: 'Move items to premium',
        requestBody: jsonBody(moveToPremiumSchema),
        responses: { '200': json(z.object({ success: z.literal(true), moved: z.number(), message: z.string() }), 'How many moved'), ...errors(404) },
      },
    };
  }
  return paths;
}

const bytes = (summary: string, types: string[]): ApiOperation => ({
  tags: ['Media bytes'],
  summary,
  requestParams: { path: id, header: z.object({ range: z.string().optional().meta({ description: 'bytes=start-end' }) }) },
  responses: {
    '200': { description: 'The bytes', content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])) },
    '206': { description: 'The range asked for' },
    '304': { description: 'Not modified (ETag)' },
    ...errors(404, 416),
  },
});

export const mediaPaths: ApiPaths = {
  ...galleryPaths('/api/gallery', 'The Red Room'),
  ...behindLock(galleryPaths('/api/premium', 'Premium')),
  '/api/tags': { get: { tags: ['Tags'], summary: 'The tag vocabulary and your own tags', responses: { '200': json(tagVocabularySchema, 'The tags') } } },
  '/media/{id}': { get: bytes('The original file', ['image/*', 'video/*']) },
  '/media/{id}/thumbnail': { get: bytes('The thumbnail', ['image/webp']) },
  '/media/{id}/display': { get: bytes('What a browser shows (a rendition, or the original)', ['image/*', 'video/*']) },
  '/media/{id}/preview': { get: bytes('A short muted clip (videos)', ['video/mp4']) },
  '/media/{id}/scrubber.vtt': { get: bytes('The seek bar frames as WebVTT (videos)', ['text/vtt']) },
  '/media/{id}/scrubber/{sheet}': {
    get: { ...bytes('One sheet of seek bar frames', ['image/webp']), requestParams: { path: pathParams('id', 'sheet') } },
  },
};
