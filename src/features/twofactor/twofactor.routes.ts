// The signed-in account's own two-factor sign-in (issue 22): its state, setting up a secret,
// turning it on with a first code (the recovery codes come back this once) and off with the
// password. Mounted at /api/me/2fa. Nobody else's: an administrator has no route to it (the
// server's command line resets it: `user 2fa-reset`).

import { Hono } from 'hono';
import { z } from 'zod';
import { ForbiddenError } from '../../errors.ts';
import { readJson } from '../../http/body.ts';
import { clientAddress } from '../../http/credentials.ts';
import { requireSignIn } from '../auth/auth.middleware.ts';
import { TWO_FACTOR_MESSAGES } from './twofactor.service.ts';

export const enableSchema = z.object({ code: z.string().max(100).optional() });
export const disableSchema = z.object({ password: z.string().max(1000).optional() });

export const twoFactorApi = new Hono()
  .use(requireSignIn())

  // {enabled, pending, recoveryCodesLeft, required}
  .get('/', async (c) => c.json(await c.var.services.twoFactor.status(c.var.viewer)))

  .post('/totp/setup', async (c) => {
    const { viewer } = c.var;
    const user = await c.var.services.users.get(viewer, viewer.id);
    return c.json(await c.var.services.twoFactor.setup(viewer.id, user.username || user.name));
  })

  .post('/totp/enable', async (c) => {
    const { code } = await readJson(c, enableSchema);
    return c.json(await c.var.services.twoFactor.enable(c.var.viewer.id, code));
  })

  .delete('/totp', async (c) => {
    const { password } = await readJson(c, disableSchema);
    const { viewer } = c.var;
    // The same guessing limit as signing in: a wrong password here is a failed attempt too.
    if (!(await c.var.services.auth.confirmPassword(viewer.id, password ?? '', clientAddress(c), 'signin')))
      throw new ForbiddenError(TWO_FACTOR_MESSAGES.wrongPassword);
    await c.var.services.twoFactor.disable(viewer.id);
    return c.json({ success: true });
  });
