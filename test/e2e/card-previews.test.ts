// The media cards' videos in real Chromium: hovering a Premium or Red Room video card plays its
// preview clip (made by ffmpeg here: short, small, no audio) with a picture, never the original;
// a card without a preview keeps its poster; less motion plays nothing; a converting video shows
// its poster and "Converting 42 %". A page holding only cards (card-page.tsx) is served with them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildStylesheet } from '../../src/build/assets.ts';
import type { MediaItem } from '../../src/shared/media.ts';
import { axeViolations } from '../helpers/axe.ts';
import { browserUnavailableReason, launchChromium, openPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

async function ffmpeg(args: string[]) {
  const child = Bun.spawn(['ffmpeg', '-hide_banner', '-loglevel', 'error', '-y', ...args], { stderr: 'pipe' });
  if ((await child.exited) !== 0) throw new Error(`ffmpeg failed: ${await new Response(child.stderr).text()}`);
}

function item(id: string, title: string, fields: Partial<MediaItem> = {}): MediaItem {
  return {
    _id: id,
    title,
    type: 'video',
    mimeType: 'video/quicktime',
    url: `/media/${id}`,
    display: `/media/${id}/display`,
    thumbnail: `/media/${id}/thumbnail`,
    size: 48 * 1024 * 1024,
    duration: 95,
    width: 1920,
    height: 1080,
    takenAt: null,
    camera: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    tags: [],
    isFavorite: false,
    modelId: null,
    modelName: null,
    originalName: `${id}.mov`,
    source: 'gallery',
    status: 'ready',
    failure: null,
    placeholder: null,
    deletedAt: null,
    playback: 'converted',
    progress: null,
    preview: null,
    ...fields,
  };
}

const ITEMS = [
  item('clip', 'Harbour at dusk', { preview: '/media/clip/preview' }),
  item('conv', 'Beach walk', { status: 'processing', progress: 42, duration: 61 }),
  item('early', 'Night market', { status: 'processing', progress: 7, thumbnail: null }),
  item('proc', 'Rooftop', { status: 'processing', progress: null, thumbnail: null, playback: undefined, duration: null }),
  item('old', 'Older clip', { preview: null, playback: undefined }),
];

/** A file with Range, as the hub serves media. */
function serveFile(request: Request, file: string, type: string): Response {
  const body = Bun.file(file);
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (!range) return new Response(body, { headers: { 'content-type': type, 'accept-ranges': 'bytes' } });
  const size = body.size;
  const start = range[1] ? Number(range[1]) : size - Number(range[2]);
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: { 'content-type': type, 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${size}` },
  });
}

describe.skipIf(Boolean(unavailable))('media cards play previews and show conversions in Chromium', () => {
  let dir: string;
  let server: ReturnType<typeof Bun.serve>;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const requested: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'card-previews-'));
    // The preview as the issue describes it: a few seconds, 320 px wide, H.264, no audio track.
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=25',
      '-t',
      '3',
      '-an',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-movflags',
      '+faststart',
      path.join(dir, 'preview.mp4'),
    ]);
    await ffmpeg(['-f', 'lavfi', '-i', 'smptebars=size=640x360', '-frames:v', '1', path.join(dir, 'poster.jpg')]);
    const built = await Bun.build({
      entrypoints: [path.join(import.meta.dir, 'card-page.tsx')],
      target: 'browser',
      format: 'esm',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    if (!built.success) throw new Error(built.logs.map(String).join('\n'));
    const script = await built.outputs[0]!.text();
    const css = await buildStylesheet();
    server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: async (request) => {
        const url = new URL(request.url);
        requested.push(url.pathname);
        if (url.pathname === '/') {
          const mode = url.searchParams.get('mode') === 'dark' ? 'dark' : 'light';
          const html = `<!doctype html><html lang="en" data-mode="${mode}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Cards</title><link rel="stylesheet" href="/app.css"></head><body class="bg-bg text-fg"><div id="root"></div><script>window.cardItems=${JSON.stringify(ITEMS)}</script><script type="module" src="/app.js"></script></body></html>`;
          return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
        }
        if (url.pathname === '/app.js') return new Response(script, { headers: { 'content-type': 'text/javascript' } });
        if (url.pathname === '/app.css') return new Response(css, { headers: { 'content-type': 'text/css' } });
        if (url.pathname === '/favicon.ico') return new Response(null, { status: 204 });
        if (/^\/media\/[a-z]+\/thumbnail$/.test(url.pathname)) return serveFile(request, path.join(dir, 'poster.jpg'), 'image/jpeg');
        if (url.pathname === '/media/clip/preview') return serveFile(request, path.join(dir, 'preview.mp4'), 'video/mp4');
        return new Response('Not found', { status: 404 });
      },
    });
    ({ browser, close: closeBrowser } = await launchChromium());
  });

  afterAll(async () => {
    await closeBrowser?.();
    server?.stop(true);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const posters = (page: Page) =>
    // The posters on screen (the others wait for scrolling: they load lazily).
    page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('article img')]
        .filter((i) => i.getBoundingClientRect().top < innerHeight)
        .every((i) => i.complete && i.naturalWidth > 0),
    );
  /** Whether anything asked for an original or a playable rendition (never on hover). */
  const fullVideos = () => requested.filter((p) => /^\/media\/[a-z]+(\/display)?$/.test(p));

  for (const mode of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      test(`${mode}, ${viewport.width} px: "Converting 42 %" over the poster; hovering plays the preview with a picture, on both looks`, async () => {
        requested.length = 0;
        const context = await browser.newContext({ viewport, colorScheme: mode });
        const { page, problems } = await openPage(context);
        await page.goto(`${server.url.origin}/?mode=${mode}`);
        for (const gallery of ['Premium', 'The Red Room']) {
          const section = page.getByRole('region', { name: gallery });
          await section.getByText('Converting 42 %').waitFor();
          expect(await section.getByText('Converting 7 %').count()).toBe(1);
          expect(await section.getByText('Processing…').count()).toBe(1);
        }
        await posters(page);
        await screenshot(page, `cards-converting-${mode}-${size}`);
        expect(await axeViolations(page)).toEqual([]);

        for (const gallery of ['Premium', 'The Red Room']) {
          const section = page.getByRole('region', { name: gallery });
          const card = section.getByRole('article', { name: 'Harbour at dusk' });
          await card.scrollIntoViewIfNeeded();
          expect(await card.locator('video').count()).toBe(0);
          await card.hover();
          await page.waitForFunction((name) => {
            const clip = document.querySelector<HTMLVideoElement>(`section[aria-label="${name}"] article video`);
            return clip !== null && !clip.paused && clip.currentTime > 0.3 && clip.videoWidth > 0 && getComputedStyle(clip).opacity === '1';
          }, gallery);
          const clip = card.locator('video');
          expect(await clip.evaluate((v: HTMLVideoElement) => [new URL(v.currentSrc).pathname, v.muted, v.loop])).toEqual(['/media/clip/preview', true, true]);
          if (gallery === 'Premium') await screenshot(page, `cards-hover-${mode}-${size}`);
          // Leaving drops the clip: nothing keeps loading or playing.
          await page.mouse.move(1, 1);
          await clip.waitFor({ state: 'detached' });

          // Without a preview the poster stays and nothing is fetched.
          const older = section.getByRole('article', { name: 'Older clip' });
          await older.scrollIntoViewIfNeeded();
          await older.hover();
          await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
          expect(await older.locator('video').count()).toBe(0);
          await page.mouse.move(1, 1);
        }
        expect(fullVideos()).toEqual([]);
        expect(requested.filter((p) => p === '/media/old/preview')).toEqual([]);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  test('with less motion asked for, hovering plays nothing', async () => {
    requested.length = 0;
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
    const { page, problems } = await openPage(context);
    await page.goto(server.url.origin);
    const card = page.getByRole('region', { name: 'Premium' }).getByRole('article', { name: 'Harbour at dusk' });
    await card.waitFor();
    await card.hover();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await card.locator('video').count()).toBe(0);
    expect(requested.filter((p) => p.endsWith('/preview'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
