// The gallery's deletions on the S3 driver, against a real S3-compatible server (OpenStack Swift's
// s3api): deleting forever takes the original and every rendition out of the bucket before the
// row goes, and a deleted account leaves none of its objects behind.
import { describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { expectAccountDeletionLeavesNoBytes, storedKeys } from '../../../test/helpers/media-deletion.ts';
import { newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { s3TestApp } from '../../../test/helpers/s3-test-app.ts';
import { swiftUnavailableReason } from '../../../test/helpers/swift-s3.ts';

const unavailableReason = swiftUnavailableReason();

describe.skipIf(Boolean(unavailableReason))('the gallery on S3 (OpenStack Swift s3api)', () => {
  const s3 = s3TestApp();

  test('delete forever removes the original and its renditions from the bucket, then the row', async () => {
    const owner = await signedInUser(s3.t.database.db);
    const row = newMedia(s3.t.database, owner.user._id, { displayKey: `media/test/display-${owner.user._id}.webp`, deletedAt: Date.now() });
    const kept = newMedia(s3.t.database, owner.user._id);
    const keys = await putMediaBytes(s3.t.store, row);
    await putMediaBytes(s3.t.store, kept);
    expect(keys).toHaveLength(3);
    expect(await storedKeys(s3.store)).toEqual(expect.arrayContaining(keys));
    const res = await s3.t.request(`/api/gallery/${row.id}/permanent-delete`, { method: 'DELETE', as: owner });
    expect(res.status).toBe(200);
    const left = await storedKeys(s3.store);
    for (const key of keys) expect(left).not.toContain(key);
    expect(left).toEqual(expect.arrayContaining([kept.storage_key, kept.thumbnail_key!]));
    expect((await s3.t.request(`/api/gallery/${row.id}`, { as: owner })).status).toBe(404);
  });

  test('a deleted account leaves none of its objects in the bucket', async () => {
    await expectAccountDeletionLeavesNoBytes(s3.t);
  });
});
