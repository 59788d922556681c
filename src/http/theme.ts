// POST /theme: the theme switch without JavaScript. Sets the mode cookie and goes back to the page.

import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { InvalidError } from '../errors.ts';
import { isThemeMode, MODE_COOKIE, MODE_COOKIE_MAX_AGE } from '../shared/theme.ts';
import { readForm, safeNextPath, smallBody } from './body.ts';
import { isHttps } from './credentials.ts';

export const THEME_MODE_INVALID = 'Choose the light, system or dark theme';

export const themeRoutes = new Hono().post('/theme', smallBody(), async (c) => {
  const form = await readForm(c);
  if (!isThemeMode(form.mode)) throw new InvalidError(THEME_MODE_INVALID);
  // Not HttpOnly: the switch's script writes the same cookie when it applies a mode in place.
  setCookie(c, MODE_COOKIE, form.mode, { path: '/', sameSite: 'Lax', secure: isHttps(c), maxAge: MODE_COOKIE_MAX_AGE });
  return c.redirect(safeNextPath(form.returnTo), 303);
});
