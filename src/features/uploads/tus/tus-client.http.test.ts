// /api/uploads against tus-js-client, the protocol's reference client, over a real listening
// server on 127.0.0.1: chunked, interrupted and resumed from its uploadUrl sending only the rest,
// the stored original compared byte for byte; a video and a photo end as the items a multipart
// upload makes. Then the server's side of trouble: 100 PATCHes at once at one offset (one wins,
// 99 get 409, the file intact) and a client that drops mid-PATCH (its bytes so far are kept, the
// offset is what is on the disk, no error in the log).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../../test/helpers/test-app.ts';
import { type RunningServer, startServer } from '../../../http/server.ts';
import { createLogger } from '../../../logger.ts';
import type { MediaItem, UploadResult } from '../../../shared/media.ts';
import type { UploadView } from '../../../shared/uploads.ts';

let t: TestApp;
let alice: SignedIn;
let running: RunningServer;
let base: string;
/** The PATCH requests the server saw: their Upload-Offset and Content-Length. */
const patches: { offset: number; length: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.database.db, { username: 'alice' });
  const logger = createLogger('debug', (line) => t.logs.push(line));
  running = startServer({
    fetch: (request, server) => {
      if (request.method === 'PATCH')
        patches.push({ offset: Number(request.headers.get('upload-offset')), length: Number(request.headers.get('content-length') ?? -1) });
      return t.app.fetch(request, server);
    },
    port: 0,
    hostname: '127.0.0.1',
    logger,
    drainTimeoutMs: 100,
  });
  base = running.url.href.replace(/\/$/, '');
  await mediaSamples();
}, 60_000);
afterAll(async () => {
  await running?.shutdown('test');
  await t?.close();
});

const headers = () => ({ 'x-site-token': alice.siteToken, authorization: `Bearer ${alice.token}` });

/** A file tus-js-client sends from memory; resolves with its upload URL when it succeeds. */
function send(
  bytes: Uint8Array,
  metadata: Record<string, string>,
  options: { chunkSize?: number; uploadUrl?: string; abortAt?: number; duringCreation?: boolean } = {},
): Promise<{ url: string; aborted: boolean }> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(Buffer.from(bytes), {
      endpoint: `${base}/api/uploads`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      chunkSize: options.chunkSize ?? Number.POSITIVE_INFINITY,
      metadata,
      headers: headers(),
      retryDelays: [],
      uploadDataDuringCreation: options.duringCreation ?? false,
      // Keep no fingerprints between uploads (resumption is by uploadUrl).
      storeFingerprintForResuming: false,
      onError: reject,
      onChunkComplete: (_size, sent) => {
        if (options.abortAt !== undefined && sent >= options.abortAt) {
          void upload.abort().then(() => resolve({ url: upload.url!, aborted: true }));
        }
      },
      onSuccess: () => resolve({ url: upload.url!, aborted: false }),
    });
    upload.start();
  });
}

async function viewOf(url: string): Promise<UploadView> {
  return (await (await fetch(url, { headers: headers() })).json()) as UploadView;
}
async function doneItem(url: string): Promise<MediaItem> {
  const view = await viewOf(url);
  if (view.state !== 'done') throw new Error(`not done: ${JSON.stringify(view)}`);
  return view.media;
}
async function original(item: MediaItem): Promise<Buffer> {
  return Buffer.from(await (await fetch(`${base}${item.url}`, { headers: headers() })).arrayBuffer());
}
async function multipart(bytes: Uint8Array, name: string): Promise<MediaItem> {
  const form = new FormData();
  form.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const res = await fetch(`${base}/api/gallery/upload`, { method: 'POST', body: form, headers: headers() });
  expect(res.status).toBe(201);
  return ((await res.json()) as UploadResult).media[0]!;
}
const sameItem = (item: MediaItem) => JSON.parse(JSON.stringify({ ...item, createdAt: null }).replaceAll(item._id, 'ID'));

/** A 2 MiB "video": a real MP4's first bytes (it sniffs as MP4), then bytes that differ everywhere. */
async function bigVideo(): Promise<Uint8Array> {
  const bytes = new Uint8Array(2 * 1024 * 1024);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  bytes.set((await mediaSamples()).mp4.bytes().subarray(0, 4096));
  return bytes;
}

describe('tus-js-client against the hub', () => {
  test('chunked, interrupted, resumed from its uploadUrl sending only the rest; the original is the bytes sent', async () => {
    const bytes = await bigVideo();
    const chunkSize = 64 * 1024;
    patches.length = 0;
    const first = await send(bytes, { filename: 'long.mp4', filetype: 'video/mp4' }, { chunkSize, abortAt: 800 * 1024 });
    expect(first.aborted).toBe(true);
    expect(first.url).toMatch(/\/api\/uploads\/[0-9a-f-]{36}$/);
    const head = await fetch(first.url, { method: 'HEAD', headers: { ...headers(), 'Tus-Resumable': '1.0.0' } });
    const kept = Number(head.headers.get('upload-offset'));
    expect(kept).toBeGreaterThanOrEqual(800 * 1024);
    expect(kept).toBeLessThan(bytes.byteLength);
    expect(kept % chunkSize).toBe(0);
    expect(await viewOf(first.url)).toEqual({ state: 'uploading', offset: kept, length: bytes.byteLength });

    patches.length = 0;
    const second = await send(bytes, { filename: 'long.mp4', filetype: 'video/mp4' }, { chunkSize, uploadUrl: first.url });
    expect(second).toEqual({ url: first.url, aborted: false });
    // Only the rest went over the wire, in chunks, from where the hub said it was.
    expect(patches[0]!.offset).toBe(kept);
    expect(patches.reduce((sum, p) => sum + p.length, 0)).toBe(bytes.byteLength - kept);
    expect(patches.every((p) => p.length <= chunkSize)).toBe(true);

    const item = await doneItem(first.url);
    expect(item).toMatchObject({ type: 'video', mimeType: 'video/mp4', title: 'long', size: bytes.byteLength });
    expect((await original(item)).equals(Buffer.from(bytes))).toBe(true);
  });

  test('a video and a photo end as the items a multipart upload of them makes', async () => {
    const samples = await mediaSamples();
    for (const sample of [samples.mp4, samples.jpegExif]) {
      const bytes = sample.bytes();
      const sent = await send(bytes, { filename: sample.name, filetype: sample.mimeType }, { chunkSize: 16 * 1024 });
      const viaTus = await doneItem(sent.url);
      const viaForm = await multipart(bytes, sample.name);
      expect(sameItem(viaTus)).toEqual(sameItem(viaForm));
      expect((await original(viaTus)).equals(Buffer.from(bytes))).toBe(true);
    }
    // Processed the same way too.
    await t.runJobs();
  });

  test('creation-with-upload: the first chunk goes with the POST, the rest as PATCHes', async () => {
    const bytes = (await mediaSamples()).png.bytes();
    patches.length = 0;
    const sent = await send(bytes, { filename: 'drawing.png', title: 'Sketch', tags: 'ink,paper' }, { chunkSize: 8 * 1024, duringCreation: true });
    expect(patches[0]!.offset).toBe(8 * 1024);
    const item = await doneItem(sent.url);
    expect(item).toMatchObject({ title: 'Sketch', tags: ['ink', 'paper'], mimeType: 'image/png' });
    expect((await original(item)).equals(Buffer.from(bytes))).toBe(true);
  });

  test('100 PATCHes at once at one offset: one 204, 99 409s, and the file is whole', async () => {
    const bytes = await bigVideo();
    const create = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { ...headers(), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.byteLength), 'Upload-Metadata': `filename ${btoa('burst.mp4')}` },
    });
    const url = `${base}${create.headers.get('location')}`;
    const half = bytes.byteLength / 2;
    // Each sends a different first half (its own fill byte after the MP4 head): interleaving would show.
    const bodies = Array.from({ length: 100 }, (_, i) => {
      const body = bytes.slice(0, half);
      body.fill(i, 4096);
      return body;
    });
    const answers = await Promise.all(
      bodies.map((body) =>
        fetch(url, {
          method: 'PATCH',
          headers: { ...headers(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
          body,
        }).then(async (res) => ({ status: res.status, body: res.status === 204 ? null : ((await res.json()) as { error: string }) })),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    for (const a of answers) if (a.status === 409) expect(typeof a.body!.error).toBe('string');
    const offset = Number((await fetch(url, { method: 'HEAD', headers: { ...headers(), 'Tus-Resumable': '1.0.0' } })).headers.get('upload-offset'));
    expect(offset).toBe(half);
    // The file holds one sender's bytes, whole.
    const id = url.split('/').pop()!;
    const onDisk = Buffer.from(await Bun.file(path.join(t.dataDir, 'uploads', `${id}.part`)).arrayBuffer());
    expect(onDisk.byteLength).toBe(half);
    const fill = onDisk[4096]!;
    expect(onDisk.equals(Buffer.from(bodies[fill]!))).toBe(true);
  });

  test('a client that drops mid-PATCH keeps the bytes that arrived; the offset is what is on the disk; no error in the log', async () => {
    const bytes = await bigVideo();
    const create = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { ...headers(), 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.byteLength), 'Upload-Metadata': `filename ${btoa('drop.mp4')}` },
    });
    const location = create.headers.get('location')!;
    const id = location.split('/').pop()!;
    const file = path.join(t.dataDir, 'uploads', `${id}.part`);
    const logsBefore = t.logs.length;
    const socket = net.connect(Number(running.url.port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('error', () => {});
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1:${running.url.port}\r\nx-site-token: ${alice.siteToken}\r\nAuthorization: Bearer ${alice.token}\r\n` +
        `Tus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${bytes.byteLength}\r\n\r\n`,
    );
    const sent = 700 * 1024;
    await new Promise<void>((resolve) => socket.write(bytes.subarray(0, sent), () => resolve()));
    // Gone once the hub has some of it on its disk.
    for (let i = 0; i < 400 && statSync(file).size === 0; i++) await Bun.sleep(25);
    socket.destroy();
    // The PATCH ends (its answer logged) once the hub sees the connection gone.
    for (let i = 0; i < 400 && !t.logs.slice(logsBefore).some((l) => l.includes('method=PATCH')); i++) await Bun.sleep(25);
    const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: { ...headers(), 'Tus-Resumable': '1.0.0' } });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);
    expect(statSync(file).size).toBe(offset);
    expect(Buffer.from(await Bun.file(file).arrayBuffer()).equals(Buffer.from(bytes.subarray(0, offset)))).toBe(true);
    expect(t.logs.slice(logsBefore).filter((l) => / ERROR /.test(l))).toEqual([]);
    // And it resumes from there to the end.
    const rest = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...headers(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: bytes.subarray(offset) as Uint8Array<ArrayBuffer>,
    });
    expect(rest.status).toBe(204);
    expect((await original(await doneItem(`${base}${location}`))).equals(Buffer.from(bytes))).toBe(true);
  });
});
