// Star ratings in Chromium, in both galleries (decision 0068): a user rates an item in the viewer
// with a click and with the keys (4 sets four stars, 0 clears), sees the stars on its card on
// hover, filters the gallery by "4 and up" and sorts it by rating (both in the address), and rates
// a selection in select mode; what the hub keeps is read back through the API. Screenshots of a
// card with its stars on hover and of the viewer's stars, light and dark, at 390 and 1280 px
// (artifacts/screenshots/ratings-*).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { MediaPage } from '../../src/shared/media.ts';
import {
  browserUnavailableReason,
  islandsReady,
  launchChromium,
  openTracedPage,
  screenshotVariants,
  unexpectedProblems,
  VIEWPORTS,
} from '../helpers/browser.ts';
import { signedInUser } from '../helpers/factories.ts';
import { newMedia } from '../helpers/media-factory.ts';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const ITEMS = [
  { title: 'Harbour at dusk', colour: '#1d4e6b' },
  { title: 'Night swim', colour: '#0f3b2e' },
  { title: 'Garden chair', colour: '#e8e2d0' },
  { title: 'First light', colour: '#6b1d3a' },
  { title: 'Window seat', colour: '#3a2a6b' },
] as const;

const thumbnail = (colour: string) =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: colour } })
    .webp()
    .toBuffer();

/** The titles of the cards, in the grid's order. */
const cardTitles = (page: Page) =>
  page
    .getByRole('list', { name: 'Media' })
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => document.getElementById(c.getAttribute('aria-labelledby') ?? '')?.textContent));

/** Reads until the value equals `expected` (a bounded poll: 100 tries, a frame's wait between), then asserts it. */
async function until<T>(read: () => Promise<T>, expected: T): Promise<void> {
  let value = await read();
  for (let i = 0; i < 100 && !Bun.deepEquals(value, expected); i++) {
    await Bun.sleep(50);
    value = await read();
  }
  expect(value as unknown).toEqual(expected as unknown);
}

describe.skipIf(Boolean(unavailable))('star ratings in Chromium', () => {
  let t: TestApp;
  let owner: SignedIn;
  let server: ReturnType<typeof Bun.serve>;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;
  const ratings = async (gallery: string) => {
    const page = (await (await t.request(`/api/${gallery}?limit=100`, { as: owner })).json()) as MediaPage;
    return Object.fromEntries(page.media.map((m) => [m.title, (m as { rating?: number | null }).rating ?? null]));
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0' } });
    owner = await signedInUser(t.database.db);
    for (const gallery of ['gallery', 'premium'] as const) {
      for (const [i, item] of ITEMS.entries()) {
        const row = newMedia(t.database, owner.user._id, { gallery, title: item.title, type: 'image', createdAt: Date.now() - i * 60_000 });
        await t.store.put(row.thumbnail_key!, new Response(await thumbnail(item.colour)).body!);
        await t.store.put(row.display_key ?? row.storage_key, new Response(await thumbnail(item.colour)).body!);
      }
    }
    server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (request) => {
        const headers = new Headers(request.headers);
        headers.set('x-site-token', owner.siteToken);
        headers.set('authorization', `Bearer ${owner.token}`);
        headers.append('cookie', 'matureContentAccepted=true');
        return t.app.fetch(new Request(request.url, { method: request.method, headers, body: request.body, duplex: 'half' } as RequestInit));
      },
    });
    ({ browser, close: closeBrowser } = await launchChromium());
  }, 120_000);
  afterAll(async () => {
    await closeBrowser?.();
    server?.stop(true);
    await t?.close();
  });

  for (const [gallery, path] of [
    ['gallery', '/gallery'],
    ['premium', '/premium'],
  ] as const) {
    test(`${gallery}: rate in the viewer, see the stars on the card, filter by 4 and up, sort by rating, rate a selection`, async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
      const { page, problems } = await openTracedPage(context);
      await page.goto(url(path));
      await islandsReady(page);
      const card = (title: string) => page.getByRole('article', { name: title });

      // No stars on an unrated card.
      expect(
        await card('Night swim')
          .getByRole('img', { name: /^Rating/ })
          .count(),
      ).toBe(0);

      // The viewer: a click on the fifth star, then the keys: 4 sets four stars, 0 clears, 3 sets three.
      await card('Night swim').getByRole('link', { name: 'Open Night swim' }).click();
      const viewer = page.getByRole('dialog', { name: 'Night swim' });
      const stars = viewer.getByRole('group', { name: /^Rating/ });
      await stars.getByRole('button', { name: '5 stars' }).click();
      await viewer.getByRole('group', { name: 'Rating: 5 of 5 stars' }).waitFor();
      await page.keyboard.press('4');
      await viewer.getByRole('group', { name: 'Rating: 4 of 5 stars' }).waitFor();
      await screenshotVariants(page, `ratings-${gallery}-viewer`);
      await page.keyboard.press('0');
      await viewer.getByRole('group', { name: 'Rating: not rated' }).waitFor();
      await page.keyboard.press('4');
      await viewer.getByRole('group', { name: 'Rating: 4 of 5 stars' }).waitFor();
      // The next item: 2 stars from the keyboard.
      await page.keyboard.press('ArrowRight');
      await page.getByRole('dialog', { name: 'Garden chair' }).waitFor();
      await page.keyboard.press('2');
      await page.getByRole('dialog', { name: 'Garden chair' }).getByRole('group', { name: 'Rating: 2 of 5 stars' }).waitFor();
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await until(async () => {
        const r = await ratings(gallery);
        return [r['Night swim'], r['Garden chair'], r['Harbour at dusk']];
      }, [4, 2, null]);

      // The card shows its stars on hover (and not before), named in words; they take no room.
      const cardStars = card('Night swim').getByRole('img', { name: 'Rating: 4 of 5 stars' });
      // Focus came back to the card's link as the viewer closed: the stars show for it too.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Night swim');
      await until(() => cardStars.evaluate((el) => getComputedStyle(el).opacity), '1');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(0, 0);
      const box = await card('Night swim').boundingBox();
      await until(() => cardStars.evaluate((el) => getComputedStyle(el).opacity), '0');
      await card('Night swim').hover();
      await until(() => cardStars.evaluate((el) => getComputedStyle(el).opacity), '1');
      expect(await card('Night swim').boundingBox()).toEqual(box);
      expect(await cardStars.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"★★★★"');
      await screenshotVariants(page, `ratings-${gallery}-card-hover`);

      // Filter: 4 and up, in the address; the page reloaded from it says the same (the server renders it).
      await page.locator('summary', { hasText: 'Minimum rating' }).click();
      await page.getByRole('list', { name: 'Minimum rating' }).getByRole('link', { name: '★ 4 and up' }).click();
      await page.waitForURL(/minRating=4/);
      await until(() => cardTitles(page), ['Night swim']);
      await page.reload();
      await islandsReady(page);
      expect(await cardTitles(page)).toEqual(['Night swim']);

      // Sort by rating (best first), every item again.
      await page.locator('summary', { hasText: 'Minimum rating' }).click();
      await page.getByRole('list', { name: 'Minimum rating' }).getByRole('link', { name: 'Any rating' }).click();
      await page.waitForURL((u) => !u.search.includes('minRating'));
      await page.getByRole('navigation', { name: 'Sort by' }).getByRole('link', { name: 'Rating' }).click();
      await page.waitForURL(/sortBy=rating/);
      await until(async () => (await cardTitles(page)).slice(0, 2), ['Night swim', 'Garden chair']);

      // Select mode: Rate two items 5 stars in one bulk call.
      if (gallery === 'gallery') await page.getByRole('button', { name: 'Select', exact: true }).click();
      else {
        await page.getByRole('button', { name: 'Actions', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Select' }).click();
      }
      for (const title of ['Window seat', 'First light']) await page.getByRole('checkbox', { name: `Select ${title}` }).click();
      const bar = page.getByRole('toolbar', { name: 'Selection' });
      await bar.getByText('2 selected').waitFor();
      await bar.getByRole('button', { name: 'Rate' }).click();
      await page.getByRole('menu', { name: 'Rate' }).getByRole('menuitem', { name: '5 stars' }).click();
      await page.getByText('2 items rated 5 stars').waitFor();
      expect(await ratings(gallery)).toMatchObject({ 'Window seat': 5, 'First light': 5, 'Night swim': 4, 'Garden chair': 2 });
      await until(async () => (await cardTitles(page)).slice(0, 3).sort(), ['First light', 'Night swim', 'Window seat'].sort());

      expect(unexpectedProblems(problems, [])).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
