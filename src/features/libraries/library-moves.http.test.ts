// A library whose folder moves (PUT with a new path) keeps its items: the same ids, tags, favourites
// and places, matched by fingerprint in the new folder. An item whose file is gone waits offline in
// the bin however long, while the bin's purge takes the items members deleted.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { cpSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ok } from '../../../test/helpers/answers.ts';
import { jpegBytes, type LibraryHub, libraryHub, put } from '../../../test/helpers/library-trees.ts';
import type { Credentials, SignedIn, TestApp } from '../../../test/helpers/test-app.ts';
import type { Library } from '../../shared/libraries.ts';
import type { MediaItem, MediaPage } from '../../shared/media.ts';
import { purgeExpired } from '../media/purge.service.ts';

let hub: LibraryHub;
let t: TestApp;
let root: string;
let admin: SignedIn;
let ann: SignedIn;

beforeAll(async () => {
  hub = await libraryHub('hub-library-moves');
  ({ t, root, admin, ann } = hub);
});
afterAll(() => hub.close());

const call = (url: string, as: Credentials, method = 'GET', json?: unknown) => t.request(url, { method, as, ...(json === undefined ? {} : { json }) });
const scanned = async () => t.services.libraries.idle();
const DAY_MS = 24 * 60 * 60 * 1000;

describe('a library moved to another folder', () => {
  test('its items keep their ids, tags and favourites; nothing goes offline and nothing is added twice', async () => {
    const before = path.join(root, 'old-place');
    put(before, 'trip/a.jpg', await jpegBytes(11));
    put(before, 'trip/b.jpg', await jpegBytes(12));
    put(before, 'c.jpg', await jpegBytes(13));
    const lib = await ok<Library>(call('/api/libraries', admin, 'POST', { path: before, ownerId: ann.user._id, name: 'Moves' }), 201);
    await scanned();
    const first = (await ok<MediaPage>(call(`/api/gallery?libraryId=${lib._id}&sortBy=title&sortOrder=asc`, ann))).media;
    expect(first.map((m) => m.library?.path)).toEqual(['trip/a.jpg', 'trip/b.jpg', 'c.jpg']);
    const a = first[0]!;
    await ok(call(`/api/gallery/${a._id}`, ann, 'PUT', { tags: ['kept'] }));
    await ok(call(`/api/gallery/${a._id}/favorite`, ann, 'POST'));

    // The owner moves the folder on the NAS (and renames one file on the way); the administrator follows.
    const after = path.join(root, 'new-place');
    cpSync(before, after, { recursive: true });
    renameSync(path.join(after, 'c.jpg'), path.join(after, 'c-renamed.jpg'));
    rmSync(before, { recursive: true, force: true });
    const moved = await ok<Library>(call(`/api/libraries/${lib._id}`, admin, 'PUT', { path: after }));
    expect(moved.path).toBe(after);
    await scanned();

    const done = await ok<Library>(call(`/api/libraries/${lib._id}`, admin));
    expect(done.lastScan).toMatchObject({ state: 'done', added: 0, missing: 0, failed: 0 });
    const now = (await ok<MediaPage>(call(`/api/gallery?libraryId=${lib._id}&sortBy=title&sortOrder=asc`, ann))).media;
    expect(now.map((m) => m._id).sort()).toEqual(first.map((m) => m._id).sort());
    expect(now.map((m) => m.library?.path).sort()).toEqual(['c-renamed.jpg', 'trip/a.jpg', 'trip/b.jpg']);
    const aNow = await ok<MediaItem>(call(`/api/gallery/${a._id}`, ann));
    expect(aNow).toMatchObject({ offline: false, isFavorite: true });
    expect(aNow.tags).toContain('kept');
    expect((await call(aNow.url, ann)).status).toBe(200);
    expect((await ok<MediaPage>(call('/api/gallery/recycling-bin', ann))).totalItems).toBe(0);
  });
});

describe('an offline item in the bin', () => {
  test('is never purged, however long its file is gone, while deleted items are; it comes back with its file', async () => {
    const folder = path.join(root, 'offline');
    put(folder, 'gone.jpg', await jpegBytes(21));
    put(folder, 'deleted.jpg', await jpegBytes(22));
    const lib = await ok<Library>(call('/api/libraries', admin, 'POST', { path: folder, ownerId: ann.user._id, name: 'Offline' }), 201);
    await scanned();
    const items = (await ok<MediaPage>(call(`/api/gallery?libraryId=${lib._id}`, ann))).media;
    const gone = items.find((m) => m.library?.path === 'gone.jpg')!;
    const deleted = items.find((m) => m.library?.path === 'deleted.jpg')!;

    const kept = await Bun.file(path.join(folder, 'gone.jpg')).bytes();
    unlinkSync(path.join(folder, 'gone.jpg'));
    await ok(call(`/api/libraries/${lib._id}/scan`, ann, 'POST'), 202);
    await scanned();
    expect(await ok<MediaItem>(call(`/api/gallery/${gone._id}`, ann))).toMatchObject({ offline: true });
    await ok(call(`/api/gallery/${deleted._id}/delete`, ann, 'DELETE'));

    // A year later, with a 30-day bin: the deleted item leaves, the offline one stays.
    const yearLater = () => new Date(Date.now() + 365 * DAY_MS);
    const purged = await purgeExpired({ db: t.database.db, store: t.store, clock: yearLater, days: 30 });
    expect(purged).toBeGreaterThanOrEqual(1);
    expect((await call(`/api/gallery/${deleted._id}`, ann)).status).toBe(404);
    expect(await ok<MediaItem>(call(`/api/gallery/${gone._id}`, ann))).toMatchObject({ offline: true, tags: gone.tags });

    writeFileSync(path.join(folder, 'gone.jpg'), kept);
    await ok(call(`/api/libraries/${lib._id}/scan`, ann, 'POST'), 202);
    await scanned();
    expect(await ok<MediaItem>(call(`/api/gallery/${gone._id}`, ann))).toMatchObject({ offline: false, deletedAt: null });
    expect((await call(gone.url, ann)).status).toBe(200);
  });
});
