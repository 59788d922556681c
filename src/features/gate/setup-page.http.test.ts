// The first-run page as a newcomer reads it: the lockout in one sentence with its setting, which
// password is too short, and inputs that refuse short passwords before posting.
import { afterEach, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

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
      email: 'boss@example.org',
      password: 'boss password',
      ...fields,
    }).toString(),
  });
const text = (html: string) => html.replace(/<!-- -->/g, '');

describe('first-run setup page', () => {
  test('says when the site locks itself and which setting changes it', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '', SITE_LOCKOUT_HOURS: '36' } });
    const html = text(await (await t.request('/')).text());
    expect(html).toContain('The site locks itself 36 hours after the last reset unless an administrator resets it in time');
    expect(html).toContain('SITE_LOCKOUT_HOURS');
  });

  test('with SITE_LOCKOUT_HOURS=0 it says the lockout is off', async () => {
    t = await createTestApp({ env: { SITE_PASSWORD: '', SITE_LOCKOUT_HOURS: '0' } });
    const html = text(await (await t.request('/')).text());
    expect(html).toContain('The automatic site lockout is off (the setting SITE_LOCKOUT_HOURS is 0');
    expect(html).not.toContain('locks itself');
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
