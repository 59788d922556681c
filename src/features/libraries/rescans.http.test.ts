// Rescans: every LIBRARY_SCAN_MINUTES after the last one ended (a new file appears in the hub by
// itself), never while the last one is younger; a scan queued by another process (the CLI) is
// picked up; with 0, libraries are scanned by hand only.

import { afterAll, beforeAll, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { jpegBytes, put } from '../../../test/helpers/library-trees.ts';
import { createTestApp, type SignedIn, type TestApp, tempDir } from '../../../test/helpers/test-app.ts';
import type { Library } from '../../shared/libraries.ts';

let now = Date.UTC(2031, 0, 1, 12, 0);
const root = tempDir('hub-rescan-root-');
let t: TestApp;
let byHand: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0', LIBRARY_ROOTS: root, LIBRARY_SCAN_MINUTES: '60' } });
  byHand = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0', LIBRARY_ROOTS: root, LIBRARY_SCAN_MINUTES: '0' } });
  admin = await signedInUser(t.database.db, { role: 'admin' }, now);
});
afterAll(async () => {
  await t.close();
  await byHand.close();
  rmSync(root, { recursive: true, force: true });
});

const library = async (app: TestApp, as: SignedIn, id: string) => (await (await app.request(`/api/libraries/${id}`, { as })).json()) as Library;

test('a library is scanned again once LIBRARY_SCAN_MINUTES have passed since the last scan ended', async () => {
  const folder = path.join(root, 'timed');
  put(folder, 'one.jpg', await jpegBytes(1));
  const res = await t.request('/api/libraries', { method: 'POST', as: admin, json: { path: folder, ownerId: admin.user._id } });
  const lib = (await res.json()) as Library;
  await t.services.libraries.idle();
  expect((await library(t, admin, lib._id)).itemCount).toBe(1);
  put(folder, 'two.jpg', await jpegBytes(2));
  // 59 minutes on: not yet.
  now += 59 * 60_000;
  await t.services.libraries.tick();
  await t.services.libraries.idle();
  expect((await library(t, admin, lib._id)).itemCount).toBe(1);
  // An hour on: the new file is in.
  now += 2 * 60_000;
  await t.services.libraries.tick();
  await t.services.libraries.idle();
  const after = await library(t, admin, lib._id);
  expect(after.itemCount).toBe(2);
  expect(after.lastScan).toMatchObject({ state: 'done', added: 1 });
});

test('with LIBRARY_SCAN_MINUTES=0 nothing is rescanned by itself; a scan queued elsewhere (the CLI) is still run', async () => {
  const boss = await signedInUser(byHand.database.db, { role: 'admin' }, now);
  const folder = path.join(root, 'manual');
  put(folder, 'one.jpg', await jpegBytes(3));
  const lib = (await (await byHand.request('/api/libraries', { method: 'POST', as: boss, json: { path: folder, ownerId: boss.user._id } })).json()) as Library;
  await byHand.services.libraries.idle();
  put(folder, 'two.jpg', await jpegBytes(4));
  now += 24 * 60 * 60_000;
  await byHand.services.libraries.tick();
  await byHand.services.libraries.idle();
  expect((await library(byHand, boss, lib._id)).itemCount).toBe(1);
  // Queued by another process: marked in the database only.
  const { createServices } = await import('../services.ts');
  const { loadConfig } = await import('../../config.ts');
  const other = createServices({ db: byHand.database.db, config: loadConfig({ DATA_DIR: byHand.dataDir, LIBRARY_ROOTS: root }), clock: () => new Date(now) });
  other.libraries.hold();
  await other.libraries.requestScan(lib._id);
  expect((await library(byHand, boss, lib._id)).lastScan?.state).toBe('queued');
  await byHand.services.libraries.tick();
  await byHand.services.libraries.idle();
  expect((await library(byHand, boss, lib._id)).itemCount).toBe(2);
});

test("queueing and running one library's scan leaves the other libraries' last scans as they are", async () => {
  const first = path.join(root, 'first');
  const second = path.join(root, 'second');
  put(first, 'one.jpg', await jpegBytes(5));
  put(second, 'one.jpg', await jpegBytes(6));
  put(second, 'two.jpg', await jpegBytes(7));
  const add = async (folder: string) => {
    const lib = (await (await t.request('/api/libraries', { method: 'POST', as: admin, json: { path: folder, ownerId: admin.user._id } })).json()) as Library;
    await t.services.libraries.idle();
    return lib;
  };
  const a = await add(first);
  const b = await add(second);
  expect((await library(t, admin, a._id)).lastScan).toMatchObject({ state: 'done', found: 1, added: 1 });
  expect((await library(t, admin, b._id)).lastScan).toMatchObject({ state: 'done', found: 2, added: 2 });
  expect((await t.request(`/api/libraries/${a._id}/scan`, { method: 'POST', as: admin })).status).toBe(202);
  await t.services.libraries.idle();
  expect((await library(t, admin, a._id)).lastScan).toMatchObject({ state: 'done', found: 1, added: 0 });
  // Not queued, not claimed: its last scan as it ended.
  expect((await library(t, admin, b._id)).lastScan).toMatchObject({ state: 'done', found: 2, added: 2 });
});
