import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { newUser } from '../../../../test/helpers/factories.ts';
import { mediaSamples, type Sample, type SampleName } from '../../../../test/helpers/media-samples.ts';
import { SWIFT_HOOK_TIMEOUT_MS, type SwiftS3, s3StoreOn, startSwiftS3, swiftUnavailableReason } from '../../../../test/helpers/swift-s3.ts';
import { tempDir } from '../../../../test/helpers/test-app.ts';
import type { Clock } from '../../../clock.ts';
import { type OpenDatabase, openDatabase } from '../../../db/client.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { JobQueue } from '../../../jobs/queue.ts';
import { silentLogger } from '../../../logger.ts';
import { LocalDiskStore } from '../../../storage/local-disk-store.ts';
import { type MediaStore, newMediaKey, type PutOptions } from '../../../storage/media-store.ts';
import type { S3MediaStore } from '../../../storage/s3-store.ts';
import { processMedia } from '../jobs.ts';
import { UnreadableMediaError } from './errors.ts';
import { createMediaProcessor, type MediaProcessor, type MediaProcessorDeps, registerMediaProcessing } from './processing.service.ts';

/** A database, a store and a processor for one owner, as the job sees them. */
interface Rig {
  db: OpenDatabase['db'];
  store: MediaStore;
  processor: MediaProcessor;
  workDir: string;
  ownerId: string;
  /** Stores the bytes as an upload would and inserts the row, status processing. */
  addItem(bytes: Uint8Array, mimeType: string, type: 'image' | 'video'): Promise<string>;
  row(id: string): Promise<Awaited<ReturnType<typeof rowOf>>>;
  bytes(key: string | null): Promise<Buffer>;
  /** Every rendition key in the store. */
  renditionKeys(): Promise<string[]>;
}

const rowOf = (db: OpenDatabase['db'], id: string) => db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function makeRig(
  store: MediaStore,
  wrapStore: (store: MediaStore, db: OpenDatabase['db']) => MediaStore = (s) => s,
  clock: Clock = () => new Date(),
): Promise<Rig & { close(): Promise<void>; deps: MediaProcessorDeps }> {
  const dir = tempDir('hub-processing-');
  const database = openDatabase(path.join(dir, 'hub.sqlite'));
  await migrateToLatest(database.db);
  const db = database.db;
  const owner = await newUser(db);
  const workDir = path.join(dir, 'tmp', 'processing');
  const deps: MediaProcessorDeps = { db, store: wrapStore(store, db), clock, logger: silentLogger, workDir };
  const processor = createMediaProcessor(deps);
  return {
    deps,
    db,
    store,
    processor,
    workDir,
    ownerId: owner.id,
    async addItem(bytes, mimeType, type) {
      const id = crypto.randomUUID();
      const key = newMediaKey('originals', type === 'video' ? 'mp4' : 'jpg');
      const put = await store.put(key, new Response(new Uint8Array(bytes)).body!, { contentType: mimeType });
      await db
        .insertInto('media')
        .values({
          id,
          owner_id: owner.id,
          gallery: 'gallery',
          title: 'Sample',
          type,
          mime_type: mimeType,
          original_name: 'sample',
          size: put.size,
          sha256: put.sha256,
          storage_key: key,
          status: 'processing',
          tags: '[]',
          search_text: 'sample',
          is_favorite: 0,
          created_at: Date.now(),
        })
        .execute();
      return id;
    },
    row: (id) => rowOf(db, id),
    async bytes(key) {
      expect(key).not.toBeNull();
      const object = await store.get(key!);
      expect(object).not.toBeNull();
      return Buffer.from(await new Response(object!.body).arrayBuffer());
    },
    async renditionKeys() {
      const keys: string[] = [];
      for (const prefix of ['thumbnails/', 'display/']) for await (const object of store.list(prefix)) keys.push(object.key);
      return keys;
    },
    close: () => database.close(),
  };
}

/** What a user (or a browser) could learn from a rendition beyond its pixels: nothing. */
async function expectNoMetadata(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  // The camera's name and the position must not survive anywhere in the file.
  expect(bytes.includes('HubTestCam')).toBe(false);
  expect(bytes.includes('Exif')).toBe(false);
}

function expectNoTempFiles(rig: Rig) {
  expect(existsSync(rig.workDir) ? readdirSync(rig.workDir) : []).toEqual([]);
  // A remux is written in the local store's own folder for work in progress, then renamed.
  if (rig.store instanceof LocalDiskStore) expect(readdirSync(path.join(rig.store.root, '.incoming'))).toEqual([]);
}

const IMAGE_SAMPLES: SampleName[] = ['jpeg', 'jpegExif', 'png', 'gif', 'webp', 'avif', 'heic'];
const VIDEO_SAMPLES: SampleName[] = ['mp4', 'mov', 'm4v', 'webm'];

/** Image processing as the gallery sees it, for each sample given. */
function describeImages(images: SampleName[], videos: SampleName[], rig: () => Rig) {
  let samples: Record<SampleName, Sample>;
  beforeAll(async () => {
    samples = await mediaSamples();
  }, 60_000);

  for (const name of images) {
    test(`${name}: a WebP thumbnail at most 400 px, size and date as shown, a placeholder, no metadata`, async () => {
      const r = rig();
      const sample = samples[name];
      const id = await r.addItem(sample.bytes(), sample.mimeType, 'image');
      expect(await r.processor.process(id)).toBe('ready');
      const row = await r.row(id);
      // The phone photo is stored 640x480 with orientation 6: it is a portrait.
      const portrait = name === 'jpegExif';
      expect(row).toMatchObject({ status: 'ready', failure: null, width: portrait ? 480 : 640, height: portrait ? 640 : 480, duration: null });
      expect(row.taken_at).toBe(name === 'jpegExif' ? Date.UTC(2024, 4, 17, 14, 30) : null);
      const thumbnail = await r.bytes(row.thumbnail_key);
      const meta = await sharp(thumbnail).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: portrait ? 300 : 400, height: portrait ? 400 : 300 });
      expect(meta.pages ?? 1).toBe(1);
      await expectNoMetadata(thumbnail);
      expect((await r.store.head(row.thumbnail_key!))!.contentType).toBe('image/webp');
      // The placeholder has the thumbnail's shape (ThumbHash keeps it roughly: 4:3 comes back as 1.4).
      const ratio = thumbHashToApproximateAspectRatio(Buffer.from(row.placeholder!, 'base64'));
      expect(Math.abs(ratio - (portrait ? 3 / 4 : 4 / 3))).toBeLessThan(0.1);
      // The original is only read, wherever it lives.
      expect(Buffer.compare(await r.bytes(row.storage_key), Buffer.from(sample.bytes()))).toBe(0);
      if (name === 'heic') {
        // Browsers other than Safari cannot show HEIC: the viewer gets a WebP.
        const display = await r.bytes(row.display_key);
        expect(await sharp(display).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
        await expectNoMetadata(display);
        expect((await sharp(display).stats()).isOpaque).toBe(true);
      } else {
        expect(row.display_key).toBeNull();
      }
      expectNoTempFiles(r);
    });
  }

  for (const name of videos) {
    test(`${name}: duration, size and a poster frame as a WebP thumbnail`, async () => {
      const r = rig();
      const sample = samples[name];
      const id = await r.addItem(sample.bytes(), sample.mimeType, 'video');
      expect(await r.processor.process(id)).toBe('ready');
      const row = await r.row(id);
      expect(row).toMatchObject({ status: 'ready', width: 320, height: 240, taken_at: null });
      // The MP4 (index first) and the WebM play as they are; the MOV and the M4V (index last) get an MP4 of their streams.
      if (name === 'mp4' || name === 'webm') expect(row).toMatchObject({ playback: 'original', display_key: null });
      else expect(row).toMatchObject({ playback: 'remuxed', display_key: expect.stringMatching(/^display\/.+\.mp4$/) });
      expect(row.duration!).toBeCloseTo(2, 1);
      const thumbnail = await r.bytes(row.thumbnail_key);
      // Never enlarged: the clip is smaller than a thumbnail.
      expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
      await expectNoMetadata(thumbnail);
      // testsrc2 is colourful; a black or grey frame would mean the poster missed the picture.
      const { channels } = await sharp(thumbnail).stats();
      expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);
      expect(row.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expectNoTempFiles(r);
    });
  }

  test('a JPEG cut in half fails with a reason a user can read, and leaves no rendition and no temporary file', async () => {
    const r = rig();
    const bytes = samples.jpegExif.bytes();
    const id = await r.addItem(bytes.subarray(0, bytes.length / 2), 'image/jpeg', 'image');
    const before = await r.renditionKeys();
    const error = await r.processor.process(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableMediaError);
    expect((error as Error).message).toBe('This image could not be read');
    expect(await r.renditionKeys()).toEqual(before);
    expect((await r.row(id)).status).toBe('processing');
    expectNoTempFiles(r);
    await r.processor.markFailed(id, (error as Error).message);
    expect(await r.row(id)).toMatchObject({ status: 'failed', failure: 'This image could not be read', thumbnail_key: null });
  });

  test('a video with a valid header and garbage after it fails the same way', async () => {
    const r = rig();
    const bytes = samples.mp4.bytes().slice();
    // The sample is fast-start: the header (ftyp, moov) comes first, the frames after 3 KB.
    for (let i = 3000; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    const id = await r.addItem(bytes, 'video/mp4', 'video');
    const before = await r.renditionKeys();
    const error = await r.processor.process(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableMediaError);
    expect((error as Error).message).toBe('This video could not be read');
    expect(await r.renditionKeys()).toEqual(before);
    expectNoTempFiles(r);
  });
}

describe('media processing on the local disk', () => {
  let r: Rig & { close(): Promise<void> };
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('hub-processing-store-');
    r = await makeRig(await new LocalDiskStore(dir).init());
  });
  afterAll(() => r.close());

  describeImages(IMAGE_SAMPLES, VIDEO_SAMPLES, () => r);

  test('the first frame of an animated GIF and of an animated WebP', async () => {
    for (const [format, mimeType] of [
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
    ] as const) {
      const frames = ['#d22', '#2d2', '#22d'];
      // Three 120x90 frames stacked: red, green, blue.
      const strip = await sharp({ create: { width: 120, height: 270, channels: 3, background: '#000' } })
        .composite(frames.map((colour, i) => ({ input: { create: { width: 120, height: 90, channels: 3, background: colour } }, top: i * 90, left: 0 })))
        .png()
        .toBuffer();
      const anim = await animationOf(strip, format);
      expect((await sharp(anim).metadata()).pages).toBe(3);
      const id = await r.addItem(anim, mimeType, 'image');
      await r.processor.process(id);
      const row = await r.row(id);
      expect(row).toMatchObject({ width: 120, height: 90 });
      const thumbnail = await r.bytes(row.thumbnail_key);
      expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 120, height: 90 });
      const { dominant } = await sharp(thumbnail).stats();
      expect(dominant.r).toBeGreaterThan(150);
      expect(dominant.g).toBeLessThan(100);
    }
  });

  test('greyscale and CMYK photos get colour-true thumbnails and placeholders too', async () => {
    const grey = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#777' } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const cmyk = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    for (const [bytes, mimeType, red] of [
      [grey, 'image/png', false],
      [cmyk, 'image/jpeg', true],
    ] as const) {
      const id = await r.addItem(bytes, mimeType, 'image');
      await r.processor.process(id);
      const row = await r.row(id);
      expect(row).toMatchObject({ status: 'ready', width: 300, height: 200 });
      const { dominant } = await sharp(await r.bytes(row.thumbnail_key)).stats();
      expect(dominant.r - dominant.b > 60).toBe(red);
      expect(thumbHashToApproximateAspectRatio(Buffer.from(row.placeholder!, 'base64'))).toBeGreaterThan(1.3);
    }
  });

  test('a very large image gets a WebP display rendition of 2560 px; a 12 MP phone photo does not', async () => {
    const large = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const id = await r.addItem(large, 'image/jpeg', 'image');
    await r.processor.process(id);
    const row = await r.row(id);
    expect(row).toMatchObject({ width: 6000, height: 4000 });
    expect(await sharp(await r.bytes(row.display_key)).metadata()).toMatchObject({ format: 'webp', width: 2560, height: 1707 });
    expect(await sharp(await r.bytes(row.thumbnail_key)).metadata()).toMatchObject({ width: 400, height: 267 });

    const phone = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#a36' } })
      .jpeg()
      .toBuffer();
    const phoneId = await r.addItem(phone, 'image/jpeg', 'image');
    await r.processor.process(phoneId);
    expect((await r.row(phoneId)).display_key).toBeNull();
  });

  test('a portrait phone video (display matrix of 90°) is taller than wide, poster included', async () => {
    const samples = await mediaSamples();
    const rotated = path.join(tempDir('hub-rotated-'), 'portrait.mp4');
    const proc = Bun.spawn(['ffmpeg', '-loglevel', 'error', '-y', '-i', samples.mp4.path, '-c', 'copy', '-metadata:s:v', 'rotate=90', rotated]);
    expect(await proc.exited).toBe(0);
    const id = await r.addItem(new Uint8Array(await Bun.file(rotated).arrayBuffer()), 'video/mp4', 'video');
    await r.processor.process(id);
    const row = await r.row(id);
    expect(row).toMatchObject({ width: 240, height: 320 });
    expect(await sharp(await r.bytes(row.thumbnail_key)).metadata()).toMatchObject({ width: 240, height: 320 });
  });

  test('HEIC: libheif decides which way is up, an EXIF orientation inside is not applied again; the date taken is read', async () => {
    const dir2 = tempDir('hub-heic-');
    const jpeg = path.join(dir2, 'tagged.jpg');
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#36a' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'HubTestCam' }, IFD2: { DateTimeOriginal: '2023:08:09 10:11:12' } })
      .withMetadata({ orientation: 6 })
      .toFile(jpeg);
    const heic = path.join(dir2, 'tagged.heic');
    const proc = Bun.spawn(['heif-enc', '-q', '50', jpeg, '-o', heic]);
    expect(await proc.exited).toBe(0);
    const id = await r.addItem(new Uint8Array(await Bun.file(heic).arrayBuffer()), 'image/heic', 'image');
    await r.processor.process(id);
    const row = await r.row(id);
    expect(row).toMatchObject({ width: 320, height: 240, taken_at: Date.UTC(2023, 7, 9, 10, 11, 12) });
    for (const key of [row.thumbnail_key, row.display_key]) await expectNoMetadata(await r.bytes(key));
  });

  test('an item deleted for good while it was processed keeps no rendition', async () => {
    const samples = await mediaSamples();
    // A store that deletes the row just as the first rendition is written, as a permanent delete would.
    let id = '';
    const rigWithRace = await makeRig(r.store, (store, db) => ({
      ...store,
      driver: store.driver,
      put: async (key, body, options) => {
        const result = await store.put(key, body, options);
        await db.deleteFrom('media').where('id', '=', id).execute();
        return result;
      },
      get: (key, range) => store.get(key, range),
      head: (key) => store.head(key),
      delete: (key) => store.delete(key),
      list: (prefix) => store.list(prefix),
      ping: () => store.ping(),
    }));
    try {
      id = await rigWithRace.addItem(samples.png.bytes(), 'image/png', 'image');
      const before = await rigWithRace.renditionKeys();
      expect(await rigWithRace.processor.process(id)).toBe('gone');
      expect(await rigWithRace.renditionKeys()).toEqual(before);
      expectNoTempFiles(rigWithRace);
    } finally {
      await rigWithRace.close();
    }
  });

  test('a store that refuses one rendition keeps neither, and the item stays processing for the next attempt', async () => {
    const samples = await mediaSamples();
    const refusing = await makeRig(r.store, (store) =>
      Object.assign(Object.create(Object.getPrototypeOf(store)), store, {
        put: (key: string, body: ReadableStream<Uint8Array>, options?: PutOptions) =>
          key.startsWith('display/') ? Promise.reject(new Error('disk full')) : store.put(key, body, options),
      }),
    );
    try {
      const id = await refusing.addItem(samples.heic.bytes(), 'image/heic', 'image');
      const before = await refusing.renditionKeys();
      await expect(refusing.processor.process(id)).rejects.toThrow('disk full');
      expect(await refusing.renditionKeys()).toEqual(before);
      expect(await refusing.row(id)).toMatchObject({ status: 'processing', thumbnail_key: null });
      expectNoTempFiles(refusing);
    } finally {
      await refusing.close();
    }
  });

  test('a store that refuses a remux keeps no rendition and no temporary file, and the item stays processing', async () => {
    const samples = await mediaSamples();
    const refusing = await makeRig(r.store, (store) =>
      Object.assign(Object.create(Object.getPrototypeOf(store)), store, {
        adopt: () => Promise.reject(new Error('disk full')),
      }),
    );
    try {
      const id = await refusing.addItem(samples.mov.bytes(), 'video/quicktime', 'video');
      const before = await refusing.renditionKeys();
      await expect(refusing.processor.process(id)).rejects.toThrow('disk full');
      expect(await refusing.renditionKeys()).toEqual(before);
      expect(await refusing.row(id)).toMatchObject({ status: 'processing', display_key: null });
      expectNoTempFiles(refusing);
    } finally {
      await refusing.close();
    }
  });

  test('an item that is gone is skipped; one whose original is missing fails saying so', async () => {
    expect(await r.processor.process(crypto.randomUUID())).toBe('gone');
    const samples = await mediaSamples();
    const id = await r.addItem(samples.png.bytes(), 'image/png', 'image');
    await r.store.delete((await r.row(id)).storage_key);
    await expect(r.processor.process(id)).rejects.toThrow('The original file is missing from the store');
    expectNoTempFiles(r);
  });

  test('processing again replaces the renditions instead of leaving the old ones behind', async () => {
    const samples = await mediaSamples();
    const id = await r.addItem(samples.heic.bytes(), 'image/heic', 'image');
    await r.processor.process(id);
    const first = await r.row(id);
    await r.processor.process(id);
    const second = await r.row(id);
    expect(second.thumbnail_key).not.toBe(first.thumbnail_key);
    expect(await r.store.head(first.thumbnail_key!)).toBeNull();
    expect(await r.store.head(first.display_key!)).toBeNull();
    expect(await r.store.head(second.display_key!)).not.toBeNull();
  });
});

describe('media processing as a job', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  const clock = () => new Date(now);
  let failGets = false;
  let r: Rig & { close(): Promise<void>; deps: MediaProcessorDeps };
  let queue: JobQueue;
  beforeAll(async () => {
    // A store that can be made to fail as a disk or a bucket that is briefly away would.
    const away = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000'));
    r = await makeRig(
      await new LocalDiskStore(tempDir('hub-processing-queue-')).init(),
      (store) =>
        Object.assign(Object.create(Object.getPrototypeOf(store)), store, {
          get: (key: string) => (failGets ? away() : store.get(key)),
          filePath: (key: string) => (failGets ? away() : (store as LocalDiskStore).filePath(key)),
        }),
      clock,
    );
    queue = new JobQueue({ db: r.db, clock, concurrency: 2, kinds: [processMedia] });
    registerMediaProcessing(queue, r.deps);
  });
  afterAll(() => r.close());
  const job = (id: string) => r.db.selectFrom('jobs').selectAll().where('key', '=', id).executeTakeFirst();

  test('an enqueued item is ready once the queue has run, and its job is gone', async () => {
    const samples = await mediaSamples();
    const ids = [await r.addItem(samples.jpegExif.bytes(), 'image/jpeg', 'image'), await r.addItem(samples.webm.bytes(), 'video/webm', 'video')];
    for (const mediaId of ids) await queue.enqueue(processMedia, { mediaId }, { key: mediaId });
    await queue.runUntilIdle();
    for (const id of ids) {
      expect((await r.row(id)).status).toBe('ready');
      expect(await job(id)).toBeUndefined();
    }
  });

  test('an unreadable file fails at its first attempt, with the reason on the item', async () => {
    const id = await r.addItem(new TextEncoder().encode('GIF89a and then nothing an image needs'), 'image/gif', 'image');
    await queue.enqueue(processMedia, { mediaId: id }, { key: id });
    await queue.runUntilIdle();
    expect(await r.row(id)).toMatchObject({ status: 'failed', failure: 'This image could not be read', thumbnail_key: null });
    expect(await job(id)).toMatchObject({ state: 'failed', attempts: 1 });
    expectNoTempFiles(r);
  });

  test('a store that is away is retried; after the last attempt the item fails with words, not the error', async () => {
    const samples = await mediaSamples();
    const id = await r.addItem(samples.mp4.bytes(), 'video/mp4', 'video');
    failGets = true;
    try {
      await queue.enqueue(processMedia, { mediaId: id }, { key: id });
      for (let attempt = 1; attempt <= 3; attempt++) {
        await queue.runUntilIdle();
        expect(await job(id)).toMatchObject({ attempts: attempt, state: attempt < 3 ? 'queued' : 'failed' });
        expect((await r.row(id)).status).toBe(attempt < 3 ? 'processing' : 'failed');
        now += 3_600_000;
      }
      expect((await r.row(id)).failure).toBe('This video could not be processed. Try uploading it again.');
    } finally {
      failGets = false;
    }
    // Enqueued again (a retry button, a restart of the check), it succeeds.
    await queue.enqueue(processMedia, { mediaId: id }, { key: id });
    await queue.runUntilIdle();
    expect(await r.row(id)).toMatchObject({ status: 'ready', failure: null });
  });
});

/** A three-frame animation of `strip` (frames stacked vertically, 90 px each). */
async function animationOf(strip: Buffer, format: 'gif' | 'webp'): Promise<Buffer> {
  const raw = await sharp(strip).raw().toBuffer({ resolveWithObject: true });
  return sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels, pageHeight: 90 } })
    .toFormat(format, { loop: 0, delay: [100, 100, 100] })
    .toBuffer();
}

const unavailableReason = swiftUnavailableReason();

describe.skipIf(Boolean(unavailableReason))('media processing on S3 (OpenStack Swift s3api)', () => {
  let swift: SwiftS3;
  let store: S3MediaStore;
  let r: Rig & { close(): Promise<void> };
  beforeAll(async () => {
    swift = await startSwiftS3({ bucket: 'hub-processing-test' });
    store = s3StoreOn(swift);
    r = await makeRig(store);
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await r?.close();
    store?.destroy();
    await swift?.stop();
  }, 60_000);

  describeImages(['jpegExif', 'heic'], ['mp4'], () => r);
});
