import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { mediaSamples, type SampleName } from '../../../../test/helpers/media-samples.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../../test/helpers/test-app.ts';
import type { MediaItem, UploadResult } from '../../../shared/media.ts';

describe('processing in the hub: an upload is processed by the queue and its renditions are served', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t.database.db, { username: 'alice' });
    bob = await signedInUser(t.database.db, { username: 'bob' });
    await mediaSamples();
  }, 60_000);
  afterAll(() => t?.close());

  async function upload(names: SampleName[]): Promise<MediaItem[]> {
    const samples = await mediaSamples();
    const body = new FormData();
    for (const name of names) body.append('files', new Blob([samples[name].bytes() as Uint8Array<ArrayBuffer>]), samples[name].name);
    const res = await t.request('/api/gallery/upload', { method: 'POST', body, as: alice });
    expect(res.status).toBe(201);
    return ((await res.json()) as UploadResult).media;
  }
  const item = async (id: string, as = alice) => (await (await t.request(`/api/gallery/${id}`, { as })).json()) as MediaItem;

  test('a phone photo, a HEIC and a video: processing until the queue is idle, then ready with their facts', async () => {
    const [photo, heic, video] = await upload(['jpegExif', 'heic', 'mp4']);
    for (const uploaded of [photo!, heic!, video!]) expect(uploaded).toMatchObject({ status: 'processing', thumbnail: null, placeholder: null });
    await t.runJobs();

    expect(await item(photo!._id)).toMatchObject({
      status: 'ready',
      width: 480,
      height: 640,
      takenAt: '2024-05-17T14:30:00.000Z',
      camera: 'HubTestCam One',
      thumbnail: `/media/${photo!._id}/thumbnail`,
    });
    expect((await item(video!._id)).camera).toBeNull();
    expect(await item(video!._id)).toMatchObject({ status: 'ready', width: 320, height: 240, failure: null });
    expect((await item(video!._id)).duration).toBeCloseTo(2, 1);
    expect((await item(heic!._id)).placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);

    // The thumbnail is a WebP; the HEIC's display is a WebP too, while a JPEG's display is the original.
    const thumbnail = await t.request(`/media/${photo!._id}/thumbnail`, { as: alice });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 300, height: 400 });
    const display = await t.request(`/media/${heic!._id}/display`, { as: alice });
    expect(display.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await display.arrayBuffer())).metadata()).exif).toBeUndefined();
    expect((await t.request(`/media/${photo!._id}/display`, { as: alice })).headers.get('content-type')).toBe('image/jpeg');

    // Another user learns nothing, renditions included.
    expect((await t.request(`/media/${photo!._id}/thumbnail`, { as: bob })).status).toBe(404);
    const scratch = path.join(t.dataDir, 'tmp', 'processing');
    expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
  });

  async function uploadBytes(name: string, bytes: Buffer): Promise<MediaItem> {
    const body = new FormData();
    body.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    const res = await t.request('/api/gallery/upload', { method: 'POST', body, as: alice });
    expect(res.status).toBe(201);
    return ((await res.json()) as UploadResult).media[0]!;
  }
  const photoWith = (IFD0: Record<string, string>) =>
    sharp({ create: { width: 120, height: 90, channels: 3, background: '#468' } })
      .jpeg()
      .withExif({ IFD0 })
      .toBuffer();

  test("a photo's camera (EXIF Make and Model) is answered with the item and kept in the list", async () => {
    const canon = await uploadBytes('IMG_1.jpg', await photoWith({ Make: 'Canon', Model: 'Canon EOS R5' }));
    const apple = await uploadBytes('IMG_2.jpg', await photoWith({ Make: 'Apple', Model: 'iPhone 12 mini' }));
    const bare = await uploadBytes(
      'IMG_3.jpg',
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
    );
    await t.runJobs();
    expect((await item(canon._id)).camera).toBe('Canon EOS R5');
    expect((await item(apple._id)).camera).toBe('Apple iPhone 12 mini');
    expect((await item(bare._id)).camera).toBeNull();
    const list = (await (await t.request('/api/gallery?limit=100', { as: alice })).json()) as { media: MediaItem[] };
    expect(list.media.find((m) => m._id === apple._id)?.camera).toBe('Apple iPhone 12 mini');
  });

  test('a hostile camera name (control characters, a 10 KB model) is stored cut to 100 characters and clean', async () => {
    const hostile = await uploadBytes('evil.jpg', await photoWith({ Make: 'Evil\x1b[2J\r\nCam\x07', Model: 'Z'.repeat(10_240) }));
    await t.runJobs();
    const camera = (await item(hostile._id)).camera!;
    expect(camera.length).toBe(100);
    expect(camera).toStartWith('Evil [2J Cam ZZZ');
    expect(camera).not.toMatch(/\p{Cc}/u);
    const row = await t.database.db.selectFrom('media').select('camera').where('id', '=', hostile._id).executeTakeFirstOrThrow();
    expect(row.camera).toBe(camera);
  });

  test('a file that passes the sniffer but cannot be decoded ends failed, with its reason in the item', async () => {
    const samples = await mediaSamples();
    const bytes = samples.jpeg.bytes();
    const body = new FormData();
    body.append('files', new Blob([bytes.subarray(0, 600) as Uint8Array<ArrayBuffer>]), 'broken.jpg');
    const res = await t.request('/api/gallery/upload', { method: 'POST', body, as: alice });
    expect(res.status).toBe(201);
    const [broken] = ((await res.json()) as UploadResult).media;
    await t.runJobs();
    expect(await item(broken!._id)).toMatchObject({ status: 'failed', failure: 'This image could not be read', thumbnail: null });
    expect((await t.request(`/media/${broken!._id}/thumbnail`, { as: alice })).status).toBe(404);
  });
});
