// The API of both galleries and the tag vocabulary: /api/gallery ... (The Red Room), /api/premium
// ..., /api/tags. Signed-in owners only; another user's item, and an item of the other gallery, is
// 404 on every call. The fixed paths (recycling-bin, bulk, move-to-premium; upload, duplicates and
// the byte routes live elsewhere) come before /:id.

import { Hono, type Context } from 'hono';
import { parseWith, readJson } from '../../http/body.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { binListQuery, bulkSchema, mediaListQuery, moveToPremiumSchema, premiumListQuery, updateMediaSchema } from './media.schema.ts';
import { MEDIA_TEXT } from './media.service.ts';
import type { GalleryName } from './media.table.ts';

/** Handlers both galleries share; the paths differ (the spec's free-gallery paths, premium's plain ones). */
function handlersOf(gallery: GalleryName) {
  const service = (c: Context<SignedInEnv>) => c.var.services.media.forGallery(gallery);
  const query = gallery === 'premium' ? premiumListQuery : mediaListQuery;
  return {
    list: async (c: Context<SignedInEnv>) => c.json(await service(c).list(c.var.viewer.id, parseWith(query, c.req.query()))),
    bin: async (c: Context<SignedInEnv>) => c.json(await service(c).listBin(c.var.viewer.id, parseWith(binListQuery, c.req.query()))),
    get: async (c: Context<SignedInEnv>) => c.json(await service(c).get(c.var.viewer.id, c.req.param('id')!)),
    update: async (c: Context<SignedInEnv>) => {
      const input = await readJson(c, updateMediaSchema);
      return c.json(await service(c).update(c.var.viewer.id, c.req.param('id')!, input));
    },
    favorite: async (c: Context<SignedInEnv>) => c.json(await service(c).toggleFavorite(c.var.viewer.id, c.req.param('id')!)),
    toBin: async (c: Context<SignedInEnv>) => {
      const media = await service(c).moveToBin(c.var.viewer.id, c.req.param('id')!);
      return c.json({ success: true, message: MEDIA_TEXT.movedToBin, media });
    },
    restore: async (c: Context<SignedInEnv>) => {
      const media = await service(c).restore(c.var.viewer.id, c.req.param('id')!);
      return c.json({ success: true, message: MEDIA_TEXT.restored, media });
    },
    deleteForever: async (c: Context<SignedInEnv>) => {
      await service(c).deleteForever(c.var.viewer.id, c.req.param('id')!);
      return c.json({ success: true, message: MEDIA_TEXT.deletedForever });
    },
    bulk: async (c: Context<SignedInEnv>) => {
      const input = await readJson(c, bulkSchema);
      return c.json(await service(c).bulk(c.var.viewer.id, input));
    },
  };
}

const free = handlersOf('gallery');
const premium = handlersOf('premium');

export const mediaApi = new Hono<SignedInEnv>()
  .use('/api/gallery', requireSignIn())
  .use('/api/gallery/*', requireSignIn())
  .use('/api/premium', requireSignIn())
  .use('/api/premium/*', requireSignIn())
  .use('/api/tags', requireSignIn())

  // The Red Room, on the spec's paths (PUT on the item too, as premium has it).
  .get('/api/gallery', free.list)
  .get('/api/gallery/recycling-bin', free.bin)
  .post('/api/gallery/bulk', free.bulk)
  .post('/api/gallery/move-to-premium', async (c) => {
    const ids = await readJson(c, moveToPremiumSchema);
    const { updated } = await c.var.services.media.gallery.bulk(c.var.viewer.id, { action: 'move-to-premium', ids });
    return c.json({ success: true, moved: updated, message: MEDIA_TEXT.movedToPremium(updated) });
  })
  .get('/api/gallery/:id', free.get)
  .put('/api/gallery/:id/update', free.update)
  .put('/api/gallery/:id', free.update)
  .post('/api/gallery/:id/favorite', free.favorite)
  .delete('/api/gallery/:id/delete', free.toBin)
  .post('/api/gallery/:id/restore', free.restore)
  .delete('/api/gallery/:id/permanent-delete', free.deleteForever)

  // The premium gallery: the same rules on its own paths.
  .get('/api/premium', premium.list)
  .get('/api/premium/recycling-bin', premium.bin)
  .post('/api/premium/bulk', premium.bulk)
  .get('/api/premium/:id', premium.get)
  .put('/api/premium/:id', premium.update)
  .delete('/api/premium/:id', premium.toBin)
  .post('/api/premium/:id/favorite', premium.favorite)
  .post('/api/premium/:id/restore', premium.restore)
  .delete('/api/premium/:id/permanent', premium.deleteForever)

  .get('/api/tags', async (c) => c.json(await c.var.services.media.tags(c.var.viewer.id)));
