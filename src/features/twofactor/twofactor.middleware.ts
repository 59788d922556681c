// REQUIRE_2FA's enrolment (decision 0055): a signed-in account that must have two-factor sign-in
// and has not turned it on reaches only what enrolling takes (its profile page, the two-factor
// API, signing out, the site gate's Lock Site). Everything else answers 403 {error,
// enrolRequired: true} for the API and a redirect to the profile's Two-factor section for pages.
// It runs right after the session middleware, so no route, guarded or not, is reached around it.

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isApiPath } from '../../http/context.ts';
import { TWO_FACTOR_MESSAGES } from './twofactor.service.ts';

const OPEN_WHILE_ENROLLING = [
  /^\/api\/me\/2fa(\/.*)?$/,
  /^\/auth\/signout(\/|-everywhere)?$/,
  /^\/signout(\/everywhere)?$/,
  /^\/signin$/,
  // The site gate stays in reach: Lock Site always works, and the lockout badge reads its status.
  /^\/api\/site\/(lockout-status|verify-password|verify-token|lock)$/,
  /^\/site\/(enter|lock)$/,
  /^\/favicon\.ico$/,
];

/** The profile page where the account turns two-factor sign-in on. */
export function enrolmentPage(userId: string): string {
  return `/user/${encodeURIComponent(userId)}`;
}

function isOpenWhileEnrolling(c: Context, userId: string): boolean {
  const path = c.req.path;
  if (OPEN_WHILE_ENROLLING.some((pattern) => pattern.test(path))) return true;
  return c.req.method === 'GET' && path === enrolmentPage(userId);
}

export const enrolmentGate = () =>
  createMiddleware(async (c, next) => {
    const current = c.var.session;
    if (current && !isOpenWhileEnrolling(c, current.user._id)) {
      const { twoFactor } = c.var.services;
      if (await twoFactor.mustEnrol({ id: current.user._id, role: current.user.role })) {
        if (isApiPath(c.req.path)) return c.json({ error: TWO_FACTOR_MESSAGES.enrolRequired, enrolRequired: true }, 403);
        return c.redirect(`${enrolmentPage(current.user._id)}#two-factor`, 303);
      }
    }
    await next();
  });
