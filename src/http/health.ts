// GET /healthz: 200 only when both the database and the media store answer, else 503.

import { Hono } from 'hono';

const CHECK_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: Timer | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes = new Hono().get('/healthz', async (c) => {
  const { store, logger } = c.var.deps;
  const [database, storage] = await Promise.allSettled([withTimeout(c.var.services.health.database(), 'database'), withTimeout(store.ping(), 'media store')]);
  c.header('Cache-Control', 'no-store');
  const failed = [database.status === 'rejected' ? 'database' : null, storage.status === 'rejected' ? 'media store' : null].filter(
    (x): x is string => x !== null,
  );
  if (failed.length === 0) return c.json({ status: 'ok', database: 'ok', storage: 'ok' });
  for (const [name, result] of [
    ['database', database],
    ['media store', storage],
  ] as const) {
    if (result.status === 'rejected') logger.warn('health check failed', { part: name, reason: String(result.reason) });
  }
  return c.json(
    {
      error: `Unavailable: ${failed.join(' and ')}`,
      status: 'unavailable',
      database: database.status === 'fulfilled' ? 'ok' : 'unavailable',
      storage: storage.status === 'fulfilled' ? 'ok' : 'unavailable',
    },
    503,
  );
});
