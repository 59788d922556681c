// Concurrency is input too: bursts of identical requests at the gallery's check-then-act calls.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { mediaSamples } from '../../../test/helpers/media-samples.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { MediaItem, MediaPage, UploadResult } from '../../shared/media.ts';

let t: TestApp;
let ann: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  ann = await signedInUser(t.database.db, { username: 'ann' });
  await mediaSamples();
}, 60_000);
afterAll(() => t?.close());

// biome-ignore lint/performance/noAccumulatingSpread: kept from before the linter; fix when this code is next touched
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
const count = async (filter: string) => ((await (await t.request(`/api/gallery?filter=${filter}&limit=1`, { as: ann })).json()) as MediaPage).totalItems;

describe('bursts of 100 identical requests', () => {
  test('delete forever: one 200, the rest 404; the bytes and the row are gone once, the counts stay true', async () => {
    const row = newMedia(t.database, ann.user._id, { title: 'once' });
    await putMediaBytes(t.store, row);
    const before = await count('all');
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.request(`/api/gallery/${row.id}/permanent-delete`, { method: 'DELETE', as: ann })));
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 1, 404: 99 });
    for (const res of answers) expect(Object.keys((await res.json()) as object)).toContain(res.status === 200 ? 'success' : 'error');
    expect(await t.store.head(row.storage_key)).toBeNull();
    expect(await count('all')).toBe(before - 1);
  });

  test('delete to the bin and restore: every answer 200, the item ends in one place, counted once', async () => {
    const row = newMedia(t.database, ann.user._id, { title: 'moved about' });
    const [all, bin] = [await count('all'), await count('recycling-bin')];
    const deletes = await Promise.all(Array.from({ length: 100 }, () => t.request(`/api/gallery/${row.id}/delete`, { method: 'DELETE', as: ann })));
    expect(tally(deletes.map((r) => r.status))).toEqual({ 200: 100 });
    expect([await count('all'), await count('recycling-bin')]).toEqual([all - 1, bin + 1]);
    const restores = await Promise.all(Array.from({ length: 100 }, () => t.request(`/api/gallery/${row.id}/restore`, { method: 'POST', as: ann })));
    expect(tally(restores.map((r) => r.status))).toEqual({ 200: 100 });
    expect([await count('all'), await count('recycling-bin')]).toEqual([all, bin]);
  });

  test('favourite toggles: 100 toggles leave it as it was, and the favourites count agrees with the item', async () => {
    const row = newMedia(t.database, ann.user._id, { title: 'toggled' });
    const favourites = await count('favorites');
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.request(`/api/gallery/${row.id}/favorite`, { method: 'POST', as: ann })));
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 100 });
    const item = (await (await t.request(`/api/gallery/${row.id}`, { as: ann })).json()) as MediaItem;
    expect(item.isFavorite).toBe(false);
    expect(await count('favorites')).toBe(favourites);
  });

  test('100 uploads at once: each stored once, each with its row and its processing job', async () => {
    const samples = await mediaSamples();
    const before = await count('all');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => {
        const body = new FormData();
        body.append('files', new Blob([samples.jpeg.bytes() as Uint8Array<ArrayBuffer>]), samples.jpeg.name);
        return t.request('/api/gallery/upload', { method: 'POST', body, as: ann });
      }),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 201: 100 });
    const ids = new Set<string>();
    for (const res of answers) for (const media of ((await res.json()) as UploadResult).media) ids.add(media._id);
    expect(ids.size).toBe(100);
    expect(await count('all')).toBe(before + 100);
    const jobs = await t.database.db.selectFrom('jobs').select('key').where('kind', '=', 'media.process').execute();
    expect(new Set(jobs.map((j) => j.key))).toEqual(ids);
    await t.runJobs();
    const page = (await (await t.request('/api/gallery?limit=100', { as: ann })).json()) as MediaPage;
    expect(page.media.filter((m) => ids.has(m._id)).every((m) => m.status === 'ready')).toBe(true);
  }, 60_000);

  test('adding the same items to an album: each item joins once, the count stays true', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => newMedia(t.database, ann.user._id, { title: `album burst ${i}` }));
    const album = (await (await t.request('/api/albums', { method: 'POST', json: { name: 'Burst' }, as: ann })).json()) as { _id: string };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.request(`/api/albums/${album._id}/media`, { method: 'POST', json: { mediaIds: rows.map((r) => r.id) }, as: ann })),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 100 });
    const added = await Promise.all(answers.map(async (res) => ((await res.json()) as { added: number }).added));
    expect(added.reduce((a, b) => a + b, 0)).toBe(5);
    const detail = (await (await t.request(`/api/albums/${album._id}`, { as: ann })).json()) as { mediaCount: number; totalItems: number };
    expect([detail.mediaCount, detail.totalItems]).toEqual([5, 5]);
  });

  test('moving the same items to premium: they move once, the counts of both galleries stay true', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => newMedia(t.database, ann.user._id, { title: `premium burst ${i}` }));
    const before = await count('all');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.request('/api/gallery/move-to-premium', { method: 'POST', json: { mediaIds: rows.map((r) => r.id) }, as: ann })),
    );
    const statuses = tally(answers.map((r) => r.status));
    // The first call moves them; the others find them in premium already (not the gallery's): 404.
    expect(statuses).toEqual({ 200: 1, 404: 99 });
    expect(await count('all')).toBe(before - 3);
    const premium = (await (await t.request('/api/premium?limit=1000', { as: ann })).json()) as MediaPage;
    expect(premium.media.filter((m) => m.title.startsWith('premium burst'))).toHaveLength(3);
  });

  test('deleting exact duplicates: the older copies are binned once, whatever the number of calls', async () => {
    const sha256 = 'f'.repeat(64);
    const copies = [1, 2, 3].map((i) => newMedia(t.database, ann.user._id, { title: `dup burst ${i}`, sha256, createdAt: 1_800_000_000_000 + i }));
    const bin = await count('recycling-bin');
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.request('/api/gallery/duplicates', { method: 'DELETE', as: ann })));
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 100 });
    const deleted = await Promise.all(answers.map(async (res) => ((await res.json()) as { deletedCount: number }).deletedCount));
    // One call bins every older copy (these two, and the earlier burst's 99 uploads of one photo); the rest find none.
    expect(deleted.filter((n) => n > 0)).toHaveLength(1);
    const total = deleted.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(await count('recycling-bin')).toBe(bin + total);
    const states = await Promise.all(
      copies.map(async (row) => ((await (await t.request(`/api/gallery/${row.id}`, { as: ann })).json()) as MediaItem).deletedAt !== null),
    );
    expect(states).toEqual([true, true, false]);
  });
});
