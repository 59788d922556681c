// Connect's API (the vault's accounts), mounted at /api/accounts (paths here are relative to it), for signed-in
// owners only, with the spec's wording for a call made without a session. Handlers are thin: the
// service holds the rules, the schemas the validation. Import and export come first, so their
// fixed paths are never read as account ids.

import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { NotFoundError, UnauthorizedError } from '../../errors.ts';
import { parseWith, readJson } from '../../http/body.ts';
import { VAULT_TEXT } from '../../shared/connect.ts';
import { type SignedInEnv, viewerOf } from '../auth/auth.middleware.ts';
import { iconResponse } from '../favicons/favicons.routes.ts';
import { createVaultAccountSchema, updateVaultAccountSchema, vaultFilters, vaultListQuery } from './connect.schema.ts';
import { connectTransferApi } from './transfer/transfer.routes.ts';

const signedIn = () =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const viewer = viewerOf(c);
    if (!viewer) throw new UnauthorizedError(VAULT_TEXT.signInRequired);
    c.set('viewer', viewer);
    await next();
  });

/** The icon may change with the account (a new custom URL): the browser asks again each time, an ETag saves the bytes. */
const ICON_CACHE_CONTROL = 'private, no-cache';

export const connectApi = new Hono()
  .use('*', signedIn())
  .route('/', connectTransferApi)

  .get('/', async (c) => {
    const raw = c.req.query();
    const query = parseWith(vaultListQuery, raw);
    const filters = parseWith(vaultFilters, { category: raw.category });
    const page = await c.var.services.connect.list(c.var.viewer.id, query, filters);
    c.header('X-Total-Count', String(page.total));
    return c.json(page.items);
  })

  .post('/', async (c) => {
    const input = await readJson(c, createVaultAccountSchema);
    return c.json(await c.var.services.connect.create(c.var.viewer.id, input), 201);
  })

  .get('/:accountId', async (c) => c.json(await c.var.services.connect.get(c.var.viewer.id, c.req.param('accountId'))))

  .put('/:accountId', async (c) => {
    const input = await readJson(c, updateVaultAccountSchema);
    return c.json(await c.var.services.connect.update(c.var.viewer.id, c.req.param('accountId'), input));
  })

  .delete('/:accountId', async (c) => {
    await c.var.services.connect.remove(c.var.viewer.id, c.req.param('accountId'));
    return c.json({ success: true, message: VAULT_TEXT.deleted });
  })

  // The browser never asks another host: the hub fetches (and keeps) the icon itself.
  .get('/:accountId/favicon', async (c) => {
    const icon = await c.var.services.connect.favicon(c.var.viewer.id, c.req.param('accountId'));
    if (!icon) throw new NotFoundError('No icon for this account');
    return iconResponse(c, icon, ICON_CACHE_CONTROL);
  });
