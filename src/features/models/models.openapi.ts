// The models API (/api/models) in the OpenAPI document: the answer's schema (checked against the
// shared type) and each route.

import { z } from 'zod';
import { ETHNICITIES, type Model } from '../../shared/models.ts';
import { profilePictureSchema } from '../media/media.schema.ts';
import { type ApiPaths, doneSchema, errors, json, jsonBody, pathParams, queryOf, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { createModelSchema, updateModelSchema } from './models.schema.ts';
import { filterSchema, listSchema } from './query.schema.ts';

export const modelSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    ethnicity: z.enum([...ETHNICITIES, '']),
    breastSize: z.string(),
    age: z.number().nullable(),
    height: z.string(),
    image: z.string(),
    profilePicture: z.object({ url: z.string() }).nullable(),
    picture: z.string().nullable().meta({ description: "The hub's own address of the picture, or null (initials)" }),
    description: z.string(),
    tags: z.array(z.string()),
    links: z.array(z.object({ name: z.string(), url: z.string() })),
    favorite: z.boolean(),
    isFavorite: z.boolean(),
    created: z.string(),
    updated: z.string().nullable(),
  })
  .meta({ id: 'Model' });
sameShape<Same<z.output<typeof modelSchema>, Model>>();

const tags = ['Models'];
const modelId = pathParams('modelId');
const model = json(modelSchema, 'The model');

export const modelsPaths: ApiPaths = {
  '/api/models': {
    get: {
      tags,
      summary: 'List your models (one page)',
      requestParams: { query: queryOf(listSchema, filterSchema) },
      responses: {
        '200': {
          ...json(z.array(modelSchema), 'One page of models'),
          headers: { 'X-Total-Count': { description: 'Models matching, all pages', schema: { type: 'integer' } } },
        },
      },
    },
    post: { tags, summary: 'Add a model', requestBody: jsonBody(createModelSchema), responses: { '201': model } },
  },
  '/api/models/{modelId}': {
    get: { tags, summary: 'A model', requestParams: { path: modelId }, responses: { '200': model, ...errors(404) } },
    put: {
      tags,
      summary: 'Change a model (only the fields sent)',
      requestParams: { path: modelId },
      requestBody: jsonBody(updateModelSchema),
      responses: { '200': model, ...errors(404) },
    },
    delete: { tags, summary: 'Delete a model', requestParams: { path: modelId }, responses: { '200': json(doneSchema, 'Deleted'), ...errors(404) } },
  },
  '/api/models/{modelId}/picture': {
    get: {
      tags,
      summary: "The model's picture, fetched and kept by the hub",
      requestParams: { path: modelId, query: z.object({ v: z.string().optional().meta({ description: 'Only busts caches' }) }) },
      responses: {
        '200': { description: 'The picture', content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } } },
        '304': { description: 'Not modified (ETag)' },
        ...errors(404),
      },
    },
  },
  '/api/models/{modelId}/profile-picture': {
    put: {
      tags,
      summary: 'Set one of your gallery images as the profile picture',
      requestParams: { path: modelId },
      requestBody: jsonBody(profilePictureSchema),
      responses: { '200': model, ...errors(404) },
    },
  },
};
