// Home in Chromium, across the collections: a site favourited on Watch appears on Home; a link
// visited from Links moves into Recently Visited; a model's links sync into Links; the favourites
// grid shows twice the columns at phone and desktop widths; and a walk through Home, Watch, Links
// and Models asks nothing of any host but the hub.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../helpers/axe.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, hubAndBrowser } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const section = (page: Page, heading: string) => page.getByRole('region', { name: heading });

/** Cards of a home section the stylesheet lets show at the window's width. */
const visibleCards = (page: Page, heading: string) =>
  section(page, heading)
    .locator('li')
    .evaluateAll((items) => items.filter((item) => getComputedStyle(item).display !== 'none').length);

describe.skipIf(Boolean(unavailable))('home in Chromium', () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });
  let context: BrowserContext;
  let credentials: ApiCredentials;
  /** Every request the pages made to a host other than the hub's (each is refused). */
  const foreign: string[] = [];

  beforeAll(async () => {
    context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    const hubHost = new URL(started.hub.url).host;
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.host === hubHost || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
      foreign.push(url.href);
      return route.abort();
    });
    credentials = await admitContext(context, started.hub, ADMIN);
  });

  test('a site favourited on Watch shows on Home', async () => {
    await callApi(started.hub, credentials, 'POST', '/api/streaming-sites', {
      name: 'Velvet Stream',
      url: 'https://velvet.test/',
      category: 'Japanese',
      description: 'Nightly shows',
    });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/`);
    await islandsReady(page);
    await section(page, 'Favorite Streaming Sites').getByText('No favorite streaming sites yet. Visit the Watch page to add some!').waitFor();

    await page.goto(`${started.hub.url}/watch`);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Add Velvet Stream to favorites' }).click();
    await page.getByRole('button', { name: 'Remove Velvet Stream from favorites' }).waitFor();

    await page.goto(`${started.hub.url}/`);
    await islandsReady(page);
    const card = section(page, 'Favorite Streaming Sites').getByRole('link', { name: /Velvet Stream/ });
    expect(await card.getAttribute('href')).toBe('https://velvet.test/');
    expect(await card.getAttribute('target')).toBe('_blank');
    expect(await card.getAttribute('rel')).toBe('noopener noreferrer');
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await page.close();
  });

  test('a link visited from Links moves into Recently Visited', async () => {
    // The link points at the hub itself, so following it stays on this machine.
    await callApi(started.hub, credentials, 'POST', '/api/links', { name: 'House rules', url: `${started.hub.url}/robots.txt`, category: 'Other' });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/`);
    await section(page, 'Recently Visited Links').getByText('No recently visited links. Visit the Links page to browse and click on links!').waitFor();

    await page.goto(`${started.hub.url}/links`);
    await islandsReady(page);
    const opened = context.waitForEvent('page');
    await page.getByRole('article', { name: 'House rules' }).getByRole('link', { name: 'Visit Site' }).click();
    await (await opened).close();

    // The visit is recorded by a request of its own beside the new tab: wait for it to land.
    for (let i = 0; i < 100; i++) {
      const [link] = await callApi<{ lastVisited: string | null }[]>(started.hub, credentials, 'GET', '/api/links');
      if (link?.lastVisited) break;
      await Bun.sleep(50);
    }
    await page.goto(`${started.hub.url}/`);
    await islandsReady(page);
    const recent = section(page, 'Recently Visited Links');
    await recent.getByText('House rules').waitFor();
    expect(await recent.getByText(/^Visited:/).count()).toBe(1);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await page.close();
  });

  test("a model's links sync into Links", async () => {
    await callApi(started.hub, credentials, 'POST', '/api/models', {
      name: 'Aiko Sato',
      ethnicity: 'Japanese',
      age: 26,
      favorite: true,
      links: [
        { name: 'Fansly', url: 'https://fansly.test/aiko' },
        { name: 'Reddit', url: 'https://reddit.test/u/aiko' },
      ],
    });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/links`);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Sync from models' }).click();
    await page.getByText('Successfully imported 2 new links from models!').waitFor();
    await page.getByRole('article', { name: 'Fansly' }).waitFor();
    await page.getByRole('article', { name: 'Reddit' }).waitFor();
    // A second sync finds nothing new.
    await page.getByRole('button', { name: 'Sync from models' }).click();
    await page.getByText('No new links found to import').waitFor();
    expect(unexpectedProblems(problems, [])).toEqual([]);

    // The favourite model is on Home.
    await page.goto(`${started.hub.url}/`);
    await islandsReady(page);
    await section(page, 'Favorite Models').getByText('Aiko Sato').waitFor();
    await page.close();
  });

  test('the favourites grid shows twice the columns: 2 on a phone, 8 on a wide window', async () => {
    for (let i = 0; i < 9; i++) {
      await callApi(started.hub, credentials, 'POST', '/api/streaming-sites', {
        name: `Grid site ${i}`,
        url: `https://grid${i}.test/`,
        category: 'Korean',
        isFavorite: true,
      });
    }
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/`);
    await islandsReady(page);
    expect(await visibleCards(page, 'Favorite Streaming Sites')).toBe(8);
    await page.setViewportSize({ width: 1000, height: 800 });
    expect(await visibleCards(page, 'Favorite Streaming Sites')).toBe(6);
    await page.setViewportSize({ width: 700, height: 800 });
    expect(await visibleCards(page, 'Favorite Streaming Sites')).toBe(4);
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await visibleCards(page, 'Favorite Streaming Sites')).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);

    // Filled, the page passes the accessibility check in both themes, and looks finished.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Buttons fade their colours: check once the theme change has settled.
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      expect(await axeViolations(page)).toEqual([]);
    }
    await screenshotVariants(page, 'home-filled');
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await page.close();
  });

  test('Home, Watch, Links and Models ask nothing of any host but the hub', async () => {
    const { page } = await openTracedPage(context);
    for (const path of ['/', '/watch', '/links', '/models', '/']) {
      await page.goto(`${started.hub.url}${path}`);
      await islandsReady(page);
      await page.waitForLoadState('networkidle');
    }
    expect(foreign).toEqual([]);
    await page.close();
  });
});
