// The API of both galleries and the tag vocabulary: galleryApi('gallery') mounted at /api/gallery
// (The Red Room), galleryApi('premium') at /api/premium, tagsApi at /api/tags (paths here are
// relative to those). Signed-in owners only; another user's item, and an item of the other gallery,
// is 404 on every call. Each gallery's fixed paths (duplicates, upload, recycling-bin, bulk,
// move-to-premium) come before its /:id routes, in this one file; the byte routes are /media.

import { type Context, Hono } from 'hono';
import { parseWith, readJson } from '../../http/body.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { duplicatesApiOf } from './duplicates/duplicates.routes.ts';
import { uploadInto } from './ingest/ingest.routes.ts';
import { binListQuery, bulkSchema, mediaListQuery, moveToPremiumSchema, playbackPositionSchema, premiumListQuery, updateMediaSchema } from './media.schema.ts';
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
    position: async (c: Context<SignedInEnv>) => {
      const { position } = await readJson(c, playbackPositionSchema);
      return c.json(await service(c).savePosition(c.var.viewer.id, c.req.param('id')!, position));
    },
    played: async (c: Context<SignedInEnv>) => c.json(await service(c).countPlay(c.var.viewer.id, c.req.param('id')!)),
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

/** The Red Room's API on the spec's paths (PUT on the item too, as premium has it), or premium's on its own. */
export function galleryApi(gallery: GalleryName) {
  const api = new Hono<SignedInEnv>().use('*', requireSignIn()).route('/duplicates', duplicatesApiOf(gallery)).post('/upload', uploadInto(gallery));
  if (gallery === 'gallery') {
    return api
      .get('/', free.list)
      .get('/recycling-bin', free.bin)
      .post('/bulk', free.bulk)
      .post('/move-to-premium', async (c) => {
        const ids = await readJson(c, moveToPremiumSchema);
        const { updated } = await c.var.services.media.gallery.bulk(c.var.viewer.id, { action: 'move-to-premium', ids });
        return c.json({ success: true, moved: updated, message: MEDIA_TEXT.movedToPremium(updated) });
      })
      .get('/:id', free.get)
      .put('/:id/update', free.update)
      .put('/:id', free.update)
      .post('/:id/favorite', free.favorite)
      .put('/:id/playback', free.position)
      .post('/:id/played', free.played)
      .delete('/:id/delete', free.toBin)
      .post('/:id/restore', free.restore)
      .delete('/:id/permanent-delete', free.deleteForever);
  }
  return api
    .get('/', premium.list)
    .get('/recycling-bin', premium.bin)
    .post('/bulk', premium.bulk)
    .get('/:id', premium.get)
    .put('/:id', premium.update)
    .delete('/:id', premium.toBin)
    .post('/:id/favorite', premium.favorite)
    .put('/:id/playback', premium.position)
    .post('/:id/played', premium.played)
    .post('/:id/restore', premium.restore)
    .delete('/:id/permanent', premium.deleteForever);
}

/** GET /api/tags: the vocabulary and the owner's own tags. */
export const tagsApi = new Hono<SignedInEnv>()
  .use('*', requireSignIn())
  .get('/', async (c) => c.json(await c.var.services.media.tags(c.var.viewer.id, await c.var.services.locks.isLocked(c.var.viewer, 'premium'))));
