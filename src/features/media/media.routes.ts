// The API of both galleries and the tag vocabulary: galleryApi('gallery') mounted at /api/gallery
// (The Red Room), galleryApi('premium') at /api/premium, tagsApi at /api/tags (paths here are
// relative to those). Both galleries' routes are built from their configuration (galleries.ts): the
// same handlers, on the paths each gallery has. Signed-in owners only; another user's item, and an
// item of the other gallery, is 404 on every call. Each gallery's fixed paths (duplicates,
// recycling-bin, bulk, move-to-premium) come before its /:id routes; the byte routes are /media, and
// each gallery's upload (POST .../upload) is the uploads feature's, mounted beside this in app.ts.

import { Hono } from 'hono';
import { parseWith, readJson } from '../../http/body.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { duplicatesApiOf } from './duplicates/duplicates.routes.ts';
import { GALLERIES } from './galleries.ts';
import { binListQuery, bulkSchema, moveToPremiumSchema, playbackPositionSchema, updateMediaSchema } from './media.schema.ts';
import { MEDIA_TEXT } from './media.service.ts';
import type { GalleryName } from './media.table.ts';

/** The gallery's API: its lists and fixed paths, then its items' routes. */
export function galleryApi(gallery: GalleryName) {
  const config = GALLERIES[gallery];
  const { item } = config;
  const api = new Hono<SignedInEnv>()
    .use('*', requireSignIn())
    .route('/duplicates', duplicatesApiOf(gallery))
    .get('/', async (c) => c.json(await c.var.services.media.forGallery(gallery).list(c.var.viewer.id, parseWith(config.listQuery, c.req.query()))))
    .get('/recycling-bin', async (c) => c.json(await c.var.services.media.forGallery(gallery).listBin(c.var.viewer.id, parseWith(binListQuery, c.req.query()))))
    .post('/bulk', async (c) => {
      const input = await readJson(c, bulkSchema);
      return c.json(await c.var.services.media.forGallery(gallery).bulk(c.var.viewer.id, input));
    });
  if (config.movesToPremium) {
    api.post('/move-to-premium', async (c) => {
      const ids = await readJson(c, moveToPremiumSchema);
      const { updated } = await c.var.services.media.forGallery(gallery).bulk(c.var.viewer.id, { action: 'move-to-premium', ids });
      return c.json({ success: true, moved: updated, message: MEDIA_TEXT.movedToPremium(updated) });
    });
  }
  api.get('/:id', async (c) => c.json(await c.var.services.media.forGallery(gallery).get(c.var.viewer.id, c.req.param('id'))));
  for (const path of item.update) {
    api.put(path, async (c) => {
      const input = await readJson(c, updateMediaSchema);
      return c.json(await c.var.services.media.forGallery(gallery).update(c.var.viewer.id, c.req.param('id'), input));
    });
  }
  return api
    .post('/:id/favorite', async (c) => c.json(await c.var.services.media.forGallery(gallery).toggleFavorite(c.var.viewer.id, c.req.param('id'))))
    .put('/:id/playback', async (c) => {
      const { position } = await readJson(c, playbackPositionSchema);
      return c.json(await c.var.services.media.forGallery(gallery).savePosition(c.var.viewer.id, c.req.param('id'), position));
    })
    .post('/:id/played', async (c) => c.json(await c.var.services.media.forGallery(gallery).countPlay(c.var.viewer.id, c.req.param('id'))))
    .delete(item.toBin, async (c) => {
      const media = await c.var.services.media.forGallery(gallery).moveToBin(c.var.viewer.id, c.req.param('id'));
      return c.json({ success: true, message: MEDIA_TEXT.movedToBin, media });
    })
    .post('/:id/restore', async (c) => {
      const media = await c.var.services.media.forGallery(gallery).restore(c.var.viewer.id, c.req.param('id'));
      return c.json({ success: true, message: MEDIA_TEXT.restored, media });
    })
    .delete(item.deleteForever, async (c) => {
      await c.var.services.media.forGallery(gallery).deleteForever(c.var.viewer.id, c.req.param('id'));
      return c.json({ success: true, message: MEDIA_TEXT.deletedForever });
    });
}

/** GET /api/tags: the vocabulary and the owner's own tags. */
export const tagsApi = new Hono<SignedInEnv>()
  .use('*', requireSignIn())
  .get('/', async (c) => c.json(await c.var.services.media.tags(c.var.viewer.id, await c.var.services.locks.isLocked(c.var.viewer, 'premium'))));
