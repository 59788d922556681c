// The gallery API (The Red Room) and the tag vocabulary: /api/gallery ..., /api/tags. Signed-in
// owners only; another user's item, and an item of the premium gallery, is 404 on every call.
// The fixed paths (recycling-bin; upload and the byte routes live elsewhere) come before /:id.

import { Hono } from 'hono';
import { parseWith, readJson } from '../../http/body.ts';
import { requireSignIn, type SignedInEnv } from '../auth/middleware.ts';
import { binListQuery, mediaListQuery, updateMediaSchema } from './schema.ts';
import { MEDIA_TEXT } from './service.ts';

export const mediaApi = new Hono<SignedInEnv>()
  .use('/api/gallery', requireSignIn())
  .use('/api/gallery/*', requireSignIn())
  .use('/api/tags', requireSignIn())

  .get('/api/gallery', async (c) => {
    const query = parseWith(mediaListQuery, c.req.query());
    return c.json(await c.var.services.media.gallery.list(c.var.viewer.id, query));
  })

  .get('/api/gallery/recycling-bin', async (c) => {
    const page = parseWith(binListQuery, c.req.query());
    return c.json(await c.var.services.media.gallery.listBin(c.var.viewer.id, page));
  })

  .get('/api/gallery/:id', async (c) => c.json(await c.var.services.media.gallery.get(c.var.viewer.id, c.req.param('id'))))

  // The spec's path, and the plain one (PUT on the item) that the premium gallery uses too.
  .put('/api/gallery/:id/update', async (c) => {
    const input = await readJson(c, updateMediaSchema);
    return c.json(await c.var.services.media.gallery.update(c.var.viewer.id, c.req.param('id'), input));
  })
  .put('/api/gallery/:id', async (c) => {
    const input = await readJson(c, updateMediaSchema);
    return c.json(await c.var.services.media.gallery.update(c.var.viewer.id, c.req.param('id'), input));
  })

  .post('/api/gallery/:id/favorite', async (c) => c.json(await c.var.services.media.gallery.toggleFavorite(c.var.viewer.id, c.req.param('id'))))

  .delete('/api/gallery/:id/delete', async (c) => {
    const media = await c.var.services.media.gallery.moveToBin(c.var.viewer.id, c.req.param('id'));
    return c.json({ success: true, message: MEDIA_TEXT.movedToBin, media });
  })

  .post('/api/gallery/:id/restore', async (c) => {
    const media = await c.var.services.media.gallery.restore(c.var.viewer.id, c.req.param('id'));
    return c.json({ success: true, message: MEDIA_TEXT.restored, media });
  })

  .delete('/api/gallery/:id/permanent-delete', async (c) => {
    await c.var.services.media.gallery.deleteForever(c.var.viewer.id, c.req.param('id'));
    return c.json({ success: true, message: MEDIA_TEXT.deletedForever });
  })

  .get('/api/tags', async (c) => c.json(await c.var.services.media.tags(c.var.viewer.id)));
