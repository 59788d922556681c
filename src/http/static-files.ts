// Serves static/: hashed build output cached for a year, the rest for an hour.

import { Hono } from 'hono';
import { serveStatic } from 'hono/bun';
import path from 'node:path';
import { STATIC_DIR } from '../build/assets.ts';

const root = path.relative(process.cwd(), STATIC_DIR) || '.';

export const staticFiles = new Hono()
  .use('/static/*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const immutable = c.req.path.startsWith('/static/build/') && !c.req.path.endsWith('/manifest.json');
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  })
  .use('/static/*', serveStatic({ root, rewriteRequestPath: (p) => p.replace(/^\/static/, '') }))
  .get('/robots.txt', serveStatic({ path: path.join(root, 'robots.txt') }));
