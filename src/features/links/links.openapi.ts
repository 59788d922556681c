// The links API (/api/links) in the OpenAPI document: the answers' schemas (checked against the
// shared types) and each route.

import { z } from 'zod';
import { type DetectedLink, type ImportResult, LINK_CATEGORIES, type Link, type SyncResult } from '../../shared/links.ts';
import { type ApiPaths, doneSchema, errors, json, jsonBody, pathParams, queryOf, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { createLinkSchema, detectLinkSchema, linkFilters, linkListQuery, updateLinkSchema } from './links.schema.ts';

export const linkSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    url: z.string(),
    description: z.string(),
    category: z.enum(LINK_CATEGORIES),
    isFavorite: z.boolean(),
    lastVisited: z.string().nullable(),
    autoImported: z.boolean(),
    sourceModel: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Link' });
sameShape<Same<z.output<typeof linkSchema>, Link>>();

const detectedSchema = z.object({
  name: z.string(),
  description: z.string(),
  category: z.enum(LINK_CATEGORIES),
  url: z.string(),
  enhanced: z.boolean(),
  warning: z.string().optional(),
});
sameShape<Same<z.output<typeof detectedSchema>, DetectedLink>>();
const syncSchema = z.object({ imported: z.number(), links: z.array(linkSchema) });
sameShape<Same<z.output<typeof syncSchema>, SyncResult>>();
const importSchema = z.object({ imported: z.number(), skipped: z.number() });
sameShape<Same<z.output<typeof importSchema>, ImportResult>>();

const tags = ['Links'];
const linkId = pathParams('linkId');
const link = json(linkSchema, 'The link');
const totalCount = { 'X-Total-Count': { description: 'Links matching, all pages', schema: { type: 'integer' as const } } };

export const linksPaths: ApiPaths = {
  '/api/links': {
    get: {
      tags,
      summary: 'List your links (one page)',
      requestParams: { query: queryOf(linkListQuery, linkFilters) },
      responses: { '200': { ...json(z.array(linkSchema), 'One page of links'), headers: totalCount } },
    },
    post: { tags, summary: 'Add a link', requestBody: jsonBody(createLinkSchema), responses: { '201': link } },
  },
  '/api/links/detect': {
    post: {
      tags,
      summary: 'Link Dump: name, description and category for a URL',
      requestBody: jsonBody(detectLinkSchema),
      responses: { '200': json(detectedSchema, 'What was found') },
    },
  },
  '/api/links/sync-from-models': {
    post: { tags, summary: "Add your models' links", responses: { '200': json(syncSchema, 'The links added') } },
  },
  '/api/links/export': {
    get: {
      tags,
      summary: 'Your links as a browser bookmarks file',
      responses: { '200': { description: 'links.html (Netscape bookmarks)', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  },
  '/api/links/import': {
    post: {
      tags,
      summary: 'Import a browser bookmarks file',
      requestBody: {
        required: true,
        description: 'The file as multipart field `file`, or as the raw body.',
        content: {
          'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'text/html' } }, required: ['file'] } },
          'text/html': { schema: { type: 'string' } },
        },
      },
      responses: { '200': json(importSchema, 'How many were imported'), ...errors(400, 413) },
    },
  },
  '/api/links/{linkId}': {
    get: { tags, summary: 'A link', requestParams: { path: linkId }, responses: { '200': link, ...errors(404) } },
    put: {
      tags,
      summary: 'Change a link',
      requestParams: { path: linkId },
      requestBody: jsonBody(updateLinkSchema),
      responses: { '200': link, ...errors(404) },
    },
    delete: { tags, summary: 'Delete a link', requestParams: { path: linkId }, responses: { '200': json(doneSchema, 'Deleted'), ...errors(404) } },
  },
  '/api/links/{linkId}/visit': {
    post: { tags, summary: 'Count a visit (lastVisited)', requestParams: { path: linkId }, responses: { '200': link, ...errors(404) } },
  },
};
