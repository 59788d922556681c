// The Red Room on a phone (390 x 844) and at 1280 x 800, with the lockout countdown on: the first
// row of cards is on the first screen, and nothing fixed (Lock Site, the countdown, Upload, Back to
// top) covers a card at the end of the scroll; on a phone nothing floats over the cards while
// scrolling either (they pass only under the solid bottom bar, whose height the page keeps free). Screenshots
// of the top of the gallery in light and dark at both sizes.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { MediaPage } from '../../src/shared/media.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, hubAndBrowser, mediaCards, uploadByApi } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/**
 * Where the first card row is, and what fixed things are over a card now: each fixed element, or
 * where it is transparent (the desktop's corners) the things drawn inside it. `withBars: false`
 * leaves out the phone's bottom bar, a solid bar across the screen's foot under which the page
 * scrolls (the body keeps its height free, so at the end of the scroll it covers nothing).
 */
function layout(page: Page, withBars = true) {
  return page.evaluate((bars) => {
    const cards = [...document.querySelectorAll('ul[aria-label="Media"] > li')].map((c) => c.getBoundingClientRect());
    const first = cards[0]!;
    const firstRowBottom = Math.max(...cards.filter((c) => Math.abs(c.top - first.top) < 2).map((c) => c.bottom));
    const seen = (e: Element) => {
      const box = e.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    const drawn = (e: Element): Element[] => {
      const style = getComputedStyle(e);
      const painted = style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.borderTopWidth !== '0px' || e.matches('button, a, svg, img');
      return painted ? [e] : [...e.children].filter(seen).flatMap(drawn);
    };
    // The bar, and what sits in its band (Back to top in its middle).
    const isBar = (box: DOMRect) => box.top >= innerHeight - 48 - 0.5;
    const fixed = [...document.querySelectorAll('body *')].filter((e) => getComputedStyle(e).position === 'fixed' && seen(e));
    const covering = new Set<string>();
    for (const f of fixed.flatMap(drawn)) {
      const a = f.getBoundingClientRect();
      if (!bars && isBar(a)) continue;
      for (const b of cards) {
        if (a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top)
          covering.add(f.getAttribute('aria-label') ?? f.textContent?.trim().slice(0, 30) ?? f.tagName);
      }
    }
    return { firstCardTop: Math.round(first.top + scrollY), firstRowBottom: Math.round(firstRowBottom + scrollY), covering: [...covering] };
  }, withBars);
}

describe.skipIf(Boolean(unavailable))('the gallery on a phone and a desktop', () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '24' });
  let admin: ApiCredentials;

  beforeAll(async () => {
    admin = await credentialsByApi(started.hub, ADMIN);
    for (let i = 0; i < 10; i++) {
      const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: (i * 53) % 256, g: 110, b: 180 } } })
        .jpeg()
        .toBuffer();
      await uploadByApi(started.hub, admin, [{ name: `Walk ${i + 1}.jpg`, bytes, type: 'image/jpeg' }]);
    }
    for (let tries = 0; ; tries++) {
      const page = await callApi<MediaPage>(started.hub, admin, 'GET', '/api/gallery?limit=100');
      if (page.media.every((m) => m.status === 'ready')) break;
      if (tries > 300) throw new Error('thumbnails not made');
      await Bun.sleep(200);
    }
  }, 120_000);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`${size}: the first card row is on the first screen; at the end of the scroll nothing fixed covers a card`, async () => {
      const context = await started.browser.newContext({ viewport, hasTouch: size === 'phone' });
      await admitContext(context, started.hub, ADMIN);
      await context.addCookies([{ name: 'matureContentAccepted', value: 'true', url: started.hub.url }]);
      await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
      const { page, problems } = await openTracedPage(context);
      await page.goto(`${started.hub.url}/gallery`);
      await islandsReady(page);
      await mediaCards(page).first().waitFor();
      // The countdown is drawn: its bar is there to be measured.
      await page.getByText(/^\d\d:\d\d:\d\d$/).waitFor();

      const top = await layout(page);
      // The bottom bar (phones) or the corners take the screen's last 48 px.
      expect(top.firstRowBottom).toBeLessThanOrEqual(viewport.height - 48);
      if (size === 'phone') expect(top.firstCardTop).toBeLessThanOrEqual(400);
      // From sm the corners float over the page as it scrolls (the page keeps their room at its end).
      if (size === 'phone') expect((await layout(page, false)).covering).toEqual([]);
      await screenshotVariants(page, `gallery-top-${size}`);

      if (size === 'phone') {
        // While scrolling too: on a phone nothing floats over the cards.
        for (const y of [300, 700, 1100]) {
          await page.evaluate((to) => window.scrollTo(0, to), y);
          await page.waitForFunction((to) => Math.abs(window.scrollY - Math.min(to, document.documentElement.scrollHeight - innerHeight)) < 2, y);
          expect({ y, covering: (await layout(page, false)).covering }).toEqual({ y, covering: [] });
        }
      }
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.getByRole('button', { name: 'Back to top' }).waitFor();
      expect((await layout(page)).covering).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(unexpectedProblems(problems, [])).toEqual([]);
      await context.close();
    });
  }
});
