// The site gate's endpoints and forms: password check, token check, lockout status, Lock Site,
// and the first-run setup. Also the gate renderer the site gate shows in place of pages.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError, ConflictError, UnauthorizedError } from '../../errors.ts';
import { readJson, safeNextPath } from '../../http/body.ts';
import { clearCredentialCookie, clientAddress, SESSION_COOKIE, SITE_COOKIE, setCredentialCookie, siteTokenOf } from '../../http/credentials.ts';
import { FormInvalidError, formPost, parseForm } from '../../http/forms.ts';
import { applyErrorHeaders } from '../../http/middleware/errors.tsx';
import { createUserSchema } from '../users/users.schema.ts';
import { LOCKOUT_HOURS_MAX, LOCKOUT_PERIOD_MESSAGE, SITE_MESSAGES, SITE_TOKEN_TTL_MS } from './gate.service.ts';
import { SetupPage } from './pages/SetupPage.tsx';
import { SiteGatePage } from './pages/SiteGatePage.tsx';

export const passwordBody = z.object({ password: z.unknown().optional().meta({ type: 'string', description: 'The household password' }) });

function grantSiteAccess(c: Context, token: string): void {
  setCredentialCookie(c, SITE_COOKIE, token, c.var.deps.clock().getTime() + SITE_TOKEN_TTL_MS);
}

/** Lock Site: this browser's site token is revoked on the server and its cookie cleared. */
async function lockSite(c: Context): Promise<void> {
  await c.var.services.gate.revokeToken(siteTokenOf(c));
  clearCredentialCookie(c, SITE_COOKIE);
}

/** Shown instead of any page while the visitor has no site access (or the hub is not set up). */
/** With an `error`, the caller has set the status already; without, it is 401 (or 423 when locked). */
export async function renderGate(c: Context, next: string, error: string | null = null): Promise<Response> {
  const { gate } = c.var.services;
  if (!(await gate.isPasswordSet())) {
    return c.render(<SetupPage needsSitePassword needsAdmin={!(await c.var.services.users.hasUsers())} />, { title: 'Set up' });
  }
  const locked = await gate.isLocked();
  if (error === null) c.status(locked ? 423 : 401);
  return c.render(<SiteGatePage next={next} locked={locked} error={error} />, { title: locked ? 'Site locked' : 'Private access' });
}

async function needsSetup(c: Context): Promise<{ sitePassword: boolean; admin: boolean }> {
  const { gate, users } = c.var.services;
  return { sitePassword: !(await gate.isPasswordSet()), admin: !(await users.hasUsers()) };
}

const setupForm = z.object({
  sitePassword: z.string().optional(),
  sitePasswordConfirm: z.string().optional(),
  lockoutHours: z.string().optional(),
});

/** The lockout period typed on the setup page: hours from 0 (off) up to the limit; blank keeps the default. */
function lockoutPeriod(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const hours = Number(text.trim());
  if (!/^\s*\d+(?:\.\d+)?\s*$/.test(text) || !Number.isFinite(hours) || hours > LOCKOUT_HOURS_MAX) {
    throw new FormInvalidError(LOCKOUT_PERIOD_MESSAGE, { lockoutHours: LOCKOUT_PERIOD_MESSAGE });
  }
  return hours;
}

/**
 * The administrator's fields of the setup form. The page asks for two passwords, so the account's
 * problems say that they are about the administrator ("Administrator account: Password must be…").
 */
/** The administrator's fields; each problem names the administrator account, as setup asks for two passwords. */
function administratorInput(form: Record<string, string>) {
  try {
    return parseForm(createUserSchema.omit({ role: true }), form);
  } catch (error) {
    if (error instanceof FormInvalidError) throw new FormInvalidError(`Administrator account: ${error.message}`, error.fields);
    throw error;
  }
}

export const gateRoutes = new Hono()
  .get('/api/site/lockout-status', async (c) => c.json(await c.var.services.gate.lockoutStatus()))

  .post('/api/site/verify-password', async (c) => {
    try {
      const { password } = await readJson(c, passwordBody);
      const token = await c.var.services.gate.enter(password, clientAddress(c));
      grantSiteAccess(c, token);
      return c.json({ success: true, siteToken: token });
    } catch (error) {
      // The spec's answer shape for every refusal: { success: false, error }.
      if (!(error instanceof AppError)) throw error;
      applyErrorHeaders(c, error);
      return c.json({ success: false, error: error.message }, error.status);
    }
  })

  // The gate middleware has already checked the token; a valid header token also becomes the
  // cookie again, so a tab that kept its token gets its pages back.
  .get('/api/site/verify-token', (c) => {
    const valid = c.var.siteAccess;
    const token = c.req.header('x-site-token');
    if (valid && token) grantSiteAccess(c, token);
    return c.json({ valid });
  })

  .post('/api/site/lock', async (c) => {
    await lockSite(c);
    return c.json({ success: true });
  })

  // The gate's form without JavaScript.
  .post('/site/enter', (c) =>
    formPost(c, {
      async save(form) {
        try {
          grantSiteAccess(c, await c.var.services.gate.enter(form.password ?? '', clientAddress(c)));
        } catch (error) {
          if (error instanceof ConflictError) return '/'; // not set up yet: the setup page
          throw error;
        }
        return safeNextPath(form.next);
      },
      render: ({ values, error }) => renderGate(c, safeNextPath(values.next), error),
    }),
  )

  .post('/site/lock', async (c) => {
    await lockSite(c);
    return c.redirect('/', 303);
  })

  .get('/setup', async (c) => {
    const needs = await needsSetup(c);
    if (!needs.sitePassword && !needs.admin) return c.redirect('/', 303);
    return c.render(<SetupPage needsSitePassword={needs.sitePassword} needsAdmin={needs.admin} />, { title: 'Set up' });
  })

  // First run. Open to anyone only while no site password exists (the first visitor sets the hub
  // up, as with any self-hosted app); with a password but no account, it needs site access.
  .post('/setup', async (c) => {
    const { gate, users, auth } = c.var.services;
    const needs = await needsSetup(c);
    if (!needs.sitePassword && !c.var.siteAccess) throw new UnauthorizedError(SITE_MESSAGES.required);
    if (!needs.sitePassword && !needs.admin) return c.redirect('/', 303);
    return formPost(c, {
      async save(form) {
        const setup = parseForm(setupForm, form);
        if (needs.sitePassword) {
          if (!setup.sitePassword) throw new FormInvalidError('Choose a site password', { sitePassword: 'Choose a site password' });
          if (setup.sitePassword !== setup.sitePasswordConfirm) {
            throw new FormInvalidError('The two site passwords do not match', { sitePasswordConfirm: 'The two site passwords do not match' });
          }
        }
        const hours = gate.lockoutHoursFixed ? null : lockoutPeriod(setup.lockoutHours);
        const admin = needs.admin ? administratorInput(form) : null;
        if (needs.sitePassword) await gate.setUpPassword(setup.sitePassword!);
        // After the password (a second setup racing this one stops there), armed from now.
        if (hours !== null) await gate.chooseLockoutHours(hours);
        if (admin) {
          const created = await users.create(null, admin);
          const session = await auth.createSession(created._id, { ip: clientAddress(c), userAgent: c.req.header('user-agent'), method: 'setup' });
          setCredentialCookie(c, SESSION_COOKIE, session.token, session.expiresAt);
        }
        if (!c.var.siteAccess) grantSiteAccess(c, await gate.issueToken());
        return '/';
      },
      render: (form) => c.render(<SetupPage needsSitePassword={needs.sitePassword} needsAdmin={needs.admin} form={form} />, { title: 'Set up' }),
    });
  });
