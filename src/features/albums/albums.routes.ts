// The albums API, mounted at /api/albums (paths here are relative to it). Signed-in owners only; another user's album is 404 on every call,
// and another user's items are never added, shown or counted.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { parseWith, readJson } from '../../http/body.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { albumMediaIdsSchema, albumMediaQuery, albumsQuery, createAlbumSchema, updateAlbumSchema } from './albums.schema.ts';
import { ALBUM_TEXT } from './albums.service.ts';

/** Premium is locked for this session: albums show their Red Room items only (decision 0057). */
const freeOnly = (c: Context<SignedInEnv>) => c.var.services.locks.isLocked(c.var.viewer, 'premium');

export const albumsApi = new Hono<SignedInEnv>()
  .use('*', requireSignIn())

  .get('/', async (c) => c.json(await c.var.services.albums.list(c.var.viewer.id, parseWith(albumsQuery, c.req.query()), await freeOnly(c))))

  .post('/', async (c) => {
    const input = await readJson(c, createAlbumSchema);
    return c.json(await c.var.services.albums.create(c.var.viewer.id, input), 201);
  })

  .get('/:id', async (c) => {
    const query = parseWith(albumMediaQuery, c.req.query());
    return c.json(await c.var.services.albums.get(c.var.viewer.id, c.req.param('id'), query, await freeOnly(c)));
  })

  .put('/:id', async (c) => {
    const input = await readJson(c, updateAlbumSchema);
    return c.json(await c.var.services.albums.update(c.var.viewer.id, c.req.param('id'), input, await freeOnly(c)));
  })

  .delete('/:id', async (c) => {
    await c.var.services.albums.remove(c.var.viewer.id, c.req.param('id'));
    return c.json({ success: true, message: ALBUM_TEXT.deleted });
  })

  .post('/:id/media', async (c) => {
    const { mediaIds } = await readJson(c, albumMediaIdsSchema);
    return c.json(await c.var.services.albums.addMedia(c.var.viewer.id, c.req.param('id'), mediaIds, await freeOnly(c)));
  })

  .delete('/:id/media', async (c) => {
    const { mediaIds } = await readJson(c, albumMediaIdsSchema);
    return c.json(await c.var.services.albums.removeMedia(c.var.viewer.id, c.req.param('id'), mediaIds, await freeOnly(c)));
  });
