// Find Duplicates in the Red Room, in Chromium: a real JPEG uploaded twice is one group of two, the
// newest kept; Delete Duplicates sends the older copy to Recently Deleted. Similar finds a resized,
// recompressed copy of a photo-like picture, and 'Keep this and merge' keeps the larger with the
// smaller's tags. The hub's own processing makes the thumbnails and the perceptual hashes.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import type { MediaItem, MediaPage } from '../../src/shared/media.ts';
import { axeEverywhere } from '../helpers/axe.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { mediaSamples } from '../helpers/media-samples.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, hubAndBrowser, mediaCards, uploadByApi } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** A landscape with a sky, a sun, hills, a lighthouse and a sea: structure a photo has. */
function lighthouse(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d3b6e"/><stop offset="1" stop-color="#f3a65a"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#sky)"/>
    <circle cx="1180" cy="380" r="130" fill="#ffe08a"/>
    <path d="M0 760 Q 400 560 800 740 T 1600 700 V 1200 H 0 Z" fill="#2f5d3a"/>
    <rect x="300" y="380" width="90" height="400" fill="#f4f1ea"/>
    <rect x="300" y="470" width="90" height="50" fill="#c0392b"/>
    <rect x="300" y="610" width="90" height="50" fill="#c0392b"/>
    <polygon points="285,380 405,380 345,300" fill="#7a1f1f"/>
    <rect x="0" y="900" width="1600" height="300" fill="#13405e"/>
    <path d="M0 960 Q 200 930 400 960 T 800 960 T 1200 960 T 1600 960" stroke="#6fa3c7" stroke-width="10" fill="none"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** Blurred noise: a picture like no other here. */
const other = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 90 } } })
    .blur(12)
    .jpeg({ quality: 85 })
    .toBuffer();

async function untilProcessed(hub: SpawnedHub, credentials: ApiCredentials): Promise<MediaItem[]> {
  for (let tries = 0; ; tries++) {
    const { media } = await callApi<MediaPage>(hub, credentials, 'GET', '/api/gallery?limit=100');
    const waiting = media.filter((m) => m.status !== 'ready');
    if (waiting.length === 0) return media;
    if (waiting.some((m) => m.status === 'failed') || tries > 300)
      throw new Error(`not processed: ${JSON.stringify(waiting.map((m) => [m.title, m.status, m.failure]))}`);
    await Bun.sleep(200);
  }
}

/** The Red Room with its warning accepted, ready for clicks. */
async function openGallery(browser: Browser, hub: SpawnedHub): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  await admitContext(context, hub, ADMIN);
  await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
  const { page, problems } = await openTracedPage(context);
  await page.goto(`${hub.url}/gallery`);
  await islandsReady(page);
  await mediaCards(page).first().waitFor();
  return { context, page, problems };
}

/** The Find Duplicates chip (a button or a link, whichever the toolbar makes it). */
const findDuplicatesChip = (page: Page) => page.getByRole('button', { name: 'Find Duplicates' }).or(page.getByRole('link', { name: 'Find Duplicates' }));
const duplicatesDialog = (page: Page) => page.getByRole('dialog', { name: 'Duplicates' });
const groupsIn = (dialog: Locator) => dialog.getByRole('region', { name: 'Duplicate groups' }).locator('section');

/** Every preview in the dialog has loaded (they are the hub's thumbnails). */
async function previewsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const images = [...document.querySelectorAll<HTMLImageElement>('dialog[open] section img')];
    return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
  });
}

describe.skipIf(Boolean(unavailable))('Find Duplicates in Chromium', () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });
  let admin: ApiCredentials;

  beforeAll(async () => {
    admin = await credentialsByApi(started.hub, ADMIN);
    const samples = await mediaSamples();
    // The same JPEG twice (the first upload is the older), and a different picture.
    await uploadByApi(started.hub, admin, [{ name: 'photo.jpg', bytes: samples.jpeg.bytes(), type: 'image/jpeg' }], { title: 'Test card (first)' });
    await uploadByApi(started.hub, admin, [{ name: 'photo.jpg', bytes: samples.jpeg.bytes(), type: 'image/jpeg' }], { title: 'Test card (again)' });
    await uploadByApi(started.hub, admin, [{ name: 'clouds.jpg', bytes: await other(), type: 'image/jpeg' }], { title: 'Clouds' });
    await untilProcessed(started.hub, admin);
  }, 120_000);

  test('exact copies: one group of two with the newest kept; Delete Duplicates sends the older to Recently Deleted', async () => {
    const { context, page, problems } = await openGallery(started.browser, started.hub);
    await findDuplicatesChip(page).click();
    const dialog = duplicatesDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Exact copies' }).getAttribute('aria-pressed')).toBe('true');
    await groupsIn(dialog).first().waitFor();
    expect(await groupsIn(dialog).count()).toBe(1);
    const group = groupsIn(dialog).first();
    expect(await group.getByRole('heading').textContent()).toBe('photo.jpg');
    const copies = group.getByRole('listitem');
    expect(await copies.count()).toBe(2);
    expect(await copies.first().getAttribute('aria-label')).toBe('Test card (again), kept');
    expect(await copies.nth(1).getAttribute('aria-label')).toBe('Test card (first)');
    await copies.first().getByText('640 × 480').waitFor();
    await previewsLoaded(page);
    await screenshotVariants(page, 'duplicates-exact');
    const found = await axeEverywhere(page, 'a11y-duplicates-exact');

    await dialog.getByRole('button', { name: 'Delete Duplicates' }).click();
    await dialog.getByText('Deleted 1 duplicate files', { exact: true }).waitFor();
    await dialog.getByText('No duplicates found').first().waitFor();
    await screenshotVariants(page, 'duplicates-exact-done');
    await dialog.getByText('Close', { exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Focus is back on the chip that opened it.
    expect(await findDuplicatesChip(page).evaluate((el) => el === document.activeElement)).toBe(true);

    // The page reloaded its list: one copy left, the older one in Recently Deleted.
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Media"] article').length === 2);
    expect((await mediaCards(page).getByRole('heading').allTextContents()).sort()).toEqual(['Clouds', 'Test card (again)']);
    await page.getByRole('link', { name: 'Recently Deleted' }).click();
    await page.waitForURL(/filter=recycling-bin/);
    await page.getByRole('article', { name: 'Test card (first)' }).waitFor();
    expect(await mediaCards(page).count()).toBe(1);
    expect(found).toEqual([]);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  test("similar: a resized, recompressed copy is found; Keep this and merge keeps the larger with the smaller's tags", async () => {
    const original = await lighthouse();
    const copy = await sharp(original).resize(800, 600).jpeg({ quality: 55 }).toBuffer();
    await uploadByApi(started.hub, admin, [{ name: 'lighthouse.jpg', bytes: original, type: 'image/jpeg' }], { title: 'Lighthouse', tags: 'Outdoor' });
    await uploadByApi(started.hub, admin, [{ name: 'lighthouse-small.jpg', bytes: copy, type: 'image/jpeg' }], {
      title: 'Lighthouse small',
      tags: 'Romantic, Sunset',
    });
    await untilProcessed(started.hub, admin);

    const { context, page, problems } = await openGallery(started.browser, started.hub);
    await findDuplicatesChip(page).click();
    const dialog = duplicatesDialog(page);
    await dialog.waitFor();
    // Nothing exact any more: the copy's bytes differ.
    await dialog.getByText('No duplicates found').first().waitFor();
    await dialog.getByRole('button', { name: 'Similar' }).click();
    await groupsIn(dialog).first().waitFor();
    expect(await groupsIn(dialog).count()).toBe(1);
    const group = groupsIn(dialog).first();
    expect(await group.getByRole('heading').textContent()).toBe('lighthouse.jpg');
    expect(await group.getByText(/distance \d of 64 bits/).textContent()).toMatch(/^(Look the same|Nearly identical|Very similar) · distance \d of 64 bits$/);
    const keepLarge = group.getByRole('radio', { name: /^Keep Lighthouse \(/ });
    expect(await keepLarge.isChecked()).toBe(true);
    expect(await group.getByRole('radio', { name: /^Keep Lighthouse small \(/ }).isChecked()).toBe(false);
    await group.getByText('1600 × 1200').waitFor();
    await group.getByText('800 × 600').waitFor();
    await previewsLoaded(page);
    await screenshotVariants(page, 'duplicates-similar');
    const found = await axeEverywhere(page, 'a11y-duplicates-similar');

    // The keyboard: the choice moves with the arrows and back; the default stays.
    await keepLarge.focus();
    await page.keyboard.press('ArrowRight');
    expect(await group.getByRole('radio', { name: /^Keep Lighthouse small \(/ }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await keepLarge.isChecked()).toBe(true);

    await group.getByRole('button', { name: 'Keep this and merge' }).click();
    await dialog.getByText('Kept 1 and moved 1 to the recycling bin', { exact: true }).waitFor();
    await dialog.getByText('No similar files found').first().waitFor();
    await dialog.getByText('Close', { exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const listed = await callApi<MediaPage>(started.hub, admin, 'GET', '/api/gallery?limit=100');
    const kept = listed.media.find((m) => m.title === 'Lighthouse');
    expect(kept?.tags.slice().sort()).toEqual(['Outdoor', 'Romantic', 'Sunset']);
    expect(listed.media.some((m) => m.title === 'Lighthouse small')).toBe(false);
    const bin = await callApi<MediaPage>(started.hub, admin, 'GET', '/api/gallery?filter=recycling-bin&limit=100');
    expect(bin.media.map((m) => m.title).sort()).toEqual(['Lighthouse small', 'Test card (first)']);
    await page.getByRole('article', { name: 'Lighthouse small' }).waitFor({ state: 'detached' });
    expect(found).toEqual([]);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});
