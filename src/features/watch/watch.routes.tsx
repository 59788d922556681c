// Watch: the streaming-sites API (watchApi, mounted at /api/streaming-sites: paths here are
// relative) and the Watch page (watchPage, at /watch). Handlers are thin:
// the service holds the rules, the schemas the validation.

import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { UnauthorizedError } from '../../errors.ts';
import { parseWith, readJson } from '../../http/body.ts';
import { STREAMING_SITE_MESSAGES, WATCH_PAGE_SIZE, WATCH_TABS, type WatchFilter, watchTabCategory } from '../../shared/watch.ts';
import { requireSignIn, type SignedInEnv, viewerOf } from '../auth/auth.middleware.ts';
import { WatchPage } from './pages/WatchPage.tsx';
import { createSiteSchema, siteFilterSchema, siteListQuerySchema, updateSiteSchema } from './watch.schema.ts';

/** The API's guard, with the spec's wording for a call made without a session. */
const signedIn = () =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const viewer = viewerOf(c);
    if (!viewer) throw new UnauthorizedError(STREAMING_SITE_MESSAGES.signInRequired);
    c.set('viewer', viewer);
    await next();
  });

/** The page's query string. A page is forgiving: an unknown tab is All, a bad page number is 1. */
const watchPageQuery = z.object({
  tab: z.enum(WATCH_TABS).catch('all'),
  search: z
    .string()
    .optional()
    .transform((s) => (s ?? '').trim().slice(0, 200)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const watchApi = new Hono()
  .use('*', signedIn())

  .get('/', async (c) => {
    const query = c.req.query();
    const list = parseWith(siteListQuerySchema, query);
    const filters = parseWith(siteFilterSchema, query);
    // Newest first by default; by name, A to Z unless the order is given.
    const orderGiven = query.order !== undefined || query.sortOrder !== undefined;
    const page = await c.var.services.watch.list(c.var.viewer.id, {
      search: list.search,
      category: filters.category ?? null,
      favorite: filters.favorite ?? null,
      sort: list.sort,
      order: orderGiven || list.sort !== 'name' ? list.order : 'asc',
      limit: list.limit,
      offset: list.offset,
    });
    c.header('X-Total-Count', String(page.total));
    return c.json(page.items);
  })

  .post('/', async (c) => {
    const input = await readJson(c, createSiteSchema);
    return c.json(await c.var.services.watch.create(c.var.viewer.id, input), 201);
  })

  .get('/:siteId', async (c) => c.json(await c.var.services.watch.get(c.var.viewer.id, c.req.param('siteId'))))

  .put('/:siteId', async (c) => {
    const input = await readJson(c, updateSiteSchema);
    return c.json(await c.var.services.watch.update(c.var.viewer.id, c.req.param('siteId'), input));
  })

  .delete('/:siteId', async (c) => {
    await c.var.services.watch.remove(c.var.viewer.id, c.req.param('siteId'));
    return c.json({ success: true, message: 'Streaming site deleted' });
  })

  .post('/:siteId/visit', async (c) => c.json(await c.var.services.watch.visit(c.var.viewer.id, c.req.param('siteId'))));

/** The page, mounted at /watch. */
export const watchPage = new Hono().get('/', requireSignIn(), async (c) => {
  const { tab, search, page } = watchPageQuery.parse(c.req.query());
  const filter: WatchFilter = { tab, search, page };
  const result = await c.var.services.watch.list(c.var.viewer.id, {
    search,
    category: watchTabCategory(tab),
    favorite: tab === 'favorites' ? true : null,
    sort: 'createdAt',
    order: 'desc',
    limit: WATCH_PAGE_SIZE,
    offset: (page - 1) * WATCH_PAGE_SIZE,
  });
  return c.render(<WatchPage sites={result.items} total={result.total} filter={filter} />, { title: 'Watch' });
});
