// Pictures the hub does not have, in Chromium: model pictures and account icons whose sources
// give nothing. No card ever shows a broken-image icon (the initial stays until a picture has
// loaded, also while the island's script has not run yet), and once the hub has learnt that a
// source gives nothing, the pages stop asking for it: a second visit has no 404 at all.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { VaultAccount } from '../../src/shared/connect.ts';
import type { Model } from '../../src/shared/models.ts';
import { browserUnavailableReason, islandsReady, launchChromium, openPage, screenshotVariants, VIEWPORTS } from '../helpers/browser.ts';
import { type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, spawnGatedHub } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** A real 1x1 PNG, so Chromium decodes it. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Every answer the pages got, and a gate that holds the pages' scripts while closed. */
interface Traffic {
  statuses: { path: string; status: number }[];
  holdScripts: boolean;
  release: (() => void)[];
}

async function watch(context: BrowserContext, traffic: Traffic): Promise<void> {
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() === 'script' && traffic.holdScripts) {
      await new Promise<void>((resolve) => traffic.release.push(resolve));
    }
    const response = await route.fetch();
    const url = new URL(request.url());
    traffic.statuses.push({ path: url.pathname + url.search, status: response.status() });
    await route.fulfill({ response });
  });
}

function releaseScripts(traffic: Traffic): void {
  traffic.holdScripts = false;
  for (const resolve of traffic.release.splice(0)) resolve();
}

/**
 * What each card's pictures look like: for every <img> inside an article, whether it finished,
 * whether it has a picture, and how opaque it is drawn.
 */
function cardImages(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('article img')].map((el) => {
      const img = el as HTMLImageElement;
      return { src: img.getAttribute('src'), complete: img.complete, broken: img.complete && img.naturalWidth === 0, opacity: getComputedStyle(img).opacity };
    }),
  );
}

/** Opens `path` with the scripts held back, checks the server-rendered cards, then lets the island hydrate. */
async function visitBeforeAndAfterHydration(page: Page, traffic: Traffic, path: string, hubUrl: string, pending: number) {
  traffic.holdScripts = true;
  await page.goto(`${hubUrl}${path}`, { waitUntil: 'commit' });
  await page.waitForFunction((n) => {
    const imgs = [...document.querySelectorAll('article img')] as HTMLImageElement[];
    return imgs.length === n && imgs.every((img) => img.complete);
  }, pending);
  const before = await cardImages(page);
  releaseScripts(traffic);
  await islandsReady(page);
  return before;
}

describe.skipIf(Boolean(unavailable))('pictures the hub does not have, in Chromium', () => {
  let host: FixtureServer;
  let hub: SpawnedHub;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    host = await startFixtureServer();
    // The only picture the host has; every other path is a 404, and its home page has no icon.
    host.route('/pia.png', (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL_PNG));
    hub = await spawnGatedHub({ SITE_LOCKOUT_HOURS: '0', FETCH_ALLOW_HOSTS: host.hostPort });
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
    await host?.close();
  });

  test('no broken-image icon before or after hydration, and no 404 once the hub knows', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const credentials: ApiCredentials = await admitContext(context, hub, ADMIN);
    await callApi<Model>(hub, credentials, 'POST', '/api/models', { name: 'Pia Pixel', image: `${host.origin}/pia.png` });
    await callApi<Model>(hub, credentials, 'POST', '/api/models', { name: 'Nora Nowhere', image: `${host.origin}/nora.png` });
    await callApi<Model>(hub, credentials, 'POST', '/api/models', { name: 'Gus Gone', image: `${host.origin}/gus.jpg` });
    await callApi<VaultAccount>(hub, credentials, 'POST', '/api/accounts', { name: 'Iconless Mail', website: `${host.origin}/inbox`, category: 'email' });
    await callApi<VaultAccount>(hub, credentials, 'POST', '/api/accounts', { name: 'Custom Icon', favicon: `${host.origin}/custom.ico`, category: 'other' });

    const traffic: Traffic = { statuses: [], holdScripts: false, release: [] };
    await watch(context, traffic);
    const { page } = await openPage(context);

    // First visit: the hub learns that three sources give nothing. Before the island runs, a
    // picture that failed is not drawn (the initials are); after it, it is gone.
    const modelsBefore = await visitBeforeAndAfterHydration(page, traffic, '/models', hub.url, 3);
    expect(modelsBefore.filter((img) => img.broken).length).toBe(2);
    expect(modelsBefore.filter((img) => img.broken && img.opacity !== '0')).toEqual([]);
    await page.getByRole('article', { name: 'Nora Nowhere' }).getByText('NN', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Gus Gone' }).getByText('GG', { exact: true }).waitFor();
    expect((await cardImages(page)).filter((img) => img.broken || img.opacity === '0')).toEqual([]);
    const pia = page.getByRole('article', { name: 'Pia Pixel' });
    expect(await pia.locator('img').evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
    expect(await pia.getByText('PP', { exact: true }).count()).toBe(0);

    const connectBefore = await visitBeforeAndAfterHydration(page, traffic, '/connect', hub.url, 2);
    expect(connectBefore.filter((img) => img.broken).length).toBe(2);
    expect(connectBefore.filter((img) => img.broken && img.opacity !== '0')).toEqual([]);
    expect((await cardImages(page)).filter((img) => img.broken || img.opacity === '0')).toEqual([]);
    expect(await page.getByRole('article', { name: 'Iconless Mail' }).locator('[data-initial]').textContent()).toBe('I');
    expect(await page.getByRole('article', { name: 'Custom Icon' }).locator('[data-initial]').textContent()).toBe('C');
    const firstVisit404s = traffic.statuses.filter((s) => s.status === 404).map((s) => s.path.replace(/\?.*$/, ''));
    expect(firstVisit404s).toHaveLength(4);

    // Later visits: nothing the hub knows it lacks is asked for.
    traffic.statuses.length = 0;
    for (const path of ['/models', '/connect', '/models', '/connect']) {
      await page.goto(`${hub.url}${path}`);
      await islandsReady(page);
      await page.waitForLoadState('networkidle');
    }
    expect(traffic.statuses.filter((s) => s.status === 404)).toEqual([]);
    expect(traffic.statuses.some((s) => s.path.startsWith('/api/models/') && s.path.includes('/picture') && s.status === 200)).toBe(true);

    await page.goto(`${hub.url}/connect`);
    await islandsReady(page);
    await screenshotVariants(page, 'connect-missing-icons');
    await context.close();
  });
});
