// /api/uploads over tus 1.0.0: discovery, creation (with and without bytes), HEAD, PATCH, checksum,
// termination, expiry and the sweep, the owner's scope, the limits, and the answers to every
// wrong request, each `{error}` JSON and never a 500. The finished file is the same item a
// multipart upload of it makes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../../test/helpers/test-app.ts';
import type { MediaItem, UploadResult } from '../../../shared/media.ts';
import type { UploadView } from '../../../shared/uploads.ts';
import { UPLOAD_TEXT } from '../../media/ingest/ingest.service.ts';
import { MAX_UNFINISHED_UPLOADS, UPLOADS_TEXT } from './tus.service.ts';

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

let now = Date.UTC(2026, 10, 26, 12);
let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date(now),
    env: { MAX_UPLOAD_BYTES: String(8 * 1024 * 1024), UPLOAD_EXPIRY_HOURS: '24', SITE_LOCKOUT_HOURS: '0' },
  });
  alice = await signedInUser(t.database.db, { username: 'alice' }, now);
  bob = await signedInUser(t.database.db, { username: 'bob' }, now);
  await mediaSamples();
}, 60_000);
afterAll(() => t?.close());

async function create(length: number, fields: Record<string, string> = { filename: 'clip.mp4' }, as = alice, headers: Record<string, string> = {}) {
  return t.request('/api/uploads', {
    method: 'POST',
    as,
    headers: { ...TUS, 'Upload-Length': String(length), 'Upload-Metadata': metadata(fields), ...headers },
  });
}
async function created(length: number, fields?: Record<string, string>, as = alice): Promise<string> {
  const res = await create(length, fields, as);
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}
function patch(location: string, offset: number, bytes: Uint8Array, as = alice, headers: Record<string, string> = {}) {
  return t.request(location, {
    method: 'PATCH',
    as,
    headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), ...headers },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}
const head = (location: string, as = alice, headers: Record<string, string> = TUS) => t.request(location, { method: 'HEAD', as, headers });
const view = async (location: string, as = alice) => (await (await t.request(location, { as })).json()) as UploadView;
const partFiles = () => (existsSync(path.join(t.dataDir, 'uploads')) ? readdirSync(path.join(t.dataDir, 'uploads')) : []);
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe('tus 1.0 at /api/uploads', () => {
  test('OPTIONS names the version, the extensions and the largest upload', async () => {
    const res = await t.request('/api/uploads', { method: 'OPTIONS', as: alice });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')!.split(',')).toEqual(['creation', 'creation-with-upload', 'termination', 'expiration', 'checksum']);
    expect(res.headers.get('tus-max-size')).toBe(String(8 * 1024 * 1024));
    expect(res.headers.get('tus-checksum-algorithm')).toBe('sha1');
  });

  test('a photo in three PATCHes: HEAD follows the offset, the last byte makes the item a multipart upload makes', async () => {
    const photo = (await mediaSamples()).jpegExif;
    const bytes = photo.bytes();
    const res = await create(bytes.byteLength, { filename: photo.name, filetype: 'image/jpeg', title: 'Harbour', tags: 'sea, boats' });
    expect(res.status).toBe(201);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    expect(new Date(res.headers.get('upload-expires')!).getTime()).toBe(Math.floor((now + 24 * 3600_000) / 1000) * 1000);

    const h0 = await head(location);
    expect(h0.status).toBe(200);
    expect([h0.headers.get('upload-offset'), h0.headers.get('upload-length'), h0.headers.get('cache-control')]).toEqual([
      '0',
      String(bytes.byteLength),
      'no-store',
    ]);
    expect(h0.headers.get('tus-resumable')).toBe('1.0.0');
    expect(h0.headers.get('upload-expires')).toBeTruthy();

    const third = Math.ceil(bytes.byteLength / 3);
    const first = await patch(location, 0, bytes.subarray(0, third));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(third));
    expect((await head(location)).headers.get('upload-offset')).toBe(String(third));
    expect(await view(location)).toEqual({ state: 'uploading', offset: third, length: bytes.byteLength });
    expect((await patch(location, third, bytes.subarray(third, 2 * third))).status).toBe(204);
    const last = await patch(location, 2 * third, bytes.subarray(2 * third));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(bytes.byteLength));

    const done = await view(location);
    if (done.state !== 'done') throw new Error(`not done: ${JSON.stringify(done)}`);
    // The same upload as multipart, for comparison.
    const form = new FormData();
    form.append('title', 'Harbour');
    form.append('tags', 'sea, boats');
    form.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), photo.name);
    const multi = ((await (await t.request('/api/gallery/upload', { method: 'POST', body: form, as: alice })).json()) as UploadResult).media[0]!;
    // Only what names the item itself differs.
    const comparable = (item: MediaItem) => JSON.parse(JSON.stringify(item).replaceAll(item._id, 'ID'));
    expect(comparable(done.media)).toEqual(comparable(multi));
    expect(done.media).toMatchObject({ title: 'Harbour', tags: ['sea', 'boats'], mimeType: 'image/jpeg', type: 'image', source: 'gallery' });
    // The stored original is the bytes sent; the temporary file is gone.
    const original = await t.request(done.media.url, { as: alice });
    expect(Buffer.from(await original.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(partFiles()).toEqual([]);
    await t.runJobs();
    // A finished upload takes no more bytes.
    expect((await patch(location, bytes.byteLength, new Uint8Array(1))).status).toBe(409);
  });

  test('creation-with-upload: the first bytes come with the POST; gallery premium and a model go with them', async () => {
    const model = await t.request('/api/models', { method: 'POST', as: alice, json: { name: 'Ada', platform: 'instagram', username: 'ada' } });
    const modelId = model.ok ? ((await model.json()) as { _id: string })._id : undefined;
    const video = (await mediaSamples()).mp4.bytes();
    const fields: Record<string, string> = { filename: 'trip.mp4', gallery: 'premium', ...(modelId ? { modelId } : {}) };
    const res = await t.request('/api/uploads', {
      method: 'POST',
      as: alice,
      headers: { ...TUS, 'Upload-Length': String(video.byteLength), 'Upload-Metadata': metadata(fields), 'Content-Type': 'application/offset+octet-stream' },
      body: video.subarray(0, 1000) as Uint8Array<ArrayBuffer>,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('upload-offset')).toBe('1000');
    const location = res.headers.get('location')!;
    expect((await patch(location, 1000, video.subarray(1000))).status).toBe(204);
    const done = await view(location);
    expect(done).toMatchObject({ state: 'done', media: { source: 'premium', type: 'video', mimeType: 'video/mp4', title: 'trip' } });
    expect(done).toMatchObject({ media: { modelId, modelName: 'Ada' } });
  });

  test('a wrong offset is 409, a wrong content type 415, a wrong or missing version 412, all as {error}', async () => {
    const location = await created(100);
    const mp4 = (await mediaSamples()).mp4.bytes().subarray(0, 100);
    const wrong = await patch(location, 5, mp4.subarray(0, 10));
    expect(wrong.status).toBe(409);
    expect(await errorOf(wrong)).toBe(UPLOADS_TEXT.wrongOffset(0));
    const type = await patch(location, 0, mp4, alice, { 'Content-Type': 'application/octet-stream' });
    expect(type.status).toBe(415);
    expect(await errorOf(type)).toBe(UPLOADS_TEXT.contentType);
    const version = await patch(location, 0, mp4, alice, { 'Tus-Resumable': '0.2.2' });
    expect(version.status).toBe(412);
    expect(version.headers.get('tus-version')).toBe('1.0.0');
    expect(await errorOf(version)).toBe('Tus-Resumable must be 1.0.0');
    expect((await create(10, { filename: 'a.mp4' }, alice, { 'Tus-Resumable': '' })).status).toBe(412);
    expect((await head(location, alice, {})).status).toBe(412);
    const noOffset = await t.request(location, {
      method: 'PATCH',
      as: alice,
      headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream' },
      body: 'x',
    });
    expect(noOffset.status).toBe(400);
    expect(await errorOf(noOffset)).toBe(UPLOADS_TEXT.offsetRequired);
    // More than Upload-Length: refused before a byte is kept.
    const past = await patch(location, 0, new Uint8Array(101));
    expect(past.status).toBe(400);
    expect(await errorOf(past)).toBe(UPLOADS_TEXT.pastLength);
    expect((await head(location)).headers.get('upload-offset')).toBe('0');
    // Nothing was kept by any of them.
    expect((await head(location)).headers.get('upload-offset')).toBe('0');
  });

  test('creation refusals: no length, no filename, broken metadata, a wrong gallery, too large (413, in the multipart words), deferred length', async () => {
    const noLength = await t.request('/api/uploads', { method: 'POST', as: alice, headers: { ...TUS, 'Upload-Metadata': metadata({ filename: 'a.mp4' }) } });
    expect([noLength.status, await errorOf(noLength)]).toEqual([400, UPLOADS_TEXT.lengthRequired]);
    for (const bad of ['-1', '1.5', 'ten', ''])
      expect((await t.request('/api/uploads', { method: 'POST', as: alice, headers: { ...TUS, 'Upload-Length': bad } })).status).toBe(400);
    const noName = await create(10, { filetype: 'video/mp4' });
    expect([noName.status, await errorOf(noName)]).toEqual([400, UPLOADS_TEXT.filenameRequired]);
    const broken = await create(10, {}, alice, { 'Upload-Metadata': 'filename not*base64' });
    expect([broken.status, await errorOf(broken)]).toEqual([400, UPLOADS_TEXT.metadataBroken]);
    const gallery = await create(10, { filename: 'a.mp4', gallery: 'vault' });
    expect([gallery.status, await errorOf(gallery)]).toEqual([400, UPLOADS_TEXT.badGallery]);
    const big = await create(8 * 1024 * 1024 + 1, { filename: 'huge.mp4' });
    expect([big.status, await errorOf(big)]).toEqual([413, UPLOAD_TEXT.tooLarge('huge.mp4', 8 * 1024 * 1024)]);
    const deferred = await create(10, { filename: 'a.mp4' }, alice, { 'Upload-Defer-Length': '1' });
    expect(deferred.status).toBe(400);
    const unknownModel = await create(10, { filename: 'a.mp4', modelId: 'no-such-model' });
    expect(unknownModel.status).toBe(404);
    const longTag = await create(10, { filename: 'a.mp4', tags: 'x'.repeat(200) });
    expect([longTag.status, await errorOf(longTag)]).toEqual([400, UPLOAD_TEXT.tagTooLong]);
  });

  test("another user's upload is 404 for every method; signed out is 401", async () => {
    const location = await created(50);
    expect((await head(location, bob)).status).toBe(404);
    expect((await t.request(location, { as: bob })).status).toBe(404);
    expect(await errorOf(await t.request(location, { as: bob }))).toBe(UPLOADS_TEXT.notFound);
    expect((await patch(location, 0, new Uint8Array(5), bob)).status).toBe(404);
    expect((await t.request(location, { method: 'DELETE', as: bob, headers: TUS })).status).toBe(404);
    expect((await head(location)).status).toBe(200);
    expect((await t.request(location, { as: { siteToken: alice.siteToken } })).status).toBe(401);
    expect((await t.request('/api/uploads/no-such-upload', { as: alice })).status).toBe(404);
  });

  test('a file that is no image or video is refused with 415 once its first bytes are in', async () => {
    const text = new TextEncoder().encode('just some text, not a picture'.repeat(400));
    const location = await created(text.byteLength, { filename: 'notes.txt' });
    const res = await patch(location, 0, text.subarray(0, 5000));
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toBe(UPLOAD_TEXT.unsupported('notes.txt'));
    expect(await view(location)).toEqual({ state: 'failed', error: UPLOAD_TEXT.unsupported('notes.txt') });
    expect(partFiles()).not.toContain(`${location.split('/').pop()}.part`);
  });

  test('checksum: a chunk whose sha1 does not match is 460 and not kept; a matching one is', async () => {
    const bytes = (await mediaSamples()).mp4.bytes();
    const location = await created(bytes.byteLength);
    const chunk = bytes.subarray(0, 4096);
    const sha1 = (b: Uint8Array) => `sha1 ${createHash('sha1').update(b).digest('base64')}`;
    const bad = await patch(location, 0, chunk, alice, { 'Upload-Checksum': sha1(new Uint8Array(4096)) });
    expect(bad.status).toBe(460);
    expect(await errorOf(bad)).toBe(UPLOADS_TEXT.checksumMismatch);
    expect((await head(location)).headers.get('upload-offset')).toBe('0');
    const good = await patch(location, 0, chunk, alice, { 'Upload-Checksum': sha1(chunk) });
    expect(good.status).toBe(204);
    expect(good.headers.get('upload-offset')).toBe('4096');
    const md5 = await patch(location, 4096, bytes.subarray(4096, 5000), alice, { 'Upload-Checksum': 'md5 AAAA' });
    expect(md5.status).toBe(460);
    expect((await head(location)).headers.get('upload-offset')).toBe('4096');
  });

  test('DELETE ends an upload: 204, its bytes gone, then 404', async () => {
    const location = await created(1000);
    expect((await patch(location, 0, (await mediaSamples()).mp4.bytes().subarray(0, 500))).status).toBe(204);
    const id = location.split('/').pop()!;
    expect(readFileSync(path.join(t.dataDir, 'uploads', `${id}.part`)).byteLength).toBe(500);
    const res = await t.request(location, { method: 'DELETE', as: alice, headers: TUS });
    expect(res.status).toBe(204);
    expect(partFiles()).not.toContain(`${id}.part`);
    expect((await head(location)).status).toBe(404);
    expect((await patch(location, 500, new Uint8Array(10))).status).toBe(404);
    expect((await t.request(location, { method: 'DELETE', as: alice, headers: TUS })).status).toBe(404);
  });

  test('an upload kept across a restart resumes where it was', async () => {
    const bytes = (await mediaSamples()).png.bytes();
    const location = await created(bytes.byteLength, { filename: 'drawing.png' });
    const half = Math.floor(bytes.byteLength / 2);
    expect((await patch(location, 0, bytes.subarray(0, half))).status).toBe(204);
    await t.restart();
    expect((await head(location)).headers.get('upload-offset')).toBe(String(half));
    expect((await patch(location, half, bytes.subarray(half))).status).toBe(204);
    expect(await view(location)).toMatchObject({ state: 'done', media: { type: 'image', mimeType: 'image/png', title: 'drawing' } });
  });

  test('after a crash of the machine that lost acknowledged bytes, HEAD answers what the file holds and the upload resumes from there', async () => {
    const bytes = (await mediaSamples()).png.bytes();
    const location = await created(bytes.byteLength, { filename: 'crash.png' });
    const half = Math.floor(bytes.byteLength / 2);
    expect((await patch(location, 0, bytes.subarray(0, half))).status).toBe(204);
    await t.restart();
    // What the disk kept: less than was acknowledged (chunks are not flushed one by one).
    const kept = Math.floor(half / 3);
    truncateSync(path.join(t.dataDir, 'uploads', `${location.split('/').at(-1)}.part`), kept);
    expect((await head(location)).headers.get('upload-offset')).toBe(String(kept));
    expect((await patch(location, half, bytes.subarray(half))).status).toBe(409);
    expect((await patch(location, kept, bytes.subarray(kept))).status).toBe(204);
    const done = await view(location);
    expect(done).toMatchObject({ state: 'done', media: { type: 'image', mimeType: 'image/png', title: 'crash' } });
    if (done.state !== 'done') throw new Error('not done');
    expect(new Uint8Array(await (await t.request(done.media.url, { as: alice })).arrayBuffer())).toEqual(bytes as Uint8Array<ArrayBuffer>);
  });

  test('an upload whose last byte was in when the hub stopped, before its item was made, is finished by the sweep at the next start', async () => {
    const bytes = (await mediaSamples()).gif.bytes();
    const location = await created(bytes.byteLength, { filename: 'wave.gif' });
    const id = location.split('/').pop()!;
    expect((await patch(location, 0, bytes.subarray(0, bytes.byteLength - 1))).status).toBe(204);
    // As a hub killed while making the item leaves it: every byte on the disk, the row claimed.
    appendFileSync(path.join(t.dataDir, 'uploads', `${id}.part`), bytes.subarray(bytes.byteLength - 1));
    await t.database.db.updateTable('uploads').set({ offset: bytes.byteLength, state: 'processing' }).where('id', '=', id).execute();
    await t.restart();
    expect(await view(location)).toEqual({ state: 'uploading', offset: bytes.byteLength, length: bytes.byteLength });
    await t.services.uploads.sweep();
    expect(await view(location)).toMatchObject({ state: 'done', media: { type: 'image', mimeType: 'image/gif', title: 'wave' } });
    expect(partFiles()).not.toContain(`${id}.part`);
  });

  test(`a burst of 100 creations at once makes exactly ${MAX_UNFINISHED_UPLOADS} uploads; the rest are 409`, async () => {
    const dora = await signedInUser(t.database.db, { username: 'dora' }, now);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => create(100, { filename: `b${i}.mp4` }, dora)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_UNFINISHED_UPLOADS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(100 - MAX_UNFINISHED_UPLOADS);
    const rows = await t.database.db.selectFrom('uploads').select('id').where('owner_id', '=', dora.user._id).execute();
    expect(rows).toHaveLength(MAX_UNFINISHED_UPLOADS);
    for (const row of rows) await t.request(`/api/uploads/${row.id}`, { method: 'DELETE', as: dora, headers: TUS });
  });

  test(`at most ${MAX_UNFINISHED_UPLOADS} unfinished uploads per user; expiry and the sweep remove their bytes and rows`, async () => {
    const carol = await signedInUser(t.database.db, { username: 'carol' }, now);
    const locations: string[] = [];
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) locations.push(await created(100, { filename: `f${i}.mp4` }, carol));
    const over = await create(100, { filename: 'one-more.mp4' }, carol);
    expect([over.status, await errorOf(over)]).toEqual([409, UPLOADS_TEXT.tooMany]);
    // Another user is not held back by carol's.
    expect((await create(100, { filename: 'mine.mp4' }, bob)).status).toBe(201);
    expect((await patch(locations[0]!, 0, new Uint8Array(10).fill(7), carol)).status).toBe(204);
    const ids = locations.map((l) => l.split('/').pop()!);
    expect(partFiles()).toEqual(expect.arrayContaining(ids.map((id) => `${id}.part`)));

    // A day later (the first one a little less, it had bytes 1 s later): expired, 404 even before the sweep.
    now += 24 * 3600_000;
    expect((await head(locations[1]!, carol)).status).toBe(404);
    expect((await create(100, { filename: 'again.mp4' }, carol)).status).toBe(201);
    await t.services.uploads.sweep();
    const left = new Set(partFiles());
    for (const id of ids) expect(left.has(`${id}.part`)).toBe(false);
    const rows = await t.database.db.selectFrom('uploads').select('id').where('id', 'in', ids).execute();
    expect(rows).toEqual([]);
  });
});
