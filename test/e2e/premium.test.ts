// The premium gallery in Chromium: a real JPEG and a real MP4 uploaded with tags through
// 'Upload Premium Content' (one request), shown with their tags once the hub has processed them;
// a video card that plays the hub's preview clip while hovered and drops it when left; an item moved
// over from The Red Room with 'Add from Gallery to Premium'; the tagline that changes after 10 s.
// Screenshots of the page's states in light and dark, phone and desktop.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import type { MediaPage } from '../../src/shared/media.ts';
import { PREMIUM_TAGLINES } from '../../src/shared/premium-view.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { mediaSamples, type Sample, type SampleName } from '../helpers/media-samples.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, hubAndBrowser, mediaCards, uploadByApi } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

async function untilProcessed(hub: SpawnedHub, credentials: ApiCredentials, path: string): Promise<MediaPage> {
  for (let tries = 0; ; tries++) {
    const page = await callApi<MediaPage>(hub, credentials, 'GET', path);
    const waiting = page.media.filter((m) => m.status !== 'ready');
    if (waiting.length === 0) return page;
    if (waiting.some((m) => m.status === 'failed') || tries > 300)
      throw new Error(`not processed: ${JSON.stringify(waiting.map((m) => [m.title, m.status, m.failure]))}`);
    await Bun.sleep(200);
  }
}

const cardTitles = (page: Page) => mediaCards(page).locator('[id$="-title"]').allTextContents();

describe.skipIf(Boolean(unavailable))('the premium gallery in Chromium', () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });
  let admin: ApiCredentials;
  let samples: Record<SampleName, Sample>;

  beforeAll(async () => {
    admin = await credentialsByApi(started.hub, ADMIN);
    samples = await mediaSamples();
  }, 120_000);

  async function premiumPage(context: BrowserContext, path = '/premium') {
    await admitContext(context, started.hub, ADMIN);
    const traced = await openTracedPage(context);
    await traced.page.goto(`${started.hub.url}${path}`);
    await islandsReady(traced.page);
    return traced;
  }

  test('an empty premium gallery says how to start; the tagline changes after 10 s', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, problems } = await premiumPage(context);
    await page.getByText('No premium content found').waitFor();
    expect(await page.getByText('Upload your first premium content to get started!').isVisible()).toBe(true);
    await screenshotVariants(page, 'premium-empty');
    const tagline = page.locator('[data-tagline]');
    expect(await tagline.textContent()).toBe(PREMIUM_TAGLINES[0]);
    await page.waitForFunction((first) => document.querySelector('[data-tagline]')?.textContent !== first, PREMIUM_TAGLINES[0], { timeout: 20_000 });
    expect(await tagline.textContent()).toBe(PREMIUM_TAGLINES[1]);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  }, 120_000);

  test('upload a JPEG and an MP4 with tags, each a resumable upload; the items show their tags; a hovered video plays its preview', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, problems } = await premiumPage(context);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/upload')) uploads.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Upload Premium Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Premium Content' });
    await dialog.waitFor();
    await dialog.getByLabel('Choose Files').setInputFiles([
      { name: 'Velvet evening.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(samples.jpeg.bytes()) },
      { name: 'Velvet clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from(samples.mp4.bytes()) },
    ]);
    await dialog.getByLabel('Custom tags').fill('Lena, velvet');
    await dialog.getByLabel('Custom tags').press('Enter');
    await screenshotVariants(page, 'premium-upload');
    await dialog.getByRole('button', { name: 'Upload 2 File(s)' }).click();
    await page.getByText('2 file(s) uploaded successfully!').waitFor();
    // Each file is a resumable upload (tus) into Premium: created, sent, then asked for its item.
    expect(uploads.filter((u) => !u.startsWith('PATCH ') && !u.startsWith('GET '))).toEqual(['POST /api/uploads', 'POST /api/uploads']);
    await dialog.waitFor({ state: 'hidden' });

    let stored = await untilProcessed(started.hub, admin, '/api/premium?limit=100');
    // The preview clip is made after the item is ready (the preview job): wait for it, so the
    // page's cards have it whatever the machine's speed.
    for (let tries = 0; !stored.media.find((m) => m.type === 'video')?.preview; tries++) {
      if (tries > 600) throw new Error(`no preview made: ${started.hub.output().slice(-2000)}`);
      await Bun.sleep(200);
      stored = await untilProcessed(started.hub, admin, '/api/premium?limit=100');
    }
    expect(stored.media.map((m) => [m.title, m.tags]).sort()).toEqual([
      ['Velvet clip', ['Lena', 'velvet']],
      ['Velvet evening', ['Lena', 'velvet']],
    ]);
    await page.reload();
    await islandsReady(page);
    expect((await cardTitles(page)).sort()).toEqual(['Velvet clip', 'Velvet evening']);

    // The tags show in the viewer (and the creator chip is the first fitting tag).
    await page.getByRole('link', { name: 'Open Velvet evening' }).click();
    const viewer = page.getByRole('dialog', { name: 'Velvet evening' });
    await viewer.getByRole('list', { name: 'Tags' }).waitFor();
    expect(await viewer.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(['Lena', 'velvet']);
    expect(await viewer.getByLabel('Creator').textContent()).toBe('Lena');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[aria-roledescription="media viewer"] img')].every((i) => i.complete && i.naturalWidth > 0),
    );
    await screenshotVariants(page, 'premium-viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // Hovering plays the video's preview clip, never the original, and leaving drops it
    // (video-previews.test.ts checks the clip and the viewer's frames in full).
    const clipCard = page.getByRole('article', { name: 'Velvet clip' });
    await clipCard.hover();
    const preview = stored.media.find((m) => m.type === 'video')!.preview!;
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('article video')?.readyState ?? 0) >= 2);
    expect(await clipCard.locator('video').evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).pathname)).toBe(preview);
    expect(await clipCard.locator('img').last().getAttribute('src')).toMatch(/\/thumbnail$/);
    await page.mouse.move(2, 2);
    await clipCard.locator('video').waitFor({ state: 'detached' });

    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('ul[aria-label="Media"] img')].every((i) => i.complete && i.naturalWidth > 0),
    );
    await screenshotVariants(page, 'premium-grid');
    await page.getByRole('switch', { name: 'Titles' }).click();
    await screenshotVariants(page, 'premium-titles');
    await page.getByRole('switch', { name: 'Compact' }).click();
    await screenshotVariants(page, 'premium-compact');
    // Compact cards on a wide window keep their menu button hidden until the card is hovered.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.mouse.move(2, 2);
    const compactMenu = page.getByRole('article', { name: 'Velvet clip' }).getByRole('button', { name: /^Actions for / });
    const menuOpacity = () => compactMenu.evaluate((button) => getComputedStyle(button.closest('.media-menu')!).opacity);
    expect(await menuOpacity()).toBe('0');
    await page.getByRole('article', { name: 'Velvet clip' }).hover();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await menuOpacity()).toBe('1');
    await page.mouse.move(2, 2);
    await page.getByRole('switch', { name: 'Compact' }).click();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Select' }).click();
    await page.getByRole('checkbox', { name: 'Select Velvet clip' }).check();
    await screenshotVariants(page, 'premium-select');
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  }, 180_000);

  test('Add from Gallery to Premium moves an item: it leaves /gallery and shows on /premium', async () => {
    const red = sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 30, b: 60 } } })
      .jpeg()
      .toBuffer();
    await uploadByApi(started.hub, admin, [{ name: 'Crimson room.jpg', bytes: await red, type: 'image/jpeg' }]);
    await uploadByApi(started.hub, admin, [{ name: 'Stays free.jpg', bytes: Buffer.from(samples.jpeg.bytes()), type: 'image/jpeg' }]);
    await untilProcessed(started.hub, admin, '/api/gallery?limit=100');
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addCookies([{ name: 'matureContentAccepted', value: 'true', url: started.hub.url }]);
    const { page, problems } = await premiumPage(context);
    await page.getByRole('button', { name: 'Add from Gallery to Premium' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add from Gallery to Premium' });
    const move = dialog.getByRole('button', { name: /^Move \d+ to Premium$/ });
    expect(await move.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Crimson room' }).click();
    expect(await move.textContent()).toBe('Move 1 to Premium');
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('dialog[open] img')].every((i) => i.complete && i.naturalWidth > 0));
    await screenshotVariants(page, 'premium-add-from-gallery');
    await move.click();
    await page.getByText('1 item moved to premium').waitFor();
    await page.getByRole('article', { name: 'Crimson room' }).waitFor();

    await page.goto(`${started.hub.url}/gallery`);
    await islandsReady(page);
    await mediaCards(page).first().waitFor();
    expect(await mediaCards(page).getByRole('heading').allTextContents()).toEqual(['Stays free']);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  }, 120_000);
});
