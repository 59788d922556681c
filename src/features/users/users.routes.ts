// The users API of the spec's section 7, with the permission rules of DECISIONS.md (enforced in
// the users service). Passwords go in, never out. Mounted at /api/users (paths here are relative to it).

import { Hono } from 'hono';
import { readJson } from '../../http/body.ts';
import { clearCredentialCookie, clientAddress, SESSION_COOKIE } from '../../http/credentials.ts';
import { viewerOf } from '../auth/auth.middleware.ts';
import { createUserSchema, updateUserSchema } from './users.schema.ts';

export const usersApi = new Hono()
  .post('/', async (c) => {
    const input = await readJson(c, createUserSchema);
    const user = await c.var.services.users.create(viewerOf(c), input);
    return c.json(user, 201);
  })

  .get('/', async (c) => c.json(await c.var.services.users.list(viewerOf(c))))

  .get('/:userId', async (c) => c.json(await c.var.services.users.get(viewerOf(c), c.req.param('userId'))))

  .put('/:userId', async (c) => {
    const input = await readJson(c, updateUserSchema);
    return c.json(await c.var.services.users.update(viewerOf(c), c.req.param('userId'), input, clientAddress(c)));
  })

  .delete('/:userId', async (c) => {
    const id = c.req.param('userId');
    await c.var.services.users.remove(viewerOf(c), id);
    // Deleting one's own account ends the session with it (the row went with the user).
    if (c.var.session?.user._id === id) clearCredentialCookie(c, SESSION_COOKIE);
    return c.json({ success: true, message: 'User deleted' });
  });
