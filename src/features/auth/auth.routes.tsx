// Sign-in and sign-out: the API of DECISIONS.md (POST /auth/signin/, GET /auth/signout/) and the
// sign-in page with its plain-form fallback.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { readForm, readJson, safeNextPath } from '../../http/body.ts';
import {
  bearerTokenOf,
  clearCredentialCookie,
  clientAddress,
  LEGACY_COOKIE,
  SESSION_COOKIE,
  sessionTokenOf,
  setCredentialCookie,
} from '../../http/credentials.ts';
import { isCrossSite } from '../../http/middleware/csrf.ts';
import { applyErrorHeaders } from '../../http/middleware/errors.tsx';
import { TWO_FACTOR_MESSAGES } from '../twofactor/twofactor.service.ts';
import { requireSignIn } from './auth.middleware.ts';
import { signInSchema } from './auth.schema.ts';
import { type AuthService, SecondFactorDue } from './auth.service.ts';
import { SignInPage } from './pages/SignInPage.tsx';
import { SignOutConfirmPage } from './pages/SignOutConfirmPage.tsx';

async function signOut(c: Context): Promise<void> {
  await c.var.services.auth.signOut(sessionTokenOf(c));
  clearCredentialCookie(c, SESSION_COOKIE);
  clearCredentialCookie(c, LEGACY_COOKIE);
}

/** `challenge`: the password step passed; the page asks for the code (two-factor sign-in). */
async function renderSignIn(c: Context, next: string, error: string | null = null, username = '', challenge?: string) {
  const noAccounts = !(await c.var.services.users.hasUsers());
  return c.render(<SignInPage next={next} error={error} username={username} noAccounts={noAccounts} challenge={challenge} />, { title: 'Sign in' });
}

async function apiSignIn(c: Context) {
  const { username, password } = await readJson(c, signInSchema);
  let result: Awaited<ReturnType<AuthService['signIn']>>;
  try {
    result = await c.var.services.auth.signIn(username, password, clientAddress(c), c.req.header('user-agent'));
  } catch (error) {
    // Two-factor sign-in: no session (no cookie) until the code step.
    if (error instanceof SecondFactorDue) return c.json({ twoFactorRequired: true, challenge: error.challenge });
    throw error;
  }
  const { token, expiresAt, user } = result;
  setCredentialCookie(c, SESSION_COOKIE, token, expiresAt);
  return c.json({ token, user });
}

export const secondFactorSchema = z.object({ challenge: z.string().max(200).optional(), code: z.string().max(200).optional() });

/** The code step of two-factor sign-in: answers like a sign-in. */
async function apiSignInSecondFactor(c: Context) {
  const { challenge, code } = await readJson(c, secondFactorSchema);
  const { token, expiresAt, user } = await c.var.services.auth.signInSecondFactor(challenge, code, clientAddress(c), c.req.header('user-agent'));
  setCredentialCookie(c, SESSION_COOKIE, token, expiresAt);
  return c.json({ token, user });
}

/**
 * The sign-in form without JavaScript: the password step, then (two-factor sign-in) the code
 * step, which posts the challenge back with the code. A wrong code keeps the code step.
 */
async function formSignIn(c: Context) {
  const form = await readForm(c);
  const next = safeNextPath(form.next);
  const { auth } = c.var.services;
  try {
    const result =
      form.challenge !== undefined
        ? await auth.signInSecondFactor(form.challenge, form.code, clientAddress(c), c.req.header('user-agent'))
        : await auth.signIn(form.username || undefined, form.password || undefined, clientAddress(c), c.req.header('user-agent'));
    setCredentialCookie(c, SESSION_COOKIE, result.token, result.expiresAt);
    return c.redirect(next, 303);
  } catch (error) {
    if (error instanceof SecondFactorDue) return renderSignIn(c, next, null, '', error.challenge);
    if (!(error instanceof AppError)) throw error;
    applyErrorHeaders(c, error);
    c.status(error.status);
    const stillOpen = form.challenge !== undefined && error.message === TWO_FACTOR_MESSAGES.wrongCode;
    return renderSignIn(c, next, error.message, form.username ?? '', stillOpen ? form.challenge : undefined);
  }
}

/**
 * The spec's GET sign-out. API clients (bearer token) and the hub's own pages sign out at once; a
 * cookie-authenticated sign-out started by another site's page gets a page with a button instead.
 */
async function apiSignOut(c: Context) {
  const bearer = bearerTokenOf(c);
  if (!bearer && isCrossSite(c)) return c.render(<SignOutConfirmPage />, { title: 'Sign out', staticPage: true });
  await signOut(c);
  // Someone who opened the address in the browser lands on the sign-in page, not on JSON.
  if (!bearer && c.req.header('sec-fetch-dest') === 'document') return c.redirect('/signin', 303);
  return c.json({ success: true });
}

/** Ends every session of the signed-in user, this one included. */
async function signOutEverywhere(c: Context): Promise<void> {
  const session = c.var.session;
  if (session) await c.var.services.auth.endSessions(session.user._id);
  clearCredentialCookie(c, SESSION_COOKIE);
  clearCredentialCookie(c, LEGACY_COOKIE);
}

export const authRoutes = new Hono()
  // The spec's paths end in a slash; the same calls answer without it.
  .post('/auth/signin/', apiSignIn)
  .post('/auth/signin', apiSignIn)
  .post('/auth/signin/2fa', apiSignInSecondFactor)
  .post('/auth/signin/2fa/', apiSignInSecondFactor)
  .get('/auth/signout/', apiSignOut)
  .get('/auth/signout', apiSignOut)

  .get('/signin', async (c) => {
    const next = safeNextPath(c.req.query('next'));
    if (c.var.session) return c.redirect(next, 303);
    return renderSignIn(c, next);
  })

  // The sign-in form without JavaScript.
  .post('/signin', formSignIn)

  .post('/signout', async (c) => {
    await signOut(c);
    return c.redirect('/signin', 303);
  })

  .post('/auth/signout-everywhere', requireSignIn(), async (c) => {
    await signOutEverywhere(c);
    return c.json({ success: true });
  })

  .post('/signout/everywhere', requireSignIn(), async (c) => {
    await signOutEverywhere(c);
    return c.redirect('/signin', 303);
  });
