// Journeys in real Chromium against the real server: the app shell, the theme island, static pages.
// Every context is past the site gate and signed in (through the API; access.test.ts walks the
// forms), since the home page needs both.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { VIEWPORTS, browserUnavailableReason, islandsReady, launchChromium, loadedScripts, openPage, screenshot } from '../helpers/browser.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, admitContext, spawnGatedHub } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

describe.skipIf(Boolean(unavailable))('theme and islands in Chromium', () => {
  let hub: SpawnedHub;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    hub = await spawnGatedHub();
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
  });

  test('switching to dark through the island applies at once and survives a reload, with no console errors', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await admitContext(context, hub, ADMIN);
    const { page, problems } = await openPage(context);
    await page.goto(`${hub.url}/`);
    expect(await page.locator('html').getAttribute('data-mode')).toBe('system');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();
    await screenshot(page, 'home-desktop-light');

    await islandsReady(page);
    // The island writes the mode on mount.
    expect(await page.evaluate(() => localStorage.getItem('mui-mode'))).toBe('system');
    await page.getByRole('radio', { name: 'Dark theme' }).click();
    expect(await page.locator('html').getAttribute('data-mode')).toBe('dark');
    expect(await page.evaluate(() => [localStorage.getItem('mui-mode'), localStorage.getItem('mui-color-scheme')])).toEqual(['dark', 'dark']);
    const darkBackground = await background();
    expect(darkBackground).not.toBe(lightBackground);

    await page.reload();
    // Rendered dark by the server before any script ran.
    expect(await page.locator('html').getAttribute('data-mode')).toBe('dark');
    expect(await background()).toBe(darkBackground);
    await expect(page.getByRole('radio', { name: 'Dark theme' }).getAttribute('aria-checked')).resolves.toBe('true');
    await screenshot(page, 'home-desktop-dark');

    // Only the island entry and the chunks it imports were loaded, all from the build folder.
    const scripts = await loadedScripts(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((s) => s.startsWith('/static/build/islands/'))).toBe(true);
    expect(scripts.some((s) => /\/client-[a-z0-9]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/ThemeSwitch-[a-z0-9]+\.js$/.test(s))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('system mode follows the operating system preference', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    await admitContext(context, hub, ADMIN);
    const { page, problems } = await openPage(context);
    await page.goto(`${hub.url}/`);
    await islandsReady(page);
    expect(await page.evaluate(() => localStorage.getItem('mui-color-scheme'))).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    await screenshot(page, 'home-phone-system-dark');
    await page.getByRole('radio', { name: 'Light theme' }).click();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
    await screenshot(page, 'home-phone-light');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a page without islands has no script tag, loads no JavaScript, and still shows the chosen theme', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await admitContext(context, hub, ADMIN);
    const { page, problems } = await openPage(context);
    await page.goto(`${hub.url}/`);
    await islandsReady(page);
    await page.getByRole('radio', { name: 'Dark theme' }).click();

    const response = await page.goto(`${hub.url}/this/page/does/not/exist`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('script').count()).toBe(0);
    expect(await loadedScripts(page)).toEqual([]);
    expect(await page.locator('html').getAttribute('data-mode')).toBe('dark');
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'not-found-desktop-dark');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'not-found-phone-dark');

    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${hub.url}/`);
    // A 404 is reported by Chromium as a console error for the document itself; nothing else may be.
    expect(problems.filter((p) => !p.includes('404 (Not Found)'))).toEqual([]);
    await context.close();
  });

  test('the layout fits a phone: no horizontal scrolling, the footer shows the year and the 18+ notice', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await admitContext(context, hub, ADMIN);
    const { page, problems } = await openPage(context);
    await page.goto(`${hub.url}/`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const footer = page.locator('footer');
    await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()} Private Hub`);
    await expect(footer.textContent()).resolves.toContain('Adults only (18+)');
    expect(problems).toEqual([]);
    await context.close();
  });
});
