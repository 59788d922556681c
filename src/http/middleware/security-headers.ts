// Security headers on every answer: a strict Content-Security-Policy and the usual hardening.

import { secureHeaders } from 'hono/secure-headers';

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
