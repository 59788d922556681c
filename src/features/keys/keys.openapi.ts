// The API keys' API (/api/keys) in the OpenAPI document: managed from a signed-in session only,
// never with a key. The answers' schemas are the feature's own (keys.schema.ts), checked here
// against the shared types.

import { z } from 'zod';
import type { ApiKeyView, NewApiKey } from '../../shared/api-keys.ts';
import { type ApiPaths, doneSchema, errors, json, jsonBody, pathParams, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { apiKeySchema, createApiKeySchema, newApiKeySchema } from './keys.schema.ts';

const keySchema = apiKeySchema.meta({ id: 'ApiKey' });
const newKeySchema = newApiKeySchema.meta({ id: 'NewApiKey', description: 'The key itself is in `key`, shown this once.' });
sameShape<Same<z.output<typeof keySchema>, ApiKeyView>>();
sameShape<Same<z.output<typeof newKeySchema>, NewApiKey>>();

const tags = ['API keys'];

export const keysPaths: ApiPaths = {
  '/api/keys': {
    get: { tags, summary: 'Your API keys (never the secrets)', responses: { '200': json(z.array(keySchema), 'The keys') } },
    post: {
      tags,
      summary: 'Create an API key with some of the scopes read, write, upload',
      requestBody: jsonBody(createApiKeySchema),
      responses: { '201': json(newKeySchema, 'The key, shown this once'), ...errors(409) },
    },
  },
  '/api/keys/{id}': {
    delete: {
      tags,
      summary: 'Revoke a key: it stops working at once',
      requestParams: { path: pathParams('id') },
      responses: { '200': json(doneSchema, 'Revoked'), ...errors(404) },
    },
  },
};
