// Measures albums at size: 100,000 items and 500 albums for one user, seeded straight into a temp
// DATA_DIR. Three big albums hold 20,000, 12,000 and 10,000 items; every item is also in one of
// the other 497 (about 200 each); 1 % of the items are in the recycling bin. For the album list
// (each sort in both orders, a search, the dialogs' 100, a late page) and for a big album (each
// filter, a late page, 1,000 at once) it reports the median and p95 of the request inside the hub
// (app.request: routing, session, validation, SQL, JSON; no network) and beside it the bare
// SQLite work: the very statements the request ran, prepared once and run with bun:sqlite. Then
// adding 1,000 items to an album (a fresh album each time, and the biggest album).
// Run: npm run bench:albums [requests per case, default 200]
// Targets: at most 10 ms median per read and at most twice the bare queries (where they take 1 ms
// or more); adding 1,000 items under 200 ms.

import type { MediaRow } from '../src/features/media/media.table.ts';
import { newUser } from '../test/helpers/factories.ts';
import { manyMedia } from '../test/helpers/media-factory.ts';
import { listBench, median, ms, p95 } from './lib/list-bench.ts';

const RUNS = Number(process.argv[2] ?? 200);
const ITEMS = 100_000;
const ALBUMS = 500;
const BIG = [20_000, 12_000, 10_000];
const WORDS = ['sunset', 'beach', 'studio', 'party', 'forest', 'city', 'night', 'pool', 'mirror', 'garden', 'hotel', 'shower'];
let rows: MediaRow[] = [];
const albumIds: string[] = [];
let mediaSeconds = 0;

const bench = await listBench('hub-bench-albums-', RUNS, async ({ database, userId }) => {
  const seedStart = performance.now();
  rows = manyMedia(database, userId, ITEMS, (i) => ({
    type: i % 3 === 0 ? 'video' : 'image',
    gallery: i % 4 === 0 ? 'premium' : 'gallery',
    favorite: i % 25 === 0,
    deletedAt: i % 100 === 99 ? 1_700_000_000_000 + i * 1000 : null,
  }));
  mediaSeconds = (performance.now() - seedStart) / 1000;
  {
    const { sqlite } = database;
    const insertAlbum = sqlite.prepare(
      'insert into albums (id, owner_id, name, name_key, description, is_public, media_count, created_at, updated_at) values (?, ?, ?, ?, ?, 1, 0, ?, ?)',
    );
    const insertMember = sqlite.prepare('insert into album_media (album_id, media_id, owner_id, added_at) values (?, ?, ?, ?)');
    sqlite.transaction(() => {
      for (let a = 0; a < ALBUMS; a++) {
        const id = Bun.randomUUIDv7();
        const name = `${WORDS[a % WORDS.length]} ${WORDS[(a * 5) % WORDS.length]} ${a}`;
        insertAlbum.run(id, userId, name, name.toLowerCase(), `Album number ${a}`, 1_700_000_000_000 + a * 60_000, 1_700_000_000_000 + a * 60_000);
        albumIds.push(id);
      }
      for (const [i, row] of rows.entries()) {
        const at = 1_750_000_000_000 + i * 1000;
        // Every item sits in one of the small albums, and the big ones take a share besides.
        insertMember.run(albumIds[BIG.length + (i % (ALBUMS - BIG.length))]!, row.id, userId, at);
        if (i % 5 === 0) insertMember.run(albumIds[0]!, row.id, userId, at);
        if (i % 8 === 1) insertMember.run(albumIds[1]!, row.id, userId, at);
        if (i % 10 === 2) insertMember.run(albumIds[2]!, row.id, userId, at);
      }
    })();
    insertAlbum.finalize();
    insertMember.finalize();
    const other = await newUser(database.db, { username: 'other' });
    manyMedia(database, other.id, 5_000);
  }
});
const { app, headers, database } = bench;
console.log(
  `Seeded ${ITEMS.toLocaleString('en')} items, ${ALBUMS} albums (${BIG.map((n) => n.toLocaleString('en')).join(', ')} in the big ones) for one user in ${bench.seedSeconds.toFixed(1)} s (the items ${mediaSeconds.toFixed(1)} s)`,
);

console.log(`\nMedian and p95 of ${RUNS} requests each inside the hub, beside the same statements run bare:`);
await bench.measure('albums, newest first (defaults)', '/api/albums');
for (const sortBy of ['created', 'name', 'mediaCount']) {
  for (const sortOrder of ['asc', 'desc']) await bench.measure(`albums by ${sortBy} ${sortOrder}`, `/api/albums?sortBy=${sortBy}&sortOrder=${sortOrder}`);
}
await bench.measure('albums search "beach"', '/api/albums?search=beach');
await bench.measure('albums search "BEACH pool" by name', '/api/albums?search=BEACH%20pool&sortBy=name&sortOrder=asc');
await bench.measure('albums search "nothing" (no match)', '/api/albums?search=nothing');
await bench.measure('albums, 100 a page (the dialogs)', '/api/albums?limit=100');
await bench.measure('albums page 25 (the last)', '/api/albums?page=25');
const big = albumIds[0]!;
for (const filter of ['all', 'images', 'photos', 'videos', 'favorites'])
  await bench.measure(`album of 20,000: ${filter}`, `/api/albums/${big}?filter=${filter}`);
await bench.measure('album of 20,000: page 300 (offset 14,950)', `/api/albums/${big}?page=300`);
await bench.measure('album of 20,000: videos page 60', `/api/albums/${big}?filter=videos&page=60`);
await bench.measure('album of 10,000: all', `/api/albums/${albumIds[2]}`);
await bench.measure('album of 200: all', `/api/albums/${albumIds[100]}`);
await bench.measure('album of 20,000: 1,000 at once', `/api/albums/${big}?limit=1000`, { target: false });

// With premium locked (decision 0057), albums count, cover and page their Red Room items only.
{
  const res = await app.request('/api/me/locks', {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ premium: true, pin: '246810' }),
  });
  if (res.status !== 200) throw new Error(`locking answered ${res.status}: ${await res.text()}`);
}
await bench.measure('premium locked: albums, newest first', '/api/albums');
await bench.measure('premium locked: albums, 100 a page', '/api/albums?limit=100');
await bench.measure('premium locked: album of 20,000: all', `/api/albums/${big}`);
await bench.measure('premium locked: album of 20,000: page 300', `/api/albums/${big}?page=300`);
await bench.measure('premium locked: album of 200: all', `/api/albums/${albumIds[100]}`);
await app.request('/api/me/locks', {
  method: 'PUT',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({ premium: false, currentPin: '246810' }),
});

// Adding 1,000 items: to a fresh album (each run), and to the big album (items not yet in it).
const ADD_RUNS = Math.max(5, Math.min(30, Math.floor(RUNS / 10)));
async function measureAdd(label: string, albumFor: (run: number) => Promise<string>, idsFor: (run: number) => string[]) {
  const times: number[] = [];
  for (let run = 0; run < ADD_RUNS; run++) {
    const albumId = await albumFor(run);
    const body = JSON.stringify({ mediaIds: idsFor(run) });
    const t0 = performance.now();
    const res = await app.request(`/api/albums/${albumId}/media`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
    const answer = (await res.json()) as { added: number };
    times.push(performance.now() - t0);
    if (res.status !== 200 || answer.added !== 1000) throw new Error(`add answered ${res.status}: ${JSON.stringify(answer)}`);
  }
  const m = median(times);
  const ok = m < 200;
  bench.results.push({ label, median: m, p95: p95(times), bare: Number.NaN, ok });
  console.log(`${label.padEnd(44)} ${ms(m)} ms  p95 ${ms(p95(times))} ms   (${ADD_RUNS} runs)  ${ok ? 'ok' : 'OVER TARGET'}`);
}
const notBinned = rows.filter((r) => r.deleted_at === null);
await measureAdd(
  'add 1,000 items to a new album',
  async (run) => {
    const res = await app.request('/api/albums', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Fresh ${run}` }),
    });
    return ((await res.json()) as { _id: string })._id;
  },
  (run) => notBinned.slice(run * 1000, run * 1000 + 1000).map((r) => r.id),
);
// Items i % 5 !== 0 are not in the big album yet.
const outsideBig = rows.filter((r, i) => r.deleted_at === null && i % 5 !== 0);
await measureAdd(
  'add 1,000 items to the album of 20,000',
  async () => big,
  (run) => outsideBig.slice(run * 1000, run * 1000 + 1000).map((r) => r.id),
);

// The counts the triggers kept, against a fresh count of every album.
const wrong = database.sqlite
  .query(
    `select count(*) as n from albums where media_count || ' ' || image_count || ' ' || favorite_count <>
      (select count(*) || ' ' || count(*) filter (where media.type = 'image') || ' ' || count(*) filter (where media.is_favorite = 1)
       from album_media join media on media.id = album_media.media_id where album_media.album_id = albums.id and media.deleted_at is null)`,
  )
  .get() as { n: number };
console.log(`\nAlbums whose kept counts (items, images, favourites) differ from a fresh count: ${wrong.n}`);

await bench.close();
