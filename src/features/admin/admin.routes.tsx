// Administration: the Admin Panel page and the lockout reset (admin bearer token or admin session).

import { Hono } from 'hono';
import { ConflictError } from '../../errors.ts';
import { requireAdmin } from '../auth/auth.middleware.ts';
import type { PublicUser } from '../users/users.schema.ts';
import { AdminPage } from './pages/AdminPage.tsx';

export const LOCKOUT_DISABLED = 'The lockout is disabled (SITE_LOCKOUT_HOURS is 0, or the period chosen at setup is)';

export const adminRoutes = new Hono()
  .post('/api/admin/reset-lockout', requireAdmin(), async (c) => {
    const { newExpiryTime } = await c.var.services.gate.resetLockout();
    if (newExpiryTime === null) throw new ConflictError(LOCKOUT_DISABLED);
    c.var.deps.logger.info('site lockout reset', { by: c.var.viewer.id, until: newExpiryTime });
    return c.json({ newExpiryTime });
  })

  .get('/admin', requireAdmin(), async (c) => {
    const { users, gate, libraries } = c.var.services;
    const list = (await users.list(c.var.viewer)) as PublicUser[];
    const page = (
      <AdminPage
        users={list}
        libraries={await libraries.list(c.var.viewer)}
        lockout={await gate.lockoutStatus()}
        lockoutHours={await gate.lockoutHours()}
        viewerId={c.var.viewer.id}
      />
    );
    return c.render(page, { title: 'Admin Panel' });
  });
