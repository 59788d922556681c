// What one member's unfinished resumable uploads may reserve of the disk (decision 0047): a tus
// creation reserves its whole Upload-Length, so without a limit one member (one upload-scope key)
// could reserve the free disk several times over and every other member's upload got 507. Now a
// member's reservations stop at MAX_RESERVED_UPLOAD_BYTES (twice MAX_UPLOAD_BYTES unless set) and,
// beyond their first upload, at half of what the others leave free: 413 with the reason, theirs;
// another member's upload still goes through; 507 stays for a disk really promised. The free disk is
// the test's say (the service's seam), the uploads are real (no bytes sent for the big ones).

import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { jpegBytes } from '../../../../test/helpers/library-trees.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../../test/helpers/test-app.ts';
import type { UploadResult } from '../../../shared/media.ts';
import type { UploadView } from '../../../shared/uploads.ts';
import { UPLOADS_TEXT } from './tus.service.ts';

const GiB = 1024 ** 3;
const TUS = { 'Tus-Resumable': '1.0.0' };
let t: TestApp;
let free = 1024 * GiB;
let photo: Uint8Array;

beforeAll(async () => {
  // The defaults: 20 GiB a file, 40 GiB reserved at once by one member.
  t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0' } });
  t.services.uploads.hooks.freeBytes = async () => free;
  // A 100 KB photo: a small JPEG and bytes after its end (which decoders pass over).
  const jpeg = await jpegBytes(7);
  photo = new Uint8Array(100 * 1024);
  photo.set(jpeg);
}, 60_000);
afterAll(() => t?.close());

const members: SignedIn[] = [];
async function member(): Promise<SignedIn> {
  const m = await signedInUser(t.database.db);
  members.push(m);
  return m;
}
const locations: { at: string; as: SignedIn }[] = [];
// Each test starts with no reservation.
afterEach(async () => {
  for (const { at, as } of locations.splice(0)) await t.request(at, { method: 'DELETE', as, headers: TUS });
});

async function create(as: SignedIn, length: number) {
  const res = await t.request('/api/uploads', {
    method: 'POST',
    as,
    headers: { ...TUS, 'Upload-Length': String(length), 'Upload-Metadata': `filename ${Buffer.from('film.mp4').toString('base64')}` },
  });
  const body = res.status === 201 ? null : ((await res.json()) as { error: string });
  if (res.status === 201) locations.push({ at: res.headers.get('location')!, as });
  return { status: res.status, error: body?.error, location: res.headers.get('location') };
}

/** A 100 KB photo over tus (one PATCH) and over the multipart upload: the statuses, and the item's state. */
async function smallUploads(as: SignedIn) {
  const made = await t.request('/api/uploads', {
    method: 'POST',
    as,
    headers: { ...TUS, 'Upload-Length': String(photo.byteLength), 'Upload-Metadata': `filename ${Buffer.from('small.jpg').toString('base64')}` },
  });
  const location = made.headers.get('location');
  const patched = location
    ? await t.request(location, {
        method: 'PATCH',
        as,
        headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
        body: photo as Uint8Array<ArrayBuffer>,
      })
    : null;
  const state = location ? ((await (await t.request(location, { as })).json()) as UploadView).state : null;
  const body = new FormData();
  body.append('files', new Blob([photo as Uint8Array<ArrayBuffer>]), 'small-multipart.jpg');
  const multipart = await t.request('/api/gallery/upload', { method: 'POST', body, as });
  const uploaded = multipart.status === 201 ? ((await multipart.json()) as UploadResult).media.length : 0;
  return { tus: [made.status, patched?.status ?? null, state], multipart: [multipart.status, uploaded] };
}

describe("one member's reservations", () => {
  test('the report: 60 GiB free, A reserves 3 x 20 GiB, then B sends 100 KB: A gets its first, then 413s; B uploads over tus and multipart', async () => {
    free = 60 * GiB;
    const a = await member();
    const b = await member();
    const tries = [await create(a, 20 * GiB), await create(a, 20 * GiB), await create(a, 20 * GiB)];
    expect(tries.map((x) => x.status)).toEqual([201, 413, 413]);
    expect(tries[1]!.error).toBe(UPLOADS_TEXT.overShare(20 * GiB, 20 * GiB, 60 * GiB));
    expect(await smallUploads(b)).toEqual({ tus: [201, 204, 'done'], multipart: [201, 1] });
  });

  test('1 TiB free, A tries 3 x 20 GiB: two are reserved (MAX_RESERVED_UPLOAD_BYTES, 40 GiB), the third is 413 with the reason; B still uploads 100 KB over tus and multipart', async () => {
    free = 1024 * GiB;
    const a = await member();
    const b = await member();
    const tries = [await create(a, 20 * GiB), await create(a, 20 * GiB), await create(a, 20 * GiB)];
    expect(tries.map((x) => x.status)).toEqual([201, 201, 413]);
    expect(tries[2]!.error).toBe(UPLOADS_TEXT.overReserve(40 * GiB, 20 * GiB, 40 * GiB));
    // A's own small upload waits for A's others too.
    expect((await create(a, photo.byteLength)).status).toBe(413);
    expect(await smallUploads(b)).toEqual({ tus: [201, 204, 'done'], multipart: [201, 1] });
    // Once A lets one go, A may reserve again.
    const first = locations.find((l) => l.as === a)!;
    expect((await t.request(first.at, { method: 'DELETE', as: a, headers: TUS })).status).toBe(204);
    expect((await create(a, 20 * GiB)).status).toBe(201);
  });

  test('on a disk with less free space than A would reserve: beyond its first upload, A may not take more than half of what the others leave; B uploads; 507 only when the disk is promised', async () => {
    free = 50 * GiB;
    const a = await member();
    const b = await member();
    const c = await member();
    const d = await member();
    expect((await create(a, 20 * GiB)).status).toBe(201);
    const second = await create(a, 20 * GiB);
    expect(second.status).toBe(413);
    expect(second.error).toBe(UPLOADS_TEXT.overShare(20 * GiB, 20 * GiB, 50 * GiB));
    expect(await smallUploads(b)).toEqual({ tus: [201, 204, 'done'], multipart: [201, 1] });
    // C's first upload fits beside A's; then the disk is promised: D's is 507, the disk's answer.
    expect((await create(c, 20 * GiB)).status).toBe(201);
    const full = await create(d, 20 * GiB);
    expect([full.status, full.error]).toEqual([507, UPLOADS_TEXT.noSpace]);
  });

  test('100 creations at once by one member reserve no more than the cap: exactly 8 of 5 GiB, the rest 413', async () => {
    free = 1024 * GiB;
    const a = await member();
    const b = await member();
    const answers = await Promise.all(Array.from({ length: 100 }, () => create(a, 5 * GiB)));
    const statuses = answers.map((x) => x.status);
    expect(statuses.filter((s) => s === 201).length).toBe(8);
    expect(statuses.filter((s) => s === 413).length).toBe(92);
    const held = await t.database.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.sum<number>('length').as('bytes'))
      .where('owner_id', '=', a.user._id)
      .executeTakeFirstOrThrow();
    expect(Number(held.bytes)).toBe(40 * GiB);
    expect((await create(b, 20 * GiB)).status).toBe(201);
  });
});
