// Sign-in and sign-out: the API of DECISIONS.md (POST /auth/signin/, GET /auth/signout/) and the
// sign-in page with its plain-form fallback.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { readJson, safeNextPath } from '../../http/body.ts';
import {
  bearerTokenOf,
  clearCredentialCookie,
  clientAddress,
  LEGACY_COOKIE,
  SESSION_COOKIE,
  sessionTokenOf,
  setCredentialCookie,
} from '../../http/credentials.ts';
import { formPost } from '../../http/forms.ts';
import { isCrossSite } from '../../http/middleware/csrf.ts';
import { signInSchema } from '../users/users.schema.ts';
import { requireSignIn } from './auth.middleware.ts';
import { SignInPage } from './pages/SignInPage.tsx';
import { SignOutConfirmPage } from './pages/SignOutConfirmPage.tsx';

async function signOut(c: Context): Promise<void> {
  await c.var.services.auth.signOut(sessionTokenOf(c));
  clearCredentialCookie(c, SESSION_COOKIE);
  clearCredentialCookie(c, LEGACY_COOKIE);
}

async function renderSignIn(c: Context, next: string, error: string | null = null, username = '') {
  const noAccounts = !(await c.var.services.users.hasUsers());
  return c.render(<SignInPage next={next} error={error} username={username} noAccounts={noAccounts} />, { title: 'Sign in' });
}

async function apiSignIn(c: Context) {
  const { username, password } = await readJson(c, signInSchema);
  const { token, expiresAt, user } = await c.var.services.auth.signIn(username, password, clientAddress(c), c.req.header('user-agent'));
  setCredentialCookie(c, SESSION_COOKIE, token, expiresAt);
  return c.json({ token, user });
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
  .get('/auth/signout/', apiSignOut)
  .get('/auth/signout', apiSignOut)

  .get('/signin', async (c) => {
    const next = safeNextPath(c.req.query('next'));
    if (c.var.session) return c.redirect(next, 303);
    return renderSignIn(c, next);
  })

  // The sign-in form without JavaScript.
  .post('/signin', (c) =>
    formPost(c, {
      async save(form) {
        const { token, expiresAt } = await c.var.services.auth.signIn(
          form.username || undefined,
          form.password || undefined,
          clientAddress(c),
          c.req.header('user-agent'),
        );
        setCredentialCookie(c, SESSION_COOKIE, token, expiresAt);
        return safeNextPath(form.next);
      },
      render: ({ values, error }) => renderSignIn(c, safeNextPath(values.next), error, values.username ?? ''),
    }),
  )

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
