// The dead-man's-switch lockout over HTTP, with an injected clock: the status endpoint, the lock
// itself (pages and API answer 423, tokens die, the right password is refused), the server-side
// reset, decimal hours and 0 (off).
import { afterEach, describe, expect, test } from 'bun:test';
import { createTestApp, setCookies, TEST_SITE_PASSWORD, type TestApp } from '../../../test/helpers/test-app.ts';
import { runCli } from '../../cli.ts';
import { loadConfig } from '../../config.ts';
import { createServices } from '../services.ts';
import { SITE_MESSAGES } from './gate.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2031, 2, 10, 8, 0, 0);

let now = START;
const clock = () => new Date(now);
let t: TestApp;

async function app(env: Record<string, string> = {}) {
  now = START;
  t = await createTestApp({ clock, env });
  return t;
}
afterEach(() => t.close());

const status = async () => (await t.request('/api/site/lockout-status')).json();
const verifyToken = async (siteToken: string) => (await t.request('/api/site/verify-token', { as: { siteToken } })).json();

/** The reset an operator runs on the server (`npm run cli -- lockout reset`), on the app's clock. */
function serverReset(env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: t.dataDir, SITE_PASSWORD: TEST_SITE_PASSWORD, ...env });
  return createServices({ db: t.database.db, config, clock }).gate.resetLockout();
}

describe('GET /api/site/lockout-status', () => {
  test('open with the default 24 hours, counting down by the clock, needing no token', async () => {
    await app();
    expect(await status()).toEqual({ lockoutEnabled: true, isLocked: false, timeRemaining: 24 * HOUR });
    now += 90 * MINUTE;
    expect(await status()).toEqual({ lockoutEnabled: true, isLocked: false, timeRemaining: 22.5 * HOUR });
  });

  test('SITE_LOCKOUT_HOURS=0.5 gives half an hour', async () => {
    await app({ SITE_LOCKOUT_HOURS: '0.5' });
    expect(await status()).toEqual({ lockoutEnabled: true, isLocked: false, timeRemaining: 30 * MINUTE });
    const token = await t.enterSite();
    now += 29 * MINUTE;
    expect(await verifyToken(token)).toEqual({ valid: true });
    now += MINUTE;
    expect(await status()).toEqual({ lockoutEnabled: true, isLocked: true, timeRemaining: 0 });
    expect(await verifyToken(token)).toEqual({ valid: false });
  });

  test('SITE_LOCKOUT_HOURS=0 turns it off: never locked, whatever the time', async () => {
    await app({ SITE_LOCKOUT_HOURS: '0' });
    expect(await status()).toEqual({ lockoutEnabled: false, isLocked: false, timeRemaining: 0 });
    const token = await t.enterSite();
    for (let day = 0; day < 10 * 365; day += 10) {
      now += 10 * 24 * HOUR;
      expect(await verifyToken(token)).toEqual({ valid: true });
    }
    expect(await status()).toEqual({ lockoutEnabled: false, isLocked: false, timeRemaining: 0 });
    expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: TEST_SITE_PASSWORD } })).status).toBe(200);
  });
});

describe('when the expiry passes', () => {
  test('every token stops at once: pages show the locked gate with 423, the API answers 423', async () => {
    await app();
    const admin = await t.createUser({ username: 'admin' });
    const otherSite = await t.enterSite();
    now += 24 * HOUR - 1;
    expect((await t.request('/', { as: admin })).status).toBe(200);

    now += 1;
    expect(await status()).toEqual({ lockoutEnabled: true, isLocked: true, timeRemaining: 0 });
    for (const token of [admin.siteToken, otherSite]) expect(await verifyToken(token)).toEqual({ valid: false });

    for (const path of ['/', '/users', '/signin', '/admin']) {
      for (const credentials of [{ headers: { cookie: `hub_site=${admin.siteToken}` } }, { as: admin }, {}]) {
        const res = await t.request(path, credentials);
        expect(res.status).toBe(423);
        const html = await res.text();
        expect(html).toContain('Site Locked');
        expect(html).toContain(SITE_MESSAGES.locked);
      }
    }
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['GET', `/api/users/${admin.user._id}`],
      ['POST', '/api/admin/reset-lockout'],
      ['GET', '/auth/signout/'],
    ]) {
      const res = await t.request(path!, { method, as: admin });
      expect(res.status).toBe(423);
      expect(await res.json()).toEqual({ error: SITE_MESSAGES.locked });
    }
  });

  test('the right password is refused with 423 and a clear message; no token is issued', async () => {
    await app();
    await t.enterSite(); // the switch is armed from the first use
    now += 25 * HOUR;
    const res = await t.request('/api/site/verify-password', { method: 'POST', json: { password: TEST_SITE_PASSWORD } });
    expect(res.status).toBe(423);
    const body = (await res.json()) as { success: boolean; error: string };
    expect(body).toEqual({ success: false, error: SITE_MESSAGES.locked });
    expect(body.error).toContain('lockout reset');
    expect(res.headers.getSetCookie()).toEqual([]);

    const viaForm = await t.request('/site/enter', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: TEST_SITE_PASSWORD, next: '/' }).toString(),
    });
    expect(viaForm.status).toBe(423);
    expect(await viaForm.text()).toContain(SITE_MESSAGES.locked);
    expect(await t.database.db.selectFrom('site_tokens').select('id').execute()).toHaveLength(1);
  });

  test('a form post with a dead token while locked is refused as locked', async () => {
    await app();
    const admin = await t.createUser({ username: 'admin' });
    now += 25 * HOUR;
    const res = await t.request(`/user/edit/${admin.user._id}`, {
      method: 'POST',
      headers: { cookie: `hub_site=${admin.siteToken}; hub_session=${admin.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Changed',
    });
    expect(res.status).toBe(423);
    const row = await t.database.db.selectFrom('users').select('name').where('id', '=', admin.user._id).executeTakeFirstOrThrow();
    expect(row.name).toBe('admin');
  });

  test('the reset on the server opens the site again; tokens from before the lock stay dead', async () => {
    await app({ SITE_LOCKOUT_HOURS: '2' });
    const admin = await t.createUser({ username: 'admin' });
    now += 3 * HOUR;
    expect((await t.request('/', { as: admin })).status).toBe(423);

    const { newExpiryTime } = await serverReset({ SITE_LOCKOUT_HOURS: '2' });
    expect(newExpiryTime).toBe(new Date(now + 2 * HOUR).toISOString());
    expect(await status()).toEqual({ lockoutEnabled: true, isLocked: false, timeRemaining: 2 * HOUR });
    expect(await verifyToken(admin.siteToken)).toEqual({ valid: false });
    const old = await t.request('/api/users', { as: admin });
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ error: SITE_MESSAGES.required });
    const oldPage = await t.request('/', { headers: { cookie: `hub_site=${admin.siteToken}` } });
    expect(oldPage.status).toBe(401);
    expect(setCookies(oldPage).get('hub_site')?.value).toBe('');

    // The password works again, and the user's session survived the lock.
    const site = await t.enterSite();
    expect((await t.request('/api/users', { as: { siteToken: site, token: admin.token } })).status).toBe(200);
  });

  test('`npm run cli -- lockout reset` on the same database opens the site too', async () => {
    await app();
    // The CLI keeps the real time, so this app's clock is set to it and the lock comes from the database.
    now = Date.now();
    const before = await t.enterSite();
    // A day passes: the stored expiry is behind the CLI's real time, and the app's clock passes it
    // too (the hub keeps an expiry it knows until that moment).
    await t.database.db
      .updateTable('site_state')
      .set({ lockout_expires_at: now - 1 })
      .execute();
    now += 25 * HOUR;
    expect(((await status()) as { isLocked: boolean }).isLocked).toBe(true);
    now = Date.now();
    const out: string[] = [];
    const code = await runCli(['lockout', 'reset'], {
      out: (line) => out.push(line),
      err: (line) => out.push(line),
      env: { DATA_DIR: t.dataDir, SITE_PASSWORD: TEST_SITE_PASSWORD },
      readLine: async () => '',
      readSecret: async () => '',
      interactive: false,
    });
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('Lockout reset.');
    expect(((await status()) as { isLocked: boolean }).isLocked).toBe(false);
    expect(await verifyToken(before)).toEqual({ valid: false });
    expect(await verifyToken(await t.enterSite())).toEqual({ valid: true });
  });

  test('the hub remembers the expiry between requests, never past it: a reset from another process while open keeps the site open past the old expiry; a revoked token is refused at once', async () => {
    await app();
    const token = await t.enterSite();
    for (let i = 0; i < 5; i++) expect((await t.request('/api/site/verify-token', { as: { siteToken: token } })).status).toBe(200);
    // Another process (the CLI) resets the switch an hour in: the hub has the old expiry in mind.
    now += HOUR;
    await serverReset();
    now += 23 * HOUR + MINUTE; // past the old expiry, well before the new one
    expect(await status()).toEqual({ lockoutEnabled: true, isLocked: false, timeRemaining: HOUR - MINUTE });
    expect(await verifyToken(token)).toEqual({ valid: true });
    // Locking forgets the token: refused on the next request, with the expiry still in mind.
    expect((await t.request('/api/site/lock', { method: 'POST', as: { siteToken: token } })).status).toBeLessThan(300);
    expect(await verifyToken(token)).toEqual({ valid: false });
    // And at the new expiry the site locks to the millisecond.
    const fresh = await t.enterSite();
    now += HOUR - MINUTE - 1;
    expect(await verifyToken(fresh)).toEqual({ valid: true });
    now += 1;
    expect(await verifyToken(fresh)).toEqual({ valid: false });
    expect((await t.request('/api/users', { as: { siteToken: fresh } })).status).toBe(423);
  });

  test('lockout hours of 0 never lock, even after years', async () => {
    await app({ SITE_LOCKOUT_HOURS: '0' });
    now += 5 * 365 * 24 * HOUR;
    const site = await t.enterSite();
    expect((await t.request('/signin', { as: { siteToken: site } })).status).toBe(200);
  });
});

describe('first run', () => {
  test('the switch starts at setup: a hub set up a day after it was installed is not locked at once', async () => {
    await app({ SITE_PASSWORD: '' });
    // Someone (or the badge of a stale tab, or a scanner) asks before anyone sets the hub up.
    expect(await status()).toMatchObject({ lockoutEnabled: true, isLocked: false });
    expect((await t.request('/api/users')).status).toBe(401);
    now += 3 * 24 * HOUR;
    const res = await t.request('/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        sitePassword: 'our new site secret',
        sitePasswordConfirm: 'our new site secret',
        name: 'Boss',
        username: 'boss',
        email: 'boss@example.test',
        password: 'boss password',
      }).toString(),
    });
    expect(res.status).toBe(303);
    const cookies = setCookies(res);
    const home = await t.request('/', { headers: { cookie: `hub_site=${cookies.get('hub_site')!.value}; hub_session=${cookies.get('hub_session')!.value}` } });
    expect(home.status).toBe(200);
    expect(await status()).toEqual({ lockoutEnabled: true, isLocked: false, timeRemaining: 24 * HOUR });
  });
});
