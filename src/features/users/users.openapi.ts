// The users API (/api/users) in the OpenAPI document: the answers' schemas (checked against the
// shared types) and each route.

import { z } from 'zod';
import { type PublicUser, ROLES, type UserSummary } from '../../shared/contracts/users.ts';
import { type ApiPaths, doneSchema, errors, json, jsonBody, pathParams, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { createUserSchema, updateUserSchema } from './users.schema.ts';

export const publicUserSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    admin: z.boolean(),
    created: z.string(),
    updated: z.string().nullable(),
  })
  .meta({ id: 'User', description: 'A user (never the password or its hash).' });
sameShape<Same<z.output<typeof publicUserSchema>, PublicUser>>();

const userSummarySchema = z.object({ _id: z.string(), name: z.string() }).meta({ id: 'UserSummary' });
sameShape<Same<z.output<typeof userSummarySchema>, UserSummary>>();

const tags = ['Users'];
const userId = pathParams('userId');

export const usersPaths: ApiPaths = {
  '/api/users': {
    get: {
      tags,
      summary: 'List users: every field for administrators, id and name for others',
      responses: { '200': json(z.union([z.array(publicUserSchema), z.array(userSummarySchema)]), 'The users') },
    },
    post: {
      tags,
      summary: 'Create a user (administrators; the first account needs no session)',
      requestBody: jsonBody(createUserSchema),
      responses: { '201': json(publicUserSchema, 'The user'), ...errors(403, 409) },
    },
  },
  '/api/users/{userId}': {
    get: {
      tags,
      summary: 'A user (yourself, or anyone for administrators)',
      requestParams: { path: userId },
      responses: { '200': json(publicUserSchema, 'The user'), ...errors(403, 404) },
    },
    put: {
      tags,
      summary: 'Change a user (only the fields sent)',
      requestParams: { path: userId },
      requestBody: jsonBody(updateUserSchema),
      responses: { '200': json(publicUserSchema, 'The user'), ...errors(403, 404, 409) },
    },
    delete: {
      tags,
      summary: 'Delete a user (deleting yourself ends your session)',
      requestParams: { path: userId },
      responses: { '200': json(doneSchema, 'Deleted'), ...errors(403, 404) },
    },
  },
};
