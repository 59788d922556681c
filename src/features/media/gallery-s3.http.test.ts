// The gallery's deletions on the S3 driver, against a real S3-compatible server (OpenStack Swift's
// s3api): deleting forever takes the original and every rendition out of the bucket before the
// row goes, and a deleted account leaves none of its objects behind.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { expectAccountDeletionLeavesNoBytes, storedKeys } from '../../../test/helpers/media-deletion.ts';
import { newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { SWIFT_HOOK_TIMEOUT_MS, type SwiftS3, s3StoreOn, startSwiftS3, swiftUnavailableReason } from '../../../test/helpers/swift-s3.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { S3MediaStore } from '../../storage/s3-store.ts';

const unavailableReason = swiftUnavailableReason();

describe.skipIf(Boolean(unavailableReason))('the gallery on S3 (OpenStack Swift s3api)', () => {
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
  }, 15_000);

  test('delete forever removes the original and its renditions from the bucket, then the row', async () => {
    const owner = await signedInUser(t.database.db);
    const row = newMedia(t.database, owner.user._id, { displayKey: `media/test/display-${owner.user._id}.webp`, deletedAt: Date.now() });
    const kept = newMedia(t.database, owner.user._id);
    const keys = await putMediaBytes(t.store, row);
    await putMediaBytes(t.store, kept);
    expect(keys).toHaveLength(3);
    expect(await storedKeys(store)).toEqual(expect.arrayContaining(keys));
    const res = await t.request(`/api/gallery/${row.id}/permanent-delete`, { method: 'DELETE', as: owner });
    expect(res.status).toBe(200);
    const left = await storedKeys(store);
    for (const key of keys) expect(left).not.toContain(key);
    expect(left).toEqual(expect.arrayContaining([kept.storage_key, kept.thumbnail_key!]));
    expect((await t.request(`/api/gallery/${row.id}`, { as: owner })).status).toBe(404);
  });

  test('a deleted account leaves none of its objects in the bucket', async () => {
    await expectAccountDeletionLeavesNoBytes(t);
  });
});
