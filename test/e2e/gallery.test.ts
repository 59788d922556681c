// The Red Room in Chromium: the 18+ warning before anything of the gallery (accepted once, never
// again), then filter, search, sort and page with the address keeping the view through reload,
// back and forward; delete, find it in Recently Deleted and restore it; set a model's profile
// picture from a card. 64 real JPEGs and a real video go in through the upload API and the
// hub's own processing makes their thumbnails.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { MediaPage } from '../../src/shared/media.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { mediaSamples } from '../helpers/media-samples.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, hubAndBrowser, mediaCards, uploadByApi } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const PHOTOS = 64;
const name = (i: number) => `Photo ${String(i).padStart(2, '0')}`;

/** A real JPEG of its own colour and size (so sizes and colours differ from card to card). */
function photo(i: number): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const [r, g, b] = [
    Math.round(128 + 127 * Math.cos((hue * Math.PI) / 180)),
    Math.round(128 + 127 * Math.cos(((hue - 120) * Math.PI) / 180)),
    Math.round(128 + 127 * Math.cos(((hue + 120) * Math.PI) / 180)),
  ];
  return sharp({ create: { width: 160 + i * 4, height: 120 + (i % 5) * 20, channels: 3, background: { r, g, b } } })
    .composite([
      { input: { create: { width: 40, height: 40, channels: 3, background: { r: 255 - r, g: 255 - g, b: 255 - b } } }, left: 20 + (i % 7) * 10, top: 20 },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function untilProcessed(hub: SpawnedHub, credentials: ApiCredentials): Promise<void> {
  for (let tries = 0; ; tries++) {
    const page = await callApi<MediaPage>(hub, credentials, 'GET', '/api/gallery?limit=1000');
    const waiting = page.media.filter((m) => m.status !== 'ready');
    if (waiting.length === 0) return;
    // Failed items, or processing that never ends, say so instead of timing out silently.
    if (waiting.some((m) => m.status === 'failed') || tries > 300)
      throw new Error(`not processed: ${JSON.stringify(waiting.map((m) => [m.title, m.status, m.failure]))}`);
    await Bun.sleep(200);
  }
}

const cards = mediaCards;
const titles = (page: Page) => cards(page).getByRole('heading').allTextContents();
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
/**
 * The cards' titles once they satisfy `ready`: the address and the pager change as soon as a view
 * is asked for, the cards when its page arrives a moment later (the last titles seen otherwise).
 */
async function titlesOnce(page: Page, ready: (titles: string[]) => boolean): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const seen = await titles(page);
    if (ready(seen)) return seen;
    await page.waitForTimeout(50);
  }
  return titles(page);
}

/** Every thumbnail in sight has loaded (the processing made real pictures; the rest load lazily). */
async function thumbnailsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const inSight = [...document.querySelectorAll<HTMLImageElement>('ul[aria-label="Media"] img[src*="/thumbnail"]')].filter(
      (img) => img.getBoundingClientRect().top < innerHeight,
    );
    return inSight.length > 0 && inSight.every((img) => img.complete && img.naturalWidth > 0);
  });
}

describe.skipIf(Boolean(unavailable))('The Red Room in Chromium', () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });
  let admin: ApiCredentials;

  beforeAll(async () => {
    admin = await credentialsByApi(started.hub, ADMIN);
    const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo(i)));
    // Oldest first, one file at a time in batches, so "newest" is the highest number.
    for (let i = 0; i < PHOTOS; i++)
      await uploadByApi(started.hub, admin, [{ name: `${name(i)}.jpg`, bytes: photos[i]!, type: 'image/jpeg' }], i % 8 === 0 ? { tags: 'Beach, Outdoor' } : {});
    const samples = await mediaSamples();
    await uploadByApi(started.hub, admin, [{ name: 'Evening clip.mp4', bytes: samples.mp4.bytes(), type: 'video/mp4' }]);
    await untilProcessed(started.hub, admin);
  }, 120_000);

  test('the warning comes first, with no card in the page; accepted once, it never shows again', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    await admitContext(context, started.hub, ADMIN);
    const { page, problems } = await openTracedPage(context);
    // The server's HTML alone, before any script: the warning, and nothing of the media.
    const html = await (await context.request.get(`${started.hub.url}/gallery`)).text();
    expect(html).toContain('I am 18+ and Accept');
    expect(html).not.toContain('Photo 0');
    expect(html).not.toContain('/thumbnail');

    await page.goto(`${started.hub.url}/gallery`);
    expect(await page.locator('article').count()).toBe(0);
    await islandsReady(page);
    const warning = page.getByRole('dialog', { name: 'Mature Content' });
    await warning.waitFor();
    await screenshotVariants(page, 'gallery-mature-warning');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 400);
    expect(await warning.isVisible()).toBe(true);
    expect(await cards(page).count()).toBe(0);

    await warning.getByRole('button', { name: 'I am 18+ and Accept' }).click();
    await warning.waitFor({ state: 'detached' });
    await cards(page).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('matureContentAccepted'))).toBe('true');

    await page.reload();
    await islandsReady(page);
    expect(await page.getByRole('dialog', { name: 'Mature Content' }).count()).toBe(0);
    await cards(page).first().waitFor();

    // The cookie lost, the local flag kept: no warning, and the cookie is back.
    await context.clearCookies({ name: 'matureContentAccepted' });
    await page.reload();
    await islandsReady(page);
    await cards(page).first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Mature Content' }).count()).toBe(0);
    expect((await context.cookies()).some((c) => c.name === 'matureContentAccepted' && c.value === 'true')).toBe(true);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  test('filter, search, sort and page; reload, back and forward keep the view', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    await admitContext(context, started.hub, ADMIN);
    await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/gallery`);
    await islandsReady(page);
    await thumbnailsLoaded(page);
    expect(await cards(page).count()).toBe(50);
    expect((await titlesOnce(page, (t) => t[0] === 'Evening clip'))[0]).toBe('Evening clip');
    await page.getByText('65 items', { exact: true }).waitFor();
    await page.getByText('Page 1 of 2', { exact: true }).waitFor();
    await cards(page)
      .filter({ hasText: 'Evening clip' })
      .getByText(/^0:0\d$/)
      .waitFor();
    await screenshotVariants(page, 'gallery');

    await page.getByRole('link', { name: 'Images' }).click();
    await page.waitForURL(/filter=images/);
    await page.getByText('64 items', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Title', exact: true }).click();
    await page.waitForURL(/sortBy=title/);
    await page.getByRole('link', { name: /sort ascending instead/ }).click();
    await page.waitForURL(/sortOrder=asc/);
    await page.getByLabel('Items per page').selectOption('20');
    await page.waitForURL(/limit=20/);
    expect((await titlesOnce(page, (t) => t[0] === name(0) && t[1] === name(1))).slice(0, 2)).toEqual([name(0), name(1)]);
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText('Page 2 of 4', { exact: true }).waitFor();
    expect((await titlesOnce(page, (t) => t[0] === name(20)))[0]).toBe(name(20));
    // The keys page too.
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/page=3/);
    await page.getByText('Page 3 of 4', { exact: true }).waitFor();
    expect(params(page)).toEqual({ filter: 'images', sortBy: 'title', sortOrder: 'asc', page: '3', limit: '20' });
    await thumbnailsLoaded(page);

    await page.reload();
    await islandsReady(page);
    await page.getByText('Page 3 of 4', { exact: true }).waitFor();
    expect((await titlesOnce(page, (t) => t[0] === name(40)))[0]).toBe(name(40));
    expect(await page.getByRole('link', { name: 'Images' }).getAttribute('aria-current')).toBe('page');

    await page.goBack();
    await page.getByText('Page 2 of 4', { exact: true }).waitFor();
    expect((await titlesOnce(page, (t) => t[0] === name(20)))[0]).toBe(name(20));
    await page.goForward();
    await page.getByText('Page 3 of 4', { exact: true }).waitFor();

    // The search: tags too, and page 1.
    await page.getByPlaceholder('Search by title or tags...').fill('beach');
    await page.waitForURL(/search=beach/);
    await page.getByText('8 items', { exact: true }).waitFor();
    expect(params(page)).toEqual({ filter: 'images', search: 'beach', sortBy: 'title', sortOrder: 'asc', limit: '20' });
    expect(await titlesOnce(page, (t) => t.length === 8)).toEqual([0, 8, 16, 24, 32, 40, 48, 56].map(name));
    await page.goBack();
    await page.getByText('Page 3 of 4', { exact: true }).waitFor();
    expect(await page.getByPlaceholder('Search by title or tags...').inputValue()).toBe('');

    // Thumbnails: compact cards, remembered.
    await page.getByRole('switch', { name: 'Thumbnails' }).click();
    await thumbnailsLoaded(page);
    await screenshotVariants(page, 'gallery-compact');
    await page.reload();
    await islandsReady(page);
    expect(await page.getByRole('switch', { name: 'Thumbnails' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('switch', { name: 'Thumbnails' }).click();
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  test('delete a card, find it in Recently Deleted, restore it; set a model’s profile picture from a card', async () => {
    const model = await callApi<{ _id: string }>(started.hub, admin, 'POST', '/api/models', { name: 'Mia Rose' });
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    await admitContext(context, started.hub, ADMIN);
    await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/gallery?search=${encodeURIComponent(name(5))}`);
    await islandsReady(page);
    const card = page.getByRole('article', { name: name(5) });
    await card.getByRole('button', { name: `Actions for ${name(5)}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Media' });
    await confirm.waitFor();
    await screenshotVariants(page, 'gallery-delete-dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Media moved to recycling bin', { exact: true }).waitFor();
    await card.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Recently Deleted' }).click();
    await card.waitFor();
    await screenshotVariants(page, 'gallery-bin');
    await card.getByRole('button', { name: `Actions for ${name(5)}` }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await page.getByText('Media restored successfully', { exact: true }).waitFor();
    await page.getByText('The recycling bin is empty', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'All Media' }).click();
    await card.waitFor();

    await card.getByRole('button', { name: `Actions for ${name(5)}` }).click();
    await page.getByRole('menuitem', { name: 'Set as Profile Picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set as Profile Picture' });
    await dialog.getByLabel('Model').selectOption({ label: 'Mia Rose' });
    await screenshotVariants(page, 'gallery-profile-picture');
    await dialog.getByRole('button', { name: 'Set Picture' }).click();
    await page.getByText('Profile picture set successfully!', { exact: true }).waitFor();
    const mia = await callApi<{ profilePicture?: { url?: string } | null; picture?: string | null }>(started.hub, admin, 'GET', `/api/models/${model._id}`);
    expect(JSON.stringify(mia)).toContain(
      (await callApi<MediaPage>(started.hub, admin, 'GET', `/api/gallery?search=${encodeURIComponent(name(5))}`)).media[0]!._id,
    );
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  test('the first click on a card acts: its favourite button and its menu work before the grid’s action code has loaded', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    await admitContext(context, started.hub, ADMIN);
    await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/gallery?search=${encodeURIComponent(name(7))}`);
    await islandsReady(page);
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js')).length);
    const atStart = await scripts();
    const card = page.getByRole('article', { name: name(7) });
    // A click with no pointer moving there first (as a keyboard or a script clicks): nothing was loaded ahead.
    await card.getByRole('button', { name: `Add ${name(7)} to favorites` }).dispatchEvent('click');
    await page.getByText('Added to favorites', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: `Remove ${name(7)} from favorites` }).getAttribute('aria-pressed')).toBe('true');
    // The action's code came with the click, not with the page.
    expect(await scripts()).toBeGreaterThan(atStart);

    await page.reload();
    await islandsReady(page);
    await card.getByRole('button', { name: `Actions for ${name(7)}` }).dispatchEvent('click');
    await page.getByRole('menuitem', { name: 'Edit Title' }).waitFor();
    await card.getByRole('button', { name: `Remove ${name(7)} from favorites` }).dispatchEvent('click');
    await page.getByText('Removed from favorites', { exact: true }).waitFor();
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  test('on a phone the cards, chips and pager fit, and the menu opens', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone });
    await admitContext(context, started.hub, ADMIN);
    await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/gallery?limit=20`);
    await islandsReady(page);
    await thumbnailsLoaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^Actions for / })
      .click();
    await page.getByRole('menu').waitFor();
    await screenshotVariants(page, 'gallery-card-menu');
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});
