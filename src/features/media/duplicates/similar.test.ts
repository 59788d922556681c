// The similar search's pairs against comparing every pair (random hashes with planted near copies,
// every distance limit from 0 to 32), and its groups: around the largest item, never chained.
import { describe, expect, test } from 'bun:test';
import { popcount32 } from './phash.ts';
import { type HashedItems, planOf, similarGroups, similarPairs } from './similar.ts';

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

/** `n` random hashes, and after them a copy of some with `flips` random bits changed. */
function hashes(n: number, copies: { of: number; flips: number }[], seed = 1): HashedItems {
  const random = randomOf(seed);
  const hi = new Uint32Array(n + copies.length);
  const lo = new Uint32Array(n + copies.length);
  for (let i = 0; i < n; i++) [hi[i], lo[i]] = [random(), random()];
  copies.forEach(({ of, flips }, k) => {
    let h = hi[of]!;
    let l = lo[of]!;
    const bits = new Set<number>();
    while (bits.size < flips) bits.add(random() % 64);
    for (const bit of bits) {
      if (bit < 32) h ^= 1 << bit;
      else l ^= 1 << (bit - 32);
    }
    [hi[n + k], lo[n + k]] = [h >>> 0, l >>> 0];
  });
  return { hi, lo };
}

const distance = (items: HashedItems, a: number, b: number) => popcount32(items.hi[a]! ^ items.hi[b]!) + popcount32(items.lo[a]! ^ items.lo[b]!);

/** Every pair within `max` bits, by comparing every pair once, as 'a-b' with its distance. */
function everyPair(items: HashedItems, max: number): Map<string, number> {
  const found = new Map<string, number>();
  for (let i = 0; i < items.hi.length; i++) {
    for (let j = i + 1; j < items.hi.length; j++) {
      const d = distance(items, i, j);
      if (d <= max) found.set(`${i}-${j}`, d);
    }
  }
  return found;
}
const within = (all: Map<string, number>, max: number) =>
  [...all]
    .filter(([, d]) => d <= max)
    .map(([pair]) => pair)
    .sort();
const pairsOf = (found: { a: number[]; b: number[] }) => found.a.map((a, k) => `${a}-${found.b[k]}`).sort();

describe('pairs', () => {
  test('the indexed search finds exactly the pairs every-pair comparison finds, at every limit', () => {
    // 8,400 items: chunk tables (5 to 8 chunks) up to a limit of 15; 301 items: small tables of
    // exact chunks at small limits, every pair at wide ones.
    const copies = Array.from({ length: 400 }, (_, k) => ({ of: k * 7, flips: k % 20 }));
    const items = hashes(8000, copies);
    const all = everyPair(items, 15);
    for (const max of [0, 1, 3, 4, 7, 8, 9, 11, 12, 15]) {
      const found = pairsOf(similarPairs(items, max));
      expect(found, `limit ${max}`).toEqual(within(all, max));
      expect(new Set(found).size).toBe(found.length);
    }
    const few = hashes(300, [{ of: 1, flips: 20 }], 3);
    const allFew = everyPair(few, 32);
    for (const max of [2, 8, 16, 24, 32]) expect(pairsOf(similarPairs(few, max)), `limit ${max}`).toEqual(within(allFew, max));
  }, 60_000);

  test('a copy up to 8 bits off is found at the default limit, 9 bits off is not', () => {
    const items = hashes(20_000, [
      { of: 5, flips: 8 },
      { of: 6, flips: 9 },
    ]);
    const found = pairsOf(similarPairs(items, 8));
    expect(found).toContain('5-20000');
    expect(found).not.toContain('6-20001');
  });

  test('the plan: chunk tables for a large library, every pair for a wide limit', () => {
    expect(planOf(100_000, 8).chunks).toBe(5);
    expect(planOf(8400, 8).chunks).not.toBeNull();
    expect(planOf(8400, 15).chunks).not.toBeNull();
    expect(planOf(100_000, 32).chunks).toBeNull();
    expect(planOf(300, 32).chunks).toBeNull();
  });
});

describe('groups', () => {
  test('clusters around the first in order, members after it in order, with the largest distance inside', () => {
    // 0 and 1 are near 2; 3 is far from everything.
    const items: HashedItems = { hi: Uint32Array.from([0b1111, 0b0111, 0b0011, 0xffff0000]), lo: Uint32Array.from([0, 0, 0, 0]) };
    expect(similarGroups(items, 2, [2, 1, 0, 3])).toEqual([{ members: [2, 1, 0], distance: 2 }]);
    expect(similarGroups(items, 2, [0, 1, 2, 3])).toEqual([{ members: [0, 1, 2], distance: 2 }]);
    expect(similarGroups(items, 0, [0, 1, 2, 3])).toEqual([]);
  });

  test('a chain is not one group: an item is grouped with its representative only', () => {
    // 0 -- 1 -- 2 each 2 bits apart, 0 and 2 four bits apart; limit 2.
    const items: HashedItems = { hi: Uint32Array.from([0b0000, 0b0011, 0b1111]), lo: Uint32Array.from([0, 0, 0]) };
    expect(similarGroups(items, 2, [0, 1, 2])).toEqual([{ members: [0, 1], distance: 2 }]);
    // The middle one leads (the largest): both ends join it; the group's distance is theirs.
    expect(similarGroups(items, 2, [1, 0, 2])).toEqual([{ members: [1, 0, 2], distance: 4 }]);
  });

  test('every member is within the limit of its representative, and no item is in two groups', () => {
    const copies = Array.from({ length: 2000 }, (_, k) => ({ of: k % 500, flips: k % 9 }));
    const items = hashes(10_000, copies, 7);
    const order = Array.from({ length: items.hi.length }, (_, i) => i);
    const groups = similarGroups(items, 8, order);
    expect(groups.length).toBeGreaterThanOrEqual(500);
    const seen = new Set<number>();
    for (const group of groups) {
      const [leader, ...members] = group.members;
      for (const m of members) expect(distance(items, leader!, m)).toBeLessThanOrEqual(8);
      for (const m of group.members) {
        expect(seen.has(m)).toBe(false);
        seen.add(m);
      }
      expect(group.distance).toBeLessThanOrEqual(16);
    }
  });
});
