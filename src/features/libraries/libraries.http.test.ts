// The libraries API over HTTP on a real temp database and real folders: who may do what (the
// administrator manages, the owner sees theirs and scans, anyone else is told it does not exist),
// each 400 of a folder that is not allowed, the scan in the background (202, then its counts),
// items in the owner's gallery with where they come from, renaming, and removing a library (its
// items leave the hub, its files stay exactly as they were). Library items' bytes are served from
// their files with ranges and validators; a file gone answers 404 and takes its item offline.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fails, ok } from '../../../test/helpers/answers.ts';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { jpegBytes, type LibraryHub, libraryHub, put, snapshot } from '../../../test/helpers/library-trees.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { LIBRARY_TEXT, type Library, type LibraryFolders } from '../../shared/libraries.ts';
import type { MediaItem, MediaPage } from '../../shared/media.ts';

let hub: LibraryHub;
let t: TestApp;
let root: string;
let outside: string;
let admin: SignedIn;
let ann: SignedIn;
let bea: SignedIn;

beforeAll(async () => {
  hub = await libraryHub('hub-library');
  ({ t, root, outside, admin, ann } = hub);
  bea = await signedInUser(t.database.db);
});
afterAll(() => hub.close());

const call = (url: string, as: Credentials, method = 'GET', json?: unknown) => t.request(url, { method, as, ...(json === undefined ? {} : { json }) });
const scanned = async () => t.services.libraries.idle();

describe('adding a library', () => {
  test('an administrator adds a folder for a member: 201, scanned in the background, its pictures in her gallery with where they come from', async () => {
    const folder = path.join(root, 'holiday');
    put(folder, 'beach/one.jpg', await jpegBytes(1));
    put(folder, 'beach/two.jpg', await jpegBytes(2));
    put(folder, 'notes.txt', 'not a picture');
    const before = snapshot(folder);
    const added = await ok<Library>(
      call('/api/libraries', admin, 'POST', { path: folder, ownerId: ann.user._id, gallery: 'gallery', tags: ['Holiday', 'holiday', ' Beach '] }),
      201,
    );
    expect(added).toMatchObject({ name: 'holiday', path: folder, ownerId: ann.user._id, gallery: 'gallery', tags: ['Holiday', 'Beach'] });
    expect(['queued', 'running', 'done']).toContain(added.lastScan?.state ?? 'none');
    await scanned();
    const after = await ok<Library>(call(`/api/libraries/${added._id}`, admin));
    expect(after.lastScan).toMatchObject({ state: 'done', found: 3, added: 2, updated: 0, missing: 0, skipped: 1, failed: 0, errors: [] });
    expect(after.lastScan?.startedAt).toBeString();
    expect(after.lastScan?.finishedAt).toBeString();
    expect(after.itemCount).toBe(2);
    const page = await ok<MediaPage>(call('/api/gallery?sortBy=title&sortOrder=asc', ann));
    expect(page.media.map((m) => [m.title, m.library, m.offline, m.tags])).toEqual([
      ['one', { _id: added._id, name: 'holiday', path: 'beach/one.jpg' }, false, ['Holiday', 'Beach']],
      ['two', { _id: added._id, name: 'holiday', path: 'beach/two.jpg' }, false, ['Holiday', 'Beach']],
    ]);
    // Nobody else's gallery has them.
    expect((await ok<MediaPage>(call('/api/gallery', bea))).totalItems).toBe(0);
    expect(snapshot(folder)).toEqual(before);
  });

  test('the folder must be an existing readable folder inside a root once links and .. are resolved', async () => {
    mkdirSync(path.join(root, 'plain'), { recursive: true });
    writeFileSync(path.join(root, 'a-file.jpg'), 'x');
    symlinkSync(outside, path.join(root, 'link-out'));
    const add = (p: unknown, extra: object = {}) => call('/api/libraries', admin, 'POST', { path: p, ownerId: ann.user._id, ...extra });
    await fails(add(outside), 400, LIBRARY_TEXT.outsideRoots(outside, [root]));
    await fails(add(path.join(root, 'link-out')), 400, LIBRARY_TEXT.outsideRoots(path.join(root, 'link-out'), [root]));
    await fails(add(`${root}/plain/../..`), 400, LIBRARY_TEXT.outsideRoots(`${root}/plain/../..`, [root]));
    await fails(add(path.join(root, 'nowhere')), 400, LIBRARY_TEXT.missing(path.join(root, 'nowhere')));
    await fails(add(path.join(root, 'a-file.jpg')), 400, LIBRARY_TEXT.notFolder(path.join(root, 'a-file.jpg')));
    await fails(add('plain'), 400, 'path must be an absolute folder, such as /library/photos');
    await fails(add(42), 400, 'path must be an absolute folder, such as /library/photos');
    await fails(add(path.join(root, 'plain'), { ownerId: 'nobody' }), 400, LIBRARY_TEXT.ownerUnknown);
    await fails(add(path.join(root, 'plain'), { gallery: 'attic' }), 400, 'gallery must be one of gallery, premium');
    await fails(add(path.join(root, 'plain'), { name: '' }), 400, 'name must be text of 1 to 100 characters');
    // Inside another library, or holding one: 409; a name already taken (any case): 409.
    await fails(add(path.join(root, 'holiday', 'beach')), 409);
    await fails(add(root), 409);
    await fails(add(path.join(root, 'plain'), { name: 'HOLIDAY' }), 409, LIBRARY_TEXT.nameTaken('HOLIDAY'));
    // The whole root is fine for a folder not overlapping: `plain` through `..` resolves to itself.
    const plain = await ok<Library>(add(`${root}/holiday/../plain`, { scan: false }), 201);
    expect(plain.path).toBe(path.join(root, 'plain'));
    expect(plain.lastScan).toBeNull();
    await ok(call(`/api/libraries/${plain._id}`, admin, 'DELETE'));
  });

  test('without LIBRARY_ROOTS no library can be added', async () => {
    const bare = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0' } });
    try {
      const boss = await signedInUser(bare.database.db, { role: 'admin' });
      const res = await bare.request('/api/libraries', { method: 'POST', as: boss, json: { path: root, ownerId: boss.user._id } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(LIBRARY_TEXT.noRoots);
    } finally {
      await bare.close();
    }
  });
});

describe('who may do what', () => {
  test('administrators manage; the owner sees hers and may scan; another member is told it does not exist', async () => {
    const [mine] = (await ok<{ libraries: Library[] }>(call('/api/libraries', ann))).libraries;
    expect(mine?.name).toBe('holiday');
    expect((await ok<{ libraries: Library[] }>(call('/api/libraries', bea))).libraries).toEqual([]);
    expect((await ok<{ libraries: Library[] }>(call('/api/libraries', admin))).libraries.map((l) => l.name)).toEqual(['holiday']);
    const id = mine!._id;
    // The owner: reads and scans; may not change, remove or add.
    await ok<Library>(call(`/api/libraries/${id}`, ann));
    const queued = await ok<Library>(call(`/api/libraries/${id}/scan`, ann, 'POST'), 202);
    expect(['queued', 'running', 'done']).toContain(queued.lastScan?.state ?? 'none');
    await scanned();
    await fails(call(`/api/libraries/${id}`, ann, 'PUT', { name: 'Mine' }), 403, LIBRARY_TEXT.adminOnly);
    await fails(call(`/api/libraries/${id}`, ann, 'DELETE'), 403, LIBRARY_TEXT.adminOnly);
    await fails(call('/api/libraries', ann, 'POST', { path: path.join(root, 'plain'), ownerId: ann.user._id }), 403, LIBRARY_TEXT.adminOnly);
    await fails(call('/api/libraries/folders', ann), 403, LIBRARY_TEXT.adminOnly);
    // Another member: 404 on every call, as for a library that never existed.
    for (const [method, url, body] of [
      ['GET', `/api/libraries/${id}`],
      ['PUT', `/api/libraries/${id}`, { name: 'Stolen' }],
      ['DELETE', `/api/libraries/${id}`],
      ['POST', `/api/libraries/${id}/scan`],
    ] as const) {
      await fails(call(url, bea, method, body), 404, LIBRARY_TEXT.notFound);
    }
    await fails(call('/api/libraries/no-such-id', admin), 404, LIBRARY_TEXT.notFound);
    // Signed out: 401.
    expect((await t.request('/api/libraries', { as: { siteToken: admin.siteToken } })).status).toBe(401);
  });

  test('the folder picker lists the roots, then the folders of one, never outside them', async () => {
    const top = await ok<LibraryFolders>(call('/api/libraries/folders', admin));
    expect(top).toEqual({ roots: [root], path: null, parent: null, folders: [{ name: root, path: root }] });
    const inRoot = await ok<LibraryFolders>(call(`/api/libraries/folders?path=${encodeURIComponent(root)}`, admin));
    expect(inRoot.parent).toBeNull();
    expect(inRoot.folders.map((f) => f.name)).toEqual(['holiday', 'plain']);
    const holiday = await ok<LibraryFolders>(call(`/api/libraries/folders?path=${encodeURIComponent(path.join(root, 'holiday'))}`, admin));
    expect(holiday).toMatchObject({ parent: root, folders: [{ name: 'beach', path: path.join(root, 'holiday', 'beach') }] });
    await fails(call(`/api/libraries/folders?path=${encodeURIComponent(outside)}`, admin), 400);
  });

  test('an administrator renames a library (its items follow) and sets the gallery and tags of new items; the owner cannot change', async () => {
    const [lib] = (await ok<{ libraries: Library[] }>(call('/api/libraries', admin))).libraries;
    const renamed = await ok<Library>(call(`/api/libraries/${lib!._id}`, admin, 'PUT', { name: 'Summer 2026', tags: 'sea, sun' }));
    expect(renamed).toMatchObject({ name: 'Summer 2026', tags: ['sea', 'sun'] });
    const page = await ok<MediaPage>(call('/api/gallery', ann));
    expect(page.media.every((m) => m.library?.name === 'Summer 2026')).toBe(true);
    // Existing items keep their tags.
    expect(page.media[0]?.tags).toEqual(['Holiday', 'Beach']);
    await fails(call(`/api/libraries/${lib!._id}`, admin, 'PUT', { ownerId: bea.user._id }), 400, LIBRARY_TEXT.ownerFixed);
    await fails(call(`/api/libraries/${lib!._id}`, admin, 'PUT', {}), 400, 'Send a name, path, gallery or tags to update');
  });
});

describe('library items bytes', () => {
  test('served from the file with ranges and validators; a file gone is 404 and its item goes offline', async () => {
    const folder = path.join(root, 'holiday');
    const page = await ok<MediaPage>(call('/api/gallery?sortBy=title&sortOrder=asc', ann));
    const one = page.media[0]!;
    const bytes = await Bun.file(path.join(folder, 'beach/one.jpg')).bytes();
    const whole = await call(one.url, ann);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const etag = whole.headers.get('etag')!;
    expect(etag).toBeString();
    const part = await t.request(one.url, { as: ann, headers: { range: 'bytes=2-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-9/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(2, 10));
    expect((await t.request(one.url, { as: ann, headers: { 'if-none-match': etag } })).status).toBe(304);
    // Another member: 404.
    expect((await call(one.url, bea)).status).toBe(404);
    // The file goes between scans: 404, and the item is offline (in the bin, out of the list).
    const kept = await Bun.file(path.join(folder, 'beach/one.jpg')).bytes();
    unlinkSync(path.join(folder, 'beach/one.jpg'));
    expect((await call(one.url, ann)).status).toBe(404);
    const offline = await ok<MediaItem>(call(`/api/gallery/${one._id}`, ann));
    expect(offline.offline).toBe(true);
    expect(offline.deletedAt).toBeString();
    expect((await ok<MediaPage>(call('/api/gallery', ann))).media.map((m) => m._id)).not.toContain(one._id);
    // Back with the next scan once the file is.
    writeFileSync(path.join(folder, 'beach/one.jpg'), kept);
    await ok(call(`/api/libraries/${one.library!._id}/scan`, ann, 'POST'), 202);
    await scanned();
    const back = await ok<MediaItem>(call(`/api/gallery/${one._id}`, ann));
    expect(back).toMatchObject({ offline: false, deletedAt: null });
    expect((await call(one.url, ann)).status).toBe(200);
  });

  test('the processing job reads the original from the library file and stores its renditions in the hub', async () => {
    const folder = path.join(root, 'holiday');
    const before = snapshot(folder);
    await t.runJobs();
    const page = await ok<MediaPage>(call('/api/gallery', ann));
    for (const item of page.media) {
      expect(item.status).toBe('ready');
      expect(item.thumbnail).toBe(`/media/${item._id}/thumbnail`);
      const thumb = await call(item.thumbnail!, ann);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
    }
    // The full SHA-256 replaced the fingerprint (the ETag of the original says it).
    const one = page.media.find((m) => m.title === 'one')!;
    const hash = new Bun.CryptoHasher('sha256').update(await Bun.file(path.join(folder, 'beach/one.jpg')).bytes()).digest('hex');
    expect((await call(one.url, ann)).headers.get('etag')).toBe(`"${hash}"`);
    expect(snapshot(folder)).toEqual(before);
  });
});

describe('removing a library', () => {
  test('its items leave the hub, renditions too; its files stay exactly as they were', async () => {
    const [lib] = (await ok<{ libraries: Library[] }>(call('/api/libraries', admin))).libraries;
    const folder = lib!.path;
    const before = snapshot(folder);
    const items = (await ok<MediaPage>(call('/api/gallery', ann))).media;
    expect(items.length).toBe(2);
    const removed = await ok<{ success: boolean; removed: number; message: string }>(call(`/api/libraries/${lib!._id}`, admin, 'DELETE'));
    expect(removed).toEqual({ success: true, removed: 2, message: LIBRARY_TEXT.removed });
    await t.runJobs();
    for (const item of items) {
      await fails(call(`/api/gallery/${item._id}`, ann), 404);
      expect((await call(item.url, ann)).status).toBe(404);
    }
    expect((await ok<MediaPage>(call('/api/gallery/recycling-bin', ann))).totalItems).toBe(0);
    await fails(call(`/api/libraries/${lib!._id}`, admin), 404);
    expect(snapshot(folder)).toEqual(before);
    // Added again: every file comes back as a new item (nothing was remembered against it).
    const again = await ok<Library>(call('/api/libraries', admin, 'POST', { path: folder, ownerId: ann.user._id }), 201);
    await scanned();
    expect((await ok<Library>(call(`/api/libraries/${again._id}`, admin))).lastScan).toMatchObject({ state: 'done', added: 2 });
  });
});

describe('bursts', () => {
  test('100 identical adds at once make one library (201) and 99 refusals (409); 100 scans at once run one scan and add each file once', async () => {
    const folder = path.join(root, 'burst');
    put(folder, 'a.jpg', await jpegBytes(91));
    put(folder, 'b.jpg', await jpegBytes(92));
    const adds = await Promise.all(
      Array.from({ length: 100 }, () => call('/api/libraries', admin, 'POST', { path: folder, ownerId: bea.user._id, name: 'Burst', scan: false })),
    );
    const statuses = adds.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const refused = await adds.find((r) => r.status === 409)!.json();
    expect(typeof refused.error).toBe('string');
    const created = (await adds.find((r) => r.status === 201)!.json()) as Library;
    const scans = await Promise.all(Array.from({ length: 100 }, () => call(`/api/libraries/${created._id}/scan`, bea, 'POST')));
    expect(scans.map((r) => r.status).filter((s) => s !== 202)).toEqual([]);
    await scanned();
    const after = await ok<Library>(call(`/api/libraries/${created._id}`, bea));
    expect(after.lastScan).toMatchObject({ state: 'done', failed: 0 });
    expect(after.itemCount).toBe(2);
    const mine = await ok<MediaPage>(call(`/api/gallery?libraryId=${created._id}`, bea));
    expect(mine.media.map((m) => m.library?.path).sort()).toEqual(['a.jpg', 'b.jpg']);
  });
});
