// Resumable uploads in Chromium behind a real reverse proxy: Debian's nginx, started by the test in
// front of a spawned hub, refuses request bodies over 10 MB (client_max_body_size 10m), as many a
// NAS's or VPS's proxy does. The one long multipart request of a 50 MB video is refused with 413;
// The Red Room's upload dialog sends the same video over tus in chunks of a few megabytes and it
// gets through. Halfway, nginx is killed (the browser's connection breaks mid-chunk) and started
// again on the same port: the dialog says the line is lost, then goes on from what the hub has,
// its bar where it was, and the stored original is the source byte for byte. The dialog is
// screenshotted during the upload and after the drop (light and dark, phone and desktop).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { MediaPage } from '../../src/shared/media.ts';
import {
  browserUnavailableReason,
  islandsReady,
  launchChromium,
  openTracedPage,
  screenshotVariants,
  unexpectedProblems,
  VIEWPORTS,
} from '../helpers/browser.ts';
import { mediaSamples, paddedVideo, sha256 } from '../helpers/media-samples.ts';
import { type NginxProxy, nginxUnavailableReason, startNginx } from '../helpers/nginx-proxy.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { tempDir } from '../helpers/test-app.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, slowUploadLine, spawnGatedHub, watchUploadProgress } from './flows.ts';

const unavailable = browserUnavailableReason() ?? nginxUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const MB = 1024 * 1024;
/** The video's size: five times what the proxy lets through in one request. */
const VIDEO_BYTES = 50 * MB;
/** The slowed line, in bytes a second: the video takes about 20 s, time to cut the line halfway. */
const UPLOAD_RATE = 2.5 * MB;
const VIDEO_NAME = 'Long take.mp4';

describe.skipIf(Boolean(unavailable))('resumable uploads through nginx with a 10 MB body limit, in Chromium', () => {
  let hub: SpawnedHub;
  let proxy: NginxProxy;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let admin: ApiCredentials;
  let video: Uint8Array;
  let videoPath: string;

  beforeAll(async () => {
    const samples = await mediaSamples();
    video = paddedVideo(samples.mp4.bytes(), VIDEO_BYTES);
    videoPath = path.join(tempDir('hub-long-video-'), VIDEO_NAME);
    writeFileSync(videoPath, video);
    hub = await spawnGatedHub({ SITE_LOCKOUT_HOURS: '0' });
    proxy = await startNginx(hub.url, { maxBody: '10m' });
    admin = await credentialsByApi(hub, ADMIN);
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await proxy?.cleanup();
    await hub?.cleanup();
  });

  test('the one long multipart request of the 50 MB video is refused by the proxy with 413', async () => {
    const form = new FormData();
    form.append('media', new File([video as Uint8Array<ArrayBuffer>], VIDEO_NAME, { type: 'video/mp4' }));
    const answer = await fetch(`${proxy.url}/api/gallery/upload`, {
      method: 'POST',
      headers: { 'x-site-token': admin.siteToken, authorization: `Bearer ${admin.sessionToken}` },
      body: form,
    });
    expect(answer.status).toBe(413);
    // nginx's own page: the hub never saw the request.
    expect(await answer.text()).toContain('413 Request Entity Too Large');
    expect((await callApi<MediaPage>(hub, admin, 'GET', '/api/gallery?limit=100')).media).toEqual([]);
  });

  test('The Red Room’s dialog sends the 50 MB video in chunks; the line is cut halfway and the upload goes on from where it was', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await admitContext(context, hub, ADMIN);
    await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${proxy.url}/gallery`);
    await islandsReady(page);

    await page.getByRole('button', { name: 'Upload media' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    await dialog.waitFor();
    await dialog.getByLabel('Choose Files').setInputFiles(videoPath);
    await dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem').first().waitFor();
    const restore = await slowUploadLine(page, UPLOAD_RATE);
    await watchUploadProgress(page);
    await dialog.getByRole('button', { name: 'Upload 1 File(s)' }).click();
    await page.waitForFunction(() => Number(document.querySelector('progress')?.value ?? 0) >= 8);
    await screenshotVariants(page, 'resumable-upload-progress');

    // Halfway, the proxy goes away: the chunk on its way breaks off.
    await page.waitForFunction(() => Number(document.querySelector('progress')?.value ?? 0) >= 40);
    await proxy.stop();
    const cutAt = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen.length);
    const shownAtCut = await page.evaluate(() => Number(document.querySelector('progress')?.value ?? 0));
    await dialog.getByText('Connection lost - the upload goes on when it is back', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Uploading…' }).isDisabled()).toBe(true);
    await screenshotVariants(page, 'resumable-upload-line-lost');

    await proxy.start();
    await page.getByText('1 file(s) uploaded successfully!', { exact: true }).waitFor({ timeout: 120_000 });
    await restore();
    await dialog.waitFor({ state: 'hidden' });

    // The bar carried on: after the cut it never went back to the start, at most a chunk back.
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    const after = seen.slice(cutAt).filter((v) => v > 0);
    expect(after.length).toBeGreaterThan(0);
    expect(Math.min(...after)).toBeGreaterThanOrEqual(shownAtCut - 11);
    expect(seen.slice(cutAt)).not.toContain(0);
    expect(seen.at(-1)).toBe(100);

    // What went through the proxy: one upload created, chunks of at most 5 MiB (none refused),
    // and after the cut a HEAD asking the hub how far it got.
    const sent = proxy.requests().filter((r) => r.path.startsWith('/api/uploads'));
    const patches = sent.filter((r) => r.method === 'PATCH');
    expect(sent.filter((r) => r.status === 413)).toEqual([]);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    // The chunk the cut broke off may be missing from the log (nginx died with it), and the hub
    // kept what of it arrived, so the rest can take one chunk fewer than the file has.
    expect(patches.length).toBeGreaterThanOrEqual(Math.ceil(VIDEO_BYTES / (5 * MB)) - 1);
    expect(Math.max(...patches.map((r) => r.size))).toBeLessThanOrEqual(5 * MB);
    expect(sent.some((r) => r.method === 'HEAD')).toBe(true);
    expect(new Set(patches.map((r) => r.path)).size).toBe(1);

    // One item, a video, whose original is the source byte for byte.
    const { media } = await callApi<MediaPage>(hub, admin, 'GET', '/api/gallery?limit=100');
    expect(media.map((m) => [m.originalName, m.type, m.size])).toEqual([[VIDEO_NAME, 'video', VIDEO_BYTES]]);
    const original = await fetch(`${hub.url}${media[0]!.url}`, { headers: { 'x-site-token': admin.siteToken, authorization: `Bearer ${admin.sessionToken}` } });
    expect(original.status).toBe(200);
    expect(sha256(await original.arrayBuffer())).toBe(sha256(video));
    // The card is on the page without a reload.
    await page.getByRole('list', { name: 'Media' }).getByRole('article', { name: 'Long take' }).waitFor();
    // Chromium logs each request the dead proxy refused or broke off; nothing else went wrong.
    const lineDown = /^console: Failed to load resource: net::ERR_CONNECTION_(REFUSED|RESET|CLOSED) \[http:\/\/127\.0\.0\.1:\d+\/api\/uploads\/[^\]]+\]$/;
    expect(problems.filter((p) => lineDown.test(p)).length).toBeGreaterThan(0);
    expect(
      unexpectedProblems(
        problems.filter((p) => !lineDown.test(p)),
        [],
      ),
    ).toEqual([]);
    await context.close();
  }, 240_000);
});
