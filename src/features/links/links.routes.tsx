// The links API (linksApi, mounted at /api/links: paths here are relative) and the Links page
// (linksPage, at /links), for signed-in owners only.

import { Hono } from 'hono';
import { InvalidError } from '../../errors.ts';
import { parseWith, readJson } from '../../http/body.ts';
import { LINK_LIMITS, LINKS_PAGE_SIZE } from '../../shared/links.ts';
import { requireSignIn } from '../auth/auth.middleware.ts';
import { isBookmarkFile } from './bookmarks.ts';
import { createLinkSchema, detectLinkSchema, linkFilters, linkListQuery, updateLinkSchema } from './links.schema.ts';
import { LinksPage } from './pages/LinksPage.tsx';
import { IMPORT_TEXT, readBookmarkUpload } from './upload.ts';

export const linksApi = new Hono()
  .use('*', requireSignIn())

  .get('/', async (c) => {
    const raw = c.req.query();
    const query = parseWith(linkListQuery, raw);
    const filters = parseWith(linkFilters, { category: raw.category, favorite: raw.favorite });
    const page = await c.var.services.links.list(c.var.viewer.id, query, filters);
    c.header('X-Total-Count', String(page.total));
    return c.json(page.items);
  })

  .post('/', async (c) => {
    const input = await readJson(c, createLinkSchema);
    return c.json(await c.var.services.links.create(c.var.viewer.id, input), 201);
  })

  .post('/detect', async (c) => {
    const { url } = await readJson(c, detectLinkSchema);
    return c.json(await c.var.services.links.detect(url));
  })

  // The models service knows the owner's models and their links.
  .post('/sync-from-models', async (c) =>
    c.json(await c.var.services.links.syncFromModels(c.var.viewer.id, (ownerId) => c.var.services.models.modelLinks(ownerId))),
  )

  .get('/export', async (c) => {
    const file = await c.var.services.links.exportBookmarks(c.var.viewer.id);
    c.header('Content-Type', 'text/html; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="links.html"');
    return c.body(file);
  })

  .post('/import', async (c) => {
    const text = await readBookmarkUpload(c, LINK_LIMITS.importBytes);
    if (!isBookmarkFile(text)) throw new InvalidError(IMPORT_TEXT.notBookmarks);
    return c.json(await c.var.services.links.importBookmarks(c.var.viewer.id, text));
  })

  .get('/:linkId', async (c) => c.json(await c.var.services.links.get(c.var.viewer.id, c.req.param('linkId'))))

  .put('/:linkId', async (c) => {
    const input = await readJson(c, updateLinkSchema);
    return c.json(await c.var.services.links.update(c.var.viewer.id, c.req.param('linkId'), input));
  })

  .delete('/:linkId', async (c) => {
    await c.var.services.links.remove(c.var.viewer.id, c.req.param('linkId'));
    return c.json({ success: true, message: 'Link deleted' });
  })

  .post('/:linkId/visit', async (c) => c.json(await c.var.services.links.visit(c.var.viewer.id, c.req.param('linkId'))));

/** The page, mounted at /links. */
export const linksPage = new Hono().get('/', requireSignIn(), async (c) => {
  const raw = c.req.query();
  const filters = parseWith(linkFilters, { category: raw.category, favorite: raw.favorite });
  const query = parseWith(linkListQuery, { search: raw.search, page: raw.page, limit: String(LINKS_PAGE_SIZE) });
  const page = await c.var.services.links.list(c.var.viewer.id, query, filters);
  return c.render(
    <LinksPage
      links={page.items}
      total={page.total}
      view={{
        ...(filters.category ? { category: filters.category } : {}),
        ...(filters.favorite ? { favorite: true } : {}),
        search: query.search,
        page: query.page,
      }}
    />,
    { title: 'Links' },
  );
});
