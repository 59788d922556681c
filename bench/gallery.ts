// Measures The Red Room's lists at size: 100,000 items for one user (and 5,000 each for two
// others), seeded straight into a temp DATA_DIR. For each filter, each sort in both orders, a
// search, a tags filter and a model's items it reports the median and p95 of GET /api/gallery for
// a page of 50 inside the hub (app.request: routing, session, validation, SQL, JSON; no network),
// and beside it the bare SQLite work for the same page: the very statements the request ran
// (page and count), prepared once and run directly with bun:sqlite. Then the server-rendered
// /gallery page the same way.
// The star ratings' filter and sort (30 % of the items rated) alone and with the other filters.
// Run: npm run bench:gallery [requests per case, default 200]
// Targets: at most 10 ms median per list request and at most twice the bare queries; /gallery at
// most 30 ms median.

import { newUser } from '../test/helpers/factories.ts';
import { manyMedia } from '../test/helpers/media-factory.ts';
import { newModel } from '../test/helpers/models-factory.ts';
import { listBench } from './lib/list-bench.ts';

const RUNS = Number(process.argv[2] ?? 200);
const ITEMS = 100_000;
const WORDS = ['sunset', 'beach', 'studio', 'party', 'forest', 'city', 'night', 'pool', 'mirror', 'garden', 'hotel', 'shower'];
const TAGS = ['Solo', 'Lingerie', 'Outdoor', 'Selfie', 'POV', 'Blonde', 'Brunette', 'Couple', 'Artistic', 'Glamour'];
const models: string[] = [];

const bench = await listBench('hub-bench-gallery-', RUNS, async ({ database, userId }) => {
  for (let i = 0; i < 20; i++) models.push(await newModel(database.db, userId, { name: `Model ${i}` }));
  manyMedia(database, userId, ITEMS, (i) => {
    const video = i % 5 === 0;
    return {
      type: video ? 'video' : 'image',
      mimeType: video ? 'video/mp4' : 'image/jpeg',
      title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`,
      tags: [TAGS[i % TAGS.length]!, TAGS[(i * 3 + 1) % TAGS.length]!, `set ${i % 500}`],
      size: 50_000 + ((i * 7919) % 20_000_000),
      duration: video ? 5 + ((i * 13) % 3600) : null,
      favorite: i % 25 === 0,
      modelId: i % 10 === 0 ? models[(i / 10) % models.length]! : null,
      // 1 % in the recycling bin.
      deletedAt: i % 100 === 99 ? 1_700_000_000_000 + i * 1000 : null,
      // Videos watched a few times each, most not at all (ties on purpose).
      playCount: video && i % 3 === 0 ? (i * 7) % 40 : 0,
      // 30 % rated, 1 to 5 stars spread over them; the rest unrated.
      rating: i % 10 < 3 ? 1 + ((i * 7) % 5) : null,
    };
  });
  for (const name of ['other1', 'other2']) {
    const other = await newUser(database.db, { username: name });
    manyMedia(database, other.id, 5_000, (i) => ({ tags: [TAGS[i % TAGS.length]!], title: `${WORDS[i % WORDS.length]} ${i}` }));
  }
});
console.log(`Seeded ${ITEMS.toLocaleString('en')} items for one user and 10,000 for two others in ${bench.seedSeconds.toFixed(1)} s`);

console.log(`\nMedian and p95 of ${RUNS} requests each inside the hub, beside the same statements run bare:`);
await bench.measure('all, newest first (defaults)', '/api/gallery');
for (const filter of ['images', 'videos', 'favorites', 'recycling-bin']) await bench.measure(`filter ${filter}`, `/api/gallery?filter=${filter}`);
for (const sortBy of ['createdAt', 'title', 'duration', 'size']) {
  for (const sortOrder of ['asc', 'desc']) await bench.measure(`sort ${sortBy} ${sortOrder}`, `/api/gallery?sortBy=${sortBy}&sortOrder=${sortOrder}`);
}
await bench.measure('videos by duration, longest first', '/api/gallery?filter=videos&sortBy=duration&sortOrder=desc');
for (const order of ['desc', 'asc']) await bench.measure(`sort=plays ${order} (most played)`, `/api/gallery?sort=plays&order=${order}`);
await bench.measure('videos, most played', '/api/gallery?filter=videos&sort=plays');
await bench.measure('sort=plays page 20', '/api/gallery?sort=plays&page=20');
await bench.measure('search "beach" most played', '/api/gallery?search=beach&sort=plays');
await bench.measure('tags=solo most played', '/api/gallery?tags=solo&sort=plays');
for (const min of [1, 4, 5]) await bench.measure(`minRating=${min}`, `/api/gallery?minRating=${min}`);
for (const order of ['desc', 'asc']) await bench.measure(`sort=rating ${order}`, `/api/gallery?sort=rating&order=${order}`);
await bench.measure('sort=rating page 20', '/api/gallery?sort=rating&page=20');
await bench.measure('minRating=4 sort=rating', '/api/gallery?minRating=4&sort=rating');
await bench.measure('minRating=4 by title', '/api/gallery?minRating=4&sortBy=title&sortOrder=asc');
await bench.measure('minRating=4 page 20', '/api/gallery?minRating=4&page=20');
await bench.measure('videos, minRating=3', '/api/gallery?filter=videos&minRating=3');
await bench.measure('favorites, minRating=4', '/api/gallery?filter=favorites&minRating=4');
await bench.measure('search "beach" minRating=4', '/api/gallery?search=beach&minRating=4');
await bench.measure('search "beach" sort=rating', '/api/gallery?search=beach&sort=rating');
await bench.measure('tags=solo minRating=4', '/api/gallery?tags=solo&minRating=4');
await bench.measure("a model's items, minRating=3", `/api/gallery?modelId=${models[3]}&minRating=3`);
await bench.measure('search "beach"', '/api/gallery?search=beach');
await bench.measure('search "beach" by title, Z to A (matches last)', '/api/gallery?search=beach&sortBy=title&sortOrder=desc');
await bench.measure('search "beach" page 20', '/api/gallery?search=beach&page=20');
await bench.measure('search "beach pool" (a two-word phrase)', '/api/gallery?search=beach%20pool');
await bench.measure('search "studio mirror" (no match)', '/api/gallery?search=studio%20mirror');
await bench.measure('search "shower" in videos by size', '/api/gallery?search=shower&filter=videos&sortBy=size&sortOrder=asc');
await bench.measure('search "4217" (one match)', '/api/gallery?search=4217');
await bench.measure('search a tag "set 42"', '/api/gallery?search=set%2042');
await bench.measure('search "be" (two letters)', '/api/gallery?search=be');
await bench.measure('search "ü" (not plain text: checked on rows)', '/api/gallery?search=%C3%BC');
await bench.measure('tags=solo', '/api/gallery?tags=solo');
await bench.measure('tags=solo,lingerie', '/api/gallery?tags=solo,lingerie');
await bench.measure('tags=solo,set 40', '/api/gallery?tags=solo,set%2040');
await bench.measure('tags=solo,set 42 (none)', '/api/gallery?tags=solo,set%2042');
await bench.measure('tags=solo&search=beach (combined)', '/api/gallery?tags=solo&search=beach');
await bench.measure("a model's items", `/api/gallery?modelId=${models[3]}`);
await bench.measure('page 20 (offset 950)', '/api/gallery?page=20');
await bench.measure('recycling bin list', '/api/gallery/recycling-bin');
await bench.measure('page: /gallery', '/gallery', { page: true, target: 30 });
await bench.measure('page: /gallery?sortBy=title&page=3', '/gallery?sortBy=title&sortOrder=asc&page=3', { page: true, target: 30 });
await bench.measure('page: /gallery?sortBy=plays', '/gallery?sortBy=plays', { page: true, target: 30 });

await bench.close();
