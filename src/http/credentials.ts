// Where credentials travel: the site token (x-site-token header or cookie) and the session token
// (Authorization: Bearer or cookie); the cookies themselves; and the client's address.

import type { Context } from 'hono';
import { getConnInfo } from 'hono/bun';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const SITE_COOKIE = 'hub_site';
export const SESSION_COOKIE = 'hub_session';
/** The spec's client cleared a cookie named t on sign-out; we clear it too. */
export const LEGACY_COOKIE = 't';

export function siteTokenOf(c: Context): string | undefined {
  return c.req.header('x-site-token') || getCookie(c, SITE_COOKIE) || undefined;
}

/** The bearer token, if the client sent one (API clients); such requests need no CSRF proof. */
export function bearerTokenOf(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export function sessionTokenOf(c: Context): string | undefined {
  return bearerTokenOf(c) || getCookie(c, SESSION_COOKIE) || undefined;
}

/** HTTPS as the visitor sees it: directly, or at a trusted reverse proxy. */
export function isHttps(c: Context): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return c.var.deps.config.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/**
 * An HttpOnly cookie that lasts until `expiresAt` (by the app's clock, so as Max-Age; rounded, so
 * the milliseconds between issuing a token and answering do not take a second off its life).
 */
export function setCredentialCookie(c: Context, name: string, value: string, expiresAt: number): void {
  setCookie(c, name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    maxAge: Math.max(0, Math.round((expiresAt - c.var.deps.clock().getTime()) / 1000)),
  });
}

export function clearCredentialCookie(c: Context, name: string): void {
  deleteCookie(c, name, { path: '/', secure: isHttps(c) });
}

/**
 * The client's address, for rate limiting. Behind a trusted proxy it is the last address the
 * proxy appended to X-Forwarded-For (earlier entries come from the client and can be forged).
 */
export function clientAddress(c: Context): string {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // no socket (requests made in-process, as in tests)
  }
}
