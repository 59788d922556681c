// Measures the duplicates views at size: three users with 10,000, 50,000 and 100,000 items whose
// perceptual hashes are random, with near copies planted (2 % of items: a copy of an earlier item
// with 0 to 8 of its 64 bits changed, so each must be found) and exact copies (1 %: an earlier
// item's SHA-256). For each size it reports the median of GET /api/gallery/duplicates?mode=similar
// and of GET /api/gallery/duplicates inside the hub (routing, session, SQL, grouping, JSON; no
// network), the grouping alone (similarGroups on the hashes already read), and checks that every
// planted pair was grouped.
// Run: npm run bench:duplicates [requests per case, default 7]
// Target: the similar search over 100,000 hashes under 2 s.

import { rmSync } from 'node:fs';
import { createApp } from '../src/app.ts';
import { ensureAssets } from '../src/build/assets.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { DuplicateGroup } from '../src/features/media/duplicates/duplicates.service.ts';
import { halvesOf } from '../src/features/media/duplicates/phash.ts';
import { similarGroups } from '../src/features/media/duplicates/similar.ts';
import { silentLogger } from '../src/logger.ts';
import { LocalDiskStore } from '../src/storage/local-disk-store.ts';
import { credentialsFor, newUser } from '../test/helpers/factories.ts';
import { manyMedia } from '../test/helpers/media-factory.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const RUNS = Number(process.argv[2] ?? 7);
const SIZES = [10_000, 50_000, 100_000];
const dataDir = tempDir('hub-bench-duplicates-');
const config = loadConfig({ DATA_DIR: dataDir, SITE_PASSWORD: 'bench site password', SITE_LOCKOUT_HOURS: '0', LOG_LEVEL: 'silent' });
const database = openDatabase(config.databaseFile);
await migrateToLatest(database.db);
const db = database.db;

/** A repeatable random stream (mulberry32). */
function randomOf(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
const hex = (hi: number, lo: number) => (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');

interface Seeded {
  size: number;
  headers: Record<string, string>;
  /** [original, copy] ids of the planted near copies. */
  planted: [string, string][];
}

const seeded: Seeded[] = [];
for (const size of SIZES) {
  const started = performance.now();
  const user = await newUser(db, { username: `bench${size}` });
  const credentials = await credentialsFor(db, user);
  const random = randomOf(size);
  const hashes: string[] = [];
  const sha: string[] = [];
  const copyOf = new Map<number, number>();
  for (let i = 0; i < size; i++) {
    let hi = random();
    let lo = random();
    if (i > 100 && random() % 100 < 2) {
      // A near copy of an earlier original (not itself a copy): 0 to 8 bits changed.
      let of = random() % i;
      while (copyOf.has(of)) of = random() % i;
      [hi, lo] = halvesOf(hashes[of]!);
      const flips = random() % 9;
      const bits = new Set<number>();
      while (bits.size < flips) bits.add(random() % 64);
      for (const bit of bits) {
        if (bit < 32) hi ^= 1 << bit;
        else lo ^= 1 << (bit - 32);
      }
      copyOf.set(i, of);
    }
    hashes.push(hex(hi, lo));
    sha.push(i > 100 && random() % 100 < 1 ? sha[random() % i]! : `${size}-${i}`.padStart(64, '0'));
  }
  const rows = manyMedia(database, user.id, size, (i) => ({ phash: hashes[i]!, sha256: sha[i]!, size: 50_000 + (random() % 20_000_000) }));
  const planted = [...copyOf].map(([copy, of]) => [rows[of]!.id, rows[copy]!.id] as [string, string]);
  seeded.push({ size, headers: { 'x-site-token': credentials.siteToken, authorization: `Bearer ${credentials.token}` }, planted });
  console.log(`Seeded ${size.toLocaleString('en')} items (${planted.length} planted near copies) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const app = createApp({
  config,
  db,
  store: await new LocalDiskStore(config.mediaDir).init(),
  logger: silentLogger,
  clock: () => new Date(),
  assets: await ensureAssets(),
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(path: string, headers: Record<string, string>): Promise<{ ms: number[]; body: DuplicateGroup[] }> {
  const ms: number[] = [];
  let body: DuplicateGroup[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const res = await app.request(path, { headers });
    body = (await res.json()) as DuplicateGroup[];
    ms.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
  return { ms, body };
}

const lines: string[] = [];
for (const { size, headers, planted } of seeded) {
  const similar = await timed('/api/gallery/duplicates?mode=similar', headers);
  const exact = await timed('/api/gallery/duplicates', headers);
  // The grouping alone, on hashes already in memory.
  const owner = (await db.selectFrom('users').select('id').where('username', '=', `bench${size}`).executeTakeFirstOrThrow()).id;
  const read = await db.selectFrom('media').select(['phash', 'size']).where('owner_id', '=', owner).execute();
  const hi = new Uint32Array(read.length);
  const lo = new Uint32Array(read.length);
  // biome-ignore lint/suspicious/useIterableCallbackReturn: kept from before the linter; fix when this code is next touched
  read.forEach((r, i) => ([hi[i], lo[i]] = halvesOf(r.phash!)));
  const order = read.map((_, i) => i).sort((a, b) => read[b]!.size - read[a]!.size);
  const grouping: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    similarGroups({ hi, lo }, config.media.similarMaxDistance, order);
    grouping.push(performance.now() - started);
  }
  // Every planted copy shares a group with its original, or (grouped around a larger third item
  // within 8 bits of one of them) is at least grouped.
  const groupOf = new Map<string, number>();
  // biome-ignore lint/suspicious/useIterableCallbackReturn: kept from before the linter; fix when this code is next touched
  similar.body.forEach((g, k) => g.duplicates.forEach((m) => groupOf.set(m._id, k)));
  const together = planted.filter(([a, b]) => groupOf.has(a) && groupOf.get(a) === groupOf.get(b)).length;
  const grouped = planted.filter(([a, b]) => groupOf.has(a) || groupOf.has(b)).length;
  const under = median(similar.ms) < 2000;
  lines.push(
    `${size.toLocaleString('en').padStart(8)} items | similar ${median(similar.ms).toFixed(0).padStart(5)} ms (grouping alone ${median(grouping).toFixed(0).padStart(4)} ms), ` +
      `${similar.body.length} groups, planted pairs together ${together}/${planted.length}, grouped ${grouped}/${planted.length} | ` +
      `exact ${median(exact.ms).toFixed(0).padStart(4)} ms, ${exact.body.length} groups ${under ? '' : '  << over 2 s'}`,
  );
}
console.log(`\nMedian of ${RUNS} requests each (SIMILAR_MAX_DISTANCE=${config.media.similarMaxDistance}):`);
for (const line of lines) console.log(line);

await database.close();
rmSync(dataDir, { recursive: true, force: true });
