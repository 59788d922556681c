// The first-run page as a newcomer reads it: the dead-man's switch explained with its period to choose, which
// password is too short, and inputs that refuse short passwords before posting.
import { afterEach, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { applyLockoutSetting } from './gate.service.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const post = (app: TestApp, fields: Record<string, string>) =>
  app.request('/setup', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      sitePassword: 'our new site secret',
      sitePasswordConfirm: 'our new site secret',
      name: 'First Admin',
      username: 'boss',
      email: 'boss@example.test',
      password: 'boss password',
      ...fields,
    }).toString(),
  });
const text = (html: string) => html.replace(/<!-- -->/g, '');

describe('first-run setup page', () => {
  test("explains the dead-man's switch and asks for its period: 24 hours unless chosen, 0 for off", async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const html = text(await (await t.request('/')).text());
    expect(html).toContain('Site lockout');
    expect(html).toContain('the site locks itself for everyone when no administrator has reset its timer within the period below');
    expect(html).toContain('npm run cli -- lockout reset');
    expect(html).toMatch(/<input [^>]*name="lockoutHours"[^>]*value="24"/);
    expect(html).toContain('24 by default; 0 turns the lockout off');
  });

  test.each([
    ['2', 2, true],
    ['0.5', 0.5, true],
    ['0', 0, false],
    ['', 24, true],
  ])('the period typed (%p) is the one the switch keeps', async (typed, hours, enabled) => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const res = await post(t, { lockoutHours: typed });
    expect(res.status).toBe(303);
    expect(await t.services.gate.lockoutHours()).toBe(hours);
    const status = await t.services.gate.lockoutStatus();
    expect(status.lockoutEnabled).toBe(enabled);
    if (enabled) expect(status.timeRemaining).toBeWithin(hours * 3_600_000 - 60_000, hours * 3_600_000 + 1);
    // A reset keeps the chosen period.
    const { newExpiryTime } = await t.services.gate.resetLockout();
    expect(newExpiryTime === null).toBe(!enabled);
  });

  test.each(['-1', 'soon', '1e9', '87601'])('a period of %p is refused with why, and nothing is set up', async (typed) => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const res = await post(t, { lockoutHours: typed });
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain('The lockout period must be a number of hours from 0 (off) to 87600');
    expect(await t.services.gate.isPasswordSet()).toBe(false);
  });

  test('where SITE_LOCKOUT_HOURS is set, the setting wins: the page says so and a typed period changes nothing', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '', SITE_LOCKOUT_HOURS: '36' } });
    const html = text(await (await t.request('/')).text());
    expect(html).toContain('The setting SITE_LOCKOUT_HOURS sets the period to 36 hours; it wins over a choice here.');
    expect(html).not.toContain('name="lockoutHours"');
    expect((await post(t, { lockoutHours: '2' })).status).toBe(303);
    expect(await t.services.gate.lockoutHours()).toBe(36);
  });

  test('the chosen period is the one the start-up check holds the stored expiry to', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    expect((await post(t, { lockoutHours: '2' })).status).toBe(303);
    const now = Date.now();
    await t.database.db
      .updateTable('site_state')
      .set({ lockout_expires_at: now + 10 * 3_600_000 })
      .execute();
    expect(await applyLockoutSetting(t.database.db, loadConfig({ DATA_DIR: t.dataDir }), now)).toContain('the period chosen at setup: 2 h');
    const { lockout_expires_at } = await t.database.db.selectFrom('site_state').select('lockout_expires_at').executeTakeFirstOrThrow();
    expect(lockout_expires_at).toBe(now + 2 * 3_600_000);
  });

  test('with SITE_LOCKOUT_HOURS=0 it says the lockout is off', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '', SITE_LOCKOUT_HOURS: '0' } });
    const html = text(await (await t.request('/')).text());
    expect(html).toContain('The setting SITE_LOCKOUT_HOURS is 0: the lockout is off.');
  });

  test('every password input carries its minimum length', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const html = await (await t.request('/')).text();
    const passwords = html.match(/<input [^>]*type="password"[^>]*>/g) ?? [];
    expect(passwords).toHaveLength(3);
    for (const input of passwords) expect(input).toContain('minLength="8"');
  });

  test('a short password is named: the site password or the administrator account', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '' } });
    const site = await post(t, { sitePassword: 'short', sitePasswordConfirm: 'short' });
    expect(site.status).toBe(400);
    expect(await site.text()).toContain('The site password must be at least 8 characters');
    const admin = await post(t, { password: 'short' });
    expect(admin.status).toBe(400);
    expect(await admin.text()).toContain('Administrator account: Password must be at least 8 characters');
  });
});
