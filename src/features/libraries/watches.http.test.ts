// Watching library folders (LIBRARY_WATCH, on by default): once the hub runs, a file added to a
// library's folder appears in the hub and a file removed goes offline without anyone asking for a
// scan (periodic rescans are off here: LIBRARY_SCAN_MINUTES=0); the watch follows the library's
// folder when it changes and stops when the library is removed or the hub stops. A folder that
// cannot be watched (too many folders for the budget, a folder gone) is simply not watched.

import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { jpegBytes, put } from '../../../test/helpers/library-trees.ts';
import { createTestApp, type SignedIn, type TestApp, tempDir } from '../../../test/helpers/test-app.ts';
import type { Library } from '../../shared/libraries.ts';
import { createFolderWatches } from './watches.service.ts';

const root = tempDir('hub-watch-root-');
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0', LIBRARY_ROOTS: root, LIBRARY_SCAN_MINUTES: '0' } });
  admin = await signedInUser(t.database.db, { role: 'admin' });
  t.services.libraries.start();
});
afterAll(async () => {
  await t.services.libraries.stop();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const library = async (id: string) => (await (await t.request(`/api/libraries/${id}`, { as: admin })).json()) as Library;

/** Polls `check` until it holds, for at most 25 s (the rescan comes about 3 s after the last change). */
async function eventually(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 25_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await Bun.sleep(100);
  }
}

async function addLibrary(folder: string): Promise<Library> {
  const res = await t.request('/api/libraries', { method: 'POST', as: admin, json: { path: folder, ownerId: admin.user._id } });
  expect(res.status).toBe(201);
  const lib = (await res.json()) as Library;
  await t.services.libraries.idle();
  await eventually('the folder watched', () => t.services.libraries.watched(lib._id));
  return lib;
}

test('a file added to a watched folder appears without a scan being asked for; a file removed goes offline', async () => {
  const folder = path.join(root, 'watched');
  put(folder, 'one.jpg', await jpegBytes(1));
  const lib = await addLibrary(folder);
  expect((await library(lib._id)).itemCount).toBe(1);

  const added = put(folder, 'trip/two.jpg', await jpegBytes(2));
  await eventually('the new file in the hub', async () => (await library(lib._id)).itemCount === 2);
  const items = (await (await t.request(`/api/gallery?libraryId=${lib._id}&limit=10`, { as: admin })).json()) as { media: { library: { path: string } }[] };
  expect(items.media.map((m) => m.library.path).sort()).toEqual(['one.jpg', 'trip/two.jpg']);

  rmSync(added);
  await eventually('the removed file offline', async () => (await library(lib._id)).offlineCount === 1);
  const after = await library(lib._id);
  expect(after.itemCount).toBe(2);
  expect(after.lastScan).toMatchObject({ state: 'done', missing: 1 });
});

test('the watch follows a library to its new folder, and stops when it is removed and when the hub stops', async () => {
  const first = path.join(root, 'first');
  const second = path.join(root, 'second');
  put(first, 'a.jpg', await jpegBytes(3));
  put(second, 'a.jpg', await jpegBytes(3));
  const lib = await addLibrary(first);

  const res = await t.request(`/api/libraries/${lib._id}`, { method: 'PUT', as: admin, json: { path: second } });
  expect(res.status).toBe(200);
  await t.services.libraries.idle();
  await eventually('the new folder watched', () => t.services.libraries.watched(lib._id));
  put(second, 'b.jpg', await jpegBytes(4));
  await eventually('a file added to the new folder in the hub', async () => (await library(lib._id)).itemCount === 2);

  await t.services.libraries.stop();
  expect(t.services.libraries.watched(lib._id)).toBe(false);
  t.services.libraries.start();
  await eventually('watched again once the hub runs again', () => t.services.libraries.watched(lib._id));

  expect((await t.request(`/api/libraries/${lib._id}`, { method: 'DELETE', as: admin })).status).toBe(200);
  expect(t.services.libraries.watched(lib._id)).toBe(false);
});

test('a folder with more folders than the watches left, or one that is gone, is not watched (periodic rescans stay)', async () => {
  const folder = path.join(root, 'many');
  for (const name of ['a', 'b', 'c']) mkdirSync(path.join(folder, name), { recursive: true });
  const asked: string[] = [];
  const watches = createFolderWatches({
    delayMs: 50,
    maxFolders: 3,
    onQuiet: async (id) => {
      asked.push(id);
      return undefined;
    },
  });
  try {
    // Four folders (itself and three) against three watches.
    expect(await watches.watch('lib', folder)).toBe(false);
    expect(await watches.watch('gone', path.join(root, 'no-such-folder'))).toBe(false);
    rmSync(path.join(folder, 'c'), { recursive: true });
    expect(await watches.watch('lib', folder)).toBe(true);
    put(folder, 'a/new.jpg', await jpegBytes(5));
    await eventually('the change told', () => asked.length > 0);
    expect(asked[0]).toBe('lib');
  } finally {
    watches.closeAll();
  }
  expect(watches.watching('lib')).toBe(false);
});

test('a change told while the library is still being scanned is told again once the scan is over', async () => {
  const folder = path.join(root, 'busy');
  mkdirSync(folder, { recursive: true });
  const asked: number[] = [];
  let scanning = true;
  const watches = createFolderWatches({
    delayMs: 50,
    onQuiet: async () => {
      asked.push(Date.now());
      // The first time a scan still runs: ask again; then it is over.
      if (scanning) {
        scanning = false;
        return 'again';
      }
      return undefined;
    },
  });
  try {
    expect(await watches.watch('lib', folder)).toBe(true);
    for (let i = 0; i < 5; i++) put(folder, `file-${i}.jpg`, 'x');
    await eventually('asked again after the scan', () => asked.length >= 2);
    expect(scanning).toBe(false);
  } finally {
    watches.closeAll();
  }
});
