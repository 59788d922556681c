// The site gate as middleware: a request passes only with a valid site token (header or cookie),
// apart from the gate's own endpoints, the health check and static files. Pages without one show
// the gate (or first-run setup) at the address asked for; anything else is refused. An API key
// (Authorization: Bearer hub_...) passes alone, for its owner, where keys.policy.ts allows its scopes.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ForbiddenError, LockedError, UnauthorizedError } from '../../errors.ts';
import { currentPath } from '../../http/body.ts';
import { isApiPath } from '../../http/context.ts';
import { bearerTokenOf, clearCredentialCookie, clientAddress, SITE_COOKIE, setCredentialCookie, siteTokenOf } from '../../http/credentials.ts';
import { API_KEY_TEXT } from '../../shared/api-keys.ts';
import { keyDecision } from '../keys/keys.policy.ts';
import { looksLikeApiKey } from '../keys/keys.service.ts';
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

/**
 * A request with an API key: the key alone opens the gate (no site token, no cookie is read or
 * set), while the site is not locked, for what keys.policy.ts lets its scopes reach.
 */
async function keyGate(c: Context, key: string): Promise<void> {
  const { keys } = c.var.services;
  if (await c.var.services.gate.isLocked()) throw new LockedError(SITE_MESSAGES.locked);
  const holder = await keys.authenticate(key, clientAddress(c));
  const decision = keyDecision(c.req.method, c.req.path);
  if (decision.kind === 'page') throw new ForbiddenError(API_KEY_TEXT.pagesNotWithKey);
  if (decision.kind === 'forbidden' && decision.entry.path === '/api/keys') throw new ForbiddenError(API_KEY_TEXT.keysNotWithKey);
  if (decision.kind !== 'scope') throw new ForbiddenError(API_KEY_TEXT.forbidden);
  if (!holder.scopes.includes(decision.scope)) throw new ForbiddenError(API_KEY_TEXT.missingScope(decision.scope));
  c.set('siteAccess', true);
  c.set('apiKey', holder);
}

export const gate = () =>
  createMiddleware(async (c, next) => {
    c.set('apiKey', null);
    const bearer = bearerTokenOf(c);
    if (bearer && looksLikeApiKey(bearer)) {
      c.set('siteAccess', false);
      c.set('session', null);
      await keyGate(c, bearer);
      return next();
    }
    const token = siteTokenOf(c);
    const check = token ? await c.var.services.gate.checkToken(token) : null;
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
      if (await c.var.services.gate.isLocked()) throw new LockedError(SITE_MESSAGES.locked);
      throw new UnauthorizedError(SITE_MESSAGES.required);
    }
    return renderGate(c, currentPath(c));
  });
