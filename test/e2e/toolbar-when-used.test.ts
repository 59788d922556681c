// A gallery's toolbar and pager are the server's HTML until they are used (decision record 0041):
// in Chromium, their script is not loaded with the page, and with it held back, what is done on
// them before it arrives still acts once it has: a press on a button (disabled in the server's
// HTML, enabled once the page is live), text typed into the search; the pager's links work as
// links meanwhile.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { MATURE_COOKIE } from '../../src/shared/gallery-view.ts';
import { browserUnavailableReason, islandsReady, openTracedPage } from '../helpers/browser.ts';
import { ADMIN, type ApiCredentials, admitContext, credentialsByApi, hubAndBrowser, uploadByApi } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** Holds back the scripts of a page's lazy part (by its file name's start) until `release` is called. */
async function holdScript(page: Page, name: string): Promise<{ release: () => void; asked: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let wasAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    wasAsked = resolve;
  });
  await page.route(new RegExp(`/${name}\\.tsx\\.lazy-part-[a-z0-9]+\\.js$`), async (route) => {
    wasAsked();
    await released;
    await route.continue();
  });
  return { release, asked };
}

describe.skipIf(Boolean(unavailable))("a gallery's toolbar and pager, hydrated when first used", () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });
  let admin: ApiCredentials;

  beforeAll(async () => {
    admin = await credentialsByApi(started.hub, ADMIN);
    // Three pictures in The Red Room (two to a page with ?limit: a pager with two pages).
    const files = [];
    for (const [i, colour] of ['#c33', '#3c3', '#33c'].entries()) {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      files.push({ name: `picture-${i}.jpg`, type: 'image/jpeg', bytes: new Uint8Array(jpeg) });
    }
    await uploadByApi(started.hub, admin, files);
  }, 120_000);

  async function open(context: BrowserContext, path: string, held: string) {
    await admitContext(context, started.hub, ADMIN);
    // The Red Room's mature-content warning accepted before.
    await context.addCookies([{ name: MATURE_COOKIE, value: 'true', url: started.hub.url }]);
    const traced = await openTracedPage(context);
    const hold = await holdScript(traced.page, held);
    await traced.page.goto(`${started.hub.url}${path}`);
    await islandsReady(traced.page);
    // The page is live (the upload button is enabled): the toolbar's script has not been asked for.
    await expect(traced.page.getByRole('button', { name: 'Upload', exact: true }).isEnabled()).resolves.toBe(true);
    return { ...traced, ...hold };
  }

  test("Premium: a press on Actions before the toolbar's script is there opens the menu once it is", async () => {
    const context = await started.browser.newContext();
    try {
      const { page, problems, release, asked } = await open(context, '/premium', 'Toolbar');
      // Nothing of the toolbar has loaded with the page; its Actions button takes presses already.
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('Toolbar.tsx')))).toBe(false);
      const actions = page.getByRole('button', { name: 'Actions' });
      expect(await actions.isEnabled()).toBe(true);
      const box = (await actions.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.up();
      await asked;
      expect(await page.getByRole('menu', { name: 'Actions' }).count()).toBe(0);
      release();
      await expect(page.getByRole('menu', { name: 'Actions' }).waitFor()).resolves.toBeUndefined();
      await page.getByRole('menuitem', { name: 'Select' }).click();
      await page.getByText('Select mode', { exact: true }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  test('The Red Room: what is typed into the search before the toolbar is live searches once it is', async () => {
    const context = await started.browser.newContext();
    try {
      const { page, problems, release, asked } = await open(context, '/gallery', 'Toolbar');
      // Typed before the toolbar's script is there.
      await page.locator('input[type="text"][name="search"]').pressSequentially('picture-1', { delay: 0 });
      await asked;
      expect(page.url()).not.toContain('search=');
      release();
      await page.waitForURL(/search=picture-1/);
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Media"] article').length === 1);
      expect(await page.locator('input[type="text"][name="search"]').inputValue()).toBe('picture-1');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  test("The Red Room: the pager's Next page is a link until its script is there", async () => {
    const context = await started.browser.newContext();
    try {
      const { page, problems, release } = await open(context, '/gallery?limit=2', 'MediaPager');
      await page.getByRole('link', { name: 'Next page' }).click();
      await page.waitForURL(/page=2/);
      await page.getByText('Page 2 of 2').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Media"] article').length === 1);
      release();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
