// Hover previews and scrubbing (decision 0037): what a video's owner gets once it is ready, read
// back as a browser would: the preview through ffprobe, the WebVTT file's cues and the sprite
// sheets they point at (resolved against the file's own URL).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { s3TestApp } from '../../../../test/helpers/s3-test-app.ts';
import { swiftUnavailableReason } from '../../../../test/helpers/swift-s3.ts';
import { createTestApp, type SignedIn, type TestApp, tempDir } from '../../../../test/helpers/test-app.ts';
import { ffmpeg, ffprobe, topLevelBoxes } from '../../../../test/helpers/video-samples.ts';
import { runCli } from '../../../cli.ts';
import { silentLogger } from '../../../logger.ts';
import { expandPage, leanPage, type MediaItem, type MediaPage, type UploadResult } from '../../../shared/media.ts';
import { checkMedia } from '../check.service.ts';
import { previewKeysOf, scrubberSheetKey } from '../media.table.ts';
import { previewStarts, scrubberVtt, sheetLayout } from './preview.ts';
import { createMediaProcessor } from './processing.service.ts';

const scratch = tempDir('hub-previews-');

/** A 5 s video at 320x240 with sound, made once. */
let sampleBytes: Promise<Uint8Array> | undefined;
function fiveSeconds(): Promise<Uint8Array> {
  sampleBytes ??= (async () => {
    const file = path.join(scratch, 'five.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=5', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=5'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', '-threads', '1', '-shortest', file],
    ]);
    return new Uint8Array(await Bun.file(file).arrayBuffer());
  })();
  return sampleBytes;
}

interface Cue {
  start: number;
  end: number;
  url: string;
  xywh: [number, number, number, number];
}

const seconds = (time: string) => {
  const [h, m, s] = time.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
};

/** The cues of a WebVTT file whose payloads are `<url>#xywh=x,y,w,h`, the URL resolved against `base`. */
function parseVtt(text: string, base: string): Cue[] {
  expect(text.startsWith('WEBVTT')).toBe(true);
  const cues: Cue[] = [];
  for (const block of text.split(/\n\n+/).slice(1)) {
    const lines = block.trim().split('\n');
    if (lines.length < 2) continue;
    const time = /^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})$/.exec(lines[0]!);
    const payload = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(lines[1]!);
    expect(time).not.toBeNull();
    expect(payload).not.toBeNull();
    const url = new URL(payload![1]!, `http://hub${base}`).pathname;
    cues.push({ start: seconds(time![1]!), end: seconds(time![2]!), url, xywh: payload!.slice(2, 6).map(Number) as Cue['xywh'] });
  }
  return cues;
}

describe('hover previews and scrubbing frames', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t.database.db, { username: 'alice' });
    bob = await signedInUser(t.database.db, { username: 'bob' });
  }, 60_000);
  afterAll(() => t?.close());

  async function upload(name: string, bytes: Uint8Array): Promise<MediaItem> {
    const body = new FormData();
    body.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    const res = await t.request('/api/gallery/upload', { method: 'POST', body, as: alice });
    expect(res.status).toBe(201);
    return ((await res.json()) as UploadResult).media[0]!;
  }
  const item = async (id: string) => (await (await t.request(`/api/gallery/${id}`, { as: alice })).json()) as MediaItem;
  const keysOf = (id: string) =>
    t.database.db.selectFrom('media').select(['preview_key', 'scrubber_key', 'scrubber_sheets']).where('id', '=', id).executeTakeFirstOrThrow();

  test('a ready video gets a short muted H.264 preview, no wider than the video, its index first', async () => {
    const uploaded = await upload('five.mp4', await fiveSeconds());
    await t.runJobs();
    const ready = await item(uploaded._id);
    expect(ready).toMatchObject({ status: 'ready', preview: `/media/${uploaded._id}/preview`, scrubber: `/media/${uploaded._id}/scrubber.vtt` });

    const res = await t.request(ready.preview!, { as: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const file = path.join(scratch, 'preview.mp4');
    writeFileSync(file, bytes);
    const probed = await ffprobe(file);
    expect(probed.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(probed.streams[0]).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 320, height: 240 });
    // A short video is the whole of it, muted.
    expect(probed.duration).toBeGreaterThan(4.5);
    expect(probed.duration).toBeLessThanOrEqual(12);
    expect(topLevelBoxes(bytes).indexOf('moov')).toBeLessThan(topLevelBoxes(bytes).indexOf('mdat'));

    // Served like the display rendition: ranges, validators.
    const part = await t.request(ready.preview!, { as: alice, headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${bytes.byteLength}`);
    expect((await t.request(ready.preview!, { as: alice, headers: { 'if-none-match': res.headers.get('etag')! } })).status).toBe(304);
  });

  test('a video longer than 12 s: its preview is six moments of it, 9 s in all, muted, at its own width', async () => {
    const file = path.join(scratch, 'twenty.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=20', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=20'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-threads', '1', '-shortest', file],
    ]);
    const uploaded = await upload('twenty.mp4', new Uint8Array(await Bun.file(file).arrayBuffer()));
    await t.runJobs();
    const ready = await item(uploaded._id);
    expect(ready.preview).toBe(`/media/${uploaded._id}/preview`);
    const previewFile = path.join(scratch, 'twenty-preview.mp4');
    writeFileSync(previewFile, new Uint8Array(await (await t.request(ready.preview!, { as: alice })).arrayBuffer()));
    const probed = await ffprobe(previewFile);
    expect(probed.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(probed.streams[0]).toMatchObject({ codec_name: 'h264', width: 160, height: 120 });
    // Six moments of 1.5 s, not the first 12 s of it nor the whole 20 s.
    expect(probed.duration).toBeGreaterThan(8);
    expect(probed.duration).toBeLessThan(10);
  }, 120_000);

  test('the scrubber: cues from the start to the end, each a region inside its sprite sheet', async () => {
    const uploaded = await upload('scrub.mp4', await fiveSeconds());
    await t.runJobs();
    const ready = await item(uploaded._id);
    const res = await t.request(ready.scrubber!, { as: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const cues = parseVtt(await res.text(), ready.scrubber!);
    // One frame every 2 s over 5 s: three cues, back to back, the last one to the end.
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [0, 2],
      [2, 4],
      [4, ready.duration!],
    ]);
    const sizes = new Map<string, { width: number; height: number }>();
    for (const cue of cues) {
      expect(cue.url).toBe(`/media/${uploaded._id}/scrubber/0.webp`);
      if (!sizes.has(cue.url)) {
        const sheet = await t.request(cue.url, { as: alice });
        expect(sheet.status).toBe(200);
        expect(sheet.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(Buffer.from(await sheet.arrayBuffer())).metadata();
        sizes.set(cue.url, { width: meta.width!, height: meta.height! });
      }
      const [x, y, w, h] = cue.xywh;
      const sheet = sizes.get(cue.url)!;
      expect(w).toBe(160);
      expect(h).toBe(120);
      expect(x + w).toBeLessThanOrEqual(sheet.width);
      expect(y + h).toBeLessThanOrEqual(sheet.height);
    }
    // A sheet the file does not name is not there.
    expect((await t.request(`/media/${uploaded._id}/scrubber/1.webp`, { as: alice })).status).toBe(404);
    expect((await t.request(`/media/${uploaded._id}/scrubber/x.webp`, { as: alice })).status).toBe(404);
  });

  test("the gallery page's lean rows carry the preview and the scrubber: expanded, they are the API's answer", async () => {
    const page = (await (await t.request('/api/gallery?limit=100', { as: alice })).json()) as MediaPage;
    expect(page.media.some((m) => m.preview && m.scrubber)).toBe(true);
    expect(expandPage(leanPage(page))).toEqual(page);
  });

  test("another user gets 404 for a video's preview, scrubber and sheets", async () => {
    const uploaded = await upload('private.mp4', await fiveSeconds());
    await t.runJobs();
    for (const url of [`/media/${uploaded._id}/preview`, `/media/${uploaded._id}/scrubber.vtt`, `/media/${uploaded._id}/scrubber/0.webp`]) {
      expect((await t.request(url, { as: alice })).status).toBe(200);
      expect((await t.request(url, { as: bob })).status).toBe(404);
    }
  });

  test('the item is ready and plays before its preview exists; the preview job follows in the same transaction', async () => {
    const uploaded = await upload('first.mp4', await fiveSeconds());
    const enqueued: string[] = [];
    const processor = createMediaProcessor({
      db: t.database.db,
      store: t.store,
      clock: () => new Date(),
      logger: silentLogger,
      workDir: path.join(t.dataDir, 'tmp', 'processing'),
      previewLater: async (_trx, id) => void enqueued.push(id),
    });
    expect(await processor.process(uploaded._id)).toBe('ready');
    expect(enqueued).toEqual([uploaded._id]);
    expect(await item(uploaded._id)).toMatchObject({ status: 'ready', preview: null, scrubber: null });
    expect((await t.request(`/media/${uploaded._id}/preview`, { as: alice })).status).toBe(404);
    expect((await t.request(`/media/${uploaded._id}/display`, { as: alice })).status).toBe(200);
    await t.runJobs();
    expect((await item(uploaded._id)).preview).toBe(`/media/${uploaded._id}/preview`);
  });

  test('a preview that cannot be made leaves the item ready, without one, and says so in the log', async () => {
    const uploaded = await upload('broken.mp4', await fiveSeconds());
    await t.runJobs();
    const before = await keysOf(uploaded._id);
    // The video's bytes are gone from under it (its preview job is run again).
    const storageKey = (await t.database.db.selectFrom('media').select('storage_key').where('id', '=', uploaded._id).executeTakeFirstOrThrow()).storage_key;
    await t.database.db.updateTable('media').set({ preview_key: null, scrubber_key: null, scrubber_sheets: null }).where('id', '=', uploaded._id).execute();
    for (const key of previewKeysOf(before)) await t.store.delete(key);
    await t.store.delete(storageKey);
    const { makeVideoPreviews } = await import('../jobs.ts');
    await t.services.jobs.enqueue(makeVideoPreviews, { mediaId: uploaded._id }, { key: uploaded._id });
    await t.runJobs();
    expect(await item(uploaded._id)).toMatchObject({ status: 'ready', failure: null, preview: null, scrubber: null });
    expect(t.logs.some((line) => line.includes('video previews could not be made') && line.includes(uploaded._id))).toBe(true);
    expect(await t.services.jobs.counts()).toMatchObject({ queued: 0, running: 0, failed: 0 });
  });

  test('deleting the video deletes its preview and scrubber; media check knows them and finds no orphan', async () => {
    const uploaded = await upload('gone.mp4', await fiveSeconds());
    await t.runJobs();
    const keys = previewKeysOf(await keysOf(uploaded._id));
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(await t.store.head(key)).not.toBeNull();
    const report = await checkMedia({ db: t.database.db, store: t.store, clock: () => new Date(Date.now() + 2 * 86_400_000) });
    expect(report.orphans.filter((o) => o.key.startsWith('previews/'))).toEqual([]);
    expect(report.renditionsLost).toEqual([]);
    expect((await t.request(`/api/gallery/${uploaded._id}/permanent-delete`, { method: 'DELETE', as: alice })).status).toBe(200);
    for (const key of keys) expect(await t.store.head(key)).toBeNull();
  });

  test('media check --fix, when only a preview and a sprite sheet are lost, makes only those again: the video stays ready with its poster', async () => {
    const uploaded = await upload('lost-preview.mp4', await fiveSeconds());
    await t.runJobs();
    const full = () => t.database.db.selectFrom('media').selectAll().where('id', '=', uploaded._id).executeTakeFirstOrThrow();
    const before = await full();
    expect(before).toMatchObject({ status: 'ready', scrubber_sheets: 1 });
    const sheet = scrubberSheetKey(before.scrubber_key!, 0);
    // A power cut took the preview clip and emptied the sprite sheet; the WebVTT file survived.
    await t.store.delete(before.preview_key!);
    await t.store.put(sheet, new Response('').body!);

    const io = { out: [] as string[] };
    const cli = (args: string[]) =>
      runCli(args, {
        out: (line) => io.out.push(line),
        err: (line) => io.out.push(line),
        env: { DATA_DIR: t.dataDir },
        readLine: async () => '',
        readSecret: async () => '',
        interactive: false,
      });
    expect(await cli(['media', 'check'])).toBe(1);
    const listed = io.out.join('\n');
    expect(listed).toContain('Items whose thumbnail or display copy is missing: 0\n');
    expect(listed).toContain(
      `Videos whose preview or scrubbing frames are missing: 1\n  ${uploaded._id}  (owner ${alice.user._id}, ${before.preview_key}, ${sheet})`,
    );

    io.out.length = 0;
    expect(await cli(['media', 'check', '--fix'])).toBe(0);
    expect(io.out.join('\n')).toContain('sent 0 item(s) back to processing');
    expect(io.out.join('\n')).toContain('Sent 1 video(s) to have their preview and scrubbing frames made again');
    // Meanwhile the video is as it was, ready and playable, with nothing pointing at a lost file.
    const meanwhile = await item(uploaded._id);
    expect(meanwhile).toMatchObject({ status: 'ready', preview: null, scrubber: null, thumbnail: expect.any(String), display: expect.any(String) });
    expect(await t.store.head(before.scrubber_key!)).toBeNull();
    const jobs = await t.database.db.selectFrom('jobs').select(['kind', 'key']).where('state', '=', 'queued').execute();
    expect(jobs).toEqual([{ kind: 'media.preview', key: uploaded._id }]);

    await t.runJobs();
    const after = await full();
    // Only the preview and the scrubber are new: the poster, thumbnail and rendition are the same files.
    expect(after).toMatchObject({
      status: 'ready',
      thumbnail_key: before.thumbnail_key,
      display_key: before.display_key,
      storage_key: before.storage_key,
      playback: before.playback,
    });
    expect(after.preview_key).not.toBeNull();
    expect(after.preview_key).not.toBe(before.preview_key);
    const remade = await item(uploaded._id);
    expect((await t.request(remade.preview!, { as: alice })).status).toBe(200);
    const vtt = await (await t.request(remade.scrubber!, { as: alice })).text();
    const sprite = await t.request(parseVtt(vtt, remade.scrubber!)[0]!.url, { as: alice });
    expect(sprite.status).toBe(200);
    expect((await sharp(new Uint8Array(await sprite.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
    const clean = await checkMedia({ db: t.database.db, store: t.store, clock: () => new Date(Date.now() + 2 * 86_400_000) });
    expect([clean.renditionsLost, clean.previewsLost, clean.orphans]).toEqual([[], [], []]);
  });
});

describe('what a preview is made of', () => {
  test('a long video: six moments spread over it, 9 s in all; a short one: the whole of it', () => {
    const starts = previewStarts(600);
    expect(starts).toHaveLength(6);
    expect(starts[0]).toBeGreaterThan(0);
    expect(starts.at(-1)! + 1.5).toBeLessThan(600);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeCloseTo(100);
    expect(previewStarts(8)).toEqual([0]);
  });

  test('an hour of video: 100 frames, one every 36 s, on one 10x10 sheet', () => {
    expect(sheetLayout(3600)).toEqual({ columns: 10, rows: 10 });
    const cues = parseVtt(scrubberVtt(3600, { width: 160, height: 90 }, 1), '/media/x/scrubber.vtt');
    expect(cues).toHaveLength(100);
    expect(cues[1]!.start).toBe(36);
    expect(cues.at(-1)).toMatchObject({ end: 3600, xywh: [1440, 810, 160, 90] });
  });
});

const unavailableReason = swiftUnavailableReason();

describe.skipIf(Boolean(unavailableReason))('previews on S3 (OpenStack Swift s3api)', () => {
  const s3 = s3TestApp({ partSize: 5 * 1024 * 1024 });

  test('made from a copy of the video, stored in the bucket, served, and deleted with the item', async () => {
    const body = new FormData();
    body.append('files', new Blob([(await fiveSeconds()) as Uint8Array<ArrayBuffer>]), 'bucket.mp4');
    const [uploaded] = ((await (await s3.t.request('/api/gallery/upload', { method: 'POST', body, as: s3.owner })).json()) as UploadResult).media;
    await s3.t.runJobs();
    const ready = (await (await s3.t.request(`/api/gallery/${uploaded!._id}`, { as: s3.owner })).json()) as MediaItem;
    expect(ready.preview).toBe(`/media/${ready._id}/preview`);
    const preview = await s3.t.request(ready.preview!, { as: s3.owner });
    expect(preview.status).toBe(200);
    const file = path.join(scratch, 's3-preview.mp4');
    writeFileSync(file, new Uint8Array(await preview.arrayBuffer()));
    expect((await ffprobe(file)).streams.map((s) => s.codec_name)).toEqual(['h264']);
    expect((await s3.t.request(`/media/${ready._id}/scrubber/0.webp`, { as: s3.owner })).status).toBe(200);
    const keys = previewKeysOf(
      await s3.t.database.db
        .selectFrom('media')
        .select(['preview_key', 'scrubber_key', 'scrubber_sheets'])
        .where('id', '=', ready._id)
        .executeTakeFirstOrThrow(),
    );
    expect((await s3.t.request(`/api/gallery/${ready._id}/permanent-delete`, { method: 'DELETE', as: s3.owner })).status).toBe(200);
    for (const key of keys) expect(await s3.store.head(key)).toBeNull();
  });
});
