// The libraries API (/api/libraries) in the OpenAPI document: the answers' schemas (checked against
// the shared types) and each route.

import { z } from 'zod';
import { LIBRARY_SCAN_STATES, type Library, type LibraryFolders, type LibraryList, type LibraryScan } from '../../shared/libraries.ts';
import { GALLERIES } from '../../shared/media.ts';
import { type ApiPaths, errors, json, jsonBody, pathParams, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { createLibrarySchema, foldersQuery, updateLibrarySchema } from './libraries.schema.ts';

const scanSchema = z.object({
  state: z.enum(LIBRARY_SCAN_STATES),
  found: z.number(),
  added: z.number(),
  updated: z.number(),
  missing: z.number(),
  skipped: z.number(),
  failed: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  errors: z.array(z.object({ path: z.string(), error: z.string() })),
});
sameShape<Same<z.output<typeof scanSchema>, LibraryScan>>();

const librarySchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    path: z.string(),
    ownerId: z.string(),
    gallery: z.enum(GALLERIES),
    tags: z.array(z.string()),
    lastScan: scanSchema.nullable(),
    itemCount: z.number(),
    offlineCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'Library' });
sameShape<Same<z.output<typeof librarySchema>, Library>>();

const listSchema = z.object({ libraries: z.array(librarySchema) });
sameShape<Same<z.output<typeof listSchema>, LibraryList>>();

const foldersSchema = z.object({
  roots: z.array(z.string()),
  path: z.string().nullable(),
  parent: z.string().nullable(),
  folders: z.array(z.object({ name: z.string(), path: z.string() })),
});
sameShape<Same<z.output<typeof foldersSchema>, LibraryFolders>>();

const tags = ['Libraries'];
const id = pathParams('id');
const library = json(librarySchema, 'The library');

export const librariesPaths: ApiPaths = {
  '/api/libraries': {
    get: { tags, summary: 'List libraries (administrators: all; members: their own)', responses: { '200': json(listSchema, 'The libraries') } },
    post: {
      tags,
      summary: 'Add a library folder (administrators)',
      requestBody: jsonBody(createLibrarySchema),
      responses: { '201': library, ...errors(403, 409) },
    },
  },
  '/api/libraries/folders': {
    get: {
      tags,
      summary: 'The folders a library may be added at (administrators)',
      requestParams: { query: foldersQuery },
      responses: { '200': json(foldersSchema, 'The folders'), ...errors(403, 404) },
    },
  },
  '/api/libraries/{id}': {
    get: { tags, summary: 'A library', requestParams: { path: id }, responses: { '200': library, ...errors(404) } },
    put: {
      tags,
      summary: 'Change a library (administrators)',
      requestParams: { path: id },
      requestBody: jsonBody(updateLibrarySchema),
      responses: { '200': library, ...errors(403, 404, 409) },
    },
    delete: {
      tags,
      summary: 'Remove a library from the hub (its files are not touched)',
      requestParams: { path: id },
      responses: { '200': json(z.object({ success: z.literal(true), removed: z.number(), message: z.string() }), 'Removed'), ...errors(403, 404) },
    },
  },
  '/api/libraries/{id}/scan': {
    post: {
      tags,
      summary: 'Start a scan',
      requestParams: { path: id },
      responses: { '202': json(librarySchema, 'The library, its scan queued'), ...errors(404, 409) },
    },
  },
};
