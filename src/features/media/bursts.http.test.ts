// Concurrency is input too: bursts of identical requests at the gallery's check-then-act calls.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { mediaSamples } from '../../../test/helpers/media-samples.ts';
import { newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
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
});
