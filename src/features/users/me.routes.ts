// The signed-in user's own things: their sessions (GET /api/me/sessions, DELETE
// /api/me/sessions/{id}) and preferences (PUT /api/me/preferences), plus discreet mode's switch
// in the user menu as a plain form (POST /preferences/discreet).

import type { Context } from 'hono';
import { Hono } from 'hono';
import { NotFoundError } from '../../errors.ts';
import { readForm, readJson, safeNextPath } from '../../http/body.ts';
import { clearCredentialCookie, LEGACY_COOKIE, SESSION_COOKIE } from '../../http/credentials.ts';
import { syncDiscreetCookie } from '../../http/discreet.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { preferencesSchema } from './users.schema.ts';

export const SESSION_NOT_FOUND = 'Session not found';

/** Turns discreet mode on or off for the signed-in user, and this browser's memory of it. */
async function setDiscreet(c: Context<SignedInEnv>, discreet: boolean) {
  const preferences = await c.var.services.users.setPreferences(c.var.viewer.id, { discreet });
  syncDiscreetCookie(c, preferences.discreet);
  return preferences;
}

export const meApi = new Hono<SignedInEnv>()
  .use('*', requireSignIn())

  .get('/sessions', async (c) => c.json(await c.var.services.auth.listSessions(c.var.viewer.id, c.var.session?.id ?? null)))

  .delete('/sessions/:sessionId', async (c) => {
    const ended = await c.var.services.auth.endSession(c.var.viewer.id, c.req.param('sessionId'));
    if (!ended) throw new NotFoundError(SESSION_NOT_FOUND);
    // Ending the session this request came with signs this device out.
    const current = ended === c.var.session?.id;
    if (current) {
      clearCredentialCookie(c, SESSION_COOKIE);
      clearCredentialCookie(c, LEGACY_COOKIE);
    }
    return c.json({ success: true, current });
  })

  .put('/preferences', async (c) => {
    const input = await readJson(c, preferencesSchema);
    if (input.discreet !== undefined) return c.json(await setDiscreet(c, input.discreet));
    return c.json(await c.var.services.users.setPreferences(c.var.viewer.id, input));
  });

export const mePages = new Hono<SignedInEnv>().post('/preferences/discreet', requireSignIn(), async (c) => {
  const form = await readForm(c);
  await setDiscreet(c, form.discreet === 'on');
  return c.redirect(safeNextPath(form.returnTo), 303);
});
