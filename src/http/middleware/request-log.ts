// Logs one line per request: method, path, status, duration, request id. Never the query string,
// headers or body, which is where tokens and passwords travel.

import { createMiddleware } from 'hono/factory';
import type { Logger } from '../../logger.ts';

export const requestLog = (logger: Logger) =>
  createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Number((performance.now() - started).toFixed(1)),
      id: c.get('requestId'),
    };
    // Health probes arrive every few seconds from Docker; keep them out of the normal log.
    if (c.req.path === '/healthz' && c.res.status === 200) logger.debug('request', fields);
    else logger.info('request', fields);
  });
