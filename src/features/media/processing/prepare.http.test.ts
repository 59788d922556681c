// A photo is processed from the moment its bytes are stored, while the rest of its upload is still
// arriving; a request that fails afterwards leaves nothing, whatever was begun on its photos.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { createTestApp, type SignedIn, type TestApp, tempDir } from '../../../../test/helpers/test-app.ts';
import type { MediaItem, UploadResult } from '../../../shared/media.ts';
import { LocalDiskStore } from '../../../storage/local-disk-store.ts';
import { UPLOAD_TEXT } from '../ingest/ingest.service.ts';

/** The local store, noting each original read where it lies (by processing) and whether the upload was still open. */
class WatchedStore extends LocalDiskStore {
  reads: { key: string; uploadOpen: boolean }[] = [];
  uploadOpen = false;
  override async filePath(key: string): Promise<string | null> {
    this.reads.push({ key, uploadOpen: this.uploadOpen });
    return super.filePath(key);
  }
}

const BOUNDARY = 'hubprepare';
const encoder = new TextEncoder();
// A part's headers; parts are joined by NEXT and the body ends with LAST.
const fileHead = (name: string) => encoder.encode(`Content-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`);
const fieldPart = (name: string, value: string) => encoder.encode(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`);
const FIRST = encoder.encode(`--${BOUNDARY}\r\n`);
const NEXT = encoder.encode(`\r\n--${BOUNDARY}\r\n`);
const LAST = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  // A generous bound only so a broken hub fails the test instead of hanging it.
  for (let i = 0; i < 800; i++) {
    if (condition()) return;
    await Bun.sleep(25);
  }
  throw new Error(`${what} not met`);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('processing begins as soon as a photo is stored', () => {
  let t: TestApp;
  let store: WatchedStore;
  let alice: SignedIn;
  let photo: Uint8Array;
  const storeDir = tempDir('hub-prepare-store-');
  beforeAll(async () => {
    store = await new WatchedStore(path.join(storeDir, 'media')).init();
    t = await createTestApp({ store });
    alice = await signedInUser(t.database.db, { username: 'alice' });
    photo = (await mediaSamples()).jpegExif.bytes();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(storeDir, { recursive: true, force: true });
  });

  /**
   * Sends the first photo, waits until processing has read its original while the body is still
   * open, then sends `rest` and ends the body.
   */
  async function uploadWithPause(rest: Uint8Array[]): Promise<Response> {
    store.reads = [];
    store.uploadOpen = true;
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = controller;
      },
    });
    // The delimiter after the photo ends it: its bytes are stored before the next part comes.
    // Each chunk a buffer of its own, as a socket gives them: the store frees what it has written.
    for (const chunk of [FIRST, fileHead('first.jpg'), photo, NEXT]) push.enqueue(chunk.slice());
    const answer = t.request('/api/gallery/upload', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      // @ts-expect-error Bun's RequestInit takes duplex for a streamed body
      duplex: 'half',
      as: alice,
    });
    await waitFor(() => store.reads.length > 0, 'the first photo read for processing');
    for (const chunk of rest) push.enqueue(chunk.slice());
    push.close();
    const res = await answer;
    store.uploadOpen = false;
    return res;
  }

  test('the first photo of a request is read for processing before the request ends, and its job does not read it again', async () => {
    const res = await uploadWithPause([fileHead('second.jpg'), photo, LAST]);
    expect(res.status).toBe(201);
    const { media } = (await res.json()) as UploadResult;
    expect(media.map((m) => m.status)).toEqual(['processing', 'processing']);
    const keys = (await t.database.db.selectFrom('media').select(['id', 'storage_key']).execute()).map((r) => r.storage_key);
    expect(store.reads[0]).toMatchObject({ uploadOpen: true });
    expect(keys).toContain(store.reads[0]!.key);

    await t.runJobs();
    for (const item of media) {
      const shown = (await (await t.request(`/api/gallery/${item._id}`, { as: alice })).json()) as MediaItem;
      expect(shown).toMatchObject({ status: 'ready', width: 480, height: 640, takenAt: '2024-05-17T14:30:00.000Z', thumbnail: `/media/${item._id}/thumbnail` });
      expect(shown.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
      const thumbnail = await t.request(`/media/${item._id}/thumbnail`, { as: alice });
      expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    }
    // Each original read once: by its preparation, as soon as it was stored; the jobs took what was made.
    expect(store.reads.map((r) => r.key).sort()).toEqual([...keys].sort());
  });

  test('a request refused after a photo was stored and begun: no item, no original, no rendition', async () => {
    const before = await t.database.db.selectFrom('media').select('id').execute();
    const res = await uploadWithPause([fieldPart('tags', 'x'.repeat(300)), LAST]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(UPLOAD_TEXT.tagTooLong);
    expect(store.reads).toHaveLength(1);
    const dropped = store.reads[0]!.key;

    // The preparation is dropped with its request: no job comes for it, and the store keeps nothing of it.
    await t.runJobs();
    expect(await t.database.db.selectFrom('media').select('id').execute()).toEqual(before);
    const stored = filesUnder(store.root);
    expect(stored.filter((f) => f.includes(path.basename(dropped).replace(/\.jpg$/, '')))).toEqual([]);
    expect(stored.filter((f) => f.startsWith('originals'))).toHaveLength(before.length);
    expect(stored.filter((f) => f.startsWith('thumbnails'))).toHaveLength(before.length);
    expect(stored.filter((f) => f.startsWith('.incoming'))).toEqual([]);
  });
});
