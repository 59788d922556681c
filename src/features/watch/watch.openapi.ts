// The streaming-sites API (/api/streaming-sites) in the OpenAPI document.

import { z } from 'zod';
import { STREAMING_SITE_CATEGORIES, type StreamingSite } from '../../shared/watch.ts';
import { type ApiPaths, doneSchema, errors, json, jsonBody, pathParams, queryOf, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { createSiteSchema, siteFilterSchema, siteListQuerySchema, updateSiteSchema } from './watch.schema.ts';

const siteSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    url: z.string(),
    description: z.string(),
    category: z.enum(STREAMING_SITE_CATEGORIES),
    isFavorite: z.boolean(),
    lastVisited: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'StreamingSite' });
sameShape<Same<z.output<typeof siteSchema>, StreamingSite>>();

const tags = ['Streaming sites'];
const siteId = pathParams('siteId');
const site = json(siteSchema, 'The site');

export const watchPaths: ApiPaths = {
  '/api/streaming-sites': {
    get: {
      tags,
      summary: 'List your streaming sites (one page)',
      requestParams: { query: queryOf(siteListQuerySchema, siteFilterSchema) },
      responses: {
        '200': {
          ...json(z.array(siteSchema), 'One page of sites'),
          headers: { 'X-Total-Count': { description: 'Sites matching, all pages', schema: { type: 'integer' } } },
        },
      },
    },
    post: { tags, summary: 'Add a site', requestBody: jsonBody(createSiteSchema), responses: { '201': site } },
  },
  '/api/streaming-sites/{siteId}': {
    get: { tags, summary: 'A site', requestParams: { path: siteId }, responses: { '200': site, ...errors(404) } },
    put: {
      tags,
      summary: 'Change a site',
      requestParams: { path: siteId },
      requestBody: jsonBody(updateSiteSchema),
      responses: { '200': site, ...errors(404) },
    },
    delete: { tags, summary: 'Delete a site', requestParams: { path: siteId }, responses: { '200': json(doneSchema, 'Deleted'), ...errors(404) } },
  },
  '/api/streaming-sites/{siteId}/visit': {
    post: { tags, summary: 'Count a visit (lastVisited)', requestParams: { path: siteId }, responses: { '200': site, ...errors(404) } },
  },
};
