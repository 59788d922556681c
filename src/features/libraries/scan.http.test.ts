// Scanning real folder trees made here: nested folders, names in NFC and NFD, links out of the
// folder and loops of links, dot-folders, files that are not media, a file deleted while the scan
// runs; a moved or renamed file keeps its item (tags, favourite, albums, playback position); a file
// gone takes its item offline (the bin, out of the lists, still answered by id) and back when it
// returns; new content at the same path; a file deleted forever stays out; and after every scan the
// tree is exactly as it was (names, sizes, times, modes and bytes).

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ok } from '../../../test/helpers/answers.ts';
import { jpegBytes, type LibraryHub, libraryHub, put, snapshot } from '../../../test/helpers/library-trees.ts';
import { mediaSamples } from '../../../test/helpers/media-samples.ts';
import type { Credentials, SignedIn, TestApp } from '../../../test/helpers/test-app.ts';
import { LIBRARY_TEXT, type Library, type LibraryScan } from '../../shared/libraries.ts';
import type { MediaItem, MediaPage } from '../../shared/media.ts';

let hub: LibraryHub;
let t: TestApp;
let root: string;
let outside: string;
let ann: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  hub = await libraryHub('hub-scan');
  ({ t, root, outside, admin, ann } = hub);
});
afterAll(() => hub.close());

const call = (url: string, as: Credentials, method = 'GET', json?: unknown) => t.request(url, { method, as, ...(json === undefined ? {} : { json }) });
/** Scans the library and waits for the end; its last scan. */
async function scan(id: string): Promise<LibraryScan> {
  await ok(call(`/api/libraries/${id}/scan`, ann, 'POST'), 202);
  await t.services.libraries.idle();
  return (await ok<Library>(call(`/api/libraries/${id}`, ann))).lastScan!;
}
const gallery = async () => (await ok<MediaPage>(call('/api/gallery?limit=1000&sortBy=title&sortOrder=asc', ann))).media;
const bin = async () => (await ok<MediaPage>(call('/api/gallery/recycling-bin?limit=1000', ann))).media;
const byPath = (items: MediaItem[]) => Object.fromEntries(items.map((m) => [m.library!.path, m]));

const NFC = 'Caf\u00e9';
const NFD = 'Cafe\u0301';

describe('a library scanned again and again', () => {
  let lib: Library;
  let folder: string;
  let tree: Record<string, string>;

  test('the first scan: nested folders, NFC and NFD names, links out and loops, dot-folders and files that are not media', async () => {
    folder = path.join(root, 'collection');
    const video = (await mediaSamples()).mp4.bytes();
    put(folder, 'a.jpg', await jpegBytes(10));
    put(folder, '2024/summer/deep/er/still/b.jpg', await jpegBytes(11));
    put(folder, `2024/${NFC}/nfc.jpg`, await jpegBytes(12));
    put(folder, `2025/${NFD}/nfd.jpg`, await jpegBytes(13));
    put(folder, 'videos/clip.mp4', video);
    put(folder, 'videos/clip.srt', '1\n00:00:00,000 --> 00:00:01,000\nhello\n');
    put(folder, 'README.txt', 'my photos');
    put(folder, '.thumbs/hidden.jpg', await jpegBytes(14));
    put(folder, '.DS_Store', 'junk');
    put(outside, 'secret.jpg', await jpegBytes(15));
    symlinkSync(outside, path.join(folder, 'out-folder'));
    symlinkSync(path.join(outside, 'secret.jpg'), path.join(folder, 'out-file.jpg'));
    symlinkSync(folder, path.join(folder, '2024/summer/loop'));
    symlinkSync('..', path.join(folder, '2025/up'));
    symlinkSync(path.join(folder, 'a.jpg'), path.join(folder, 'same-as-a.jpg'));
    symlinkSync(path.join(folder, 'nowhere.jpg'), path.join(folder, 'broken.jpg'));
    tree = snapshot(folder);

    lib = await ok<Library>(call('/api/libraries', admin, 'POST', { path: folder, ownerId: ann.user._id, tags: ['Library'], scan: false }), 201);
    const first = await scan(lib._id);
    // 5 media; skipped: README, .DS_Store, clip.srt, 2 links out, the link to a.jpg, the broken link.
    expect(first).toMatchObject({ state: 'done', added: 5, updated: 0, missing: 0, failed: 0, errors: [] });
    expect(first.skipped).toBe(7);
    expect(first.found).toBe(12);
    const items = byPath(await gallery());
    expect(Object.keys(items).sort()).toEqual(
      ['2024/summer/deep/er/still/b.jpg', `2024/${NFC}/nfc.jpg`, `2025/${NFC}/nfd.jpg`, 'a.jpg', 'videos/clip.mp4'].sort(),
    );
    // The path in the API is NFC whatever the disk spells; the file is still read where it lies.
    expect((await call(items[`2025/${NFC}/nfd.jpg`]!.url, ann)).status).toBe(200);
    expect(items['videos/clip.mp4']).toMatchObject({ type: 'video', mimeType: 'video/mp4', tags: ['Library'], title: 'clip' });
    expect(snapshot(folder)).toEqual(tree);
  });

  test('a rescan with nothing changed changes nothing, and reads no file', async () => {
    const before = await gallery();
    const read: string[] = [];
    t.services.libraries.hooks.beforeRead = (paths) => void read.push(...paths);
    try {
      const again = await scan(lib._id);
      expect(again).toMatchObject({ state: 'done', found: 12, added: 0, updated: 0, missing: 0, skipped: 7, failed: 0 });
    } finally {
      delete t.services.libraries.hooks.beforeRead;
    }
    expect(read).toEqual([]);
    expect(await gallery()).toEqual(before);
    expect(snapshot(folder)).toEqual(tree);
  });

  test('a moved and renamed file keeps its item: the same _id, tags, favourite, albums and playback position', async () => {
    const items = byPath(await gallery());
    const clip = items['videos/clip.mp4']!;
    const photo = items['a.jpg']!;
    await ok(call(`/api/gallery/${clip._id}`, ann, 'PUT', { tags: ['Library', 'Best'] }));
    await ok(call(`/api/gallery/${clip._id}/favorite`, ann, 'POST'));
    await ok(call(`/api/gallery/${clip._id}/playback`, ann, 'PUT', { position: 1.5 }));
    const album = await ok<{ _id: string }>(call('/api/albums', ann, 'POST', { name: 'Keepers' }), 201);
    await ok(call(`/api/albums/${album._id}/media`, ann, 'POST', { mediaIds: [clip._id, photo._id] }));

    mkdirSync(path.join(folder, 'sorted/2024'), { recursive: true });
    renameSync(path.join(folder, 'videos/clip.mp4'), path.join(folder, 'sorted/2024/our trip.mp4'));
    renameSync(path.join(folder, 'a.jpg'), path.join(folder, 'a-renamed.jpg'));
    unlinkSync(path.join(folder, 'same-as-a.jpg'));
    tree = snapshot(folder);
    const moved = await scan(lib._id);
    expect(moved).toMatchObject({ state: 'done', added: 0, updated: 2, missing: 0, failed: 0 });
    const after = byPath(await gallery());
    expect(after['sorted/2024/our trip.mp4']).toMatchObject({
      _id: clip._id,
      title: 'clip',
      originalName: 'our trip.mp4',
      tags: ['Library', 'Best'],
      isFavorite: true,
      playbackPosition: 1.5,
      library: { _id: lib._id, name: 'collection', path: 'sorted/2024/our trip.mp4' },
    });
    expect(after['a-renamed.jpg']?._id).toBe(photo._id);
    const inAlbum = await ok<{ media: MediaItem[] }>(call(`/api/albums/${album._id}`, ann));
    expect(inAlbum.media.map((m) => m._id).sort()).toEqual([clip._id, photo._id].sort());
    expect(snapshot(folder)).toEqual(tree);
  });

  test('a file gone: its item goes offline (the bin, out of every list, still answered by id), and comes back with its file', async () => {
    const items = byPath(await gallery());
    const b = items['2024/summer/deep/er/still/b.jpg']!;
    const kept = path.join(outside, 'kept-b.jpg');
    renameSync(path.join(folder, '2024/summer/deep/er/still/b.jpg'), kept);
    const gone = await scan(lib._id);
    expect(gone).toMatchObject({ state: 'done', added: 0, updated: 0, missing: 1 });
    expect((await gallery()).map((m) => m._id)).not.toContain(b._id);
    expect((await ok<MediaPage>(call('/api/gallery?filter=favorites', ann))).media.map((m) => m._id)).not.toContain(b._id);
    expect((await bin()).find((m) => m._id === b._id)).toMatchObject({ offline: true });
    const one = await ok<MediaItem>(call(`/api/gallery/${b._id}`, ann));
    expect(one).toMatchObject({ offline: true, library: { path: '2024/summer/deep/er/still/b.jpg' } });
    // Restoring it by hand waits for the file.
    const restore = await call(`/api/gallery/${b._id}/restore`, ann, 'POST');
    expect(restore.status).toBe(409);
    expect(((await restore.json()) as { error: string }).error).toBe(LIBRARY_TEXT.offline);
    expect((await ok<Library>(call(`/api/libraries/${lib._id}`, ann))).offlineCount).toBe(1);
    // It comes back elsewhere in the folder: the same item, back in the list.
    renameSync(kept, path.join(folder, '2024/b-back.jpg'));
    const back = await scan(lib._id);
    expect(back).toMatchObject({ added: 0, updated: 1, missing: 0 });
    expect(await ok<MediaItem>(call(`/api/gallery/${b._id}`, ann))).toMatchObject({ offline: false, deletedAt: null, library: { path: '2024/b-back.jpg' } });
    expect((await gallery()).map((m) => m._id)).toContain(b._id);
  });

  test('an item its owner binned stays in the bin when its file goes and comes back', async () => {
    const nfc = byPath(await gallery())[`2024/${NFC}/nfc.jpg`]!;
    await ok(call(`/api/gallery/${nfc._id}/delete`, ann, 'DELETE'));
    const file = path.join(folder, `2024/${NFC}/nfc.jpg`);
    const bytes = await Bun.file(file).bytes();
    const time = Bun.file(file).lastModified;
    unlinkSync(file);
    expect((await scan(lib._id)).missing).toBe(1);
    writeFileSync(file, bytes);
    const { utimesSync } = await import('node:fs');
    utimesSync(file, time / 1000, time / 1000);
    expect(await scan(lib._id)).toMatchObject({ missing: 0, updated: 1 });
    const item = await ok<MediaItem>(call(`/api/gallery/${nfc._id}`, ann));
    expect(item.offline).toBe(false);
    expect(item.deletedAt).toBeString();
    await ok(call(`/api/gallery/${nfc._id}/restore`, ann, 'POST'));
  });

  test('new content at the same path: the same item (tags kept), its size and renditions made again', async () => {
    const photo = byPath(await gallery())['a-renamed.jpg']!;
    await ok(call(`/api/gallery/${photo._id}`, ann, 'PUT', { tags: ['Edited'] }));
    const bigger = await jpegBytes(99, 64);
    writeFileSync(path.join(folder, 'a-renamed.jpg'), bigger);
    const changed = await scan(lib._id);
    expect(changed).toMatchObject({ added: 0, updated: 1, missing: 0 });
    const item = await ok<MediaItem>(call(`/api/gallery/${photo._id}`, ann));
    expect(item).toMatchObject({ size: bigger.length, tags: ['Edited'], status: 'processing' });
    await t.runJobs();
    expect((await ok<MediaItem>(call(`/api/gallery/${photo._id}`, ann))).status).toBe('ready');
    expect(new Uint8Array(await (await call(photo.url, ann)).arrayBuffer())).toEqual(new Uint8Array(bigger));
  });

  test('an item deleted forever stays out of later scans; its file stays on the disk', async () => {
    const nfd = byPath(await gallery())[`2025/${NFC}/nfd.jpg`]!;
    tree = snapshot(folder);
    await ok(call(`/api/gallery/${nfd._id}/permanent-delete`, ann, 'DELETE'));
    await t.runJobs();
    const after = await scan(lib._id);
    // (6 skipped before: the link to a.jpg went with the move above; now the forgotten file too.)
    expect(after).toMatchObject({ added: 0, missing: 0, skipped: 7 });
    expect((await gallery()).map((m) => m.library?.path)).not.toContain(`2025/${NFC}/nfd.jpg`);
    expect(snapshot(folder)).toEqual(tree);
    // Moved elsewhere in the folder, it is still known and left out.
    renameSync(path.join(folder, `2025/${NFD}/nfd.jpg`), path.join(folder, 'nfd-moved.jpg'));
    expect(await scan(lib._id)).toMatchObject({ added: 0, skipped: 7 });
    renameSync(path.join(folder, 'nfd-moved.jpg'), path.join(folder, `2025/${NFD}/nfd.jpg`));
  });

  test('a file deleted while the scan runs is neither added nor counted as failed', async () => {
    put(folder, 'late/one.jpg', await jpegBytes(50));
    put(folder, 'late/two.jpg', await jpegBytes(51));
    t.services.libraries.hooks.beforeRead = (paths) => {
      if (paths.includes('late/two.jpg')) unlinkSync(path.join(folder, 'late/two.jpg'));
    };
    try {
      const result = await scan(lib._id);
      expect(result).toMatchObject({ state: 'done', added: 1, failed: 0, errors: [] });
    } finally {
      delete t.services.libraries.hooks.beforeRead;
    }
    expect((await gallery()).map((m) => m.library?.path)).toContain('late/one.jpg');
    expect((await gallery()).map((m) => m.library?.path)).not.toContain('late/two.jpg');
  });

  test("a database that refuses a write fails the scan with the database's words, not as the folder's problem", async () => {
    put(folder, 'busy/one.jpg', await jpegBytes(60));
    t.services.libraries.hooks.beforeRead = (paths) => {
      if (paths.includes('busy/one.jpg')) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    };
    try {
      const failed = await scan(lib._id);
      expect(failed.state).toBe('failed');
      expect(failed.errors[0]).toEqual({ path: '', error: 'database is locked' });
    } finally {
      delete t.services.libraries.hooks.beforeRead;
      rmSync(path.join(folder, 'busy'), { recursive: true });
    }
    expect((await scan(lib._id)).state).toBe('done');
  });

  test('a folder gone missing as a whole (a disk not mounted) fails the scan and takes nothing offline', async () => {
    const bare = path.join(root, 'unmounted');
    mkdirSync(bare);
    put(bare, 'x.jpg', await jpegBytes(77));
    const other = await ok<Library>(call('/api/libraries', admin, 'POST', { path: bare, ownerId: ann.user._id, scan: false }), 201);
    expect((await scan(other._id)).added).toBe(1);
    rmSync(bare, { recursive: true });
    const failed = await scan(other._id);
    expect(failed.state).toBe('failed');
    expect(failed.errors[0]?.path).toBe('');
    expect((await ok<Library>(call(`/api/libraries/${other._id}`, ann))).offlineCount).toBe(0);
    // Each library's items, as the galleries filter them (with the other filters, paged).
    const only = await ok<MediaPage>(call(`/api/gallery?libraryId=${other._id}`, ann));
    expect(only.media.map((m) => m.library?.path)).toEqual(['x.jpg']);
    expect(only.totalItems).toBe(1);
    const theirs = await ok<MediaPage>(call(`/api/gallery?libraryId=${lib._id}&limit=2&sortBy=title&sortOrder=asc`, ann));
    expect(theirs.totalItems).toBe((await gallery()).length - 1);
    expect(theirs.media.every((m) => m.library?._id === lib._id)).toBe(true);
    expect((await ok<MediaPage>(call(`/api/gallery?libraryId=${lib._id}&search=clip`, ann))).media.map((m) => m.title)).toEqual(['clip']);
    expect((await ok<MediaPage>(call('/api/gallery?libraryId=nothing', ann))).totalItems).toBe(0);
  });
});
