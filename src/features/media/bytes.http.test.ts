// Uploads into The Red Room and serving their bytes, through the real app, on both stores: the
// local disk and a real S3-compatible server (OpenStack Swift's s3api).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { credentialsFor, newUser, signedInUser } from '../../../test/helpers/factories.ts';
import { mediaSamples, type SampleName } from '../../../test/helpers/media-samples.ts';
import { SWIFT_HOOK_TIMEOUT_MS, type SwiftS3, s3StoreOn, startSwiftS3, swiftUnavailableReason } from '../../../test/helpers/swift-s3.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { MediaItem, UploadResult } from '../../shared/media.ts';
import { LocalDiskStore } from '../../storage/local-disk-store.ts';
import type { ByteRange, MediaStore, StoredBody } from '../../storage/media-store.ts';
import type { S3MediaStore } from '../../storage/s3-store.ts';
import { MEDIA_CACHE_CONTROL } from './bytes.routes.ts';

const unavailableReason = swiftUnavailableReason();
let swift: Promise<SwiftS3> | undefined;
const sharedSwift = () => (swift ??= startSwiftS3({ bucket: 'hub-bytes-test' }));
if (!unavailableReason) beforeAll(() => sharedSwift().then(() => {}), SWIFT_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await (await swift?.catch(() => undefined))?.stop();
}, 60_000);

/** A store that passes everything on, and records each read: the range asked for and the bytes that came. */
class WatchedStore implements MediaStore {
  reads: { key: string; range: ByteRange | undefined; bytes: number }[] = [];
  constructor(readonly inner: MediaStore) {}
  get driver() {
    return this.inner.driver;
  }
  put: MediaStore['put'] = (key, body, options) => this.inner.put(key, body, options);
  head: MediaStore['head'] = (key) => this.inner.head(key);
  delete: MediaStore['delete'] = (key) => this.inner.delete(key);
  list: MediaStore['list'] = (prefix) => this.inner.list(prefix);
  ping: MediaStore['ping'] = () => this.inner.ping();
  async get(key: string, range?: ByteRange): Promise<StoredBody | null> {
    const got = await this.inner.get(key, range);
    if (!got) return got;
    const read = { key, range, bytes: 0 };
    this.reads.push(read);
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return { ...got, body: got.body.pipeThrough(counter) };
  }
}

/** The answer's bytes, for comparing with what was sent. */
const bytesOf = async (res: Response): Promise<Uint8Array> => new Uint8Array(await res.arrayBuffer());
const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
const text = (s: string) => new TextEncoder().encode(s);

function form(files: { name: string; bytes: Uint8Array; field?: string }[], fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append(file.field ?? 'files', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), file.name);
  return body;
}

async function keysIn(store: MediaStore): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of ['originals/', 'thumbnails/', 'display/']) for await (const o of store.list(prefix)) keys.push(o.key);
  return keys;
}

function describeBytes(name: string, openStore: () => Promise<MediaStore>, skipReason?: string) {
  describe.skipIf(Boolean(skipReason))(`media bytes on ${name}`, () => {
    let t: TestApp;
    let store: WatchedStore;
    let alice: SignedIn;
    let bob: SignedIn;

    beforeAll(async () => {
      store = new WatchedStore(await openStore());
      t = await createTestApp({ store });
      alice = await signedInUser(t.database.db, { username: `alice-${name}` });
      bob = await signedInUser(t.database.db, { username: `bob-${name}` });
      await mediaSamples();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      (store?.inner as S3MediaStore | undefined)?.destroy?.();
    });

    const upload = (body: FormData | BodyInit, as: SignedIn = alice, headers?: Record<string, string>) =>
      t.request('/api/gallery/upload', { method: 'POST', body, as, ...(headers ? { headers } : {}) });
    const rows = () => t.database.db.selectFrom('media').selectAll().execute();

    async function uploadOne(bytes: Uint8Array, fileName: string, as: SignedIn = alice): Promise<MediaItem> {
      const res = await upload(form([{ name: fileName, bytes }]), as);
      expect(res.status).toBe(201);
      return ((await res.json()) as UploadResult).media[0]!;
    }

    describe('upload', () => {
      const names: SampleName[] = ['jpeg', 'jpegExif', 'png', 'gif', 'webp', 'avif', 'heic', 'mp4', 'mov', 'm4v', 'webm'];
      test.each(names)(
        'a real %s file is stored as sent and answers as a processing item',
        async (sampleName) => {
          const sample = (await mediaSamples())[sampleName];
          const res = await upload(form([{ name: sample.name, bytes: sample.bytes() }]));
          expect(res.status).toBe(201);
          const body = (await res.json()) as UploadResult;
          expect(body.errors).toEqual([]);
          const item = body.media[0]!;
          expect(item).toMatchObject({
            title: sample.name.replace(/\.[^.]+$/, ''),
            type: sample.type,
            mimeType: sample.mimeType,
            size: sample.bytes().length,
            originalName: sample.name,
            source: 'gallery',
            status: 'processing',
            tags: [],
            isFavorite: false,
            modelId: null,
            deletedAt: null,
            url: `/media/${item._id}`,
          });
          const row = await t.database.db.selectFrom('media').selectAll().where('id', '=', item._id).executeTakeFirstOrThrow();
          expect(row.owner_id).toBe(alice.user._id);
          expect(row.gallery).toBe('gallery');
          expect(row.sha256).toBe(sha256(sample.bytes()));
          expect(row.storage_key).toMatch(
            new RegExp(`^originals/\\d{4}/\\d{2}/[0-9a-f]{32}\\.${sample.name.split('.').pop()!.toLowerCase().replace('jpg', 'jpg')}$`),
          );
          const served = await t.request(item.url, { as: alice });
          expect(served.status).toBe(200);
          expect(served.headers.get('content-type')).toBe(sample.mimeType);
          expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(sample.bytes()));
        },
        30_000,
      );

      test('a text file renamed photo.jpg is refused with 415 naming it; nothing is stored or written', async () => {
        const before = { keys: await keysIn(store), rows: (await rows()).length };
        const res = await upload(form([{ name: 'photo.jpg', bytes: text('just some text, not a photo\n'.repeat(50)) }]));
        expect(res.status).toBe(415);
        const body = (await res.json()) as { error: string; errors: { name: string; error: string }[] };
        expect(body.error).toContain('photo.jpg');
        expect(body.errors).toEqual([{ name: 'photo.jpg', error: body.error }]);
        expect({ keys: await keysIn(store), rows: (await rows()).length }).toEqual(before);
      });

      test('an SVG, an HTML page and an empty file are refused too', async () => {
        for (const [fileName, bytes] of [
          ['image.svg', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
          ['page.jpg', text('<!doctype html><script>alert(1)</script>')],
          ['empty.png', new Uint8Array()],
        ] as const) {
          const res = await upload(form([{ name: fileName, bytes }]));
          expect(`${fileName} ${res.status}`).toBe(`${fileName} 415`);
        }
      });

      test('no file: 400, whether the form is empty, has only fields, or a file part without a name', async () => {
        const empty = await upload(new FormData());
        expect(empty.status).toBe(400);
        expect(((await empty.json()) as { error: string }).error).toBe('No file was uploaded');
        expect((await upload(form([], { title: 'Nothing', tags: 'a' }))).status).toBe(400);
        const raw = '--b\r\nContent-Disposition: form-data; name="files"\r\n\r\nnot a file\r\n--b--\r\n';
        expect((await upload(raw, alice, { 'content-type': 'multipart/form-data; boundary=b' })).status).toBe(400);
      });

      test('a body that is not multipart is 415; a multipart type without a boundary is 400', async () => {
        expect((await upload(JSON.stringify({ files: [] }), alice, { 'content-type': 'application/json' })).status).toBe(415);
        expect((await upload('x', alice, { 'content-type': 'multipart/form-data' })).status).toBe(415);
        expect((await upload('x', alice, { 'content-type': 'multipart/form-data; charset=utf-8' })).status).toBe(400);
      });

      test('several files with one bad: 201 with the good ones and the refusal named', async () => {
        const samples = await mediaSamples();
        const res = await upload(
          form(
            [
              { name: 'one.png', bytes: samples.png.bytes() },
              { name: 'notes.mp4', bytes: text('%PDF-1.7 not a video') },
              { name: 'two.webm', bytes: samples.webm.bytes() },
            ],
            { title: 'Ignored for several files' },
          ),
        );
        expect(res.status).toBe(201);
        const body = (await res.json()) as UploadResult;
        expect(body.media.map((m) => [m.title, m.mimeType])).toEqual([
          ['one', 'image/png'],
          ['two', 'video/webm'],
        ]);
        expect(body.errors).toHaveLength(1);
        expect(body.errors[0]!.name).toBe('notes.mp4');
        expect(body.errors[0]!.error).toContain('notes.mp4');
      });

      test('the title names a single file; tags are trimmed, deduplicated ignoring case and kept lower-case for filtering', async () => {
        const samples = await mediaSamples();
        const res = await upload(
          form([{ name: 'IMG_1234.JPG', bytes: samples.jpeg.bytes(), field: 'media' }], { title: '  Beach day  ', tags: ' POV , Outdoor,pov,, My Tag ' }),
        );
        expect(res.status).toBe(201);
        const item = ((await res.json()) as UploadResult).media[0]!;
        expect(item.title).toBe('Beach day');
        expect(item.tags).toEqual(['POV', 'Outdoor', 'My Tag']);
        const tagRows = await t.database.db.selectFrom('media_tags').select(['tag', 'owner_id']).where('media_id', '=', item._id).orderBy('tag').execute();
        expect(tagRows).toEqual(['my tag', 'outdoor', 'pov'].map((tag) => ({ tag, owner_id: alice.user._id })));
        const row = await t.database.db.selectFrom('media').select('search_text').where('id', '=', item._id).executeTakeFirstOrThrow();
        expect(row.search_text).toBe('beach day\npov\noutdoor\nmy tag');
      });

      test('a tag over 50 characters is 400 and leaves nothing, even after the file was stored', async () => {
        const before = { keys: await keysIn(store), rows: (await rows()).length };
        const samples = await mediaSamples();
        const body = new FormData();
        body.append('files', new Blob([samples.jpeg.bytes() as Uint8Array<ArrayBuffer>]), 'a.jpg');
        body.append('tags', `ok, ${'x'.repeat(51)}`);
        const res = await upload(body);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe('Tags must be at most 50 characters');
        expect({ keys: await keysIn(store), rows: (await rows()).length }).toEqual(before);
      });

      test("modelId: one of the user's models links the item; another user's is 404 and nothing is kept", async () => {
        const samples = await mediaSamples();
        const mine = await t.request('/api/models', { method: 'POST', json: { name: 'Mine' }, as: alice });
        const theirs = await t.request('/api/models', { method: 'POST', json: { name: 'Theirs' }, as: bob });
        const mineId = ((await mine.json()) as { _id: string })._id;
        const theirsId = ((await theirs.json()) as { _id: string })._id;
        const ok = await upload(form([{ name: 'm.jpg', bytes: samples.jpeg.bytes() }], { modelId: mineId }));
        expect(ok.status).toBe(201);
        expect(((await ok.json()) as UploadResult).media[0]).toMatchObject({ modelId: mineId, modelName: 'Mine' });

        const before = { keys: await keysIn(store), rows: (await rows()).length };
        const refused = await upload(form([{ name: 'm.jpg', bytes: samples.jpeg.bytes() }], { modelId: theirsId }));
        expect(refused.status).toBe(404);
        expect(((await refused.json()) as { error: string }).error).toBe('Model not found');
        expect({ keys: await keysIn(store), rows: (await rows()).length }).toEqual(before);
      });

      test('an upload cut off after its first file stored leaves no row and no bytes', async () => {
        const before = { keys: await keysIn(store), rows: (await rows()).length };
        const samples = await mediaSamples();
        const head = text('--cut\r\nContent-Disposition: form-data; name="files"; filename="first.jpg"\r\nContent-Type: image/jpeg\r\n\r\n');
        const second = text('\r\n--cut\r\nContent-Disposition: form-data; name="files"; filename="second.mp4"\r\n\r\n');
        const chunks = [head, samples.jpeg.bytes(), second, samples.mp4.bytes().subarray(0, 2000)];
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const next = chunks.shift();
            if (next) controller.enqueue(next);
            else controller.error(new Error('connection reset'));
          },
        });
        const res = await upload(body, alice, { 'content-type': 'multipart/form-data; boundary=cut' });
        expect(res.status).toBe(400);
        expect({ keys: await keysIn(store), rows: (await rows()).length }).toEqual(before);
        if (store.inner instanceof LocalDiskStore) expect(readdirSync(path.join(store.inner.root, '.incoming'))).toEqual([]);
      });

      test('without a session 401, without the site token 401: no body is read', async () => {
        const samples = await mediaSamples();
        expect((await upload(form([{ name: 'a.jpg', bytes: samples.jpeg.bytes() }]), { siteToken: alice.siteToken } as SignedIn)).status).toBe(401);
        expect((await upload(form([{ name: 'a.jpg', bytes: samples.jpeg.bytes() }]), {} as SignedIn)).status).toBe(401);
      });
    });

    describe('over MAX_UPLOAD_BYTES', () => {
      test('a file over the limit is 413 naming it, nothing stored; a smaller one beside it is accepted', async () => {
        const small = await createTestApp({ store, env: { MAX_UPLOAD_BYTES: '100000' } });
        try {
          const as = await credentialsFor(small.database.db, await newUser(small.database.db));
          const samples = await mediaSamples();
          const big = new Uint8Array(300_000);
          big.set(samples.jpeg.bytes().subarray(0, 1000));
          const before = await keysIn(store);
          const refused = await small.request('/api/gallery/upload', { method: 'POST', body: form([{ name: 'huge.jpg', bytes: big }]), as });
          expect(refused.status).toBe(413);
          expect(((await refused.json()) as { error: string }).error).toBe('huge.jpg is larger than the upload limit of 97.66 KB');
          expect(await keysIn(store)).toEqual(before);
          const mixed = await small.request('/api/gallery/upload', {
            method: 'POST',
            body: form([
              { name: 'huge.jpg', bytes: big },
              { name: 'small.png', bytes: samples.png.bytes().subarray(0, 50_000) },
            ]),
            as,
          });
          expect(mixed.status).toBe(201);
          const body = (await mixed.json()) as UploadResult;
          expect(body.media.map((m) => m.originalName)).toEqual(['small.png']);
          expect(body.errors.map((e) => e.name)).toEqual(['huge.jpg']);
        } finally {
          await small.close();
        }
      }, 60_000);
    });

    describe('serving', () => {
      let photo: MediaItem;
      let bytes: Uint8Array;
      beforeAll(async () => {
        bytes = (await mediaSamples()).jpeg.bytes();
        photo = await uploadOne(bytes, 'Été à la plage (1).jpg');
      });
      const get = (url: string, headers: Record<string, string> = {}, as: SignedIn = alice, method = 'GET') => t.request(url, { method, headers, as });

      test('the original: its bytes, sniffed type, inline with its name, validators, private caching, nosniff', async () => {
        const res = await get(photo.url);
        expect(res.status).toBe(200);
        expect(await bytesOf(res)).toEqual(bytes);
        expect(res.headers.get('content-type')).toBe('image/jpeg');
        expect(res.headers.get('content-length')).toBe(String(bytes.length));
        expect(res.headers.get('accept-ranges')).toBe('bytes');
        expect(res.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
        expect(new Date(res.headers.get('last-modified')!).getTime()).toBe(Math.floor(Date.parse(photo.createdAt) / 1000) * 1000);
        expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
        expect(res.headers.get('cache-control')).toStartWith('private');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-disposition')).toBe(
          `inline; filename="_t_ _ la plage (1).jpg"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20la%20plage%20%281%29.jpg`,
        );
        expect(res.headers.get('content-encoding')).toBeNull();
      });

      test('the viewer’s Download (?download=1): the same bytes as an attachment under its name', async () => {
        const res = await get(`${photo.url}?download=1`);
        expect(res.status).toBe(200);
        expect(await bytesOf(res)).toEqual(bytes);
        expect(res.headers.get('content-disposition')).toBe(
          `attachment; filename="_t_ _ la plage (1).jpg"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20la%20plage%20%281%29.jpg`,
        );
        expect((await get(`${photo.url}?download=yes`)).headers.get('content-disposition')).toStartWith('inline;');
      });

      test('single ranges: closed, open, suffix, clamped; exactly those bytes with Content-Range', async () => {
        const size = bytes.length;
        for (const [header, start, end] of [
          ['bytes=0-0', 0, 0],
          ['bytes=10-19', 10, 19],
          [`bytes=${size - 100}-`, size - 100, size - 1],
          ['bytes=-500', size - 500, size - 1],
          [`bytes=-${size + 10}`, 0, size - 1],
          [`bytes=100-${size * 2}`, 100, size - 1],
        ] as const) {
          const res = await get(photo.url, { range: header });
          expect(`${header} ${res.status}`).toBe(`${header} 206`);
          expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
          expect(res.headers.get('content-length')).toBe(String(end - start + 1));
          expect(await bytesOf(res)).toEqual(bytes.subarray(start, end + 1));
        }
      });

      test('unsatisfiable ranges are 416 with the size; several ranges and nonsense get the whole file', async () => {
        const size = bytes.length;
        for (const header of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0']) {
          const res = await get(photo.url, { range: header });
          expect(`${header} ${res.status}`).toBe(`${header} 416`);
          expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
        }
        for (const header of ['bytes=0-1,5-9', 'bytes=9-2', 'items=0-5', 'bytes=abc', 'bytes=-']) {
          const res = await get(photo.url, { range: header });
          expect(`${header} ${res.status}`).toBe(`${header} 200`);
          expect((await res.arrayBuffer()).byteLength).toBe(size);
        }
      });

      test('conditional requests: If-None-Match and If-Modified-Since give 304; If-Range decides whether the range applies', async () => {
        const first = await get(photo.url);
        const etag = first.headers.get('etag')!;
        const lastModified = first.headers.get('last-modified')!;
        await first.arrayBuffer();
        for (const headers of [
          { 'if-none-match': etag },
          { 'if-none-match': `"other", W/${etag}` },
          { 'if-none-match': '*' },
          { 'if-modified-since': lastModified },
        ] as Record<string, string>[]) {
          const res = await get(photo.url, headers);
          expect(`${JSON.stringify(headers)} ${res.status}`).toBe(`${JSON.stringify(headers)} 304`);
          expect(res.headers.get('etag')).toBe(etag);
          expect(await res.text()).toBe('');
        }
        expect((await get(photo.url, { 'if-none-match': '"other"' })).status).toBe(200);
        expect((await get(photo.url, { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() })).status).toBe(200);
        // If-None-Match wins over If-Modified-Since.
        expect((await get(photo.url, { 'if-none-match': '"other"', 'if-modified-since': lastModified })).status).toBe(200);
        expect((await get(photo.url, { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
        expect((await get(photo.url, { range: 'bytes=0-9', 'if-range': lastModified })).status).toBe(206);
        expect((await get(photo.url, { range: 'bytes=0-9', 'if-range': '"changed"' })).status).toBe(200);
        expect((await get(photo.url, { range: 'bytes=0-9', 'if-range': `W/${etag}` })).status).toBe(200);
      });

      test('HEAD answers the headers of GET without a body', async () => {
        const res = await get(photo.url, {}, alice, 'HEAD');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-length')).toBe(String(bytes.length));
        expect(res.headers.get('content-type')).toBe('image/jpeg');
        expect(res.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
        expect(await res.text()).toBe('');
        const ranged = await get(photo.url, { range: 'bytes=5-14' }, alice, 'HEAD');
        expect(ranged.status).toBe(206);
        expect(ranged.headers.get('content-range')).toBe(`bytes 5-14/${bytes.length}`);
        expect(ranged.headers.get('content-length')).toBe('10');
      });

      test('thumbnail: 404 until one exists, then WebP with its own validator; display: the original until a rendition exists', async () => {
        expect((await get(`${photo.url}/thumbnail`)).status).toBe(404);
        const display = await get(photo.display);
        expect(display.status).toBe(200);
        expect(display.headers.get('content-type')).toBe('image/jpeg');
        expect(display.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
        expect(await bytesOf(display)).toEqual(bytes);

        const webp = (await mediaSamples()).webp.bytes();
        const streamOf = (b: Uint8Array) => new Response(b as Uint8Array<ArrayBuffer>).body!;
        const thumbnailKey = `thumbnails/2026/11/${crypto.randomUUID().replaceAll('-', '')}.webp`;
        const displayKey = `display/2026/11/${crypto.randomUUID().replaceAll('-', '')}.webp`;
        await store.put(thumbnailKey, streamOf(webp), { contentType: 'image/webp' });
        await store.put(displayKey, streamOf(webp.subarray(0, 1000)), { contentType: 'image/webp' });
        await t.database.db.updateTable('media').set({ thumbnail_key: thumbnailKey, display_key: displayKey }).where('id', '=', photo._id).execute();

        for (const [url, expected] of [
          [`${photo.url}/thumbnail`, webp],
          [photo.display, webp.subarray(0, 1000)],
        ] as const) {
          const res = await get(url);
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toBe('image/webp');
          expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20la%20plage%20%281%29.webp`);
          const etag = res.headers.get('etag')!;
          expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
          expect(etag).not.toBe(`"${sha256(bytes)}"`);
          expect(await bytesOf(res)).toEqual(expected);
          expect((await get(url, { 'if-none-match': etag })).status).toBe(304);
          expect((await get(url, { 'if-modified-since': res.headers.get('last-modified')! })).status).toBe(304);
          const ranged = await get(url, { range: 'bytes=-10' });
          expect(ranged.status).toBe(206);
          expect(await bytesOf(ranged)).toEqual(expected.subarray(expected.length - 10));
          expect((await get(url, { range: `bytes=${expected.length}-` })).status).toBe(416);
          const head = await get(url, {}, alice, 'HEAD');
          expect(head.headers.get('content-length')).toBe(String(expected.length));
        }
      });

      test("another user's item is 404 on every byte URL, GET and HEAD; without a session or site token 401 JSON, never a page", async () => {
        const urls = [photo.url, `${photo.url}/thumbnail`, photo.display];
        for (const url of urls) {
          for (const method of ['GET', 'HEAD']) {
            const res = await get(url, { range: 'bytes=0-10' }, bob, method);
            expect(`${method} ${url} ${res.status}`).toBe(`${method} ${url} 404`);
          }
          const signedOut = await t.request(url, { as: { siteToken: alice.siteToken } });
          expect(signedOut.status).toBe(401);
          expect(signedOut.headers.get('content-type')).toContain('application/json');
          const outside = await t.request(url);
          expect(outside.status).toBe(401);
          expect(outside.headers.get('content-type')).toContain('application/json');
        }
        expect((await get(`/media/${crypto.randomUUID()}`)).status).toBe(404);
        expect((await get('/media/..%2f..%2fetc%2fpasswd')).status).toBe(404);
      });

      test('an item in the recycling bin is still served to its owner; an original gone from the store is 404', async () => {
        const binned = await uploadOne(bytes, 'binned.jpg');
        await t.database.db.updateTable('media').set({ deleted_at: Date.now() }).where('id', '=', binned._id).execute();
        expect((await get(binned.url)).status).toBe(200);
        expect((await get(binned.url, {}, bob)).status).toBe(404);
        const row = await t.database.db.selectFrom('media').select('storage_key').where('id', '=', binned._id).executeTakeFirstOrThrow();
        await store.delete(row.storage_key);
        expect((await get(binned.url)).status).toBe(404);
        expect((await get(binned.url, {}, alice, 'HEAD')).status).toBe(404);
      });

      test('a range of a large video reads only that range from the store', async () => {
        // 12 MiB of an "MP4": more than S3 multipart's part size, so it is stored in parts too.
        const big = new Uint8Array(12 * 1024 * 1024);
        big.set((await mediaSamples()).mp4.bytes().subarray(0, 4096));
        for (let i = 4096; i < big.length; i += 4096) big[i] = i % 251;
        const video = await uploadOne(big, 'long.mp4');
        store.reads = [];
        const start = 7 * 1024 * 1024;
        const res = await get(video.url, { range: `bytes=${start}-${start + 65_535}` });
        expect(res.status).toBe(206);
        expect(await bytesOf(res)).toEqual(big.subarray(start, start + 65_536));
        expect(store.reads).toHaveLength(1);
        expect(store.reads[0]!.range).toEqual({ start, end: start + 65_535 });
        expect(store.reads[0]!.bytes).toBe(65_536);
      }, 60_000);
    });
  });
}

describeBytes('the local disk', async () =>
  new LocalDiskStore(path.join((await import('../../../test/helpers/test-app.ts')).tempDir('hub-bytes-'), 'media')).init(),
);

describeBytes(
  'S3 (OpenStack Swift s3api)',
  async () => {
    const server = await sharedSwift();
    return s3StoreOn(server, { partSize: 5 * 1024 * 1024 });
  },
  unavailableReason,
);
