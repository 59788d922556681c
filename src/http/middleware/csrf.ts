// Cross-site request forgery: a state-changing request that relies on cookies must come from this
// origin. Browsers say where a request comes from (Sec-Fetch-Site, Origin, Referer); a cross-site
// form or fetch is refused. Requests with a bearer token carry no ambient credentials and are exempt.

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ForbiddenError } from '../../errors.ts';
import { bearerTokenOf, isHttps } from '../credentials.ts';
import { isValidHost } from '../request-guard.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_MESSAGE = 'Cross-site request refused';

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null; // "null" (sandboxed frames, no-referrer pages) or garbage: not this origin
  }
}

/**
 * The origins a request of the hub's own pages comes from: the one it was sent to (its Host, with
 * the scheme the visitor used: HTTPS directly, or at a trusted proxy by X-Forwarded-Proto) and
 * PUBLIC_URL's, when set (so a proxy that terminates TLS without TRUST_PROXY still matches).
 */
function ownOrigins(c: Context): string[] {
  const origins: string[] = [];
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  const own = isValidHost(host) ? originOf(`${isHttps(c) ? 'https' : 'http'}://${host}`) : null;
  if (own) origins.push(own);
  const configured = c.var.deps.config.publicUrl;
  if (configured) origins.push(configured);
  return origins;
}

/**
 * Whether the browser says this request was started by another site's page. Sec-Fetch-Site is set
 * by the browser, not by page scripts, and wins when present: Chromium sends `Origin: null` for a
 * same-origin form post from a page with Referrer-Policy: no-referrer (as every page of the hub
 * has). Without it (browsers send it to HTTPS and localhost only, so never to
 * http://192.168.1.20:3000), Origin (else Referer) must be this origin, scheme, host and port
 * alike. The Host header is the one compared, never X-Forwarded-Host, which any client can send:
 * a reverse proxy must pass the visitor's Host through. A request that names no origin at all
 * (curl, old clients) is not foreign.
 */
export function isCrossSite(c: Context): boolean {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const from = c.req.header('origin') ?? c.req.header('referer');
  if (from === undefined) return false;
  const origin = originOf(from);
  return origin === null || !ownOrigins(c).includes(origin);
}

export const csrf = () =>
  createMiddleware(async (c, next) => {
    if (SAFE.has(c.req.method) || bearerTokenOf(c)) return next();
    if (isCrossSite(c)) throw new ForbiddenError(CSRF_MESSAGE);
    await next();
  });
