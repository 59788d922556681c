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
      thumbnail: `/media/${photo!._id}/thumbnail`,
    });
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
