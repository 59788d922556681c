import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../../test/helpers/test-app.ts';
import { type VideoSampleName, videoSample } from '../../../../test/helpers/video-samples.ts';
import type { MediaItem, UploadResult } from '../../../shared/media.ts';

/** One sample of each container the hub takes besides MP4 and WebM. */
const CONTAINERS: VideoSampleName[] = ['mkvH264Aac', 'movH264', 'aviMpeg4', 'wmv', 'flv', 'ts', 'm2ts', 'mpg', 'threeGp', 'ogv'];

describe('video containers: taken by their bytes, and a right signature over garbage never sticks', () => {
  let t: TestApp;
  let alice: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t.database.db, { username: 'alice' });
  }, 60_000);
  afterAll(() => t?.close());

  async function upload(name: string, bytes: Uint8Array): Promise<Response> {
    const body = new FormData();
    body.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    return t.request('/api/gallery/upload', { method: 'POST', body, as: alice });
  }
  const item = async (id: string) => (await (await t.request(`/api/gallery/${id}`, { as: alice })).json()) as MediaItem;

  test.each(CONTAINERS)('%s uploads, gets its poster and its size, whatever the file is called', async (name) => {
    const sample = await videoSample(name);
    // The name says nothing: the bytes decide.
    const res = await upload('download.bin', sample.bytes());
    expect(res.status).toBe(201);
    const [uploaded] = ((await res.json()) as UploadResult).media;
    expect(uploaded).toMatchObject({ type: 'video', mimeType: sample.mimeType, status: 'processing' });
    await t.runJobs();
    const done = await item(uploaded!._id);
    expect(done.failure).toBeNull();
    expect(done.thumbnail).toBe(`/media/${uploaded!._id}/thumbnail`);
    expect(done.width).toBe(name === 'threeGp' ? 176 : 160);
    expect(done.duration).toBeGreaterThan(0.5);
    // The original stays what was uploaded, byte for byte.
    const original = await t.request(uploaded!.url, { as: alice });
    expect(Buffer.from(await original.arrayBuffer()).equals(sample.bytes())).toBe(true);
  });

  test.each(CONTAINERS)('%s signature with garbage behind it: refused with 415 naming it, or an item that ends failed with its reason', async (name) => {
    const sample = await videoSample(name);
    const bytes = sample.bytes();
    // The first 64 bytes (the signature and a little more) and then noise.
    let seed = 11;
    const junk = new Uint8Array(64 * 1024).map(() => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed >>> 16;
    });
    junk.set(bytes.subarray(0, 64));
    const res = await upload(`broken-${sample.file}`, junk);
    expect(res.status).toBeLessThan(500);
    const answer = (await res.json()) as UploadResult & { error?: string };
    if (res.status === 415) {
      expect(answer.error).toContain(`broken-${sample.file}`);
      return;
    }
    expect(res.status).toBe(201);
    await t.runJobs();
    const done = await item(answer.media[0]!._id);
    expect(done.status).toBe('failed');
    expect(done.failure).toMatch(/^This video /);
  });
});
