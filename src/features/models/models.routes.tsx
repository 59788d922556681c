// Models: the JSON API of the spec (/api/models, /api/models/{modelId}), each model's picture as the
// hub serves it (/api/models/{modelId}/picture): modelsApi, mounted at /api/models (paths here are
// relative); and the Models page (modelsPage, at /models).

import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { UnauthorizedError } from '../../errors.ts';
import { readJson } from '../../http/body.ts';
import { pageCount } from '../../http/list-query.ts';
import { MEDIA_CSP } from '../../http/middleware/security-headers.ts';
import { MODEL_TEXT } from '../../shared/models.ts';
import { requireSignIn, type SignedInEnv, viewerOf } from '../auth/auth.middleware.ts';
import { profilePictureSchema } from '../media/media.schema.ts';
import { createModelSchema, updateModelSchema } from './models.schema.ts';
import { ModelsPage } from './pages/ModelsPage.tsx';
import { MODELS_PAGE_SIZE, modelsApiQuery, parseModelQuery } from './query.schema.ts';

/** Pictures change rarely; the address carries the source URL's hash, so a new URL is a new address. */
const PICTURE_CACHE_CONTROL = 'private, max-age=86400';

function etagOf(bytes: Uint8Array): string {
  return `"${new Bun.CryptoHasher('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
}

/** The API's guard, with the spec's own message for calls without a session. */
const signedIn = () =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const viewer = viewerOf(c);
    if (!viewer) throw new UnauthorizedError(MODEL_TEXT.loginRequired);
    c.set('viewer', viewer);
    await next();
  });

export const modelsApi = new Hono<SignedInEnv>()
  .use('*', signedIn())

  .get('/', async (c) => {
    const query = parseModelQuery(c.req.query());
    const page = await c.var.services.models.list(c.var.viewer.id, query);
    c.header('X-Total-Count', String(page.total));
    return c.json(page.items);
  })

  .post('/', async (c) => {
    const input = await readJson(c, createModelSchema);
    return c.json(await c.var.services.models.create(c.var.viewer.id, { ...input, name: input.name! }), 201);
  })

  .get('/:modelId', async (c) => c.json(await c.var.services.models.get(c.var.viewer.id, c.req.param('modelId'))))

  .get('/:modelId/picture', async (c) => {
    // `v` in the address only busts browser caches: the model's current picture is served.
    const picture = await c.var.services.modelPictures.pictureFor(c.var.viewer.id, c.req.param('modelId'));
    const etag = etagOf(picture.bytes);
    c.header('Cache-Control', PICTURE_CACHE_CONTROL);
    c.header('ETag', etag);
    // Bytes from another host: never sniffed as anything else, and nothing in them may run or load.
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', MEDIA_CSP);
    const match = c.req.header('if-none-match');
    // biome-ignore lint/complexity/useOptionalChain: kept from before the linter; fix when this code is next touched
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);
    c.header('Content-Type', picture.contentType);
    return c.body(picture.bytes as Uint8Array<ArrayBuffer>);
  })

  .put('/:modelId', async (c) => {
    const input = await readJson(c, updateModelSchema);
    return c.json(await c.var.services.models.update(c.var.viewer.id, c.req.param('modelId'), input));
  })

  // Set as Profile Picture: one of the owner's images in the gallery becomes the model's picture.
  .put('/:modelId/profile-picture', async (c) => {
    const { galleryId } = await readJson(c, profilePictureSchema);
    const { media, models } = c.var.services;
    const modelId = c.req.param('modelId');
    await models.get(c.var.viewer.id, modelId);
    const url = await media.gallery.profilePictureUrl(c.var.viewer.id, galleryId);
    return c.json(await models.setProfilePicture(c.var.viewer.id, modelId, url));
  })

  .delete('/:modelId', async (c) => {
    await c.var.services.models.remove(c.var.viewer.id, c.req.param('modelId'));
    return c.json({ success: true, message: MODEL_TEXT.deleted });
  });

/** The page, mounted at /models. */
export const modelsPage = new Hono<SignedInEnv>().get('/', requireSignIn(), async (c) => {
  const query = parseModelQuery(c.req.query(), MODELS_PAGE_SIZE);
  const { models } = c.var.services;
  const [page, total] = await Promise.all([models.list(c.var.viewer.id, query), models.count(c.var.viewer.id)]);
  const { filters } = query;
  const view = {
    search: filters.search,
    ethnicity: filters.ethnicity === '' ? 'N/A' : (filters.ethnicity ?? ''),
    breastSize: filters.breastSize ?? '',
    sort: query.sort,
    favorite: filters.favorite === true,
    page: Math.floor(query.offset / query.limit) + 1,
    pages: pageCount(page.total, query.limit),
  };
  return c.render(
    <ModelsPage view={view} models={page.items} shown={page.total} total={total} query={modelsApiQuery(query)} isAdmin={c.var.viewer.role === 'admin'} />,
    { title: 'Models' },
  );
});
