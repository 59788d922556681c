// Uploads and the viewer in Chromium: a model card's upload content sends a JPEG, a HEIC and an
// MP4 one after another while the progress bar moves (the line is slowed, so progress is seen);
// the job queue of the spawned hub makes their thumbnails, which show in the model's gallery; the
// viewer's keys, fullscreen, and a video that plays and seeks with a Range request. The dialog and
// the viewer pass axe in light and dark, on a phone and a desktop (screenshots in artifacts/).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { MediaPage } from '../../src/shared/media.ts';
import { axeEverywhere } from '../helpers/axe.ts';
import { browserUnavailableReason, islandsReady, launchChromium, openTracedPage, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { mediaSamples, type Sample, type SampleName } from '../helpers/media-samples.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, slowUploadLine, spawnGatedHub, watchUploadProgress } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** The upload's pace on the slowed line, in bytes a second: the three files take about a second. */
const UPLOAD_RATE = 96 * 1024;

describe.skipIf(Boolean(unavailable))('uploads and the viewer in Chromium', () => {
  let hub: SpawnedHub;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let samples: Record<SampleName, Sample>;

  beforeAll(async () => {
    samples = await mediaSamples();
    hub = await spawnGatedHub({ SITE_LOCKOUT_HOURS: '0', PROCESSING_CONCURRENCY: '2' });
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
  });

  async function waitUntilReady(credentials: ApiCredentials, modelId: string, count: number): Promise<MediaPage> {
    for (;;) {
      const page = await callApi<MediaPage>(hub, credentials, 'GET', `/api/gallery?modelId=${modelId}&limit=100`);
      if (page.media.length === count && page.media.every((m) => m.status !== 'processing')) return page;
      await Bun.sleep(100);
    }
  }

  test("a model's upload content: three files with a moving progress bar, thumbnails, the viewer's keys and a video that seeks", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const credentials = await admitContext(context, hub, ADMIN);
    const mia = await callApi<{ _id: string }>(hub, credentials, 'POST', '/api/models', { name: 'Mia Rose', ethnicity: 'Japanese' });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${hub.url}/models`);
    await islandsReady(page);

    const card = page.getByRole('article', { name: 'Mia Rose' });
    await card.hover();
    await card.getByRole('button', { name: 'Upload content for Mia Rose' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Content for Mia Rose' });
    await upload.waitFor();
    await upload.getByLabel('Choose Files').setInputFiles([samples.jpeg.path, samples.heic.path, samples.mp4.path]);
    await upload.getByRole('list', { name: 'Files to upload' }).getByRole('listitem').nth(2).waitFor();
    expect(
      await upload
        .getByRole('list', { name: 'Files to upload' })
        .getByRole('listitem')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label'))),
    ).toEqual(['photo.jpg', 'IMG_0002.heic', 'clip.mp4']);
    await upload.getByRole('button', { name: 'Outdoor' }).click();
    await upload.getByLabel('Custom tags').fill('beach');
    // From the top, as the dialog opens (the list scrolls inside it).
    await upload.getByText('Drag and drop files here').scrollIntoViewIfNeeded();
    expect(await axeEverywhere(page, 'upload-dialog')).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);

    // A slow line, so the bar has time to move.
    const fullSpeed = await slowUploadLine(page, UPLOAD_RATE);
    await watchUploadProgress(page);
    await upload.getByRole('button', { name: 'Upload 3 File(s)' }).click();
    await upload.getByText('Uploading…', { exact: true }).first().waitFor();
    // Escape does not close it while the files go.
    await page.keyboard.press('Escape');
    expect(await upload.isVisible()).toBe(true);
    // Every file stored: the dialog clears and closes; the page says so.
    await page.getByText('3 file(s) uploaded successfully to Gallery!', { exact: true }).waitFor({ timeout: 30_000 });
    await fullSpeed();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    const between = seen.filter((v) => v > 0 && v < 100);
    expect(between.length).toBeGreaterThanOrEqual(3);
    expect([...between].sort((a, b) => a - b)).toEqual(between);
    await upload.waitFor({ state: 'hidden' });

    // The spawned hub's queue makes the renditions; the model's gallery shows the thumbnails.
    const stored = await waitUntilReady(credentials, mia._id, 3);
    expect(stored.media.map((m) => [m.originalName, m.status, m.tags]).sort()).toEqual([
      ['IMG_0002.heic', 'ready', ['Outdoor', 'beach']],
      ['clip.mp4', 'ready', ['Outdoor', 'beach']],
      ['photo.jpg', 'ready', ['Outdoor', 'beach']],
    ]);
    await card.getByRole('heading', { name: 'Mia Rose' }).click();
    const gallery = page.getByRole('dialog', { name: "Mia Rose's Gallery" });
    await gallery.getByText('3 of 3 items').waitFor();
    // The pictures (not the ThumbHash placeholders under them).
    const thumbnails = gallery.getByRole('list', { name: 'Media' }).locator('img:not([aria-hidden])');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('dialog[open] ul[aria-label="Media"] img:not([aria-hidden])')].filter((img) => (img as HTMLImageElement).naturalWidth > 0)
          .length === 3,
    );
    expect(await thumbnails.evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).src).pathname.endsWith('/thumbnail')))).toEqual([
      true,
      true,
      true,
    ]);
    expect(await gallery.getByText('Gallery', { exact: true }).count()).toBe(3);

    // The viewer on the newest first (the MP4): it plays its playable rendition, and a seek asks for a range.
    const video = stored.media.find((m) => m.type === 'video')!;
    // Chromium asks for a video's bytes by range; the hub answers with the part asked for.
    const ranged = page.waitForResponse(
      (r) => new URL(r.url()).pathname === video.display && r.status() === 206 && (r.request().headers().range ?? '').startsWith('bytes='),
    );
    await gallery.getByRole('link', { name: `Open ${video.title}` }).click();
    await page.getByRole('dialog', { name: video.title }).waitFor();
    // The viewer is named by the item it shows; it is found by its role description as it moves.
    const viewer = page.locator('[aria-roledescription="media viewer"]');
    const player = viewer.locator('video');
    await player.evaluate((v: HTMLVideoElement) =>
      v.readyState >= 1 ? undefined : new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true })),
    );
    expect(await player.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(2);
    const answer = await ranged;
    expect(answer.headers()['content-range']).toMatch(new RegExp(`^bytes \\d+-\\d+/${video.size}$`));
    // Paused, and read when the seek lands: a playing video would have moved on by the next call.
    const seekedTo = await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.pause();
      return new Promise<number>((resolve) => {
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = 1.5;
      });
    });
    expect(seekedTo).toBeCloseTo(1.5, 1);
    await player.evaluate((v: HTMLVideoElement) => v.play());
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && !v.paused && v.currentTime > 1.5;
    });

    // Keys: Right and Left wrap, L favourites, F fullscreens and Escape leaves it, then closes.
    const position = viewer.getByLabel('Position');
    expect(await position.textContent()).toBe('1 of 3');
    await page.keyboard.press('ArrowLeft');
    expect(await position.textContent()).toBe('3 of 3');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await position.textContent()).toBe('2 of 3');
    const image = viewer.getByRole('img');
    await page.waitForFunction(() => {
      const img = document.querySelector('[aria-roledescription="media viewer"] img') as HTMLImageElement | null;
      // biome-ignore lint/complexity/useOptionalChain: kept from before the linter; fix when this code is next touched
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    expect(new URL((await image.getAttribute('src'))!, hub.url).pathname).toMatch(/^\/media\/[^/]+\/display$/);
    await page.keyboard.press('l');
    await gallery.getByText('Added to favorites', { exact: true }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Remove from favorites' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('f');
    await page.waitForFunction(() => document.fullscreenElement?.getAttribute('aria-roledescription') === 'media viewer');
    await page.keyboard.press('f');
    await page.waitForFunction(() => document.fullscreenElement === null);
    expect(await axeEverywhere(page, 'viewer')).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await gallery.isVisible()).toBe(true);
    // Closing the viewer gives focus back to the card that opened it, inside the gallery dialog;
    // the next Escape is the dialog's.
    await page.waitForFunction(() => document.activeElement?.closest('dialog[open]') != null);
    await page.keyboard.press('Escape');
    await gallery.waitFor({ state: 'hidden' });

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});
