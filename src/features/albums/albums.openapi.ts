// The albums API (/api/albums) in the OpenAPI document: the answers' schemas (checked against the
// shared types) and each route.

import { z } from 'zod';
import type { Album, AlbumDetail, AlbumMediaAdded, AlbumMediaRemoved, AlbumPage } from '../../shared/albums.ts';
import { mediaItemSchema } from '../media/media.openapi.ts';
import { type ApiPaths, doneSchema, errors, json, jsonBody, pathParams, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { albumMediaIdsSchema, albumMediaQuery, albumsQuery, createAlbumSchema, updateAlbumSchema } from './albums.schema.ts';

const coverSchema = z.object({ _id: z.string(), url: z.string(), type: z.enum(['image', 'video']), thumbnail: z.string().nullable() });

const albumFields = {
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  coverImage: coverSchema.nullable(),
  mediaCount: z.number(),
  created: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const albumSchema = z.object(albumFields).meta({ id: 'Album' });
sameShape<Same<z.output<typeof albumSchema>, Album>>();

const albumPageSchema = z.object({ albums: z.array(albumSchema), totalItems: z.number(), totalPages: z.number() }).meta({ id: 'AlbumPage' });
sameShape<Same<z.output<typeof albumPageSchema>, AlbumPage>>();

const albumDetailSchema = z
  .object({ ...albumFields, media: z.array(mediaItemSchema), totalItems: z.number(), totalPages: z.number() })
  .meta({ id: 'AlbumDetail' });
sameShape<Same<z.output<typeof albumDetailSchema>, AlbumDetail>>();

const addedSchema = z.object({ added: z.number(), album: albumSchema });
sameShape<Same<z.output<typeof addedSchema>, AlbumMediaAdded>>();
const removedSchema = z.object({ removed: z.number(), album: albumSchema });
sameShape<Same<z.output<typeof removedSchema>, AlbumMediaRemoved>>();

const tags = ['Albums'];
const id = pathParams('id');

export const albumsPaths: ApiPaths = {
  '/api/albums': {
    get: { tags, summary: 'List your albums', requestParams: { query: albumsQuery }, responses: { '200': json(albumPageSchema, 'One page of albums') } },
    post: { tags, summary: 'Create an album', requestBody: jsonBody(createAlbumSchema), responses: { '201': json(albumSchema, 'The album') } },
  },
  '/api/albums/{id}': {
    get: {
      tags,
      summary: 'An album with one page of its items',
      requestParams: { path: id, query: albumMediaQuery },
      responses: { '200': json(albumDetailSchema, 'The album and its items'), ...errors(404) },
    },
    put: {
      tags,
      summary: 'Change an album',
      requestParams: { path: id },
      requestBody: jsonBody(updateAlbumSchema),
      responses: { '200': json(albumSchema, 'The album'), ...errors(404) },
    },
    delete: {
      tags,
      summary: 'Delete an album (its items stay)',
      requestParams: { path: id },
      responses: { '200': json(doneSchema, 'Deleted'), ...errors(404) },
    },
  },
  '/api/albums/{id}/media': {
    post: {
      tags,
      summary: 'Add items',
      requestParams: { path: id },
      requestBody: jsonBody(albumMediaIdsSchema),
      responses: { '200': json(addedSchema, 'How many were added'), ...errors(404) },
    },
    delete: {
      tags,
      summary: 'Remove items (they stay in their gallery)',
      requestParams: { path: id },
      requestBody: jsonBody(albumMediaIdsSchema),
      responses: { '200': json(removedSchema, 'How many were removed'), ...errors(404) },
    },
  },
};
