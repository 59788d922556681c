// The API keys' API, mounted at /api/keys (paths here are relative to it): a signed-in user's own
// keys. Managed from a signed-in session only: a request made with a key is refused at the gate
// (keys.policy.ts), and here again.

import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ForbiddenError } from '../../errors.ts';
import { readJson } from '../../http/body.ts';
import { API_KEY_TEXT } from '../../shared/api-keys.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { createApiKeySchema } from './keys.schema.ts';

const notWithAKey = createMiddleware(async (c, next) => {
  if (c.var.apiKey) throw new ForbiddenError(API_KEY_TEXT.keysNotWithKey);
  await next();
});

export const keysApi = new Hono<SignedInEnv>()
  .use('*', notWithAKey, requireSignIn())

  .get('/', async (c) => c.json(await c.var.services.keys.list(c.var.viewer.id)))

  .post('/', async (c) => {
    const input = await readJson(c, createApiKeySchema);
    return c.json(await c.var.services.keys.create(c.var.viewer.id, input), 201);
  })

  .delete('/:id', async (c) => {
    await c.var.services.keys.revoke(c.var.viewer.id, c.req.param('id'));
    return c.json({ success: true, message: API_KEY_TEXT.revoked });
  });
