// Who is signed in: the session middleware (bearer token or cookie, or the owner of an API key), and the guards routes put in
// front of their handlers. A guard sets a non-null `viewer` on the context through Hono's typed
// middleware, so handlers behind it read `c.var.viewer` without checks.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import { currentPath } from '../../http/body.ts';
import { isApiPath } from '../../http/context.ts';
import { bearerTokenOf, clearCredentialCookie, SESSION_COOKIE, setCredentialCookie } from '../../http/credentials.ts';
import { GUARD_MESSAGES, type SignedInViewer, type Viewer } from './viewer.ts';

/** Finds the signed-in user. Only requests past the site gate can be signed in. */
export const session = () =>
  createMiddleware(async (c, next) => {
    if (!c.var.siteAccess) return next();
    const key = c.var.apiKey;
    if (key) {
      // A key stands for its owner; it is no session (no cookie, nothing to slide or sign out).
      // (Discreet mode is for pages, which keys never see.)
      c.set('session', { id: `key:${key.keyId}`, expiresAt: Number.POSITIVE_INFINITY, extended: false, user: key.user, discreet: false });
      return next();
    }
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

/** The signed-in user as the services see them, or null (for routes open to both). */
export function viewerOf(c: Context): Viewer {
  const current = c.var.session;
  return current ? { id: current.user._id, role: current.user.role, sessionId: current.id } : null;
}

/** What a guarded handler sees on its context. */
export type SignedInEnv = { Variables: { viewer: SignedInViewer } };

function signInFirst(c: Context, apiMessage: string = GUARD_MESSAGES.signInRequired): Response {
  if (isApiPath(c.req.path)) throw new UnauthorizedError(apiMessage);
  return c.redirect(`/signin?next=${encodeURIComponent(currentPath(c))}`, 303);
}

/**
 * Pages: signed-out visitors go to /signin and come back afterwards. API: 401, with `apiMessage`
 * where a feature's own wording is the contract (the vault's 'You must be logged in ...').
 */
export const requireSignIn = (apiMessage?: string) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const viewer = viewerOf(c);
    if (!viewer) return signInFirst(c, apiMessage);
    c.set('viewer', viewer);
    await next();
  });

/** Signed in as an administrator; others get 403 (after the sign-in redirect for pages). */
export const requireAdmin = () =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const viewer = viewerOf(c);
    if (!viewer) return signInFirst(c);
    if (viewer.role !== 'admin') throw new ForbiddenError(GUARD_MESSAGES.adminOnly);
    c.set('viewer', viewer);
    await next();
  });
