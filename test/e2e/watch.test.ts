// Watch in Chromium: a member adds a streaming site through the dialog, favourites it and finds
// it under Favorites, opens it with Watch Now (a new tab, the visit recorded), and deletes it. The
// site is a fixture page on 127.0.0.1 that the hub may reach for its icon (FETCH_ALLOW_HOSTS).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { StreamingSite } from '../../src/shared/watch.ts';
import {
  browserUnavailableReason,
  islandsReady,
  launchChromium,
  openTracedPage,
  screenshotVariants,
  unexpectedProblems,
  VIEWPORTS,
} from '../helpers/browser.ts';
import { type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, spawnGatedHub } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** A 16 px pink square: the fixture site's icon. */
const ICON = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGUlEQVR4nGN4KZf8nxLMMGrAqAGjBgwXAwBR+2kfIszbwwAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(Boolean(unavailable))('Watch in Chromium', () => {
  let hub: SpawnedHub;
  let site: FixtureServer;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let admin: ApiCredentials;

  beforeAll(async () => {
    site = await startFixtureServer();
    const html =
      '<!doctype html><html><head><title>Fixture Tube</title><link rel="icon" type="image/png" sizes="16x16" href="/icon.png"></head><body><h1>Fixture Tube</h1></body></html>';
    site.route('/', (_, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    site.route('/icon.png', (_, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(ICON));
    hub = await spawnGatedHub({ FETCH_ALLOW_HOSTS: site.hostPort });
    admin = await credentialsByApi(hub, ADMIN);
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
    await site?.close();
  });

  test('add a site, favourite it, find it under Favorites, Watch Now, delete it', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await admitContext(context, hub, ADMIN);
    const { page, problems } = await openTracedPage(context);

    // The top bar leads to Watch; the empty collection says so.
    await page.goto(`${hub.url}/users`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watch' }).click();
    await page.waitForURL(`${hub.url}/watch`);
    await page.getByRole('heading', { name: 'Watch', level: 1 }).waitFor();
    await islandsReady(page);
    await page.getByText('No streaming sites yet.', { exact: true }).waitFor();
    await screenshotVariants(page, 'watch-empty');

    // Add New Streaming Site: the URL is checked before anything is sent.
    await page.getByRole('button', { name: 'Add Streaming Site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Streaming Site' });
    await dialog.waitFor();
    await dialog.getByLabel('Site Name', { exact: true }).fill('Fixture Tube');
    await dialog.getByLabel('URL', { exact: true }).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('URL must start with http:// or https://', { exact: true }).waitFor();
    await dialog.getByLabel('URL', { exact: true }).fill(`${site.origin}/`);
    await dialog.getByLabel('Category', { exact: true }).selectOption('Japanese');
    await dialog.getByLabel('Description (optional)', { exact: true }).fill('The fixture’s late-night picks.');
    await screenshotVariants(page, 'watch-add-dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Streaming site added successfully!', { exact: true }).waitFor();
    const card = page.getByRole('article', { name: 'Fixture Tube' });
    await card.waitFor();
    const chip = card.getByText('Japanese', { exact: true });
    expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(173, 20, 87)');
    // The icon comes from the site, through the hub.
    const icon = card.locator('img');
    expect(await icon.getAttribute('src')).toBe(`/api/favicon?url=${encodeURIComponent(`${site.origin}/`)}`);
    await page.waitForFunction(() => {
      const img = document.querySelector('article img') as HTMLImageElement | null;
      // biome-ignore lint/complexity/useOptionalChain: kept from before the linter; fix when this code is next touched
      return img !== null && img.complete && img.naturalWidth === 16;
    });
    expect(site.requests).toContain('GET /icon.png');

    // Favourite it: the heart turns, and Favorites lists it.
    await card.getByRole('button', { name: 'Add Fixture Tube to favorites' }).click();
    await page.getByText('Added to favorites', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Remove Fixture Tube from favorites' }).getAttribute('aria-pressed')).toBe('true');
    // A few more sites (through the API) for the grid's screenshots.
    for (const [name, category] of [
      ['Seoul Stream', 'Korean'],
      ['Dragon Cinema', 'Chinese'],
      ['Other Things', 'Other'],
      ['Anime Nights', 'Hentai'],
      ['Daily Clips', 'White'],
    ] as const) {
      await callApi(hub, admin, 'POST', '/api/streaming-sites', {
        name,
        url: `${site.origin}/${encodeURIComponent(name)}`,
        category,
        description: `${category} picks, updated weekly.`,
      });
    }
    await page.reload();
    await islandsReady(page);
    await screenshotVariants(page, 'watch-grid');

    await page.getByRole('navigation', { name: 'Streaming site categories' }).getByRole('link', { name: 'Favorites' }).click();
    await page.waitForURL(`${hub.url}/watch?tab=favorites`);
    await islandsReady(page);
    expect(await page.getByRole('article').count()).toBe(1);
    await card.waitFor();
    await screenshotVariants(page, 'watch-favorites');

    // Watch Now: the site opens in a new tab, without a way back to the hub's window; the visit is recorded.
    const [opened] = await Promise.all([context.waitForEvent('page'), card.getByRole('link', { name: 'Watch Now' }).click()]);
    await opened.waitForLoadState('load');
    expect(opened.url()).toBe(`${site.origin}/`);
    expect(await opened.title()).toBe('Fixture Tube');
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    await opened.close();
    let visited: StreamingSite | undefined;
    for (let i = 0; i < 50 && !visited?.lastVisited; i++) {
      visited = (await callApi<StreamingSite[]>(hub, admin, 'GET', '/api/streaming-sites?favorite=true'))[0];
      if (!visited?.lastVisited) await Bun.sleep(100);
    }
    expect(visited?.name).toBe('Fixture Tube');
    expect(visited?.lastVisited).toBeString();

    // Delete it: asked first, then gone, and Favorites is empty again.
    await card.getByRole('button', { name: 'Delete Fixture Tube' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Streaming Site' });
    await confirm.waitFor();
    await screenshotVariants(page, 'watch-delete-dialog');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Streaming site deleted successfully!', { exact: true }).waitFor();
    await page.getByText('No favorite streaming sites yet.', { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    expect((await callApi<StreamingSite[]>(hub, admin, 'GET', '/api/streaming-sites')).map((s) => s.name)).not.toContain('Fixture Tube');

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});
