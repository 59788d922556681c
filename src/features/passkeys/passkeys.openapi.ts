// Passkeys in the OpenAPI document: the account's own (/api/me/passkeys, a session only) and
// signing in with one (/auth/passkey). Keys never reach either (the keys' policy). The options
// are WebAuthn's own JSON (PublicKeyCredentialCreationOptionsJSON, …RequestOptionsJSON), described
// by their main fields and open to the rest.

import { z } from 'zod';
import type { PasskeySummary } from '../../shared/passkeys.ts';
import { signedInSchema } from '../auth/auth.openapi.ts';
import { type ApiPaths, errors, GATE, json, jsonBody, pathParams, type Same, sameShape, successSchema } from '../openapi/openapi.parts.ts';
import { passkeySignInSchema, registerPasskeySchema } from './passkeys.schema.ts';

const passkeySchema = z
  .object({ _id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .meta({ id: 'Passkey', description: 'One of your passkeys (never its key).' });
sameShape<Same<z.output<typeof passkeySchema>, PasskeySummary>>();

const challenge = z.string().meta({ description: 'Base64url; sent back inside the credential (and, to sign in, as `challenge`)' });
const descriptor = z.looseObject({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

const creationOptionsSchema = z
  .looseObject({
    rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
    user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge,
    pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(descriptor).optional(),
    authenticatorSelection: z.looseObject({}).optional(),
    attestation: z.string().optional(),
  })
  .meta({
    id: 'PasskeyCreationOptions',
    description:
      'WebAuthn PublicKeyCredentialCreationOptionsJSON: give it to PublicKeyCredential.parseCreationOptionsFromJSON and navigator.credentials.create.',
  });

const requestOptionsSchema = z
  .looseObject({
    challenge,
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(descriptor).optional(),
    userVerification: z.string().optional(),
  })
  .meta({
    id: 'PasskeyRequestOptions',
    description: 'WebAuthn PublicKeyCredentialRequestOptionsJSON: give it to PublicKeyCredential.parseRequestOptionsFromJSON and navigator.credentials.get.',
  });

const tags = ['Passkeys'];

export const passkeysPaths: ApiPaths = {
  '/api/me/passkeys': {
    get: { tags, summary: 'Your passkeys', responses: { '200': json(z.array(passkeySchema), 'The passkeys') } },
    post: {
      tags,
      summary: 'Add a passkey: the new credential (its toJSON()) made from the options, and a name',
      requestBody: jsonBody(registerPasskeySchema),
      responses: { '201': json(passkeySchema, 'The passkey'), ...errors(409) },
    },
  },
  '/api/me/passkeys/options': {
    post: {
      tags,
      summary: 'Options for adding a passkey (a new challenge, alive 5 minutes)',
      responses: { '200': json(creationOptionsSchema, 'The creation options'), ...errors(400, 409) },
    },
  },
  '/api/me/passkeys/{id}': {
    delete: {
      tags,
      summary: 'Remove a passkey: it no longer signs in',
      requestParams: { path: pathParams('id') },
      responses: { '200': json(successSchema, 'Removed'), ...errors(404) },
    },
  },
  '/auth/passkey/options': {
    post: {
      tags,
      summary: 'Options for signing in with a passkey (a new challenge, alive 5 minutes)',
      description: 'An address may hold 30 open challenges at once; beyond that, 429 until they expire.',
      security: GATE,
      responses: { '200': json(requestOptionsSchema, 'The request options'), ...errors(400, 429) },
    },
  },
  '/auth/passkey/verify': {
    post: {
      tags,
      summary: 'Sign in with a passkey: the challenge and the credential (its toJSON()); answers like a password sign-in',
      description: 'A passkey is both factors: no two-factor code is asked. A refusal counts against the sign-in limit (429).',
      security: GATE,
      requestBody: jsonBody(passkeySignInSchema),
      responses: { '200': json(signedInSchema, 'The session (also set as the hub_session cookie)'), ...errors(401, 429) },
    },
  },
};
