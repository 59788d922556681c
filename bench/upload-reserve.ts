// What one member's tus creations reserve, and what another member gets then (decision 0047):
// member A creates N uploads of SIZE GiB (no bytes sent: a creation reserves its Upload-Length),
// then member B sends a 100 KB photo over tus (create and one PATCH) and over the multipart upload.
// Prints each answer with its status and reason, the bytes reserved, and what the rule before
// MAX_RESERVED_UPLOAD_BYTES (free disk >= every reservation + this one) would have answered A and B.
// The free disk is the uploads folder's own (statfs) unless FREE_GiB is given.
// Run: npm run bench:upload-reserve [FREE_GiB|disk] [N] [SIZE_GiB]

import { statfsSync } from 'node:fs';
import path from 'node:path';
import { formatSize } from '../src/shared/media.ts';
import { signedInUser } from '../test/helpers/factories.ts';
import { jpegBytes } from '../test/helpers/library-trees.ts';
import { createTestApp } from '../test/helpers/test-app.ts';

const GiB = 1024 ** 3;
const freeArg = process.argv[2] ?? 'disk';
const N = Number(process.argv[3] ?? 3);
const SIZE = Number(process.argv[4] ?? 20) * GiB;
const TUS = { 'Tus-Resumable': '1.0.0' };

const t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0', LOG_LEVEL: 'silent' } });
try {
  const disk = () => {
    const s = statfsSync(t.dataDir);
    return s.bavail * s.bsize;
  };
  const free = freeArg === 'disk' ? disk() : Number(freeArg) * GiB;
  if (freeArg !== 'disk') t.services.uploads.hooks.freeBytes = async () => free;
  const a = await signedInUser(t.database.db, { username: 'member-a' });
  const b = await signedInUser(t.database.db, { username: 'member-b' });
  const cap = t.services.uploads.limits.maxReservedBytes;
  console.log(
    `free disk ${formatSize(free)} (${freeArg === 'disk' ? `statfs of ${path.dirname(t.dataDir)}` : 'given'}); MAX_UPLOAD_BYTES ${formatSize(t.services.uploads.limits.maxUploadBytes)}; MAX_RESERVED_UPLOAD_BYTES ${formatSize(cap)}`,
  );

  let reservedOld = 0;
  let reservedNow = 0;
  for (let i = 1; i <= N; i++) {
    const res = await t.request('/api/uploads', {
      method: 'POST',
      as: a,
      headers: { ...TUS, 'Upload-Length': String(SIZE), 'Upload-Metadata': `filename ${btoa(`film-${i}.mp4`)}` },
    });
    const old = free >= reservedOld + SIZE ? 201 : 507;
    if (old === 201) reservedOld += SIZE;
    if (res.status === 201) reservedNow += SIZE;
    const reason = res.status === 201 ? '' : `: ${((await res.json()) as { error: string }).error}`;
    console.log(`A creation ${i} of ${formatSize(SIZE)}: ${res.status}${reason}   (before: ${old})`);
  }
  console.log(`A reserves ${formatSize(reservedNow)} (before: ${formatSize(reservedOld)})`);

  const photo = new Uint8Array(100 * 1024);
  photo.set(await jpegBytes(3));
  const made = await t.request('/api/uploads', {
    method: 'POST',
    as: b,
    headers: { ...TUS, 'Upload-Length': String(photo.byteLength), 'Upload-Metadata': `filename ${btoa('small.jpg')}` },
  });
  const location = made.headers.get('location');
  const patched = location
    ? await t.request(location, {
        method: 'PATCH',
        as: b,
        headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
        body: photo as Uint8Array<ArrayBuffer>,
      })
    : null;
  const oldB = free >= reservedOld + photo.byteLength ? 201 : 507;
  console.log(
    `B tus 100 KB: creation ${made.status}${made.status === 201 ? '' : `: ${((await made.json()) as { error: string }).error}`}, PATCH ${patched?.status ?? '-'}   (before: creation ${oldB})`,
  );
  const body = new FormData();
  body.append('files', new Blob([photo as Uint8Array<ArrayBuffer>]), 'small-multipart.jpg');
  const multipart = await t.request('/api/gallery/upload', { method: 'POST', body, as: b });
  console.log(`B multipart 100 KB: ${multipart.status}   (before: 201, the multipart upload reserves nothing)`);
} finally {
  await t.close();
}
