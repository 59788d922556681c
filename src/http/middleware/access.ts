// Who is asking. The site gate lets a request through only with a valid site token (header or
// cookie), apart from the gate's own endpoints, the health check and static files; then the
// session (bearer token or cookie) says which user, if any, is signed in.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ForbiddenError, LockedError, UnauthorizedError } from '../../errors.ts';
import { USER_MESSAGES, type Viewer } from '../../features/users/service.ts';
import { SITE_MESSAGES } from '../../features/site/service.ts';
import { currentPath } from '../body.ts';
import { isApiPath } from '../context.ts';
import { SESSION_COOKIE, SITE_COOKIE, bearerTokenOf, clearCredentialCookie, setCredentialCookie, siteTokenOf } from '../credentials.ts';

/** Reachable without a site token. */
const OPEN_ROUTES = new Set([
  'GET /healthz',
  'GET /robots.txt',
  'POST /api/site/verify-password',
  'GET /api/site/verify-token',
  'GET /api/site/lockout-status',
  'POST /api/site/lock',
  // The gate's and the first-run setup's own forms, and locking (which only forgets a token).
  'POST /site/enter',
  'POST /site/lock',
  'POST /setup',
  'POST /theme',
]);

function isOpen(c: Context): boolean {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  return OPEN_ROUTES.has(`${method} ${c.req.path}`) || ((method === 'GET') && c.req.path.startsWith('/static/'));
}

/**
 * Renders the gate (or first-run setup) in place of a page the visitor may not see yet. Set by
 * the site feature, so this middleware needs no page components.
 */
export type GateRenderer = (c: Context, next: string) => Promise<Response>;

export const siteGate = (renderGate: GateRenderer) =>
  createMiddleware(async (c, next) => {
    const { site } = c.var.services;
    const token = siteTokenOf(c);
    const check = token ? await site.checkToken(token) : null;
    const granted = check !== null;
    c.set('siteAccess', granted);
    c.set('session', null);
    const cookie = getCookie(c, SITE_COOKIE);
    // A dead cookie is forgotten, so the browser stops sending it; a slid one is sent again.
    if (!granted && cookie) clearCredentialCookie(c, SITE_COOKIE);
    else if (check?.extended && cookie && cookie === token) setCredentialCookie(c, SITE_COOKIE, cookie, check.expiresAt);
    if (check && !isApiPath(c.req.path) && c.req.method === 'GET') c.set('lockout', check.lockout);
    if (granted || isOpen(c)) return next();
    // Pages show the gate (or the locked gate) in place; anything else is refused the same way.
    if (isApiPath(c.req.path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) {
      if (await site.isLocked()) throw new LockedError(SITE_MESSAGES.locked);
      throw new UnauthorizedError(SITE_MESSAGES.required);
    }
    return renderGate(c, currentPath(c));
  });

/** Finds the signed-in user. Only requests past the gate can be signed in. */
export const session = () =>
  createMiddleware(async (c, next) => {
    if (!c.var.siteAccess) return next();
    const bearer = bearerTokenOf(c);
    const cookie = getCookie(c, SESSION_COOKIE);
    const current = await c.var.services.auth.validate(bearer ?? cookie);
    c.set('session', current);
    if (!bearer && cookie) {
      if (!current) clearCredentialCookie(c, SESSION_COOKIE);
      else if (current.extended) setCredentialCookie(c, SESSION_COOKIE, cookie, current.expiresAt);
    }
    await next();
  });

/** The signed-in user as the services see them, or null. */
export function viewerOf(c: Context): Viewer {
  const session = c.var.session;
  return session ? { id: session.user._id, role: session.user.role, sessionId: session.id } : null;
}


/** Pages: signed-out visitors go to /signin and come back afterwards. API: 401. */
export const requireSignIn = () =>
  createMiddleware(async (c, next) => {
    if (c.var.session) return next();
    if (isApiPath(c.req.path)) throw new UnauthorizedError(USER_MESSAGES.signInRequired);
    return c.redirect(`/signin?next=${encodeURIComponent(currentPath(c))}`, 303);
  });

/** Signed in as an administrator; others get 403 (after the sign-in redirect for pages). */
export const requireAdmin = () =>
  createMiddleware(async (c, next) => {
    if (!c.var.session) {
      if (isApiPath(c.req.path)) throw new UnauthorizedError(USER_MESSAGES.signInRequired);
      return c.redirect(`/signin?next=${encodeURIComponent(currentPath(c))}`, 303);
    }
    if (!c.var.session.user.admin) throw new ForbiddenError(USER_MESSAGES.adminOnly);
    await next();
  });
