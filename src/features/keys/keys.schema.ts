// zod schemas of the API keys' routes: the create body, and the shapes answered (exported for the
// API's description). Fields the API does not take are ignored.

import { z } from 'zod';
import { API_KEY_SCOPES, API_KEY_TEXT, MAX_API_KEY_NAME_LENGTH } from '../../shared/api-keys.ts';

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: API_KEY_TEXT.scopes });

export const createApiKeySchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? API_KEY_TEXT.nameRequired : API_KEY_TEXT.nameType) })
    .trim()
    .min(1, API_KEY_TEXT.nameRequired)
    .max(MAX_API_KEY_NAME_LENGTH, API_KEY_TEXT.nameLong),
  scopes: z
    .array(apiKeyScopeSchema, { error: API_KEY_TEXT.scopes })
    .min(1, API_KEY_TEXT.scopes)
    .max(API_KEY_SCOPES.length * 4, API_KEY_TEXT.scopes)
    // Repeats are allowed and dropped; the order is the scopes' own.
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;

/** A key in the list: no secret, only its last four characters. */
export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  hint: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});

/** The answer to POST /api/keys: the key itself, shown this once. */
export const newApiKeySchema = apiKeySchema.extend({ key: z.string() });

export const apiKeyListSchema = z.array(apiKeySchema);

export const apiKeyIdParams = z.object({ id: z.string() });
