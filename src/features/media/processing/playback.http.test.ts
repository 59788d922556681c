// Every video plays (decision 0037): each container/codec pair made by ffmpeg is uploaded, and what
// /display then serves is read back with ffprobe: its container, codecs, duration and the index
// before the data.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { s3TestApp } from '../../../../test/helpers/s3-test-app.ts';
import { swiftUnavailableReason } from '../../../../test/helpers/swift-s3.ts';
import { createTestApp, type SignedIn, type TestApp, tempDir } from '../../../../test/helpers/test-app.ts';
import { ffmpeg, ffprobe, topLevelBoxes, VIDEO_SAMPLE_NAMES, videoSample } from '../../../../test/helpers/video-samples.ts';
import { silentLogger } from '../../../logger.ts';
import type { MediaItem, UploadResult } from '../../../shared/media.ts';
import { checkMedia } from '../check.service.ts';
import { convertVideo, processMedia } from '../jobs.ts';
import { createMediaProcessor } from './processing.service.ts';
import { runWithProgress } from './transcode.ts';

const scratch = tempDir('hub-playback-');

/** Conversions run at the lowest CPU priority (nice 19): on a busy machine they wait for its idle moments. */
const CONVERSION_TIMEOUT_MS = 300_000;
describe('every video plays: original, remuxed or converted, as ffprobe sees what /display serves', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t.database.db, { username: 'alice' });
    bob = await signedInUser(t.database.db, { username: 'bob' });
  }, 60_000);
  afterAll(() => t?.close());

  async function upload(name: string, bytes: Uint8Array, as = alice): Promise<MediaItem> {
    const body = new FormData();
    body.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    const res = await t.request('/api/gallery/upload', { method: 'POST', body, as });
    expect(res.status).toBe(201);
    return ((await res.json()) as UploadResult).media[0]!;
  }
  const item = async (id: string, as = alice) => (await (await t.request(`/api/gallery/${id}`, { as })).json()) as MediaItem;
  async function served(url: string, as = alice): Promise<{ res: Response; bytes: Uint8Array; file: string }> {
    const res = await t.request(url, { as });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const file = path.join(scratch, `${crypto.randomUUID()}.bin`);
    writeFileSync(file, bytes);
    return { res, bytes, file };
  }

  test.each(VIDEO_SAMPLE_NAMES)(
    '%s',
    async (name) => {
      const sample = await videoSample(name);
      const before = await upload(sample.file, sample.bytes());
      expect(before).toMatchObject({ status: 'processing', playback: null, progress: null, playCount: 0, playbackPosition: null });
      await t.runJobs();
      const after = await item(before._id);
      expect(after).toMatchObject({ status: 'ready', failure: null, playback: sample.playback, progress: null });

      // The original stays downloadable byte for byte.
      const original = await served(after.url);
      expect(Buffer.from(original.bytes).equals(sample.bytes())).toBe(true);
      expect(original.res.headers.get('content-type')).toBe(sample.mimeType);

      const display = await served(after.display);
      expect(display.res.status).toBe(200);
      const source = await ffprobe(sample.path);
      const shown = await ffprobe(display.file);
      expect(shown.duration).toBeCloseTo(source.duration, 0);
      const codecs = (p: typeof shown) => p.streams.map((s) => s.codec_name).sort();
      // Its hover preview, whatever it came from: H.264 yuv420p, no sound, no wider than it.
      expect(after.preview).toBe(`/media/${after._id}/preview`);
      const preview = await ffprobe((await served(after.preview!)).file);
      expect(preview.streams.map((s) => [s.codec_type, s.codec_name, s.pix_fmt])).toEqual([['video', 'h264', 'yuv420p']]);
      expect(preview.streams[0]!.width).toBeLessThanOrEqual(source.streams.find((s) => s.codec_type === 'video')!.width!);
      expect(preview.duration).toBeLessThanOrEqual(12);
      if (sample.playback === 'original') {
        expect(Buffer.from(display.bytes).equals(sample.bytes())).toBe(true);
        return;
      }
      expect(display.res.headers.get('content-type')).toBe('video/mp4');
      expect(display.res.headers.get('content-disposition')).toContain('.mp4');
      expect(shown.formatName).toContain('mp4');
      // The index before the data: a browser plays from the first bytes.
      const boxes = topLevelBoxes(display.bytes);
      expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      const video = shown.streams.find((s) => s.codec_type === 'video')!;
      const sourceVideo = source.streams.find((s) => s.codec_type === 'video')!;
      const sourceAudio = source.streams.find((s) => s.codec_type === 'audio')!;
      if (sample.playback === 'remuxed') {
        // The picture copied as it was; sound browsers lack (AC-3) made AAC, the rest copied.
        expect(video.codec_name).toBe(sourceVideo.codec_name);
        expect(codecs(shown)).toEqual([sourceVideo.codec_name, ['aac', 'mp3'].includes(sourceAudio.codec_name) ? sourceAudio.codec_name : 'aac'].sort());
      } else {
        expect(codecs(shown)).toEqual(['aac', 'h264']);
        expect(video.pix_fmt).toBe('yuv420p');
        // 160x120 is under TRANSCODE_MAX_HEIGHT: never made bigger.
        expect([video.width, video.height]).toEqual([sourceVideo.width, sourceVideo.height]);
      }
    },
    CONVERSION_TIMEOUT_MS,
  );

  test(
    'a rendition is served with Range, ETag and conditional requests; to its owner only',
    async () => {
      const mkv = await upload('film.mkv', (await videoSample('mkvH264Aac')).bytes());
      await t.runJobs();
      const { display } = await item(mkv._id);
      const whole = await t.request(display, { as: alice });
      const size = (await whole.arrayBuffer()).byteLength;
      const etag = whole.headers.get('etag')!;
      expect(etag).toMatch(/^"/);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      const part = await t.request(display, { as: alice, headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
      const tail = await t.request(display, { as: alice, headers: { range: 'bytes=-10' } });
      expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect((await t.request(display, { as: alice, headers: { 'if-none-match': etag } })).status).toBe(304);
      expect((await t.request(display, { as: alice, headers: { range: `bytes=${size}-` } })).status).toBe(416);
      expect((await t.request(display, { as: bob })).status).toBe(404);
    },
    CONVERSION_TIMEOUT_MS,
  );

  test(
    'a video to convert is processing, with its poster and progress 0, until its conversion has run',
    async () => {
      const sample = await videoSample('aviMpeg4');
      const before = await upload('waiting.avi', sample.bytes());
      // The processing job alone: the poster, the decision, the conversion's job enqueued with them.
      const enqueued: string[] = [];
      const processor = createMediaProcessor({
        db: t.database.db,
        store: t.store,
        clock: () => new Date(),
        logger: silentLogger,
        workDir: path.join(t.dataDir, 'tmp', 'processing'),
        convertLater: async (_trx, id) => void enqueued.push(id),
      });
      expect(await processor.process(before._id)).toBe('ready');
      expect(enqueued).toEqual([before._id]);
      const waiting = await item(before._id);
      expect(waiting).toMatchObject({ status: 'processing', playback: 'converted', progress: 0, thumbnail: `/media/${before._id}/thumbnail`, width: 160 });
      // Meanwhile display is the original, and the poster is there to show.
      expect((await t.request(waiting.thumbnail!, { as: alice })).status).toBe(200);
      await t.runJobs();
      expect(await item(before._id)).toMatchObject({ status: 'ready', playback: 'converted', progress: null });
    },
    CONVERSION_TIMEOUT_MS,
  );

  test(
    'progress follows ffmpeg: whole percentages that only grow, below 100 until the end',
    async () => {
      const file = path.join(scratch, 'long.avi');
      await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=8', '-c:v', 'mpeg4', '-threads', '1', file]);
      const seen: number[] = [];
      await runWithProgress(
        [
          '-nostdin',
          '-v',
          'error',
          '-nostats',
          '-progress',
          'pipe:1',
          '-stats_period',
          '0.05',
          '-i',
          file,
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-threads',
          '1',
          '-f',
          'mp4',
          '-y',
          path.join(scratch, 'long.mp4'),
        ],
        {
          duration: 8,
          timeoutMs: 60_000,
          onProgress: (p) => seen.push(p),
        },
      );
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((p, i) => Number.isInteger(p) && p >= 0 && p <= 99 && (i === 0 || p > seen[i - 1]!))).toBe(true);
      expect(seen.at(-1)).toBeGreaterThanOrEqual(90);
    },
    CONVERSION_TIMEOUT_MS,
  );

  test(
    'deleting the item deletes its rendition; media check knows renditions and remakes a lost one',
    async () => {
      const sample = await videoSample('ts');
      const ts = await upload('recording.ts', sample.bytes());
      await t.runJobs();
      const keyOf = async (id: string) =>
        (await t.database.db.selectFrom('media').select('display_key').where('id', '=', id).executeTakeFirstOrThrow()).display_key;
      const key = (await keyOf(ts._id))!;
      expect(key).toMatch(/^display\/.+\.mp4$/);
      expect(await t.store.head(key)).toMatchObject({ contentType: 'video/mp4' });

      // Lost (a power cut, a hand in the folder): the check reports it, and the fix remakes it.
      await t.store.delete(key);
      const report = await checkMedia({ db: t.database.db, store: t.store, clock: () => new Date() });
      expect(report.renditionsLost).toEqual([{ id: ts._id, ownerId: alice.user._id, keys: [key] }]);
      await checkMedia({
        db: t.database.db,
        store: t.store,
        clock: () => new Date(),
        fix: true,
        reprocess: async (ids) => {
          for (const id of ids) await t.services.jobs.enqueue(processMedia, { mediaId: id }, { key: id });
        },
      });
      await t.runJobs();
      const remade = (await keyOf(ts._id))!;
      expect(remade).not.toBe(key);
      expect(await item(ts._id)).toMatchObject({ status: 'ready', playback: 'remuxed' });
      const clean = await checkMedia({ db: t.database.db, store: t.store, clock: () => new Date() });
      expect(clean.renditionsLost).toEqual([]);
      expect(clean.orphans.concat(clean.recent).map((o) => o.key)).not.toContain(remade);

      expect((await t.request(`/api/gallery/${ts._id}/permanent-delete`, { method: 'DELETE', as: alice })).status).toBe(200);
      expect(await t.store.head(remade)).toBeNull();
    },
    CONVERSION_TIMEOUT_MS,
  );

  test(
    'a conversion cut off by a restart is discarded and done again',
    async () => {
      const sample = await videoSample('wmv');
      const wmv = await upload('clip.wmv', sample.bytes());
      await t.runJobs();
      // As a process killed while converting leaves it: the job running, a half-written file in
      // the item's folder, the item processing at 37 %.
      await t.database.db.updateTable('media').set({ status: 'processing', progress: 37, display_key: null }).where('id', '=', wmv._id).execute();
      await t.services.jobs.enqueue(convertVideo, { mediaId: wmv._id }, { key: wmv._id });
      await t.database.db.updateTable('jobs').set({ state: 'running', attempts: 1 }).where('key', '=', wmv._id).execute();
      const leftover = path.join(t.dataDir, 'tmp', 'processing', `convert-${wmv._id}`);
      mkdirSync(leftover, { recursive: true });
      writeFileSync(path.join(leftover, 'converted.mp4'), 'half a file');
      expect(await item(wmv._id)).toMatchObject({ status: 'processing', progress: 37 });

      await t.restart();
      await t.runJobs();
      const after = await item(wmv._id);
      expect(after).toMatchObject({ status: 'ready', playback: 'converted', progress: null });
      const display = await served(after.display);
      expect((await ffprobe(display.file)).streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
      expect(await Bun.file(path.join(leftover, 'converted.mp4')).exists()).toBe(false);
    },
    CONVERSION_TIMEOUT_MS,
  );

  test(
    'a video bigger than TRANSCODE_MAX_HEIGHT is scaled down to it, its shorter side counted',
    async () => {
      const small = await createTestApp({ env: { TRANSCODE_MAX_HEIGHT: '144' } });
      try {
        const owner = await signedInUser(small.database.db);
        const file = path.join(scratch, 'portrait.avi');
        await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=240x320:rate=10:duration=1', '-c:v', 'mpeg4', '-threads', '1', file]);
        const body = new FormData();
        body.append('files', new Blob([await Bun.file(file).arrayBuffer()]), 'portrait.avi');
        const res = await small.request('/api/gallery/upload', { method: 'POST', body, as: owner });
        const [upload] = ((await res.json()) as UploadResult).media;
        await small.runJobs();
        const done = (await (await small.request(`/api/gallery/${upload!._id}`, { as: owner })).json()) as MediaItem;
        // The item keeps the original's size; the rendition is 144 wide (its shorter side), 192 tall, no sound track.
        expect(done).toMatchObject({ status: 'ready', playback: 'converted', width: 240, height: 320 });
        const bytes = new Uint8Array(await (await small.request(done.display, { as: owner })).arrayBuffer());
        const out = path.join(scratch, 'portrait-out.mp4');
        writeFileSync(out, bytes);
        const probed = await ffprobe(out);
        expect(probed.streams.map((s) => [s.codec_name, s.width, s.height])).toEqual([['h264', 144, 192]]);
      } finally {
        await small.close();
      }
    },
    CONVERSION_TIMEOUT_MS,
  );
});

const unavailableReason = swiftUnavailableReason();

describe.skipIf(Boolean(unavailableReason))('every video plays on S3 (OpenStack Swift s3api)', () => {
  const s3 = s3TestApp({ partSize: 5 * 1024 * 1024 });

  async function roundTrip(name: string, bytes: Uint8Array): Promise<{ item: MediaItem; probed: Awaited<ReturnType<typeof ffprobe>>; size: number }> {
    const body = new FormData();
    body.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    const res = await s3.t.request('/api/gallery/upload', { method: 'POST', body, as: s3.owner });
    const [uploaded] = ((await res.json()) as UploadResult).media;
    await s3.t.runJobs();
    const item = (await (await s3.t.request(`/api/gallery/${uploaded!._id}`, { as: s3.owner })).json()) as MediaItem;
    const served = new Uint8Array(await (await s3.t.request(item.display, { as: s3.owner })).arrayBuffer());
    const file = path.join(scratch, `s3-${crypto.randomUUID()}.mp4`);
    writeFileSync(file, served);
    return { item, probed: await ffprobe(file), size: served.byteLength };
  }

  test(
    'an HEVC MOV is converted from a copy of the original and its rendition stored in the bucket',
    async () => {
      const { item, probed } = await roundTrip('IMG_0004.mov', (await videoSample('movHevc')).bytes());
      expect(item).toMatchObject({ status: 'ready', playback: 'converted', progress: null });
      expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
      // Nothing of the job is left on the disk.
      expect(readdirSync(path.join(s3.t.dataDir, 'tmp', 'processing'))).toEqual([]);
    },
    CONVERSION_TIMEOUT_MS,
  );

  test(
    'an 8 MB MKV is remuxed into a rendition written in parts (multipart), served in ranges',
    async () => {
      const file = path.join(scratch, 'noise.mkv');
      await ffmpeg([
        ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2,noise=alls=100:allf=t', '-f', 'lavfi', '-i', 'sine=duration=2:sample_rate=48000'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '1', '-pix_fmt', 'yuv420p', '-c:a', 'ac3', '-threads', '1', '-shortest', file],
      ]);
      const { item, probed, size } = await roundTrip('noise.mkv', new Uint8Array(await Bun.file(file).arrayBuffer()));
      expect(item).toMatchObject({ status: 'ready', playback: 'remuxed' });
      expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
      expect(size).toBeGreaterThan(5 * 1024 * 1024);
      const part = await s3.t.request(item.display, { as: s3.owner, headers: { range: `bytes=${size - 100}-` } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
      // Deleting the item takes the rendition out of the bucket too.
      const key = (await s3.t.database.db.selectFrom('media').select('display_key').where('id', '=', item._id).executeTakeFirstOrThrow()).display_key!;
      expect(await s3.store.head(key)).toMatchObject({ size });
      expect((await s3.t.request(`/api/gallery/${item._id}/permanent-delete`, { method: 'DELETE', as: s3.owner })).status).toBe(200);
      expect(await s3.store.head(key)).toBeNull();
    },
    CONVERSION_TIMEOUT_MS,
  );
});
