// The duplicates API of both galleries: GET /api/gallery/duplicates (?mode=similar), DELETE on the
// same path (exact copies, all but the newest), POST .../duplicates/resolve (a similar group), and
// the same under /api/premium. Paths relative to the gallery's API (media.routes.ts), which takes
// them in before its /:id routes, which would take the path.

import { type Context, Hono } from 'hono';
import { parseWith, readJson } from '../../../http/body.ts';
import type { SignedInEnv } from '../../auth/auth.middleware.ts';
import type { GalleryName } from '../media.table.ts';
import { duplicatesQuery, resolveSchema } from './duplicates.schema.ts';

/** The duplicates routes of one gallery, mounted by its API at /duplicates (sign-in is checked there). */
export function duplicatesApiOf(gallery: GalleryName) {
  const service = (c: Context<SignedInEnv>) => c.var.services.duplicates.forGallery(gallery);
  return new Hono<SignedInEnv>()
    .get('/', async (c) => c.json(await service(c).find(c.var.viewer.id, parseWith(duplicatesQuery, c.req.query()).mode)))
    .delete('/', async (c) => c.json(await service(c).deleteExact(c.var.viewer.id)))
    .post('/resolve', async (c) => c.json(await service(c).resolve(c.var.viewer.id, await readJson(c, resolveSchema))));
}
