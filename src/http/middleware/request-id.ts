// Gives each request an id (kept from a trusted-looking X-Request-Id, else new) for logs and errors.

import { createMiddleware } from 'hono/factory';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

export const requestId = () =>
  createMiddleware(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const id = incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  });
