// Reads the theme-mode cookie so the page is rendered in the chosen theme from its first paint.

import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { MODE_COOKIE, parseThemeMode } from '../../shared/theme.ts';

export const themeMode = () =>
  createMiddleware(async (c, next) => {
    c.set('themeMode', parseThemeMode(getCookie(c, MODE_COOKIE)));
    await next();
  });
