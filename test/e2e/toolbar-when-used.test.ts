// A gallery's toolbar and pager are the server's HTML until they are used (decision record 0041):
// in Chromium, their script is not part of the page's first load, and what is done on them before
// it arrives still acts once it has: a click on a button still disabled in the server's HTML, text
// typed into the search, a page of items through the pager's links.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { MATURE_COOKIE } from '../../src/shared/gallery-view.ts';
import { browserUnavailableReason, islandsReady, launchChromium, openTracedPage } from '../helpers/browser.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, type ApiCredentials, admitContext, credentialsByApi, spawnGatedHub, uploadByApi } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** Whether the page has asked for a script whose name starts with `name` (a lazy part's file). */
const loadedScript = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.split('/').pop()!.startsWith(n)), name);

describe.skipIf(Boolean(unavailable))("a gallery's toolbar and pager, hydrated when first used", () => {
  let hub: SpawnedHub;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let admin: ApiCredentials;

  beforeAll(async () => {
    hub = await spawnGatedHub({ SITE_LOCKOUT_HOURS: '0' });
    ({ browser, close: closeBrowser } = await launchChromium());
    admin = await credentialsByApi(hub, ADMIN);
    // Three pictures in The Red Room (two to a page with ?limit: a pager with two pages).
    const files = [];
    for (const [i, colour] of ['#c33', '#3c3', '#33c'].entries()) {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      files.push({ name: `picture-${i}.jpg`, type: 'image/jpeg', bytes: new Uint8Array(jpeg) });
    }
    await uploadByApi(hub, admin, files);
  }, 120_000);
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
  });

  async function open(context: BrowserContext, path: string) {
    await admitContext(context, hub, ADMIN);
    // The Red Room's mature-content warning accepted before.
    await context.addCookies([{ name: MATURE_COOKIE, value: 'true', url: hub.url }]);
    const traced = await openTracedPage(context);
    await traced.page.goto(`${hub.url}${path}`);
    await islandsReady(traced.page);
    // The page is live (the upload button is enabled): the toolbar's script has not been asked for.
    await expect(traced.page.getByRole('button', { name: 'Upload', exact: true }).isEnabled()).resolves.toBe(true);
    return traced;
  }

  test("Premium: a press on Actions before the toolbar's script is there opens the menu once it is", async () => {
    const context = await browser.newContext();
    try {
      const { page, problems } = await open(context, '/premium');
      expect(await loadedScript(page, 'Toolbar')).toBe(false);
      // The server's Actions button is disabled until the toolbar is live: the press still counts.
      const actions = page.getByRole('button', { name: 'Actions' });
      const box = (await actions.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.up();
      await expect(page.getByRole('menu', { name: 'Actions' }).waitFor()).resolves.toBeUndefined();
      expect(await loadedScript(page, 'Toolbar')).toBe(true);
      await page.getByRole('menuitem', { name: 'Select' }).click();
      await page.getByText('Select mode', { exact: true }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test('The Red Room: what is typed into the search before the toolbar is live searches once it is', async () => {
    const context = await browser.newContext();
    try {
      const { page, problems } = await open(context, '/gallery');
      expect(await loadedScript(page, 'Toolbar')).toBe(false);
      // Typed at once: the first keys arrive before the toolbar's script.
      await page.locator('input[type="text"][name="search"]').pressSequentially('picture-1', { delay: 0 });
      await page.waitForURL(/search=picture-1/);
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Media"] article').length === 1);
      expect(await page.locator('input[type="text"][name="search"]').inputValue()).toBe('picture-1');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test("The Red Room: the pager's Next page works before and after its script", async () => {
    const context = await browser.newContext();
    try {
      const { page, problems } = await open(context, '/gallery?limit=2');
      expect(await loadedScript(page, 'MediaPager')).toBe(false);
      await page.getByRole('link', { name: 'Next page' }).click();
      await page.waitForURL(/page=2/);
      await page.getByText('Page 2 of 2').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Media"] article').length === 1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
