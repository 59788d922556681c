// Journeys in real Chromium against the real server: the app shell, the theme switch (a form with
// a small script, no React), static pages, and the bottom bar's room on phones. Contexts are past
// the site gate and signed in through the API (access.test.ts walks the forms).
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { browserUnavailableReason, islandsReady, loadedScripts, openPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, admitContext, hubAndBrowser, spawnGatedHub } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const THEME_SCRIPT = /^\/static\/build\/islands\/theme-[a-z0-9]+\.js$/;
const mode = (page: Page) => page.locator('html').getAttribute('data-mode');
const stored = (page: Page) => page.evaluate(() => [localStorage.getItem('mui-mode'), localStorage.getItem('mui-color-scheme')]);
/** Waits until the theme script has made the switch live (it removes the Apply button). */
const switchReady = (page: Page) =>
  page.waitForFunction(() => document.querySelector('form[data-theme-switch]') !== null && !document.querySelector('[data-theme-apply]'));

describe.skipIf(Boolean(unavailable))('theme and islands in Chromium', () => {
  const started = hubAndBrowser();

  test('choosing dark applies at once without a page load, survives a reload, and loads no React for it', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await admitContext(context, started.hub, ADMIN);
    const { page, problems } = await openPage(context);
    await page.goto(`${started.hub.url}/`);
    expect(await mode(page)).toBe('system');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();
    await switchReady(page);
    expect(await stored(page)).toEqual(['system', 'light']);

    // No navigation: a marker set on this document survives the change.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('radio', { name: 'Dark theme' }).click();
    expect(await mode(page)).toBe('dark');
    expect(await stored(page)).toEqual(['dark', 'dark']);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    const darkBackground = await background();
    expect(darkBackground).not.toBe(lightBackground);

    await page.reload();
    // Rendered dark by the server before any script ran.
    expect(await mode(page)).toBe('dark');
    expect(await background()).toBe(darkBackground);
    expect(await page.getByRole('radio', { name: 'Dark theme' }).isChecked()).toBe(true);
    await screenshot(page, 'home-desktop-dark');

    // The theme script, plus the islands' entry and chunks for the lockout badge; no theme island.
    await islandsReady(page);
    const scripts = await loadedScripts(page);
    expect(scripts.some((s) => THEME_SCRIPT.test(s))).toBe(true);
    expect(scripts.some((s) => /\/LockoutBadge-[a-z0-9]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /ThemeSwitch/.test(s))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the switch is one tab stop: arrow keys choose, with a visible focus ring, and Tab leaves the group', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await admitContext(context, started.hub, ADMIN);
    const { page, problems } = await openPage(context);
    await page.goto(`${started.hub.url}/users`);
    await switchReady(page);
    const system = page.getByRole('radio', { name: 'System theme' });
    // Tab from the element just before the switch (the Premium link) lands on the checked radio.
    await page.getByRole('link', { name: 'Premium' }).focus();
    await page.keyboard.press('Tab');
    expect(await system.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await system.evaluate((el) => getComputedStyle(el.nextElementSibling!).outlineStyle);
    expect(ring).not.toBe('none');
    await screenshot(page, 'theme-switch-focus-desktop-light');

    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Dark theme' }).isChecked()).toBe(true);
    expect(await mode(page)).toBe('dark');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await mode(page)).toBe('light');
    expect(await stored(page)).toEqual(['light', 'light']);

    // The next Tab leaves the group: no other radio and no Apply button take focus.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '')).not.toBe('mode');
    expect(await page.evaluate(() => document.activeElement?.closest('form[data-theme-switch]') === null)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('system mode follows the operating system, also when it changes while the page is open', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    await admitContext(context, started.hub, ADMIN);
    const { page, problems } = await openPage(context);
    await page.goto(`${started.hub.url}/`);
    await switchReady(page);
    expect(await stored(page)).toEqual(['system', 'dark']);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => localStorage.getItem('mui-color-scheme') === 'light');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
    await page.getByRole('radio', { name: 'Dark theme' }).click();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    await screenshot(page, 'home-phone-dark');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('without JavaScript the switch posts the form, also at the site gate, and the page comes back in the new mode', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: 'light', javaScriptEnabled: false });
    const { page, problems } = await openPage(context);
    const response = await page.goto(`${started.hub.url}/users?from=nojs`);
    expect(response?.status()).toBe(401);
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    const apply = page.getByRole('button', { name: 'Apply' });
    // Shown only once the choice differs from the page's mode.
    expect(await apply.isVisible()).toBe(false);
    await page.getByRole('radio', { name: 'Dark theme' }).check();
    expect(await apply.isVisible()).toBe(true);
    await screenshot(page, 'theme-switch-nojs-phone-light');
    await Promise.all([page.waitForURL(`${started.hub.url}/users?from=nojs`), apply.click()]);
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    expect(await mode(page)).toBe('dark');
    expect(await page.getByRole('radio', { name: 'Dark theme' }).isChecked()).toBe(true);
    expect(await apply.isVisible()).toBe(false);
    expect((await context.cookies()).find((c) => c.name === 'mui-mode')?.value).toBe('dark');
    // The gate answers 401 by design; Chromium reports that as a console error for the document.
    expect(problems.filter((p) => !p.includes('401 (Unauthorized)'))).toEqual([]);
    await context.close();
  });

  test('a page without islands loads no React, only the theme script, and still shows and switches the theme', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await admitContext(context, started.hub, ADMIN);
    const { page, problems } = await openPage(context);
    await page.goto(`${started.hub.url}/`);
    await switchReady(page);
    await page.getByRole('radio', { name: 'Dark theme' }).click();

    const response = await page.goto(`${started.hub.url}/this/page/does/not/exist`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('[data-island]').count()).toBe(0);
    const scripts = await page.locator('script').evaluateAll((tags) => tags.map((tag) => new URL((tag as HTMLScriptElement).src).pathname));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(THEME_SCRIPT);
    await switchReady(page);
    expect((await loadedScripts(page)).every((s) => THEME_SCRIPT.test(s))).toBe(true);
    expect(await mode(page)).toBe('dark');
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'not-found-desktop-dark');
    await page.getByRole('radio', { name: 'Light theme' }).click();
    expect(await mode(page)).toBe('light');

    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${started.hub.url}/`);
    // A 404 is reported by Chromium as a console error for the document itself; nothing else may be.
    expect(problems.filter((p) => !p.includes('404 (Not Found)'))).toEqual([]);
    await context.close();
  });

  test('with the lockout off there is no badge, and a page without other islands loads no React', async () => {
    const open = await spawnGatedHub({ SITE_LOCKOUT_HOURS: '0' });
    try {
      const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: 'light' });
      await admitContext(context, open, ADMIN);
      const { page, problems } = await openPage(context);
      // All Users has no island of its own (Home has its dashboard).
      await page.goto(`${open.url}/users`);
      await switchReady(page);
      await page.getByRole('button', { name: 'Lock Site' }).waitFor();
      expect(await page.locator('[data-lockout-badge]').count()).toBe(0);
      const scripts = await loadedScripts(page);
      expect(scripts.length).toBe(1);
      expect(scripts[0]).toMatch(THEME_SCRIPT);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await open.cleanup();
    }
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`on a ${size} the layout fits and no content ever sits under Lock Site or the countdown`, async () => {
      const context = await started.browser.newContext({ viewport });
      await admitContext(context, started.hub, ADMIN);
      const { page, problems } = await openPage(context);
      await page.goto(`${started.hub.url}/`);
      await islandsReady(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      const footer = page.locator('footer');
      await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()} Private Hub`);
      await expect(footer.textContent()).resolves.toContain('Adults only (18+)');

      // Scrolled to the very end: the last content (the footer's text) ends above the floating parts.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const overlap = await page.evaluate(() => {
        const floating = [document.querySelector('form[action="/site/lock"] button:not(footer *)'), document.querySelector('[data-lockout-badge]')]
          .filter((el): el is Element => el !== null)
          .map((el) => el.getBoundingClientRect());
        const content = [...document.querySelectorAll('footer p, footer button, main *')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0);
        return floating.flatMap((f) => content.filter((c) => c.left < f.right && c.right > f.left && c.top < f.bottom && c.bottom > f.top).map(() => f));
      });
      expect(overlap).toEqual([]);
      if (size === 'phone') {
        // A solid bar across the bottom, and the body keeps exactly that much room.
        const bar = await page.evaluate(() => {
          const el = document.querySelector('[data-lockout-badge]')!.closest('.fixed')!;
          return {
            height: el.getBoundingClientRect().height,
            background: getComputedStyle(el).backgroundColor,
            padding: parseFloat(getComputedStyle(document.body).paddingBottom),
          };
        });
        expect(bar.padding).toBeGreaterThanOrEqual(bar.height);
        expect(bar.background).not.toBe('rgba(0, 0, 0, 0)');
      }
      await screenshot(page, `home-end-${size}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
