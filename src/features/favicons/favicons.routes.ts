// GET /api/favicon?url=...: a site's icon, fetched and kept by the hub, for signed-in users.

import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { parseWith } from '../../http/body.ts';
import { MEDIA_CSP } from '../../http/middleware/security-headers.ts';
import { SAFE_FETCH_LIMITS } from '../../security/safe-fetch.ts';
import { requireSignIn } from '../auth/auth.middleware.ts';
import type { SiteIcon } from './favicons.service.ts';

export const faviconQuery = z.object({
  url: z
    .string({ message: 'url is required' })
    .trim()
    .min(1, 'url is required')
    .max(SAFE_FETCH_LIMITS.maxUrlLength, `url must be at most ${SAFE_FETCH_LIMITS.maxUrlLength} characters`)
    .transform((text, ctx) => {
      try {
        const url = new URL(text);
        if (url.protocol === 'http:' || url.protocol === 'https:') return url;
      } catch {
        // Reported below with the same message as a wrong scheme.
      }
      ctx.addIssue({ code: 'custom', message: 'url must be an http or https address' });
      return z.NEVER;
    }),
});

/** Icons change rarely and hold nothing private, but the route sits behind the gate: private. */
const CACHE_CONTROL = 'private, max-age=86400';

function etagOf(bytes: Uint8Array): string {
  const digest = new Bun.CryptoHasher('sha256').update(bytes).digest('base64url');
  return `"${digest.slice(0, 22)}"`;
}

/** An icon's answer: its bytes with an ETag (304 when the browser has them), cached as `cacheControl` says. */
export function iconResponse(c: Context, icon: SiteIcon, cacheControl = CACHE_CONTROL): Response {
  const etag = etagOf(icon.bytes);
  // Fetched bytes (an SVG may carry a script): opened on their own they may load and run nothing.
  c.header('Content-Security-Policy', MEDIA_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', cacheControl);
  c.header('ETag', etag);
  const match = c.req.header('if-none-match');
  // biome-ignore lint/complexity/useOptionalChain: kept from before the linter; fix when this code is next touched
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);
  c.header('Content-Type', icon.contentType);
  return c.body(icon.bytes as Uint8Array<ArrayBuffer>);
}

/** Mounted at /api/favicon. */
export const faviconRoutes = new Hono().get('/', requireSignIn(), async (c) => {
  const { url } = parseWith(faviconQuery, { url: c.req.query('url') });
  return iconResponse(c, await c.var.services.favicons.iconFor(url));
});
