// Models: the JSON API of the spec (/api/models, /api/models/{modelId}) and the /models page.

import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { UnauthorizedError } from '../../errors.ts';
import { readJson } from '../../http/body.ts';
import { MODEL_TEXT } from '../../shared/models.ts';
import { pageCount } from '../../http/list-query.ts';
import { requireSignIn, viewerOf, type SignedInEnv } from '../auth/middleware.ts';
import { ModelsPage } from './pages/ModelsPage.tsx';
import { MODELS_PAGE_SIZE, modelsApiQuery, parseModelQuery } from './query.ts';
import { createModelSchema, updateModelSchema } from './schema.ts';

/** The API's guard, with the spec's own message for calls without a session. */
const signedIn = () =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const viewer = viewerOf(c);
    if (!viewer) throw new UnauthorizedError(MODEL_TEXT.loginRequired);
    c.set('viewer', viewer);
    await next();
  });

export const modelsApi = new Hono<SignedInEnv>()
  .use('/api/models', signedIn())
  .use('/api/models/*', signedIn())

  .get('/api/models', async (c) => {
    const query = parseModelQuery(c.req.query());
    const page = await c.var.services.models.list(c.var.viewer.id, query);
    c.header('X-Total-Count', String(page.total));
    return c.json(page.items);
  })

  .post('/api/models', async (c) => {
    const input = await readJson(c, createModelSchema);
    return c.json(await c.var.services.models.create(c.var.viewer.id, { ...input, name: input.name! }), 201);
  })

  .get('/api/models/:modelId', async (c) => c.json(await c.var.services.models.get(c.var.viewer.id, c.req.param('modelId'))))

  .put('/api/models/:modelId', async (c) => {
    const input = await readJson(c, updateModelSchema);
    return c.json(await c.var.services.models.update(c.var.viewer.id, c.req.param('modelId'), input));
  })

  .delete('/api/models/:modelId', async (c) => {
    await c.var.services.models.remove(c.var.viewer.id, c.req.param('modelId'));
    return c.json({ success: true, message: MODEL_TEXT.deleted });
  })

  .get('/models', requireSignIn(), async (c) => {
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
    return c.render(<ModelsPage view={view} models={page.items} shown={page.total} total={total} query={modelsApiQuery(query)} />, { title: 'Models' });
  });
