// The galleries' library filter (GET /api/gallery and /api/premium with libraryId=<id>, the pages with library=<id>): a
// library's own items only, alone or with the other filters, searches and sorts; another
// member's library shows nothing of theirs.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { jpegBytes, put } from '../../../test/helpers/library-trees.ts';
import { createTestApp, type SignedIn, type TestApp, tempDir } from '../../../test/helpers/test-app.ts';
import type { Library } from '../../shared/libraries.ts';
import type { MediaPage } from '../../shared/media.ts';

let t: TestApp;
let root: string;
let admin: SignedIn;
let ann: SignedIn;
let bea: SignedIn;
let trips: Library;
let pets: Library;
let vault: Library;

async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text}`);
  return JSON.parse(text) as T;
}
const titles = (page: MediaPage) => page.media.map((m) => m.title);

beforeAll(async () => {
  root = tempDir('hub-library-filter-');
  t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0', LIBRARY_ROOTS: root, LIBRARY_SCAN_MINUTES: '0' } });
  admin = await signedInUser(t.database.db, { role: 'admin' });
  ann = await signedInUser(t.database.db);
  bea = await signedInUser(t.database.db);
  put(path.join(root, 'trips'), 'rome.jpg', await jpegBytes(1));
  put(path.join(root, 'trips'), 'oslo.jpg', await jpegBytes(2));
  put(path.join(root, 'pets'), 'cat.jpg', await jpegBytes(3));
  put(path.join(root, 'pets'), 'dog.jpg', await jpegBytes(4));
  put(path.join(root, 'vault'), 'rome night.jpg', await jpegBytes(5));
  // One at a time, each first scan done before the next library is added.
  const add = async (folder: string, owner: SignedIn, gallery = 'gallery') => {
    const json = { path: path.join(root, folder), ownerId: owner.user._id, gallery };
    const added = await ok<Library>(t.request('/api/libraries', { method: 'POST', as: admin, json }), 201);
    await t.services.libraries.idle();
    expect((await ok<Library>(t.request(`/api/libraries/${added._id}`, { as: admin }))).lastScan?.state).toBe('done');
    return added;
  };
  trips = await add('trips', ann);
  pets = await add('pets', ann);
  vault = await add('vault', ann, 'premium');
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the library filter of the galleries', () => {
  test("a library's items only; without the filter, every library's", async () => {
    const all = await ok<MediaPage>(t.request('/api/gallery?sortBy=title&sortOrder=asc', { as: ann }));
    expect(titles(all)).toEqual(['cat', 'dog', 'oslo', 'rome']);
    const fromTrips = await ok<MediaPage>(t.request(`/api/gallery?sortBy=title&sortOrder=asc&libraryId=${trips._id}`, { as: ann }));
    expect(titles(fromTrips)).toEqual(['oslo', 'rome']);
    expect(fromTrips.totalItems).toBe(2);
    expect(fromTrips.media.every((m) => m.library?._id === trips._id)).toBe(true);
    const fromPets = await ok<MediaPage>(t.request(`/api/gallery?libraryId=${pets._id}`, { as: ann }));
    expect(titles(fromPets).sort()).toEqual(['cat', 'dog']);
  });

  test('with a search, a tag, a favourite or a page size', async () => {
    expect(titles(await ok<MediaPage>(t.request(`/api/gallery?libraryId=${trips._id}&search=rom`, { as: ann })))).toEqual(['rome']);
    expect(titles(await ok<MediaPage>(t.request(`/api/gallery?libraryId=${pets._id}&search=rom`, { as: ann })))).toEqual([]);
    const dog = (await ok<MediaPage>(t.request(`/api/gallery?libraryId=${pets._id}&search=dog`, { as: ann }))).media[0]!;
    await ok(t.request(`/api/gallery/${dog._id}/favorite`, { method: 'POST', as: ann }));
    expect(titles(await ok<MediaPage>(t.request(`/api/gallery?libraryId=${pets._id}&filter=favorites`, { as: ann })))).toEqual(['dog']);
    expect(titles(await ok<MediaPage>(t.request(`/api/gallery?libraryId=${trips._id}&filter=favorites`, { as: ann })))).toEqual([]);
    await ok(t.request(`/api/gallery/${dog._id}/update`, { method: 'PUT', as: ann, json: { tags: ['good'] } }));
    expect(titles(await ok<MediaPage>(t.request(`/api/gallery?libraryId=${pets._id}&tags=good`, { as: ann })))).toEqual(['dog']);
    const paged = await ok<MediaPage>(t.request(`/api/gallery?libraryId=${trips._id}&limit=1&page=2&sortBy=title`, { as: ann }));
    expect([paged.totalItems, paged.totalPages, titles(paged)]).toEqual([2, 2, ['oslo']]);
  });

  test('the premium gallery filters the same way; a library of the other gallery shows nothing here', async () => {
    expect(titles(await ok<MediaPage>(t.request(`/api/premium?libraryId=${vault._id}`, { as: ann })))).toEqual(['rome night']);
    expect((await ok<MediaPage>(t.request(`/api/premium?libraryId=${trips._id}`, { as: ann }))).totalItems).toBe(0);
    expect((await ok<MediaPage>(t.request(`/api/gallery?libraryId=${vault._id}`, { as: ann }))).totalItems).toBe(0);
  });

  test("another member filtering by ann's library sees none of ann's items; an unknown id is an empty list, a long one a 400", async () => {
    expect((await ok<MediaPage>(t.request(`/api/gallery?libraryId=${trips._id}`, { as: bea }))).totalItems).toBe(0);
    expect((await ok<MediaPage>(t.request('/api/gallery?libraryId=nope', { as: ann }))).totalItems).toBe(0);
    const res = await t.request(`/api/gallery?libraryId=${'x'.repeat(101)}`, { as: ann });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('libraryId must be the id of a library');
  });

  test('the pages offer a member her own libraries only: none to another member, none of hers to an administrator', async () => {
    const page = async (who: SignedIn) => (await t.request('/premium', { as: who })).text();
    const anns = await page(ann);
    for (const library of [trips, pets, vault]) expect(anns).toContain(`<option value="${library._id}">${library.name}</option>`);
    for (const other of [bea, admin]) {
      const html = await page(other);
      expect(html).not.toContain(trips._id);
      expect(html).not.toContain('>Everything</option>');
    }
    // The address's library is the page's first list.
    expect(await (await t.request(`/premium?library=${trips._id}`, { as: ann })).text()).not.toContain('rome night');
    expect(await (await t.request(`/premium?library=${vault._id}`, { as: ann })).text()).toContain('rome night');
  });
});
