// Hover previews and scrubbing through a real hub (issue 19, decisions 0039, 0038, 0045): a video
// made by ffmpeg is uploaded to Premium and to The Red Room; once the hub has made its preview and
// scrubber, hovering its card in Chromium plays the hub's preview (never the original or the
// playable rendition) with a picture, muted and looping; keyboard focus plays it too, and on a
// phone a finger held on the card plays it without opening the viewer. In the viewer, hovering and
// dragging over the seek strip shows the frame the hub's WebVTT names for that time, from the hub's
// sprite sheet. card-previews.test.ts and viewer-playback.test.ts check the same islands against
// files served by a stand-in; this journey checks them against what the hub makes.
import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { formatDuration, type MediaItem, type MediaPage } from '../../src/shared/media.ts';
import { axeViolations } from '../helpers/axe.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, SCREENSHOT_DIR, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { tempDir } from '../helpers/test-app.ts';
import { ffmpeg } from '../helpers/video-samples.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, hubAndBrowser } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** A 24 s 640x360 H.264 + AAC MP4 (it plays as it is: the hub serves it as the playable rendition). */
async function makeVideo(file: string, source: string): Promise<Uint8Array> {
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `${source}=size=640x360:rate=15:duration=24`, '-f', 'lavfi', '-i', 'sine=frequency=330:duration=24'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', '-threads', '1', '-shortest', file],
  ]);
  return new Uint8Array(await Bun.file(file).arrayBuffer());
}

interface Cue {
  start: number;
  end: number;
  /** The sprite sheet's path, resolved against the WebVTT file's URL. */
  sheet: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The hub's WebVTT file, read here on its own (not with the island's parser). */
function cuesOf(text: string, vttPath: string): Cue[] {
  const time = (t: string) => t.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
  const cues: Cue[] = [];
  for (const block of text.split(/\n\n+/)) {
    const match = /^(\S+) --> (\S+)\n(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/m.exec(block.trim());
    if (!match) continue;
    const [, from, to, sheet, x, y, w, h] = match;
    cues.push({
      start: time(from!),
      end: time(to!),
      sheet: new URL(sheet!, `http://hub${vttPath}`).pathname,
      x: Number(x),
      y: Number(y),
      w: Number(w),
      h: Number(h),
    });
  }
  return cues;
}

/** What is on screen (not the whole page: the viewer and the playing card are what matter here). */
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

const GALLERIES = [
  { name: 'Premium', page: '/premium', api: '/api/premium', title: 'Velvet harbour', source: 'testsrc2' },
  { name: 'The Red Room', page: '/gallery', api: '/api/gallery', title: 'Harbour at dusk', source: 'testsrc' },
] as const;

describe.skipIf(Boolean(unavailable))("the hub's previews and scrubbing frames in Chromium", () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });
  let admin: ApiCredentials;
  /** Each gallery's video as the API answers it, with its preview and scrubber made. */
  const items = new Map<string, MediaItem>();
  /** The cues of each video's WebVTT file, as the hub serves it. */
  const cues = new Map<string, Cue[]>();

  beforeAll(async () => {
    admin = await credentialsByApi(started.hub, ADMIN);
    const scratch = tempDir('hub-video-previews-');
    for (const gallery of GALLERIES) {
      const bytes = await makeVideo(path.join(scratch, `${gallery.source}.mp4`), gallery.source);
      const form = new FormData();
      form.append('files', new File([bytes as Uint8Array<ArrayBuffer>], `${gallery.title}.mp4`, { type: 'video/mp4' }));
      const response = await fetch(`${started.hub.url}${gallery.api}/upload`, {
        method: 'POST',
        headers: { 'x-site-token': admin.siteToken, authorization: `Bearer ${admin.sessionToken}` },
        body: form,
      });
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    }
    // The preview job follows processing in the conversions' pool: wait for both extras.
    for (const gallery of GALLERIES) {
      for (let tries = 0; ; tries++) {
        const [item] = (await callApi<MediaPage>(started.hub, admin, 'GET', `${gallery.api}?limit=10`)).media;
        if (item?.status === 'failed') throw new Error(`processing failed: ${item.failure}`);
        if (item?.status === 'ready' && item.preview && item.scrubber) {
          items.set(gallery.name, item);
          break;
        }
        if (tries > 600) throw new Error(`no preview made: ${JSON.stringify(item)}\n${started.hub.output().slice(-2000)}`);
        await Bun.sleep(200);
      }
      const item = items.get(gallery.name)!;
      const vtt = await fetch(`${started.hub.url}${item.scrubber}`, {
        headers: { 'x-site-token': admin.siteToken, authorization: `Bearer ${admin.sessionToken}` },
      });
      expect(vtt.status).toBe(200);
      cues.set(gallery.name, cuesOf(await vtt.text(), new URL(item.scrubber!, started.hub.url).pathname));
    }
  }, 300_000);

  async function galleryPage(context: BrowserContext, at: string) {
    await admitContext(context, started.hub, ADMIN);
    // The Red Room's warning, accepted before.
    await context.addCookies([{ name: 'matureContentAccepted', value: 'true', url: started.hub.url }]);
    await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
    const traced = await openTracedPage(context);
    const requested: string[] = [];
    traced.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const loaded = new Map<string, number>();
    traced.page.on('response', (response) => loaded.set(new URL(response.url()).pathname, response.status()));
    await traced.page.goto(`${started.hub.url}${at}`);
    await islandsReady(traced.page);
    return { ...traced, requested, loaded };
  }

  /** Waits until the card's clip plays with a picture, and reports what the element says. */
  async function playingClip(card: Locator) {
    await card.locator('video').waitFor();
    await card.page().waitForFunction(
      (element) => {
        const clip = element?.querySelector('video');
        return clip !== null && clip !== undefined && !clip.paused && clip.readyState >= 2 && clip.videoWidth > 0 && clip.currentTime > 0.2;
      },
      await card.elementHandle(),
    );
    return card.locator('video').evaluate((clip: HTMLVideoElement) => ({
      src: new URL(clip.currentSrc).pathname,
      readyState: clip.readyState,
      videoWidth: clip.videoWidth,
      muted: clip.muted,
      loop: clip.loop,
      hasAudio: (clip as HTMLVideoElement & { webkitAudioDecodedByteCount?: number }).webkitAudioDecodedByteCount ?? 0,
    }));
  }

  /** Requests for the video's original or its playable rendition (a card's hover must make none). */
  const fullVideo = (requested: string[], item: MediaItem) => requested.filter((p) => p === item.url || p === item.display);

  for (const mode of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const gallery of GALLERIES) {
        test(`${gallery.name}, ${mode}, ${viewport.width} px: hovering the card plays the hub's preview; the viewer's strip shows the hub's frames`, async () => {
          const item = items.get(gallery.name)!;
          const context = await started.browser.newContext({ viewport, colorScheme: mode });
          const { page, problems, requested, loaded } = await galleryPage(context, gallery.page);
          const card = page.getByRole('article', { name: gallery.title });
          await card.waitFor();
          await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('article img')].every((i) => i.complete && i.naturalWidth > 0));
          expect(await card.locator('video').count()).toBe(0);

          await card.hover();
          const clip = await playingClip(card);
          expect(clip).toMatchObject({ src: item.preview, muted: true, loop: true });
          expect(clip.readyState).toBeGreaterThanOrEqual(2);
          expect(clip.videoWidth).toBeGreaterThan(0);
          // The hub's preview is at most 640 px wide and has no sound.
          expect(clip.videoWidth).toBeLessThanOrEqual(640);
          expect(clip.hasAudio).toBe(0);
          expect(fullVideo(requested, item)).toEqual([]);
          await page.waitForFunction((element) => getComputedStyle(element!.querySelector('video')!).opacity === '1', await card.elementHandle());
          await screenshot(page, `hub-preview-hover-${gallery.page.slice(1)}-${mode}-${size}`);
          expect(await axeViolations(page)).toEqual([]);
          await page.mouse.move(1, 1);
          await card.locator('video').waitFor({ state: 'detached' });

          // The viewer plays the playable rendition; its strip shows the hub's frames.
          await card.getByRole('link', { name: `Open ${gallery.title}` }).click();
          const viewer = page.getByRole('dialog', { name: gallery.title });
          await viewer.waitFor();
          await page.waitForFunction(() => {
            const video = document.querySelector<HTMLVideoElement>('[aria-roledescription="media viewer"] video');
            return video !== null && video.readyState >= 2 && video.videoWidth > 0 && Number.isFinite(video.duration);
          });
          await page.evaluate(() => document.querySelector<HTMLVideoElement>('[aria-roledescription="media viewer"] video')!.pause());
          const duration = await page.evaluate(() => document.querySelector<HTMLVideoElement>('[aria-roledescription="media viewer"] video')!.duration);
          const strip = viewer.getByRole('slider', { name: `Seek ${gallery.title}` });
          const box = (await strip.boundingBox())!;
          const list = cues.get(gallery.name)!;
          expect(list.length).toBeGreaterThan(5);

          /** The frame the strip shows now, and the time written under it. */
          const shown = async () => {
            const frame = page.locator('[data-scrub-frame]');
            await frame.waitFor();
            return frame.evaluate((element) => {
              const style = getComputedStyle(element);
              return {
                image: /^url\("(.+)"\)$/.exec(style.backgroundImage)?.[1] ?? style.backgroundImage,
                position: style.backgroundPosition,
                size: [style.width, style.height],
                time: document.querySelector('[data-scrub-preview] span')?.textContent,
              };
            });
          };
          /** What the strip must show at `cue`'s middle: its region of its sheet. */
          const expected = (cue: Cue) => ({
            image: `${started.hub.url}${cue.sheet}`,
            position: `${-cue.x}px ${-cue.y}px`.replace(/-0px/g, '0px'),
            size: [`${cue.w}px`, `${cue.h}px`],
            time: formatDuration(within(cue)),
          });
          /** A time three quarters into a cue: clear of its ends, and of a whole second (the label). */
          const within = (cue: Cue) => cue.start + (cue.end - cue.start) * 0.75;
          const xAt = (seconds: number) => box.x + (box.width * seconds) / duration;
          /**
           * What the strip shows once it has caught up with the pointer: the scrubber draws on the
           * next animation frame after a move, so on a busy machine the first read can still show
           * the frame before. Read again for up to 10 s; the last read is what the test checks.
           */
          const shownOnceSettled = async (want: ReturnType<typeof expected>) => {
            const until = performance.now() + 10_000;
            let seen = await shown();
            while (!Bun.deepEquals(seen, want) && performance.now() < until) {
              await Bun.sleep(50);
              seen = await shown();
            }
            return seen;
          };

          // Hovering: the fourth frame's time shows the fourth frame.
          const hovered = list[3]!;
          await page.mouse.move(xAt(within(hovered)), box.y + box.height / 2);
          expect(await shownOnceSettled(expected(hovered))).toEqual(expected(hovered));
          // Its sheet is one the hub made (/scrubber/{n}.webp), loaded, and a real picture.
          expect(hovered.sheet).toMatch(new RegExp(`^/media/${item._id}/scrubber/\\d+\\.webp$`));
          while (!loaded.has(hovered.sheet)) await Bun.sleep(20);
          expect(loaded.get(hovered.sheet)).toBe(200);
          const natural = await page.evaluate(async (url) => {
            const image = new Image();
            image.src = url;
            await image.decode();
            return [image.naturalWidth, image.naturalHeight];
          }, `${started.hub.url}${hovered.sheet}`);
          expect(natural[0]).toBeGreaterThanOrEqual(hovered.x + hovered.w);
          expect(natural[1]).toBeGreaterThanOrEqual(hovered.y + hovered.h);
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          await screenshot(page, `hub-scrub-hover-${gallery.page.slice(1)}-${mode}-${size}`);
          expect(await axeViolations(page)).toEqual([]);

          // Dragging: the frame follows the pointer, and the video lands where it was let go.
          const to = list.at(-3)!;
          await page.mouse.down();
          // The press seeks the video; once it has, the strip is measured again, so the drag's end
          // is placed on the strip as it is then (on a busy machine its layout was still settling).
          await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>('[aria-roledescription="media viewer"] video')!.seeking);
          const pressed = (await strip.boundingBox())!;
          await page.mouse.move(pressed.x + (pressed.width * within(to)) / duration, pressed.y + pressed.height / 2, { steps: 5 });
          expect(await shownOnceSettled(expected(to))).toEqual(expected(to));
          await screenshot(page, `hub-scrub-drag-${gallery.page.slice(1)}-${mode}-${size}`);
          await page.mouse.up();
          await page.waitForFunction(
            (at) => Math.abs(document.querySelector<HTMLVideoElement>('[aria-roledescription="media viewer"] video')!.currentTime - at) < 0.6,
            within(to),
          );
          await page.keyboard.press('Escape');
          await viewer.waitFor({ state: 'detached' });
          expect(unexpectedProblems(problems, [])).toEqual([]);
          await context.close();
        }, 120_000);
      }
    }
  }

  test('keyboard focus on a Red Room video card plays its preview; moving focus on stops it', async () => {
    const item = items.get('The Red Room')!;
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, problems, requested } = await galleryPage(context, '/gallery');
    const card = page.getByRole('article', { name: 'Harbour at dusk' });
    await card.waitFor();
    // From the card's favourite button back to its link with the keys, as a keyboard user goes.
    await card.getByRole('button', { name: 'Add Harbour at dusk to favorites' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Harbour at dusk');
    expect(await playingClip(card)).toMatchObject({ src: item.preview, muted: true, loop: true });
    await screenshot(page, 'hub-preview-focus-gallery-light-desktop');
    await page.keyboard.press('Tab');
    await card.locator('video').waitFor({ state: 'detached' });
    expect(fullVideo(requested, item)).toEqual([]);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  }, 120_000);

  for (const mode of ['light', 'dark'] as const) {
    test(`on a phone (${mode}), a finger held on a Premium video card plays its preview and lifting it opens nothing; a tap opens the viewer`, async () => {
      const item = items.get('Premium')!;
      const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: mode, hasTouch: true, isMobile: true });
      const { page, problems, requested } = await galleryPage(context, '/premium');
      const card = page.getByRole('article', { name: 'Velvet harbour' });
      await card.waitFor();
      /** The card's middle, on screen (scrolled there at once, not smoothly). */
      const middle = async () => {
        await card.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
        const box = (await card.boundingBox())!;
        return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
      };
      const point = await middle();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      expect(await playingClip(card)).toMatchObject({ src: item.preview, muted: true, loop: true });
      await screenshot(page, `hub-preview-hold-premium-${mode}-phone`);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await card.locator('video').waitFor({ state: 'detached' });
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
      expect(await page.getByRole('dialog', { name: 'Velvet harbour' }).count()).toBe(0);
      expect(fullVideo(requested, item)).toEqual([]);

      // A tap opens the viewer at once, and loads no preview.
      const before = requested.filter((p) => p === item.preview).length;
      const tapAt = await middle();
      await page.touchscreen.tap(tapAt.x, tapAt.y);
      await page.getByRole('dialog', { name: 'Velvet harbour' }).waitFor();
      expect(requested.filter((p) => p === item.preview).length).toBe(before);
      expect(await card.locator('video').count()).toBe(0);
      expect(unexpectedProblems(problems, [])).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
