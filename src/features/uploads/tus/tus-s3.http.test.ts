// A resumable upload on the S3 driver, against a real S3-compatible server (OpenStack Swift's
// s3api): the bytes wait on the local disk (DATA_DIR/uploads) until the last one, then the
// original goes into the bucket as a multipart upload's does, and the local file is gone.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { storedKeys } from '../../../../test/helpers/media-deletion.ts';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { SWIFT_HOOK_TIMEOUT_MS, type SwiftS3, s3StoreOn, startSwiftS3, swiftUnavailableReason } from '../../../../test/helpers/swift-s3.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import type { UploadView } from '../../../shared/uploads.ts';
import type { S3MediaStore } from '../../../storage/s3-store.ts';

const unavailableReason = swiftUnavailableReason();
const TUS = { 'Tus-Resumable': '1.0.0' };

describe.skipIf(Boolean(unavailableReason))('a tus upload on S3 (OpenStack Swift s3api)', () => {
  let swift: SwiftS3;
  let store: S3MediaStore;
  let t: TestApp;

  beforeAll(async () => {
    swift = await startSwiftS3();
    store = s3StoreOn(swift);
    t = await createTestApp({ store, env: { SITE_LOCKOUT_HOURS: '0' } });
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    store?.destroy();
    await swift?.stop();
  }, 60_000);

  test('the finished upload lands in the bucket, byte for byte; nothing is left in the local uploads folder', async () => {
    const alice = await signedInUser(t.database.db);
    const bytes = (await mediaSamples()).mp4.bytes();
    const created = await t.request('/api/uploads', {
      method: 'POST',
      as: alice,
      headers: { ...TUS, 'Upload-Length': String(bytes.byteLength), 'Upload-Metadata': `filename ${btoa('beach.mp4')}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(bytes.byteLength / 2);
    for (const [from, to] of [
      [0, half],
      [half, bytes.byteLength],
    ] as const) {
      const res = await t.request(location, {
        method: 'PATCH',
        as: alice,
        headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(from) },
        body: bytes.subarray(from, to) as Uint8Array<ArrayBuffer>,
      });
      expect(res.status).toBe(204);
      // While it waits for bytes, nothing of it is in the bucket.
      if (to < bytes.byteLength) expect(await storedKeys(store)).toEqual([]);
    }
    const view = (await (await t.request(location, { as: alice })).json()) as UploadView;
    if (view.state !== 'done') throw new Error(`not done: ${JSON.stringify(view)}`);
    const row = await t.database.db.selectFrom('media').select('storage_key').where('id', '=', view.media._id).executeTakeFirstOrThrow();
    expect(await storedKeys(store)).toEqual([row.storage_key]);
    const object = await store.get(row.storage_key);
    expect(Buffer.from(await new Response(object!.body).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const uploadsDir = path.join(t.dataDir, 'uploads');
    expect(existsSync(uploadsDir) ? readdirSync(uploadsDir) : []).toEqual([]);
  });
});
