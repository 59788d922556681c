// Connect's API (/api/accounts, the vault's accounts) in the OpenAPI document: the answers' schemas (checked
// against the shared types) and each route. Signed-in sessions only: never an API key.

import { z } from 'zod';
import { VAULT_CATEGORIES, type VaultAccount, type VaultAccountWithPassword, type VaultImportResult } from '../../shared/connect.ts';
import { behindLock } from '../locks/locks.openapi.ts';
import { type ApiPaths, doneSchema, errors, json, jsonBody, pathParams, queryOf, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { createVaultAccountSchema, updateVaultAccountSchema, vaultFilters, vaultListQuery } from './connect.schema.ts';
import { exportSchema } from './transfer/transfer.routes.ts';

const accountFields = {
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  website: z.string(),
  favicon: z.string(),
  category: z.enum(VAULT_CATEGORIES),
  hasPassword: z.boolean(),
  hasIcon: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
const accountSchema = z.object(accountFields).meta({ id: 'VaultAccount' });
sameShape<Same<z.output<typeof accountSchema>, VaultAccount>>();
const withPasswordSchema = z.object({ ...accountFields, password: z.string() }).meta({ id: 'VaultAccountWithPassword' });
sameShape<Same<z.output<typeof withPasswordSchema>, VaultAccountWithPassword>>();
const importSchema = z.object({
  imported: z.number(),
  skipped: z.number(),
  alreadyInVault: z.number(),
  repeatedInFile: z.number(),
  errors: z.array(z.string()),
});
sameShape<Same<z.output<typeof importSchema>, VaultImportResult>>();

const tags = ['Connect (vault)'];
const accountId = pathParams('accountId');
const account = json(accountSchema, 'The account (without its password)');

export const connectPaths: ApiPaths = behindLock({
  '/api/accounts': {
    get: {
      tags,
      summary: 'List your vault accounts (one page, by name)',
      requestParams: { query: queryOf(vaultListQuery, vaultFilters) },
      responses: {
        '200': {
          ...json(z.array(accountSchema), 'One page of accounts'),
          headers: { 'X-Total-Count': { description: 'Accounts matching, all pages', schema: { type: 'integer' } } },
        },
      },
    },
    post: { tags, summary: 'Add an account', requestBody: jsonBody(createVaultAccountSchema), responses: { '201': account } },
  },
  '/api/accounts/import': {
    post: {
      tags,
      summary: 'Import a password manager CSV export',
      requestBody: {
        required: true,
        description: 'The file as multipart field `file`, or as the raw body.',
        content: {
          'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'text/csv' } }, required: ['file'] } },
          'text/csv': { schema: { type: 'string' } },
        },
      },
      responses: { '200': json(importSchema, 'What was imported'), ...errors(400, 413) },
    },
  },
  '/api/accounts/export': {
    post: {
      tags,
      summary: 'Export every account, passwords included, as CSV (asks for your password)',
      requestBody: jsonBody(exportSchema),
      responses: { '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } }, ...errors(401, 429) },
    },
  },
  '/api/accounts/{accountId}': {
    get: {
      tags,
      summary: 'An account with its password',
      requestParams: { path: accountId },
      responses: { '200': json(withPasswordSchema, 'The account'), ...errors(404) },
    },
    put: {
      tags,
      summary: 'Change an account (only the fields sent)',
      requestParams: { path: accountId },
      requestBody: jsonBody(updateVaultAccountSchema),
      responses: { '200': account, ...errors(404) },
    },
    delete: { tags, summary: 'Delete an account', requestParams: { path: accountId }, responses: { '200': json(doneSchema, 'Deleted'), ...errors(404) } },
  },
  '/api/accounts/{accountId}/favicon': {
    get: {
      tags,
      summary: "The account's site icon, fetched and kept by the hub",
      requestParams: { path: accountId },
      responses: {
        '200': { description: 'The icon', content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } } },
        '304': { description: 'Not modified (ETag)' },
        ...errors(404),
      },
    },
  },
});
