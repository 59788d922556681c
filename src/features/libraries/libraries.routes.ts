// The libraries API, mounted at /api/libraries (paths here are relative to it). Signed-in members
// only: administrators manage every library; a member sees their own and may start its scan;
// another member's library is 404 on every call.

import { Hono } from 'hono';
import { parseWith, readJson } from '../../http/body.ts';
import { LIBRARY_TEXT } from '../../shared/libraries.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { createLibrarySchema, foldersQuery, updateLibrarySchema } from './libraries.schema.ts';

export const librariesApi = new Hono<SignedInEnv>()
  .use('*', requireSignIn())

  .get('/', async (c) => c.json({ libraries: await c.var.services.libraries.list(c.var.viewer) }))

  .post('/', async (c) => {
    const input = await readJson(c, createLibrarySchema);
    return c.json(await c.var.services.libraries.create(c.var.viewer, input), 201);
  })

  .get('/folders', async (c) => {
    const { path } = parseWith(foldersQuery, c.req.query());
    return c.json(await c.var.services.libraries.folders(c.var.viewer, path));
  })

  .get('/:id', async (c) => c.json(await c.var.services.libraries.get(c.var.viewer, c.req.param('id'))))

  .put('/:id', async (c) => {
    const input = await readJson(c, updateLibrarySchema);
    return c.json(await c.var.services.libraries.update(c.var.viewer, c.req.param('id'), input));
  })

  .delete('/:id', async (c) => {
    const { removed } = await c.var.services.libraries.remove(c.var.viewer, c.req.param('id'));
    return c.json({ success: true, removed, message: LIBRARY_TEXT.removed });
  })

  .post('/:id/scan', async (c) => c.json(await c.var.services.libraries.scan(c.var.viewer, c.req.param('id')), 202));
