// Measures the collections at size: one user with 10,000 links, 500 streaming sites and 2,000
// models. For each list, search, filter and sort (and the Home, profile and collection pages) it
// reports the median time of the request inside the hub (the app itself, no network) and, beside
// it, the median time of the SQL alone (each query's own duration, summed per request).
// Run: npm run bench:collections   (figures vary with load; the targets are 20 ms for a list
// request and 50 ms for the Home page, median).

import { rmSync } from 'node:fs';
import { createApp } from '../src/app.ts';
import { ensureAssets } from '../src/build/assets.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { silentLogger } from '../src/logger.ts';
import { LINK_CATEGORIES } from '../src/shared/links.ts';
import { ETHNICITIES } from '../src/shared/models.ts';
import { STREAMING_SITE_CATEGORIES } from '../src/shared/watch.ts';
import { LocalDiskStore } from '../src/storage/local-disk-store.ts';
import { credentialsFor, newUser } from '../test/helpers/factories.ts';
import { manyLinks } from '../test/helpers/links-factory.ts';
import { manyModels } from '../test/helpers/models-factory.ts';
import { manyStreamingSites } from '../test/helpers/sites-factory.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const RUNS = Number(process.argv[2] ?? 50);
const dataDir = tempDir('hub-bench-collections-');
const config = loadConfig({ DATA_DIR: dataDir, SITE_PASSWORD: 'bench site password', SITE_LOCKOUT_HOURS: '0', LOG_LEVEL: 'silent' });

let sqlMs = 0;
const database = openDatabase(config.databaseFile, {
  log: (event) => {
    if (event.level === 'query') sqlMs += event.queryDurationMillis;
  },
});
await migrateToLatest(database.db);
const db = database.db;

const user = await newUser(db, { username: 'bench', name: 'Bench User' });
const credentials = await credentialsFor(db, user);
const seedStart = performance.now();
const CUPS = ['A', 'B', 'C', 'D', 'DD', 'E', 'F'];
await manyLinks(db, user.id, 10_000, (i) => ({
  url: `https://site${i % 3000}.example/page/${i}`,
  category: LINK_CATEGORIES[i % LINK_CATEGORIES.length]!,
  isFavorite: i % 25 === 0,
  lastVisited: i % 7 === 0 ? 1_700_000_000_000 + i * 1000 : null,
  description: i % 3 === 0 ? `A note about clip ${i}` : '',
}));
await manyStreamingSites(db, user.id, 500, 1_700_000_000_000, (i) => ({
  category: STREAMING_SITE_CATEGORIES[i % STREAMING_SITE_CATEGORIES.length]!,
  isFavorite: i % 20 === 0,
  lastVisitedAt: i % 9 === 0 ? 1_700_000_000_000 + i * 1000 : null,
}));
await manyModels(db, user.id, 2_000, (i) => ({
  ethnicity: i % 9 === 8 ? '' : ETHNICITIES[i % ETHNICITIES.length]!,
  breastSize: i % 5 === 0 ? '' : `${28 + 2 * (i % 7)}${CUPS[i % CUPS.length]}`,
  age: i % 6 === 0 ? null : 20 + (i % 30),
  tags: [`tag${i % 40}`, i % 2 ? 'cosplay' : 'outdoor'],
  favorite: i % 30 === 0,
  links: [{ name: 'Profile', url: `https://profile${i}.example/` }],
}));
console.log(`Seeded 10,000 links, 500 sites and 2,000 models in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const app = createApp({
  config,
  db,
  store: await new LocalDiskStore(config.mediaDir).init(),
  logger: silentLogger,
  clock: () => new Date(),
  assets: await ensureAssets(),
});
const headers = { 'x-site-token': credentials.siteToken, authorization: `Bearer ${credentials.token}` };
const pageHeaders = { cookie: `hub_site=${credentials.siteToken}; hub_session=${credentials.token}` };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(label: string, path: string, page = false) {
  const total: number[] = [];
  const sql: number[] = [];
  let size = 0;
  let count = '';
  for (let i = 0; i < RUNS + 5; i++) {
    sqlMs = 0;
    const t0 = performance.now();
    const res = await app.request(path, { headers: page ? pageHeaders : headers });
    const body = await res.text();
    const elapsed = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
    if (i < 5) continue; // warm-up
    total.push(elapsed);
    sql.push(sqlMs);
    size = body.length;
    count = res.headers.get('x-total-count') ?? '';
  }
  console.log(
    `${label.padEnd(44)} ${median(total).toFixed(2).padStart(7)} ms   SQL ${median(sql).toFixed(2).padStart(6)} ms   ${count ? `total ${count.padStart(5)}` : ''.padEnd(11)}  ${(size / 1024).toFixed(1)} KB`,
  );
}

console.log(`\nMedian of ${RUNS} requests each, inside the hub (app.request), and of the SQL alone:`);
await measure('links: first page (50)', '/api/links?limit=50');
await measure('links: search "clip 12"', '/api/links?search=clip%2012&limit=50');
await measure('links: search by address', '/api/links?search=site2999.example&limit=50');
await measure('links: Reddit favourites', '/api/links?category=Reddit&favorite=true&limit=50');
await measure('links: deep page (offset 9,900)', '/api/links?offset=9900&limit=50');
await measure('sites: first page (60)', '/api/streaming-sites?limit=60');
await measure('sites: search "site 04"', '/api/streaming-sites?search=site%2004');
await measure('sites: Japanese favourites', '/api/streaming-sites?category=Japanese&favorite=true');
await measure('sites: by name', '/api/streaming-sites?sort=name&limit=60');
await measure('models: default order (favs, ethnicity, name)', '/api/models?limit=48');
await measure('models: by breast size', '/api/models?sort=breastSize&limit=48');
await measure('models: search a tag', '/api/models?search=tag17&limit=48');
await measure('models: Japanese by age', '/api/models?ethnicity=Japanese&sort=age&limit=48');
await measure('models: 34DD favourites', '/api/models?breastSize=34DD&favorite=true');
await measure('page: Home (/)', '/', true);
await measure('page: Links (/links)', '/links', true);
await measure('page: Watch (/watch)', '/watch', true);
await measure('page: Models (/models)', '/models', true);
await measure('page: profile', `/user/${user.id}`, true);
await measure('home data (/api/home)', '/api/home');

await database.close();
rmSync(dataDir, { recursive: true, force: true });
