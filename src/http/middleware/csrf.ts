// Cross-site request forgery: a state-changing request that relies on cookies must come from this
// origin. Browsers say where a request comes from (Sec-Fetch-Site, Origin, Referer); a cross-site
// form or fetch is refused. Requests with a bearer token carry no ambient credentials and are exempt.

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ForbiddenError } from '../../errors.ts';
import { bearerTokenOf } from '../credentials.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_MESSAGE = 'Cross-site request refused';

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null; // "null" (sandboxed frames, no-referrer pages) or garbage: not this origin
  }
}

/**
 * Whether the browser says this request was started by another site's page. Sec-Fetch-Site is set
 * by the browser, not by page scripts, and wins when present: Chromium sends `Origin: null` for a
 * same-origin form post from a page with Referrer-Policy: no-referrer (as every page of the hub
 * has). Without it, Origin (else Referer) must name this host. The Host header is the one
 * compared, never X-Forwarded-Host, which any client can send: a reverse proxy must pass the
 * visitor's Host through. A request that names no origin at all (curl, old clients) is not
 * foreign.
 */
export function isCrossSite(c: Context): boolean {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const from = c.req.header('origin') ?? c.req.header('referer');
  if (from === undefined) return false;
  return hostOf(from) !== (c.req.header('host') ?? hostOf(c.req.url));
}

export const csrf = () =>
  createMiddleware(async (c, next) => {
    if (SAFE.has(c.req.method) || bearerTokenOf(c)) return next();
    if (isCrossSite(c)) throw new ForbiddenError(CSRF_MESSAGE);
    await next();
  });
