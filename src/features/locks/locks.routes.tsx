// Premium and Connect locks over HTTP (decision 0057): the owner's settings (GET/PUT
// /api/me/locks), POST /api/unlock and POST /api/lock for this session, the guard in front of the
// locked areas' API (403 {error, locked: true}) and their pages (an unlock form, no item data),
// and that form's plain POST /unlock.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { readJson, safeNextPath } from '../../http/body.ts';
import { formPost } from '../../http/forms.ts';
import { Alert, LockIcon, NarrowCard } from '../../http/ui.tsx';
import { LOCK_TEXT, type LockArea } from '../../shared/locks.ts';
import { requireSignIn, type SignedInEnv, viewerOf } from '../auth/auth.middleware.ts';
import { unlockSchema, updateLocksSchema } from './locks.schema.ts';

export const locksApi = new Hono<SignedInEnv>()
  .use('*', requireSignIn())
  .get('/', async (c) => c.json(await c.var.services.locks.settings(c.var.viewer)))
  .put('/', async (c) => c.json(await c.var.services.locks.update(c.var.viewer, await readJson(c, updateLocksSchema))));

export const unlockApi = new Hono<SignedInEnv>()
  .use('*', requireSignIn())
  .post('/', async (c) => c.json(await c.var.services.locks.unlock(c.var.viewer, (await readJson(c, unlockSchema)).pin)));

export const lockApi = new Hono<SignedInEnv>().use('*', requireSignIn()).post('/', async (c) => c.json(await c.var.services.locks.lock(c.var.viewer)));

/** Whether the signed-in visitor (if any) has `area` closed right now. */
async function closed(c: Context, area: LockArea): Promise<boolean> {
  const viewer = viewerOf(c);
  return viewer !== null && (await c.var.services.locks.isLocked(viewer, area));
}

/** In front of a locked area's API: 403 {error, locked: true} while it is closed to this session. */
export const areaLock = (area: LockArea) =>
  createMiddleware(async (c, next) => {
    if (await closed(c, area)) return c.json({ error: LOCK_TEXT.locked[area], locked: true }, 403);
    await next();
  });

/** In front of a locked area's page: the unlock form instead of the page while it is closed. */
export const areaPageLock = (area: LockArea) =>
  createMiddleware(async (c, next) => {
    if (c.req.method !== 'GET' || !(await closed(c, area))) return next();
    c.status(403);
    return renderUnlock(c, area, c.req.path);
  });

const AREA_TITLE: Record<LockArea, string> = { premium: 'Premium', connect: 'Connect' };

export function UnlockPage({ area, next, error }: { area: LockArea; next: string; error?: string | null }) {
  return (
    <NarrowCard className="fade-in-slow">
      <div className="flex justify-center text-accent">
        <LockIcon size={32} />
      </div>
      <h1 className="mt-3 text-center font-display text-2xl font-bold tracking-tight">{LOCK_TEXT.locked[area]}</h1>
      <p className="mt-1 text-center text-sm text-muted">{LOCK_TEXT.lockedHint}</p>
      {error ? (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      <form method="post" action="/unlock" className="mt-6 space-y-4">
        <input type="hidden" name="next" value={next} />
        <div>
          <label htmlFor="field-pin" className="mb-1 block text-sm font-medium">
            PIN
          </label>
          <input
            id="field-pin"
            name="pin"
            type="password"
            inputMode="numeric"
            pattern="[0-9]{4,12}"
            autoComplete="off"
            required
            // biome-ignore lint/a11y/noAutofocus: the form is the page's one purpose
            autoFocus
            aria-invalid={error ? true : undefined}
            className={error ? 'field border-danger tracking-widest' : 'field tracking-widest'}
          />
        </div>
        <button type="submit" className="btn-primary w-full">
          Unlock
        </button>
      </form>
    </NarrowCard>
  );
}

function renderUnlock(c: Context, area: LockArea, next: string, error?: string | null) {
  return c.render(<UnlockPage area={area} next={next} error={error ?? null} />, { title: `${AREA_TITLE[area]} locked` });
}

const areaOf = (next: string): LockArea => (next.startsWith('/connect') ? 'connect' : 'premium');

/** The unlock form without JavaScript: back where the visitor was once the PIN is right. */
export const unlockPages = new Hono<SignedInEnv>().post('/unlock', requireSignIn(), (c) =>
  formPost(c, {
    forget: ['pin'],
    async save(form) {
      await c.var.services.locks.unlock(c.var.viewer, form.pin ?? '');
      return safeNextPath(form.next, '/premium');
    },
    render: ({ values, error }) => {
      const next = safeNextPath(values.next, '/premium');
      return renderUnlock(c, areaOf(next), next, error);
    },
  }),
);
