// Every answer is private unless it says otherwise: pages and API answers depend on who asks, so
// no browser or proxy may keep them (after Lock Site or sign-out nothing private stays in a cache).
// Static assets set their own long caching.

import { createMiddleware } from 'hono/factory';

export const noStoreByDefault = () =>
  createMiddleware(async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
