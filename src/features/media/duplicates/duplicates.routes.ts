// The duplicates API of both galleries: GET /api/gallery/duplicates (?mode=similar), DELETE on the
// same path (exact copies, all but the newest), POST .../duplicates/resolve (a similar group), and
// the same under /api/premium. Mounted before the galleries' /:id routes, which would take the path.

import { Hono, type Context } from 'hono';
import { parseWith, readJson } from '../../../http/body.ts';
import { requireSignIn, type SignedInEnv } from '../../auth/auth.middleware.ts';
import type { GalleryName } from '../media.table.ts';
import { duplicatesQuery, resolveSchema } from './duplicates.schema.ts';

function routesOf(gallery: GalleryName) {
  const base = `/api/${gallery}/duplicates`;
  const service = (c: Context<SignedInEnv>) => c.var.services.duplicates.forGallery(gallery);
  return new Hono<SignedInEnv>()
    .use(base, requireSignIn())
    .use(`${base}/*`, requireSignIn())
    .get(base, async (c) => c.json(await service(c).find(c.var.viewer.id, parseWith(duplicatesQuery, c.req.query()).mode)))
    .delete(base, async (c) => c.json(await service(c).deleteExact(c.var.viewer.id)))
    .post(`${base}/resolve`, async (c) => c.json(await service(c).resolve(c.var.viewer.id, await readJson(c, resolveSchema))));
}

export const duplicatesApi = new Hono<SignedInEnv>().route('/', routesOf('gallery')).route('/', routesOf('premium'));
