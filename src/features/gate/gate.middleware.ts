// The site gate as middleware: a request passes only with a valid site token (header or cookie),
// apart from the gate's own endpoints, the health check and static files. Pages without one show
// the gate (or first-run setup) at the address asked for; anything else is refused.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { LockedError, UnauthorizedError } from '../../errors.ts';
import { currentPath } from '../../http/body.ts';
import { isApiPath } from '../../http/context.ts';
import { clearCredentialCookie, SITE_COOKIE, setCredentialCookie, siteTokenOf } from '../../http/credentials.ts';
import { renderGate } from './gate.routes.tsx';
import { SITE_MESSAGES } from './gate.service.ts';

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
  // The theme switch works on the gate page too; it only sets a cookie.
  'POST /theme',
]);

function isOpen(c: Context): boolean {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  return OPEN_ROUTES.has(`${method} ${c.req.path}`) || (method === 'GET' && c.req.path.startsWith('/static/'));
}

export const siteGate = () =>
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
