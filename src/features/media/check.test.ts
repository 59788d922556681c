// `media check` on both stores: files without rows, rows without originals, and what --fix does.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import path from 'node:path';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { mediaSamples } from '../../../test/helpers/media-samples.ts';
import { SWIFT_HOOK_TIMEOUT_MS, type SwiftS3, s3StoreOn, startSwiftS3, swiftUnavailableReason } from '../../../test/helpers/swift-s3.ts';
import { createTestApp, type TestApp, tempDir } from '../../../test/helpers/test-app.ts';
import type { UploadResult } from '../../shared/media.ts';
import { LocalDiskStore } from '../../storage/local-disk-store.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import type { S3MediaStore } from '../../storage/s3-store.ts';
import { CHECK_TEXT, checkMedia, ORPHAN_GRACE_MS } from './check.service.ts';
import { processMedia } from './jobs.ts';

const unavailableReason = swiftUnavailableReason();
let swift: Promise<SwiftS3> | undefined;
const sharedSwift = () => (swift ??= startSwiftS3({ bucket: 'hub-check-test' }));
if (!unavailableReason) beforeAll(() => sharedSwift().then(() => {}), SWIFT_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await (await swift?.catch(() => undefined))?.stop();
}, 60_000);

const streamOf = (text: string) => new Response(text).body!;

function describeCheck(name: string, openStore: () => Promise<MediaStore>, skipReason?: string) {
  describe.skipIf(Boolean(skipReason))(`media check on ${name}`, () => {
    let t: TestApp;
    let store: MediaStore;
    beforeAll(async () => {
      store = await openStore();
      t = await createTestApp({ store });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      (store as S3MediaStore).destroy?.();
    });

    test('reports files without items and items without originals; --fix deletes the old files and marks the items', async () => {
      const as = await signedInUser(t.database.db);
      const samples = await mediaSamples();
      const body = new FormData();
      for (const s of [samples.jpeg, samples.png, samples.mp4]) body.append('files', new Blob([s.bytes() as Uint8Array<ArrayBuffer>]), s.name);
      const uploaded = ((await (await t.request('/api/gallery/upload', { method: 'POST', body, as })).json()) as UploadResult).media;
      expect(uploaded).toHaveLength(3);
      const [kept, lost] = await Promise.all(
        uploaded.slice(0, 2).map((m) => t.database.db.selectFrom('media').selectAll().where('id', '=', m._id).executeTakeFirstOrThrow()),
      );
      // A rendition a row references is not an orphan; one nobody references is.
      await store.put('thumbnails/2026/11/00000000000000000000000000000001.webp', streamOf('thumb'));
      await t.database.db
        .updateTable('media')
        .set({ thumbnail_key: 'thumbnails/2026/11/00000000000000000000000000000001.webp' })
        .where('id', '=', kept!.id)
        .execute();
      await store.put('thumbnails/2026/11/00000000000000000000000000000002.webp', streamOf('stray thumbnail'));
      await store.put('originals/2026/11/00000000000000000000000000000003.mp4', streamOf('stray original'));
      await store.delete(lost!.storage_key);

      const now = () => new Date();
      const early = await checkMedia({ db: t.database.db, store, clock: now });
      expect(early.items).toBe(3);
      expect(early.storedFiles).toBe(5);
      // Just written: they may be an upload in progress, so only reported.
      expect(early.orphans).toEqual([]);
      expect(early.recent.map((o) => o.key).sort()).toEqual([
        'originals/2026/11/00000000000000000000000000000003.mp4',
        'thumbnails/2026/11/00000000000000000000000000000002.webp',
      ]);
      expect(early.missing).toEqual([{ id: lost!.id, ownerId: as.user._id, key: lost!.storage_key, alreadyMarked: false }]);

      const later = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
      const dry = await checkMedia({ db: t.database.db, store, clock: later });
      expect(dry.orphans.map((o) => o.key).sort()).toEqual([
        'originals/2026/11/00000000000000000000000000000003.mp4',
        'thumbnails/2026/11/00000000000000000000000000000002.webp',
      ]);
      expect(dry.fixed).toBeUndefined();
      expect(await store.head('originals/2026/11/00000000000000000000000000000003.mp4')).not.toBeNull();

      const fixed = await checkMedia({ db: t.database.db, store, clock: later, fix: true });
      expect(fixed.fixed).toEqual({ deleted: 2, marked: 1, reprocessed: 0, previewsRemade: 0 });
      expect(await store.head('originals/2026/11/00000000000000000000000000000003.mp4')).toBeNull();
      expect(await store.head('thumbnails/2026/11/00000000000000000000000000000002.webp')).toBeNull();
      expect(await store.head('thumbnails/2026/11/00000000000000000000000000000001.webp')).not.toBeNull();
      expect(await store.head(kept!.storage_key)).not.toBeNull();
      const marked = await t.database.db.selectFrom('media').selectAll().where('id', '=', lost!.id).executeTakeFirstOrThrow();
      expect(marked).toMatchObject({ status: 'failed', failure: CHECK_TEXT.missingFailure });
      expect(marked.missing_at).toBeNumber();
      const item = (await (await t.request(`/api/gallery/${lost!.id}`, { as })).json()) as { status: string; failure: string };
      expect(item).toMatchObject({ status: 'failed', failure: 'The original file is missing from storage' });

      const again = await checkMedia({ db: t.database.db, store, clock: later, fix: true });
      expect(again.orphans).toEqual([]);
      expect(again.missing).toEqual([{ id: lost!.id, ownerId: as.user._id, key: lost!.storage_key, alreadyMarked: true }]);
      expect(again.fixed).toEqual({ deleted: 0, marked: 0, reprocessed: 0, previewsRemade: 0 });
    }, 60_000);

    test('a thumbnail lost or emptied (a power cut) is reported, and --fix has it made again', async () => {
      const as = await signedInUser(t.database.db);
      const samples = await mediaSamples();
      const body = new FormData();
      for (const s of [samples.jpeg, samples.heic]) body.append('files', new Blob([s.bytes() as Uint8Array<ArrayBuffer>]), s.name);
      const [photo, heic] = ((await (await t.request('/api/gallery/upload', { method: 'POST', body, as })).json()) as UploadResult).media;
      await t.runJobs();
      const row = (id: string) => t.database.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const [photoRow, heicRow] = [await row(photo!._id), await row(heic!._id)];
      expect(photoRow.status).toBe('ready');
      // The photo's thumbnail is gone; the HEIC's display copy is there but empty.
      await store.delete(photoRow.thumbnail_key!);
      await store.put(heicRow.display_key!, streamOf(''));

      const report = await checkMedia({ db: t.database.db, store, clock: () => new Date() });
      const lost = report.renditionsLost.filter((r) => r.ownerId === as.user._id);
      expect(lost.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        [
          { id: photo!._id, ownerId: as.user._id, keys: [photoRow.thumbnail_key!] },
          { id: heic!._id, ownerId: as.user._id, keys: [heicRow.display_key!] },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      );
      expect((await t.request(`/media/${photo!._id}/thumbnail`, { as })).status).toBe(404);

      const requeued: string[] = [];
      const reprocess = async (ids: string[]) => {
        requeued.push(...ids);
        for (const id of ids) await t.services.jobs.enqueue(processMedia, { mediaId: id }, { key: id });
      };
      const fixed = await checkMedia({ db: t.database.db, store, clock: () => new Date(), fix: true, reprocess });
      expect(fixed.fixed?.reprocessed).toBe(2);
      expect(requeued.sort()).toEqual([photo!._id, heic!._id].sort());
      expect((await row(photo!._id)).status).toBe('processing');
      await t.runJobs();

      const thumbnail = await t.request(`/media/${photo!._id}/thumbnail`, { as });
      expect(thumbnail.status).toBe(200);
      expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(100);
      const display = await t.request(`/media/${heic!._id}/display`, { as });
      expect(display.headers.get('content-type')).toBe('image/webp');
      expect((await display.arrayBuffer()).byteLength).toBeGreaterThan(100);
      expect((await checkMedia({ db: t.database.db, store, clock: () => new Date() })).renditionsLost).toEqual([]);
    }, 60_000);
  });
}

describeCheck('the local disk', async () => new LocalDiskStore(path.join(tempDir('hub-check-'), 'media')).init());
describeCheck(
  'S3 (OpenStack Swift s3api)',
  async () => {
    const server = await sharedSwift();
    return s3StoreOn(server);
  },
  unavailableReason,
);
