// First run in Chromium: a hub with no site password and no account shows the setup page at any
// address; it explains the dead-man's switch and takes its period; filling it sets the site
// password, creates the administrator and signs them in. With a period under two hours, the
// administrator lands on a page with the lockout banner and its reset.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { axeEverywhere } from '../helpers/axe.ts';
import {
  browserUnavailableReason,
  islandsReady,
  launchChromium,
  openTracedPage,
  screenshotVariants,
  unexpectedProblems,
  VIEWPORTS,
} from '../helpers/browser.ts';
import { type SpawnedHub, spawnHub } from '../helpers/spawn-hub.ts';
import { credentialsByApi, submitPlainForm } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

describe.skipIf(Boolean(unavailable))('first-run setup in Chromium', () => {
  let hub: SpawnedHub;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    hub = await spawnHub();
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
  });

  test('the setup page shows at any address; a mistake keeps the entries; finishing lands signed in on the home page', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${hub.url}/models?any=address`);
    await page.getByRole('heading', { name: 'Set up your hub' }).waitFor();
    await islandsReady(page);
    await expect(page.getByRole('note').textContent()).resolves.toContain('18+ ADULT CONTENT WARNING');
    await screenshotVariants(page, 'setup');
    // The dead-man's switch explained, with its period to choose (24 hours by default).
    await page
      .getByRole('group', { name: 'Site lockout' })
      .getByText(/the site locks itself for everyone when no administrator has reset its timer/)
      .waitFor();
    const period = page.getByLabel('Lock the site after (hours)', { exact: true });
    expect(await period.inputValue()).toBe('24');
    // The browser itself refuses a short password, naming the field.
    const adminPassword = page.getByLabel('Administrator password', { exact: true });
    await adminPassword.fill('short');
    expect(await adminPassword.evaluate((el) => (el as HTMLInputElement).validity.tooShort)).toBe(true);

    const fill = async (sitePassword: string, repeat: string) => {
      await page.getByLabel('Site password', { exact: true }).fill(sitePassword);
      await page.getByLabel('Repeat the site password', { exact: true }).fill(repeat);
      await page.getByLabel('Full Name', { exact: true }).fill('Alex Owner');
      await page.getByLabel('Username', { exact: true }).fill('alex');
      await page.getByLabel('Email', { exact: true }).fill('alex@example.test');
      await page.getByLabel('Administrator password', { exact: true }).fill('alex password');
    };

    // The two site passwords differ: the page says so and keeps the account fields.
    await fill('our house secret', 'our house secrets');
    await submitPlainForm(page, page.getByRole('button', { name: 'Finish setup' }), 400);
    await page.getByRole('alert').filter({ hasText: 'The two site passwords do not match' }).waitFor();
    // The field it concerns says so too, and is marked for assistive technology.
    const repeat = page.getByLabel('Repeat the site password', { exact: true });
    expect(await repeat.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#field-sitePasswordConfirm-error').textContent()).toBe('The two site passwords do not match');
    expect(await page.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Alex Owner');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('alex@example.test');
    await screenshotVariants(page, 'setup-error');

    await fill('our house secret', 'our house secret');
    await period.fill('1.5');
    await submitPlainForm(page, page.getByRole('button', { name: 'Finish setup' }));
    await page.waitForURL(`${hub.url}/`);
    await page.getByLabel('Account menu for Alex Owner', { exact: true }).waitFor();
    await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
    await islandsReady(page);
    const names = (await context.cookies()).map((c) => c.name).sort();
    expect(names).toEqual(expect.arrayContaining(['hub_session', 'hub_site']));
    // The period chosen is under two hours: the administrator's banner is there at once, with the
    // reset; it reads at WCAG AA in both themes, on phones and desktops.
    const banner = page.getByRole('region', { name: 'Site lockout warning' });
    await banner.getByText(/The site locks for everyone in 01:(29|30):\d\d/).waitFor();
    expect(await axeEverywhere(page, 'lockout-banner')).toEqual([]);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
    const before = await banner.textContent();
    await banner.getByRole('button', { name: 'Reset Lockout Timer' }).click();
    await page.waitForFunction(
      (text) =>
        document.querySelector('[data-lockout-banner]')?.textContent !== text &&
        /01:30:00|01:29:59/.test(document.querySelector('[data-lockout-banner]')?.textContent ?? ''),
      before,
    );
    await screenshotVariants(page, 'home-signed-in-first-run');

    // The administrator sees the Admin Panel in the menu; the setup page is gone.
    await page.getByLabel('Account menu for Alex Owner', { exact: true }).click();
    await page.getByRole('link', { name: 'Admin Panel' }).waitFor();
    await screenshotVariants(page, 'user-menu-admin');
    await page.goto(`${hub.url}/setup`);
    expect(new URL(page.url()).pathname).toBe('/');

    // The chosen site password is the one the gate now asks for.
    await expect(credentialsByApi(hub, { username: 'alex', password: 'alex password' }, 'our house secret')).resolves.toMatchObject({
      user: { name: 'Alex Owner', role: 'admin', admin: true },
    });
    expect(unexpectedProblems(problems, [{ status: 400, path: '/setup' }])).toEqual([]);
    await context.close();
  });
});
