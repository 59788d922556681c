// The pieces every feature's route table (<feature>.openapi.ts) is written with: the error answer,
// the usual answers, path parameters, the credentials a route takes, and a compile-time check that
// an answer's zod schema and the TypeScript type the islands use are the same shape.

import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';

/** A feature's routes as the document describes them: OpenAPI paths (`{id}`, not `:id`), zod schemas inside. */
export type ApiPaths = ZodOpenApiPathsObject;
export type ApiOperation = ZodOpenApiOperationObject;

/** True when A and B are each assignable to the other. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * Fails to compile unless its argument is `true`: `sameShape<Same<z.output<typeof schema>, Type>>()`
 * keeps an answer's schema and the shared type the islands read from drifting apart.
 */
export function sameShape<_Check extends true>(): void {}

/** Every refusal: `{error}` with one readable sentence (a few answers add fields of their own). */
export const errorSchema = z
  .object({
    error: z.string().meta({ description: 'What went wrong, as one sentence a person can read.' }),
    locked: z
      .literal(true)
      .optional()
      .meta({ description: 'On a 403 of premium or Connect: the area is locked to this session (open it with POST /api/unlock).' }),
    enrolRequired: z
      .literal(true)
      .optional()
      .meta({ description: 'On a 403 with REQUIRE_2FA: set up two-factor sign-in first (POST /api/me/2fa/totp/setup).' }),
  })
  .meta({ id: 'Error', description: 'Every 4xx (and 500) answer of the API.' });

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Invalid input: a field, the query or the JSON itself',
  401: 'No valid site token, or no session (sign in first)',
  403: 'Not allowed for this user (or this API key)',
  404: 'Not found (another user’s item is not found either)',
  409: 'Conflict with the current state',
  413: 'The request body is too large',
  415: 'The body is not of the type this route reads',
  416: 'The byte range starts past the end of the file',
  423: 'The site is locked',
  429: 'Too many attempts: wait for Retry-After seconds',
};

/** The error answers with the given statuses, each as `{error}`. */
export function errors(...statuses: number[]): Record<string, ZodOpenApiResponseObject> {
  const out: Record<string, ZodOpenApiResponseObject> = {};
  for (const status of statuses) {
    out[String(status)] = {
      description: ERROR_MEANINGS[status] ?? 'Refused',
      content: { 'application/json': { schema: errorSchema } },
      ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
    };
  }
  return out;
}

/** A JSON answer. */
export function json(schema: z.ZodType, description: string): ZodOpenApiResponseObject {
  return { description, content: { 'application/json': { schema } } };
}

/** A JSON request body. */
export function jsonBody(schema: z.ZodType, description?: string): NonNullable<ApiOperation['requestBody']> {
  return { required: true, ...(description ? { description } : {}), content: { 'application/json': { schema } } };
}

/** The path parameters of a route, each an id (or name) as text. */
export function pathParams(...names: string[]): z.ZodObject {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string().meta({ description: `The ${name} from the address` })])));
}

/** `{success: true, message}`: what a deletion (and a few other calls) answers. */
export const doneSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'Done' });
/** `{success: true}` alone. */
export const successSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' });

/** How credentials travel (src/http/credentials.ts). */
export const SECURITY_SCHEMES = {
  siteToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-site-token',
    description: 'The site token from POST /api/site/verify-password (the household password): every route past the site gate needs one.',
  },
  siteCookie: { type: 'apiKey', in: 'cookie', name: 'hub_site', description: 'The same site token as a cookie, as the browser holds it.' },
  session: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token from POST /auth/signin/, as `Authorization: Bearer <token>` (sent together with the site token).',
  },
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'hub_session', description: 'The same session as a cookie, as the browser holds it.' },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'hub_…',
    description:
      'An API key (made on your profile page) as `Authorization: Bearer hub_…`, alone: it passes the site gate and stands for its owner within its scopes (read, write, upload), listed on each operation. Never for the vault, administration, users, keys, the gate or sign-in (403).',
  },
} as const;

type Requirement = Record<string, string[]>;
/** Past the site gate only (no session needed). */
export const GATE: Requirement[] = [{ siteToken: [] }, { siteCookie: [] }];
/** A signed-in user: site token and session, as headers or as cookies. */
export const SIGNED_IN: Requirement[] = [
  { siteToken: [], session: [] },
  { siteCookie: [], sessionCookie: [] },
];
/** Reachable with no credentials at all. */
export const OPEN: Requirement[] = [];

/** The object a query schema reads: the schema itself, or the input of one that transforms. */
function objectOf(schema: z.ZodType): z.ZodObject {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in as z.ZodType);
  throw new Error('A query schema must be an object (or transform one)');
}

/** One query-string schema from the several a handler reads (paging and filters, for example). */
export function queryOf(...schemas: z.ZodType[]): z.ZodObject {
  return z.object(Object.assign({}, ...schemas.map((s) => objectOf(s).shape)));
}
