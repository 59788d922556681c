// Select mode and play counts in Chromium, in both galleries: the bar offers every bulk action
// (The Red Room: All, Add to Album, Edit Tags, Favorite, Unfavorite, Move to Premium, Delete,
// Clear; Premium the same but Move to Premium, with Select All), Favorite on two cards is one bulk
// call the hub keeps; video cards say "▶ 3 plays", Most played puts the most watched first.
// Screenshots of the bar and of the cards in light and dark at 390 and 1280 px
// (artifacts/screenshots/select-mode-*).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
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
  { title: 'Harbour at dusk', colour: '#1d4e6b', type: 'video', plays: 3 },
  { title: 'Night swim', colour: '#0f3b2e', type: 'video', plays: 12 },
  { title: 'Garden chair', colour: '#8a6d1d', type: 'image', plays: 0 },
  { title: 'First light', colour: '#6b1d3a', type: 'video', plays: 0 },
  { title: 'Window seat', colour: '#3a2a6b', type: 'image', plays: 0 },
] as const;

const thumbnail = (colour: string) =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: colour } })
    .webp()
    .toBuffer();

describe.skipIf(Boolean(unavailable))('select mode and play counts in Chromium', () => {
  let t: TestApp;
  let owner: SignedIn;
  let server: ReturnType<typeof Bun.serve>;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0' } });
    owner = await signedInUser(t.database.db);
    for (const gallery of ['gallery', 'premium'] as const) {
      for (const [i, item] of ITEMS.entries()) {
        const row = newMedia(t.database, owner.user._id, {
          gallery,
          title: item.title,
          type: item.type,
          duration: item.type === 'video' ? 40 + i * 17 : null,
          size: 900_000 + i * 350_000,
          playCount: item.plays,
          createdAt: Date.now() - i * 60_000,
        });
        await t.store.put(row.thumbnail_key!, new Response(await thumbnail(item.colour)).body!);
      }
    }
    // The hub on 127.0.0.1, the owner signed in for every request the page makes.
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

  for (const [gallery, path, expected] of [
    ['gallery', '/gallery', ['All', 'Add to Album', 'Edit Tags', 'Favorite', 'Unfavorite', 'Rate', 'Move to Premium', 'Delete', 'Clear']],
    ['premium', '/premium', ['Edit Tags', 'Add to Album', 'Favorite', 'Unfavorite', 'Rate', 'Select All', 'Delete Selected', 'Clear']],
  ] as const) {
    test(`${gallery}: video cards show their plays, Most played orders by them, and the select-mode bar offers every action`, async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
      const { page, problems } = await openTracedPage(context);
      await page.goto(url(path));
      await islandsReady(page);
      const card = (title: string) => page.getByRole('article', { name: title });
      expect(await card('Night swim').locator('[data-plays]').textContent()).toBe('\u25b6\ufe0e 12 plays');
      expect(await card('Harbour at dusk').locator('[data-plays]').textContent()).toBe('\u25b6\ufe0e 3 plays');
      expect(await card('First light').locator('[data-plays]').count()).toBe(0);
      await screenshotVariants(page, `select-mode-${gallery}-cards`);

      await page.getByRole('navigation', { name: 'Sort by' }).getByRole('link', { name: 'Most played' }).click();
      await page.waitForURL(/sortBy=plays/);
      await page.getByRole('list', { name: 'Media' }).getByRole('article').first().getByText('12 plays').waitFor();
      const order = await page
        .getByRole('list', { name: 'Media' })
        .getByRole('article')
        .evaluateAll((cards) => cards.map((c) => document.getElementById(c.getAttribute('aria-labelledby') ?? '')?.textContent));
      expect(order.slice(0, 2)).toEqual(['Night swim', 'Harbour at dusk']);

      if (gallery === 'gallery') await page.getByRole('button', { name: 'Select', exact: true }).click();
      else {
        await page.getByRole('button', { name: 'Actions', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Select' }).click();
      }
      for (const title of ['Garden chair', 'Window seat']) await page.getByRole('checkbox', { name: `Select ${title}` }).click();
      const bar = page.getByRole('toolbar', { name: 'Selection' });
      await bar.getByText('2 selected').waitFor();
      expect(await bar.getByRole('button').allTextContents()).toEqual([...expected]);
      await screenshotVariants(page, `select-mode-${gallery}-bar`);

      await bar.getByRole('button', { name: 'Favorite', exact: true }).click();
      await page.getByText('2 items added to favorites').waitFor();
      const favorites = (await (await t.request(`/api/${gallery}?filter=favorites`, { as: owner })).json()) as MediaPage;
      expect(favorites.media.map((m) => m.title).sort()).toEqual(['Garden chair', 'Window seat']);
      expect(unexpectedProblems(problems, [])).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
