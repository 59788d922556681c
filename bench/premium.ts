// Measures the premium gallery and bulk actions at size: 100,000 premium items and 20,000 free ones
// for one user, 500 albums holding half the premium items (seeded straight into a temp DATA_DIR,
// albums through the API). For each premium list (filters with albums, sorts with type, search,
// tags, a late page, the bin) the median and p95 of GET /api/premium inside the hub beside the
// bare SQLite statements it ran; then each bulk action on 1,000 items (POST /api/premium/bulk and
// /api/gallery/bulk), timed call by call.
// Run: npm run bench:premium [requests per case, default 200] [bulk: the bulk actions only]
// Targets: at most 10 ms median per list and at most twice the bare queries (where they take 1 ms
// or more); a bulk action on 1,000 items under 200 ms.

import { manyMedia } from '../test/helpers/media-factory.ts';
import { listBench, median, ms, p95 } from './lib/list-bench.ts';

const RUNS = Number(process.argv[2] ?? 200);
/** `bulk` as the second argument: the bulk actions only. */
const BULK_ONLY = process.argv[3] === 'bulk';
const ITEMS = 100_000;
const FREE = 20_000;
const ALBUMS = 500;
const WORDS = ['sunset', 'beach', 'studio', 'party', 'forest', 'city', 'night', 'pool', 'mirror', 'garden', 'hotel', 'shower'];
const TAGS = ['Solo', 'Lingerie', 'Outdoor', 'Selfie', 'POV', 'Blonde', 'Brunette', 'Couple', 'Artistic', 'Glamour'];

let premiumIds: string[] = [];
let freeIds: string[] = [];
const bench = await listBench('hub-bench-premium-', RUNS, ({ database, userId }) => {
  const fields = (i: number) => {
    const video = i % 5 === 0;
    return {
      type: video ? ('video' as const) : ('image' as const),
      mimeType: video ? 'video/mp4' : 'image/jpeg',
      title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`,
      tags: [TAGS[i % TAGS.length]!, TAGS[(i * 3 + 1) % TAGS.length]!, `set ${i % 500}`],
      size: 50_000 + ((i * 7919) % 20_000_000),
      duration: video ? 5 + ((i * 13) % 3600) : null,
      favorite: i % 25 === 0,
      deletedAt: i % 100 === 99 ? 1_700_000_000_000 + i * 1000 : null,
    };
  };
  premiumIds = manyMedia(database, userId, ITEMS, (i) => ({ ...fields(i), gallery: 'premium' })).map((r) => r.id);
  freeIds = manyMedia(database, userId, FREE, (i) => ({ ...fields(i), gallery: 'gallery' }), 'Free').map((r) => r.id);
});
const { app, headers } = bench;
const json = { ...headers, 'content-type': 'application/json' };
async function call<T>(method: string, path: string, body: unknown): Promise<T> {
  const res = await app.request(path, { method, headers: json, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

// 500 albums; half the premium items out of the bin are in one of them: runs of 7 in and
// 7 out, so every title word (they follow i mod 12) has items in albums and items out.
const albumStart = performance.now();
const albums: string[] = [];
for (let a = 0; a < ALBUMS; a++) albums.push((await call<{ _id: string }>('POST', '/api/albums', { name: `Album ${a}` }))._id);
const members = premiumIds.filter((_, i) => Math.floor(i / 7) % 2 === 0 && i % 100 !== 99);
for (let from = 0; from < members.length; from += 1000) {
  await call('POST', `/api/albums/${albums[(from / 1000) % ALBUMS]}/media`, { mediaIds: members.slice(from, from + 1000) });
}
console.log(
  `Seeded ${ITEMS.toLocaleString('en')} premium and ${FREE.toLocaleString('en')} free items in ${bench.seedSeconds.toFixed(1)} s, ${ALBUMS} albums with ${members.length.toLocaleString('en')} of them in ${((performance.now() - albumStart) / 1000).toFixed(1)} s`,
);

if (!BULK_ONLY) {
  console.log(`\nMedian and p95 of ${RUNS} requests each inside the hub, beside the same statements run bare:`);
  await bench.measure('premium: all, newest first (defaults)', '/api/premium');
  for (const filter of ['images', 'videos', 'favorites', 'albums', 'recycling-bin'])
    await bench.measure(`premium: filter ${filter}`, `/api/premium?filter=${filter}`);
  for (const sortBy of ['title', 'size', 'type']) {
    for (const sortOrder of ['asc', 'desc'])
      await bench.measure(`premium: sort ${sortBy} ${sortOrder}`, `/api/premium?sortBy=${sortBy}&sortOrder=${sortOrder}`);
  }
  await bench.measure('premium: albums, by type', '/api/premium?filter=albums&sortBy=type&sortOrder=desc');
  await bench.measure('premium: albums page 20', '/api/premium?filter=albums&page=20');
  await bench.measure('premium: search "beach"', '/api/premium?search=beach');
  await bench.measure('premium: search "beach" by type', '/api/premium?search=beach&sortBy=type');
  await bench.measure('premium: search "beach" in albums', '/api/premium?search=beach&filter=albums');
  await bench.measure('premium: tags=solo', '/api/premium?tags=solo');
  await bench.measure('premium: page 20 (offset 950)', '/api/premium?page=20');
  await bench.measure('premium: recycling bin list', '/api/premium/recycling-bin');
  await bench.measure('page: /premium', '/premium', { page: true, target: 30 });
}

/** Times `rounds` calls of one bulk action, each on its own 1,000 ids. */
async function timeBulk(label: string, gallery: 'gallery' | 'premium', rounds: number, body: (round: number) => Record<string, unknown>) {
  const times: number[] = [];
  let updated = 0;
  for (let round = 0; round < rounds; round++) {
    const t0 = performance.now();
    updated = (await call<{ updated: number }>('POST', `/api/${gallery}/bulk`, body(round))).updated;
    times.push(performance.now() - t0);
  }
  const m = median(times);
  console.log(`${label.padEnd(44)} ${ms(m)} ms  p95 ${ms(p95(times))} ms   (${rounds} calls, last changed ${updated})   ${m < 200 ? 'ok' : 'OVER TARGET'}`);
  return m < 200;
}

const slice = (ids: string[], round: number) => ids.slice(round * 1000, round * 1000 + 1000);
// Items out of the bin, 1,000 per round (every 100th item is in the bin: skip those).
const live = premiumIds.filter((_, i) => i % 100 !== 99);
const ROUNDS = 20;
console.log(`\nBulk actions on 1,000 items (median of ${ROUNDS} calls; target under 200 ms):`);
const bulkOk = [
  await timeBulk('bulk delete (to the bin)', 'premium', ROUNDS, (r) => ({ action: 'delete', ids: slice(live, r) })),
  await timeBulk('bulk restore', 'premium', ROUNDS, (r) => ({ action: 'restore', ids: slice(live, r) })),
  await timeBulk('bulk favorite', 'premium', ROUNDS, (r) => ({ action: 'favorite', ids: slice(live, r) })),
  await timeBulk('bulk unfavorite', 'premium', ROUNDS, (r) => ({ action: 'unfavorite', ids: slice(live, r) })),
  await timeBulk('bulk add-tags', 'premium', ROUNDS, (r) => ({ action: 'add-tags', ids: slice(live, r), tags: ['Bulk'] })),
  await timeBulk('bulk remove-tags', 'premium', ROUNDS, (r) => ({ action: 'remove-tags', ids: slice(live, r), tags: ['Bulk'] })),
  await timeBulk('bulk set-tags', 'premium', ROUNDS, (r) => ({ action: 'set-tags', ids: slice(live, r + ROUNDS), tags: ['Solo', 'Set'] })),
  await timeBulk('bulk add-to-album (a new album each)', 'premium', ROUNDS, (r) => ({ action: 'add-to-album', ids: slice(live, r), albumId: albums[r] })),
  await timeBulk('bulk move-to-premium', 'gallery', ROUNDS, (r) => ({ action: 'move-to-premium', ids: slice(freeIds, r) })),
  await timeBulk('bulk permanent-delete', 'premium', ROUNDS, (r) => ({ action: 'permanent-delete', ids: slice(live, r + 2 * ROUNDS) })),
];
if (bulkOk.some((ok) => !ok)) console.log('\nA bulk action is over its target.');
await bench.close();
