import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type AddressInfo, createServer } from 'node:net';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { SWIFT_HOOK_TIMEOUT_MS, type SwiftS3, startSwiftS3, swiftUnavailableReason } from '../../test/helpers/swift-s3.ts';
import { describeMediaStoreContract, streamOf } from './media-store.contract.ts';
import { ObjectTooLargeError } from './media-store.ts';
import { S3MediaStore } from './s3-store.ts';

const unavailableReason = swiftUnavailableReason();

// One Swift for the whole file. Starting it takes seconds, more than a hook's default 5 s timeout,
// so it starts here, with its own timeout, before the suites' hooks ask for it.
let swift: Promise<SwiftS3> | undefined;
const sharedSwift = () => (swift ??= startSwiftS3());
if (!unavailableReason) beforeAll(() => sharedSwift().then(() => {}), SWIFT_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await (await swift?.catch(() => undefined))?.stop();
}, 60_000);

function storeOn(server: SwiftS3, overrides: Partial<ConstructorParameters<typeof S3MediaStore>[0]> = {}) {
  return new S3MediaStore({
    endpoint: server.endpoint,
    region: server.region,
    bucket: server.bucket,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    ...overrides,
  });
}

describeMediaStoreContract(
  'S3 (OpenStack Swift s3api)',
  async () => {
    // The smallest part size S3 allows, so the contract's 12 MiB object travels as a multipart upload.
    const store = storeOn(await sharedSwift(), { partSize: 5 * 1024 * 1024 });
    return { store, cleanup: async () => store.destroy() };
  },
  unavailableReason,
);

/** `size` bytes in 64 KiB chunks, then (once `beforeFailing` resolves) an error, like a client that vanishes. */
function streamThatFailsAfter(size: number, beforeFailing: () => Promise<void>): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= size) {
        await beforeFailing();
        return controller.error(new Error('client went away'));
      }
      const chunk = new Uint8Array(Math.min(64 * 1024, size - sent)).fill(sent % 251);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe.skipIf(Boolean(unavailableReason))('S3MediaStore on Swift', () => {
  let server: SwiftS3;
  let store: S3MediaStore;
  let admin: S3Client;
  const run = `s${Date.now().toString(36)}`;

  beforeAll(async () => {
    server = await sharedSwift();
    // S3's smallest part size, so a few MiB are enough to start a multipart upload.
    store = storeOn(server, { partSize: 5 * 1024 * 1024 });
    admin = new S3Client({
      endpoint: server.endpoint,
      region: server.region,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    });
  });
  afterAll(() => {
    store?.destroy();
    admin?.destroy();
  });

  async function uploadsInProgress(prefix: string): Promise<string[]> {
    const out = await admin.send(new ListMultipartUploadsCommand({ Bucket: server.bucket, Prefix: prefix }));
    return (out.Uploads ?? []).map((u) => `${u.Key} ${u.UploadId}`);
  }

  test('a put that fails after its multipart upload began aborts that upload', async () => {
    const key = `${run}/mp/broken.mp4`;
    // Past the first 5 MiB part the upload is multipart; fail only once the server shows it in progress.
    const uploadStarted = () => waitFor(async () => (await uploadsInProgress(`${run}/mp/`)).length > 0);
    await expect(store.put(key, streamThatFailsAfter(6 * 1024 * 1024, uploadStarted))).rejects.toThrow('client went away');
    expect(await store.head(key)).toBeNull();
    expect(await uploadsInProgress(`${run}/mp/`)).toEqual([]);
  }, 60_000);

  test('a put over maxBytes after some parts were uploaded aborts too, with ObjectTooLargeError', async () => {
    const key = `${run}/mp/big.mp4`;
    await store.put(key, streamOf('old'));
    const stream = streamOf(...Array.from({ length: 12 * 16 }, () => new Uint8Array(64 * 1024)));
    await expect(store.put(key, stream, { maxBytes: 11 * 1024 * 1024 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await uploadsInProgress(`${run}/mp/`)).toEqual([]);
    expect(await new Response((await store.get(key))!.body).text()).toBe('old');
  }, 60_000);

  test('derives the content type from the extension when none is given', async () => {
    await store.put(`${run}/ct/photo.jpg`, streamOf('not really a jpeg'));
    expect((await store.head(`${run}/ct/photo.jpg`))!.contentType).toBe('image/jpeg');
    await store.put(`${run}/ct/blob`, streamOf('?'));
    expect((await store.head(`${run}/ct/blob`))!.contentType).toBe('application/octet-stream');
  });

  test('lists across pages in key order', async () => {
    const keys = Array.from({ length: 25 }, (_, i) => `${run}/pages/k${String(i).padStart(3, '0')}.txt`);
    await Promise.all(keys.map((key) => store.put(key, streamOf(key))));
    // A page size the server honours, so listing has to follow continuation tokens.
    const firstPage = await admin.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: `${run}/pages/`, MaxKeys: 7 }));
    expect(firstPage.KeyCount).toBe(7);
    expect(firstPage.IsTruncated).toBe(true);
    const paged = storeOn(server, { listPageSize: 7 });
    const listed: string[] = [];
    for await (const o of paged.list(`${run}/pages/`)) listed.push(o.key);
    paged.destroy();
    expect(listed).toEqual(keys);
  });

  test('ping fails for a bucket that does not exist', async () => {
    const other = storeOn(server, { bucket: 'no-such-bucket' });
    await expect(other.ping()).rejects.toThrow();
    other.destroy();
  });

  test('ping fails with a wrong secret (Swift checks signatures)', async () => {
    const other = storeOn(server, { secretAccessKey: 'wrong' });
    await expect(other.ping()).rejects.toThrow();
    other.destroy();
  });

  test('ping fails when nothing listens at the endpoint', async () => {
    const other = storeOn(server, { endpoint: `http://127.0.0.1:${await closedPort()}` });
    await expect(other.ping()).rejects.toThrow();
    other.destroy();
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await Bun.sleep(50);
  }
}

/** A port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
