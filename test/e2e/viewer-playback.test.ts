// The viewer's video in real Chromium, before the hub makes scrubbers and keeps positions: a page
// holding only the viewer (viewer-page.tsx) is served with a real video, its sprite sheet and
// WebVTT (made by ffmpeg here), and stand-ins for the playback routes that record what they get.
// Resume, the position kept on pause and on closing, one viewing, and the frame over the strip.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildStylesheet } from '../../src/build/assets.ts';
import type { MediaItem } from '../../src/shared/media.ts';
import { axeViolations } from '../helpers/axe.ts';
import { browserUnavailableReason, launchChromium, openPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const DURATION = 30;
/** One frame every 2 s, 160 x 120, four to a row. */
const FRAME = { every: 2, w: 160, h: 120, perRow: 4 };

async function ffmpeg(args: string[]) {
  const child = Bun.spawn(['ffmpeg', '-hide_banner', '-loglevel', 'error', '-y', ...args], { stderr: 'pipe' });
  if ((await child.exited) !== 0) throw new Error(`ffmpeg failed: ${await new Response(child.stderr).text()}`);
}

function scrubberVtt(): string {
  const stamp = (s: number) => `00:00:${String(s).padStart(2, '0')}.000`;
  const cues: string[] = [];
  for (let i = 0; i * FRAME.every < DURATION; i++) {
    const x = (i % FRAME.perRow) * FRAME.w;
    const y = Math.floor(i / FRAME.perRow) * FRAME.h;
    cues.push(`${stamp(i * FRAME.every)} --> ${stamp((i + 1) * FRAME.every)}\nsheet.webp#xywh=${x},${y},${FRAME.w},${FRAME.h}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

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

interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

describe.skipIf(Boolean(unavailable))('the viewer plays, resumes and scrubs in Chromium', () => {
  let dir: string;
  let server: ReturnType<typeof Bun.serve>;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const recorded: Recorded[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'viewer-playback-'));
    const video = path.join(dir, 'video.mp4');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=320x240:rate=25`,
      '-t',
      String(DURATION),
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-movflags',
      '+faststart',
      video,
    ]);
    await Promise.all([
      ffmpeg([
        '-i',
        video,
        '-vf',
        `fps=1/${FRAME.every},scale=${FRAME.w}:-1,tile=${FRAME.perRow}x${FRAME.perRow}`,
        '-frames:v',
        '1',
        path.join(dir, 'sheet.webp'),
      ]),
      ffmpeg(['-i', video, '-frames:v', '1', path.join(dir, 'poster.jpg')]),
    ]);
    const built = await Bun.build({
      entrypoints: [path.join(import.meta.dir, 'viewer-page.tsx')],
      target: 'browser',
      format: 'esm',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    if (!built.success) throw new Error(built.logs.map(String).join('\n'));
    const script = await built.outputs[0]!.text();
    const css = await buildStylesheet();
    const item: MediaItem = {
      _id: 'v1',
      title: 'Test pattern',
      type: 'video',
      mimeType: 'video/mp4',
      url: '/media/v1',
      display: '/media/v1/display',
      thumbnail: '/media/v1/thumbnail',
      size: Bun.file(video).size,
      duration: DURATION,
      width: 320,
      height: 240,
      takenAt: null,
      camera: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      tags: ['Pattern'],
      isFavorite: false,
      modelId: null,
      modelName: null,
      originalName: 'video.mp4',
      source: 'gallery',
      status: 'ready',
      failure: null,
      placeholder: null,
      deletedAt: null,
      playback: 'original',
      progress: null,
      playbackPosition: 12,
      playCount: 3,
      preview: null,
      scrubber: '/media/v1/scrubber.vtt',
    };
    server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: async (request) => {
        const url = new URL(request.url);
        const text = await request.text();
        recorded.push({ method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined });
        switch (url.pathname) {
          case '/': {
            const mode = url.searchParams.get('mode') === 'dark' ? 'dark' : 'light';
            const html = `<!doctype html><html lang="en" data-mode="${mode}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Viewer</title><link rel="stylesheet" href="/app.css"></head><body><div id="root"></div><script>window.viewerItems=${JSON.stringify([item])}</script><script type="module" src="/app.js"></script></body></html>`;
            return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
          }
          case '/app.js':
            return new Response(script, { headers: { 'content-type': 'text/javascript' } });
          case '/app.css':
            return new Response(css, { headers: { 'content-type': 'text/css' } });
          case '/media/v1/display':
            return serveFile(request, video, 'video/mp4');
          case '/media/v1/thumbnail':
            return serveFile(request, path.join(dir, 'poster.jpg'), 'image/jpeg');
          case '/media/v1/scrubber.vtt':
            return new Response(scrubberVtt(), { headers: { 'content-type': 'text/vtt' } });
          case '/media/v1/sheet.webp':
            return serveFile(request, path.join(dir, 'sheet.webp'), 'image/webp');
          case '/favicon.ico':
            return new Response(null, { status: 204 });
          case '/api/gallery/v1/playback':
          case '/api/gallery/v1/played':
            return new Response(null, { status: 204 });
          default:
            return new Response('Not found', { status: 404 });
        }
      },
    });
    ({ browser, close: closeBrowser } = await launchChromium());
  });

  afterAll(async () => {
    await closeBrowser?.();
    server?.stop(true);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const calls = (method: string, suffix: string) => recorded.filter((call) => call.method === method && call.path === `/api/gallery/v1/${suffix}`);
  const until = async (check: () => boolean) => {
    while (!check()) await Bun.sleep(20);
  };

  for (const mode of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      test(`${mode}, ${viewport.width} px: resume, the position kept, one viewing, the frame over the strip`, async () => {
        recorded.length = 0;
        const context = await browser.newContext({ viewport, colorScheme: mode });
        const { page, problems } = await openPage(context);
        await page.goto(`${server.url.origin}/?mode=${mode}`);
        const resume = page.getByRole('button', { name: 'Resume from 0:12' });
        await resume.waitFor();
        await page.waitForFunction(() => document.activeElement?.textContent === 'Resume from 0:12');
        await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
        await screenshot(page, `viewer-resume-${mode}-${size}`);
        expect(await axeViolations(page)).toEqual([]);
        if (size === 'phone') {
          // On a phone the offer sits above the video, clear of its controls.
          const offerBox = (await page.getByRole('region', { name: 'Resume playback' }).boundingBox())!;
          const videoBox = (await page.locator('video').boundingBox())!;
          expect(offerBox.y + offerBox.height).toBeLessThanOrEqual(videoBox.y);
        }

        // With the keys (the offer has focus) on phones' width, with the pointer on desktops'.
        if (size === 'phone') await page.keyboard.press('Enter');
        else await resume.click();
        // The picture plays (not sound over black) from where it was left.
        await page.waitForFunction(() => {
          const video = document.querySelector('video')!;
          return video.readyState >= 2 && video.videoWidth > 0 && !video.paused && video.currentTime > 12.2;
        });
        await until(() => calls('POST', 'played').length === 1);

        await page.evaluate(() => document.querySelector('video')!.pause());
        const paused = await page.evaluate(() => document.querySelector('video')!.currentTime);
        await until(() => calls('PUT', 'playback').length === 1);
        const saved = (calls('PUT', 'playback')[0]!.body as { position: number }).position;
        expect(Math.abs(saved - paused)).toBeLessThan(0.11);

        // A quarter along the strip is 7.5 s: the fourth frame, at 480,0 in the sheet.
        const strip = page.getByRole('slider', { name: 'Seek Test pattern' });
        const box = (await strip.boundingBox())!;
        const video = (await page.locator('video').boundingBox())!;
        // The strip spans the video's width, right under it.
        expect(Math.abs(box.width - video.width)).toBeLessThan(1);
        expect(Math.abs(box.y - (video.y + video.height))).toBeLessThan(1);
        await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
        const preview = page.locator('[data-scrub-preview]');
        await preview.waitFor();
        expect(await preview.textContent()).toBe('0:07');
        const frame = await page.locator('[data-scrub-frame]').evaluate((element) => {
          const style = getComputedStyle(element);
          return [style.backgroundPosition, style.width, style.height];
        });
        expect(frame).toEqual(['-480px 0px', '160px', '120px']);
        await until(() => recorded.some((call) => call.path === '/media/v1/sheet.webp'));
        // The sheet is decoded by the time the screenshot is taken.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        await screenshot(page, `viewer-scrub-${mode}-${size}`);
        expect(await axeViolations(page)).toEqual([]);

        // A click seeks; closing keeps where it stands (the video paused, so only closing saves it).
        await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
        await page.waitForFunction(() => Math.abs(document.querySelector('video')!.currentTime - 15) < 0.5);
        await page.keyboard.press('Escape');
        await page.getByText('Closed').waitFor();
        await until(() => calls('PUT', 'playback').length === 2);
        expect(Math.abs((calls('PUT', 'playback')[1]!.body as { position: number }).position - 15)).toBeLessThan(0.5);
        expect(calls('POST', 'played')).toHaveLength(1);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
