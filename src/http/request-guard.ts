// Refuses, before routing, requests the app could misread: a missing or malformed Host (Bun then
// hands over a relative URL, which Hono cuts into the wrong path) and control characters such as
// NUL in the path (which would reach the file system, the database and the log).

import { Hono } from 'hono';
import { securityHeaders } from './middleware/security-headers.ts';

/** host[:port]: a DNS name or IPv4 address, or an IPv6 address in brackets; port 0-65535. */
const HOST = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9](?:[A-Za-z0-9._-]{0,251}[A-Za-z0-9])?)(?::(\d{1,5}))?$/;

export function isValidHost(host: string | null): boolean {
  const match = host === null ? null : HOST.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

/** Percent-encoded or raw control characters (NUL, line breaks, DEL) have no place in a path. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: kept from before the linter; fix when this code is next touched
const CONTROL = /%(?:[01][0-9A-Fa-f]|7[Ff])|[\u0000-\u001f\u007f]/;

/** Why this request cannot be routed safely, or null when it can. */
export function requestProblem(request: Request): string | null {
  if (!isValidHost(request.headers.get('host'))) return 'Bad request: a valid Host header is required';
  if (!/^https?:\/\//.test(request.url) || !URL.canParse(request.url)) return 'Bad request: the address cannot be read';
  const url = request.url;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  const queryStart = url.indexOf('?', pathStart);
  const path = pathStart < 0 ? '/' : url.slice(pathStart, queryStart < 0 ? undefined : queryStart);
  if (CONTROL.test(path)) return 'Bad request: the path contains control characters';
  return null;
}

/** The path as the client sent it (no query), for the log line of a refused request. */
export function rawPath(request: Request): string {
  const target = request.url.replace(/^https?:\/\/[^/]*/, '');
  return target.split('?')[0] || '/';
}

// Answers carry the same security headers as the app's own.
const refusals = new Hono().use('*', securityHeaders()).all('*', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ error: c.req.header('x-refusal') ?? 'Bad request' }, 400);
});

export async function refuse(message: string): Promise<Response> {
  return refusals.fetch(new Request('http://hub.invalid/', { headers: { 'x-refusal': message } }));
}

const failures = new Hono().use('*', securityHeaders()).all('*', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ error: 'Internal server error' }, 500);
});

/** For Bun's error handler: an answer with the security headers and no detail. */
export async function internalError(): Promise<Response> {
  return failures.fetch(new Request('http://hub.invalid/'));
}
