// Cross-site request forgery: a state-changing request that relies on cookies must come from this
// origin. Browsers say where a request comes from (Sec-Fetch-Site, Origin); a cross-site form or
// fetch is refused. Requests with a bearer token carry no ambient credentials and are exempt.

import { createMiddleware } from 'hono/factory';
import { ForbiddenError } from '../../errors.ts';
import { bearerTokenOf } from '../credentials.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_MESSAGE = 'Cross-site request refused';

export const csrf = () =>
  createMiddleware(async (c, next) => {
    if (SAFE.has(c.req.method) || bearerTokenOf(c)) return next();
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite) {
      // Set by the browser and not by page scripts: the most precise answer there is. It must
      // win over Origin, which Chromium sends as "null" for a same-origin form post when the page
      // has Referrer-Policy: no-referrer (as every page of the hub does).
      if (fetchSite !== 'same-origin' && fetchSite !== 'none') throw new ForbiddenError(CSRF_MESSAGE);
      return next();
    }
    // Browsers without Fetch Metadata: the Origin header, when sent, must be this host.
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      const host = (c.var.deps.config.trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host') || new URL(c.req.url).host;
      let originHost: string | null = null;
      try {
        originHost = new URL(origin).host;
      } catch {
        // "null" (sandboxed frames, some privacy modes) or garbage: not this origin.
      }
      if (originHost !== host) throw new ForbiddenError(CSRF_MESSAGE);
    }
    await next();
  });
