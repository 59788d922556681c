// Security headers on every answer: a strict Content-Security-Policy and the usual hardening.

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The policy of every answer made of stored or fetched bytes (media originals and renditions,
 * model pictures, site icons; decision 0053): opened on its own in a tab, such a file may load
 * nothing and run nothing, and is sandboxed as an opaque origin, whatever it holds (an SVG with a
 * script, HTML posing as a picture).
 */
export const MEDIA_CSP = "default-src 'none'; sandbox";

/** Sets the media answer's headers: MEDIA_CSP, and nosniff so the type stays the one the hub sent. */
export function setMediaAnswerHeaders(headers: Headers): void {
  headers.set('Content-Security-Policy', MEDIA_CSP);
  headers.set('X-Content-Type-Options', 'nosniff');
}

/** The same for every successful answer of the routes it is used on (their errors keep the page's policy). */
export const mediaAnswerHeaders = () =>
  createMiddleware(async (c: Context, next) => {
    await next();
    if (c.res.status < 400) setMediaAnswerHeaders(c.res.headers);
  });

/**
 * No inline script at all: islands load from /static/build, and the theme is rendered by the
 * server from a cookie, so nothing needs a nonce or hash. Media and images come only from this
 * server (and blob: URLs the islands make for previews).
 */
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    xContentTypeOptions: 'nosniff',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    // HSTS belongs to whoever terminates TLS (the reverse proxy); a home server is often plain HTTP
    // on the LAN, where pinning HTTPS for the whole domain could lock the household out.
    strictTransportSecurity: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
    // A handler may set a stricter header of its own (fetched images answer with default-src 'none').
    overwrite: false,
  });
