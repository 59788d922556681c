// Model pictures in Chromium: a card shows a picture from another host through the hub (the
// Content-Security-Policy lets in images from the hub only), a picture that cannot be fetched
// gives way to the initials, and the browser itself asks no other host.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { Model } from '../../src/shared/models.ts';
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
import { ADMIN, admitContext, callApi, spawnGatedHub } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** A real 1x1 PNG, so Chromium decodes it. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(Boolean(unavailable))('model pictures in Chromium', () => {
  let host: FixtureServer;
  let hub: SpawnedHub;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    host = await startFixtureServer();
    host.route('/pia.png', (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL_PNG));
    hub = await spawnGatedHub({ SITE_LOCKOUT_HOURS: '0', FETCH_ALLOW_HOSTS: host.hostPort });
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
    await host?.close();
  });

  test('a picture is served by the hub and shown; a missing one shows the initials', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const credentials = await admitContext(context, hub, ADMIN);
    const pia = await callApi<Model>(hub, credentials, 'POST', '/api/models', { name: 'Pia Pixel', ethnicity: 'European', image: `${host.origin}/pia.png` });
    const nora = await callApi<Model>(hub, credentials, 'POST', '/api/models', {
      name: 'Nora Nowhere',
      ethnicity: 'White',
      image: `${host.origin}/missing.png`,
    });
    expect(pia.picture).toMatch(/^\/api\/models\//);

    const { page, problems } = await openTracedPage(context);
    await page.goto(`${hub.url}/models`);
    await islandsReady(page);
    const piaImage = page.getByRole('article', { name: 'Pia Pixel' }).locator('img');
    await piaImage.waitFor();
    await page.waitForFunction((src) => {
      const img = document.querySelector(`img[src="${src}"]`) as HTMLImageElement | null;
      // biome-ignore lint/complexity/useOptionalChain: kept from before the linter; fix when this code is next touched
      return img !== null && img.complete && img.naturalWidth > 0;
    }, pia.picture);
    expect(await piaImage.getAttribute('src')).toBe(pia.picture);
    const noraCard = page.getByRole('article', { name: 'Nora Nowhere' });
    await noraCard.getByText('NN', { exact: true }).waitFor();
    expect(await noraCard.locator('img').count()).toBe(0);

    // Every resource the page loaded came from the hub; the picture host heard only from the hub.
    const origins = await page.evaluate(() => [...new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin))]);
    expect(origins).toEqual([hub.url]);
    expect(host.requests.sort()).toEqual(['GET /missing.png', 'GET /pia.png']);
    expect(unexpectedProblems(problems, [{ status: 404, path: nora.picture! }])).toEqual([]);
    await screenshotVariants(page, 'models-pictures');
    await context.close();
  });
});
