// Every video plays in Chromium (issue 19, decision 0037): each container/codec pair made by
// ffmpeg is uploaded, processed, and its /display loaded by a <video> in real Chromium through
// the hub: readyState 2 or more and videoWidth above 0. A sound-only "play" (videoWidth 0, the
// bug of an HEVC .mov served as it is) fails here.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { MediaItem, UploadResult } from '../../src/shared/media.ts';
import { browserUnavailableReason, launchChromium } from '../helpers/browser.ts';
import { signedInUser } from '../helpers/factories.ts';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.ts';
import { VIDEO_SAMPLE_NAMES, videoSample } from '../helpers/video-samples.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** Conversions run at the lowest CPU priority (nice 19): on a busy machine they wait for its idle moments. */
const CONVERSION_TIMEOUT_MS = 300_000;

interface Played {
  readyState: number;
  videoWidth: number;
  error: string | null;
}

describe.skipIf(Boolean(unavailable))('every rendition plays a picture in Chromium', () => {
  let t: TestApp;
  let owner: SignedIn;
  let server: ReturnType<typeof Bun.serve>;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let page: Page;

  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0' } });
    owner = await signedInUser(t.database.db);
    // The hub on 127.0.0.1, signed in as the owner for every request the page makes.
    server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/blank') return new Response('<!doctype html><title>videos</title><body></body>', { headers: { 'content-type': 'text/html' } });
        const headers = new Headers(request.headers);
        headers.set('x-site-token', owner.siteToken);
        headers.set('authorization', `Bearer ${owner.token}`);
        return t.app.fetch(new Request(request.url, { method: request.method, headers }));
      },
    });
    ({ browser, close: closeBrowser } = await launchChromium());
    page = await (await browser.newContext()).newPage();
    await page.goto(`http://127.0.0.1:${server.port}/blank`);
  }, 120_000);
  afterAll(async () => {
    await closeBrowser?.();
    server?.stop(true);
    await t?.close();
  });

  /** Loads `src` in a muted <video> until it has a frame (or fails), and reports what the element says. */
  const play = (src: string): Promise<Played> =>
    page.evaluate(
      (url) =>
        new Promise<Played>((resolve) => {
          const video = document.createElement('video');
          video.muted = true;
          video.preload = 'auto';
          const report = () =>
            resolve({
              readyState: video.readyState,
              videoWidth: video.videoWidth,
              error: video.error?.message ?? (video.error ? String(video.error.code) : null),
            });
          video.addEventListener('loadeddata', report, { once: true });
          video.addEventListener('error', report, { once: true });
          video.src = url;
          document.body.append(video);
        }),
      src,
    );

  async function upload(file: string, bytes: Uint8Array): Promise<MediaItem> {
    const body = new FormData();
    body.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), file);
    const res = await t.request('/api/gallery/upload', { method: 'POST', body, as: owner });
    expect(res.status).toBe(201);
    const [item] = ((await res.json()) as UploadResult).media;
    await t.runJobs();
    return (await (await t.request(`/api/gallery/${item!._id}`, { as: owner })).json()) as MediaItem;
  }

  test.each(VIDEO_SAMPLE_NAMES)(
    '%s',
    async (name) => {
      const sample = await videoSample(name);
      const item = await upload(sample.file, sample.bytes());
      expect(item).toMatchObject({ status: 'ready', playback: sample.playback });
      const played = await play(item.display);
      expect(played).toMatchObject({ error: null });
      expect(played.readyState).toBeGreaterThanOrEqual(2);
      expect(played.videoWidth).toBeGreaterThan(0);
    },
    CONVERSION_TIMEOUT_MS,
  );

  test(
    'the HEVC original itself shows no picture in Chromium: the reason it is converted',
    async () => {
      const sample = await videoSample('movHevc');
      const item = await upload(sample.file, sample.bytes());
      const original = await play(item.url);
      expect(original.error !== null || original.videoWidth === 0).toBe(true);
    },
    CONVERSION_TIMEOUT_MS,
  );
});
