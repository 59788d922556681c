// A client that goes away mid-upload, against the real server (bun src/main.ts) over a raw socket:
// no row, no stored object, no temporary file, on the local disk and on S3 (no upload left open).
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AbortMultipartUploadCommand, CreateMultipartUploadCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { type SpawnedHub, spawnHub } from '../../../../test/helpers/spawn-hub.ts';
import { SWIFT_HOOK_TIMEOUT_MS, type SwiftS3, s3EnvOf, startSwiftS3, swiftUnavailableReason } from '../../../../test/helpers/swift-s3.ts';

const SITE_PASSWORD = 'disconnect test password';
const ADMIN = { username: 'owner', password: 'owner password 1' };
const BOUNDARY = 'hubcut';

async function signIn(hub: SpawnedHub): Promise<{ siteToken: string; token: string }> {
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${hub.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.json());
  const { siteToken } = (await post('/api/site/verify-password', { password: SITE_PASSWORD })) as { siteToken: string };
  const { token } = (await post('/auth/signin/', ADMIN, { 'x-site-token': siteToken })) as { token: string };
  return { siteToken, token };
}

const partHead = (name: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`;

/** Sends a request head promising `declared` bytes, then `chunks`, then destroys the socket once `before` says so. */
async function sendThenVanish(
  hub: SpawnedHub,
  auth: { siteToken: string; token: string },
  chunks: Uint8Array[],
  declared: number,
  before: () => Promise<boolean> | boolean,
) {
  const { port } = new URL(hub.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  socket.write(
    `POST /api/gallery/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-site-token: ${auth.siteToken}\r\nAuthorization: Bearer ${auth.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declared}\r\n\r\n`,
  );
  for (const chunk of chunks) await new Promise<void>((resolve) => socket.write(chunk, () => resolve()));
  await waitFor(before);
  socket.destroy();
}

async function waitFor(condition: () => Promise<boolean> | boolean, what = 'condition'): Promise<void> {
  // A generous bound only so a broken hub fails the test instead of hanging it.
  for (let i = 0; i < 400; i++) {
    if (await condition()) return;
    await Bun.sleep(25);
  }
  throw new Error(`${what} not met`);
}

function mediaRows(hub: SpawnedHub): number {
  const db = new Database(path.join(hub.dataDir, 'hub.sqlite'), { readonly: true });
  try {
    return (db.query('select count(*) as n from media').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** A 3 MiB "video": a real MP4's first bytes (it sniffs as MP4), then filler. */
async function bigVideo(): Promise<Uint8Array> {
  const bytes = new Uint8Array(3 * 1024 * 1024).fill(0x42);
  bytes.set((await mediaSamples()).mp4.bytes().subarray(0, 4096));
  return bytes;
}

describe('a client that disconnects mid-upload, local disk', () => {
  let hub: SpawnedHub;
  let auth: { siteToken: string; token: string };
  beforeAll(async () => {
    hub = await spawnHub({ SITE_PASSWORD, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    auth = await signIn(hub);
  }, 60_000);
  afterAll(async () => {
    await hub?.cleanup();
  });
  const incoming = () => path.join(hub.dataDir, 'media', '.incoming');

  test('half a file, then the socket closes: no row, no file, no temporary file', async () => {
    const video = await bigVideo();
    await sendThenVanish(
      hub,
      auth,
      [new TextEncoder().encode(partHead('cut.mp4')), video.subarray(0, 2 * 1024 * 1024)],
      10 * 1024 * 1024,
      () => readdirSync(incoming()).length > 0,
    );
    await waitFor(() => readdirSync(incoming()).length === 0, 'the temporary file removed');
    expect(mediaRows(hub)).toBe(0);
    expect(filesUnder(path.join(hub.dataDir, 'media'))).toEqual([]);
  }, 60_000);

  test('a whole first file stored, then the socket closes in the second: the first file goes too', async () => {
    const video = await bigVideo();
    const encoder = new TextEncoder();
    const originals = path.join(hub.dataDir, 'media', 'originals');
    await sendThenVanish(
      hub,
      auth,
      [encoder.encode(partHead('first.mp4')), video, encoder.encode(`\r\n${partHead('second.mp4')}`), video.subarray(0, 1024 * 1024)],
      20 * 1024 * 1024,
      () => filesUnder(originals).length > 0 && readdirSync(incoming()).length > 0,
    );
    await waitFor(() => filesUnder(path.join(hub.dataDir, 'media')).length === 0, 'every file removed');
    expect(mediaRows(hub)).toBe(0);
    // The hub is fine afterwards, and logged no error for a client that left.
    expect((await fetch(`${hub.url}/healthz`)).status).toBe(200);
    expect(hub.output()).not.toMatch(/ ERROR /);
  }, 60_000);

  test('the start-up sweep clears temporary files a killed hub left', async () => {
    await Bun.write(path.join(incoming(), 'left-by-a-crash.part'), 'half a file');
    await hub.stop('SIGKILL');
    hub = await spawnHub({ SITE_PASSWORD, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { dataDir: hub.dataDir });
    expect(readdirSync(incoming())).toEqual([]);
  }, 60_000);
});

const unavailableReason = swiftUnavailableReason();
describe.skipIf(Boolean(unavailableReason))('a client that disconnects mid-upload, S3', () => {
  let swift: SwiftS3;
  let hub: SpawnedHub;
  let auth: { siteToken: string; token: string };
  let admin: S3Client;
  const s3Env = () => ({
    SITE_PASSWORD,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...s3EnvOf(swift),
  });
  beforeAll(async () => {
    swift = await startSwiftS3({ bucket: 'hub-disconnect-test' });
    hub = await spawnHub(s3Env());
    auth = await signIn(hub);
    admin = new S3Client({
      endpoint: swift.endpoint,
      region: swift.region,
      forcePathStyle: true,
      credentials: { accessKeyId: swift.accessKeyId, secretAccessKey: swift.secretAccessKey },
    });
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    admin?.destroy();
    await hub?.cleanup();
    await swift?.stop();
  }, 60_000);

  const objects = async () => (await admin.send(new ListObjectsV2Command({ Bucket: swift.bucket }))).KeyCount ?? 0;
  const uploadsOpen = async () => (await admin.send(new ListMultipartUploadsCommand({ Bucket: swift.bucket }))).Uploads?.length ?? 0;

  test('a file cut off after its multipart upload began: no row, no object, the upload aborted', async () => {
    // More than one 16 MiB part, so the store has begun a multipart upload before the cut.
    const video = new Uint8Array(20 * 1024 * 1024).fill(0x42);
    video.set((await mediaSamples()).mp4.bytes().subarray(0, 4096));
    await sendThenVanish(hub, auth, [new TextEncoder().encode(partHead('cut.mp4')), video], 40 * 1024 * 1024, async () => (await uploadsOpen()) > 0);
    await waitFor(async () => (await uploadsOpen()) === 0, 'the multipart upload aborted');
    expect(await objects()).toBe(0);
    expect(mediaRows(hub)).toBe(0);
  }, 60_000);

  test('the start-up sweep aborts multipart uploads a killed hub left open in its folders, and only those', async () => {
    const open = async (key: string) => (await admin.send(new CreateMultipartUploadCommand({ Bucket: swift.bucket, Key: key }))).UploadId!;
    await open('originals/2026/11/0123456789abcdef0123456789abcdef.mp4');
    await open('thumbnails/2026/11/0123456789abcdef0123456789abcdef.webp');
    const foreign = await open('someone-else/backup.tar');
    await hub.stop('SIGKILL');
    hub = await spawnHub(s3Env(), { dataDir: hub.dataDir });
    const left = (await admin.send(new ListMultipartUploadsCommand({ Bucket: swift.bucket }))).Uploads ?? [];
    expect(left.map((u) => u.Key)).toEqual(['someone-else/backup.tar']);
    await admin.send(new AbortMultipartUploadCommand({ Bucket: swift.bucket, Key: 'someone-else/backup.tar', UploadId: foreign }));
  }, 60_000);
});
