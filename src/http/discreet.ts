// Discreet mode's memory in this browser: a cookie that says the last viewer here had it on, so the
// pages shown without a session (the site gate after the panic key, sign-in) stay discreet too.
// The preference itself is the user's (users.discreet); the cookie follows it on every page they see.

import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isHttps } from './credentials.ts';

export const DISCREET_COOKIE = 'hub_discreet';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Sets or clears the cookie so that it says `on`, when it does not already. */
export function syncDiscreetCookie(c: Context, on: boolean): void {
  if ((getCookie(c, DISCREET_COOKIE) === '1') === on) return;
  if (on) setCookie(c, DISCREET_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttps(c), maxAge: YEAR_SECONDS });
  else deleteCookie(c, DISCREET_COOKIE, { path: '/', secure: isHttps(c) });
}
