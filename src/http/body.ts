// Reading request bodies: JSON for the API, urlencoded forms for pages, each capped in size and
// validated with zod so bad input becomes a 400 with one readable message.

import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { InvalidError, TooLargeError, UnsupportedMediaTypeError } from '../errors.ts';

/** Every request body is small (forms, JSON) unless a route streams it; bigger ones are refused before they are read. */
export const SMALL_BODY_BYTES = 64 * 1024;

/**
 * The default for every route: bodies over SMALL_BODY_BYTES are refused with 413 before they are
 * read. Routes that stream large bodies (uploads) opt out by being named in `streamed`, as
 * `METHOD /path` with `:param` segments; they enforce their own limit while streaming.
 */
export const smallBody = (streamed: readonly string[] = []) => {
  const limit = bodyLimit({
    maxSize: SMALL_BODY_BYTES,
    onError: () => {
      throw new TooLargeError('The request body is too large');
    },
  });
  const exempt = streamed.map((route) => {
    const [method = '', path = ''] = route.split(' ');
    const pattern = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return { method, pattern };
  });
  return createMiddleware(async (c, next) => {
    if (exempt.some((e) => e.method === c.req.method && e.pattern.test(c.req.path))) return next();
    return limit(c, next);
  });
};

/** The first problem zod found, as one sentence. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  // zod's own wording for a wrong type names the field only through its path.
  const field = issue.path.map(String).join('.');
  if (issue.code === 'invalid_type' && field !== '' && !/required/i.test(issue.message) && !issue.message.startsWith(field)) {
    return `${field}: ${issue.message}`;
  }
  return issue.message;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidError(firstIssue(result.error));
  return result.data;
}

/** The JSON body, validated. A missing or wrong Content-Type is 415, broken JSON 400. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new UnsupportedMediaTypeError('Send the body as JSON (Content-Type: application/json)');
  let text: string;
  try {
    // Bytes that are not UTF-8 are refused rather than silently replaced (a name would change).
    text = new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer());
  } catch (error) {
    if (error instanceof TypeError) throw new InvalidError('The request body is not valid UTF-8');
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InvalidError('The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidError('The request body must be a JSON object');
  return parseWith(schema, body);
}

/** A urlencoded or multipart form's text fields (files are ignored). */
export async function readForm(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) throw new UnsupportedMediaTypeError('Send the form as a form');
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new InvalidError('The form could not be read');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

/**
 * Where to go after signing in or passing the gate: only a path on this site. Anything else
 * (another host, "//host", "/\\host", control characters) falls back to `fallback`.
 */
export function safeNextPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: kept from before the linter; fix when this code is next touched
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return value;
}

/** This request's path and query, for coming back after the gate or sign-in. */
export function currentPath(c: Context): string {
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}
