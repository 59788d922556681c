// Keeps the hub's memory down, during a load and between bursts of requests.
//
// - Under load. JavaScriptCore's young collections keep every object still reachable at that
//   moment, and with a dozen pages rendering at once much of that is a request half done: it is
//   kept in the old generation, and only a full collection frees it. JavaScriptCore starts one when
//   the heap has about doubled since the last, and its empty blocks go back later still: under
//   `wrk -c16` on /gallery the hub's heap went from 13 to 55 MB between full collections and the
//   process peaked near 200 MB. So a busy server collects fully itself once the heap has grown by
//   half since the last such collection (never below `floorBytes`), at most once per `minGapMs`.
//   Each costs 20-30 ms of a 2-core machine's time, about one a second at 400 requests a second.
// - Between bursts. Once the server has been idle for a moment after serving requests, one full
//   collection with a sweep gives the garbage of the last pages and the empty blocks back; it
//   never runs in the middle of requests.
// - Compiled code. Most of what a few hundred page views add and keep (about 30 MB) is not data
//   but JavaScriptCore's compiled code and its metadata for every function that ran. When the
//   process has grown by `shrinkGrowthBytes` since it last dropped it, the idle moment drops that
//   code instead (Bun.shrink, then the full collection): the next pages are compiled again (the
//   first some 30 ms more, the next twenty about 10 ms more each), and the growth it takes to come
//   back is a few hundred page views. The growth is counted from what the process settles at once
//   the code is dropped, not from what it holds right after the call: Bun.shrink's work waits until
//   no JavaScript is running (the end of the timer's callback), and the memory it frees goes back
//   to the system over the next second. Read at once, the mark sat some 30 MB too high, and a
//   later burst of a few hundred pages (140 MB) stayed below it and was never dropped.
// - Timing. The server looks for its idle moment four times per `idleMs`, so it comes 1 to 1.25 s
//   after the last request (once per `idleMs`, it came 1 to 2 s after).
// docs/decisions/0035-memory-under-load.md has the figures and the variants tried.

import { fullGC, heapSize } from 'bun:jsc';

export interface MemoryUpkeep {
  /** Call at the start of every request. */
  requestStarted(): void;
  stop(): void;
}

/** The heap's size and a full collection (bun:jsc's); replaceable in tests. */
export interface Heap {
  size(): number;
  /** A full collection; returns the heap's size after it. */
  collect(): number;
}

const JSC_HEAP: Heap = { size: heapSize, collect: fullGC };

/** Below this heap size a busy server leaves collecting to JavaScriptCore (an idle hub's is ~13 MB). */
export const LOAD_FLOOR_BYTES = 20 * 1024 * 1024;
/** A busy server collects when the heap is this many times its size after the last collection. */
export const LOAD_GROWTH = 1.5;
/** At most one collection under load this often (at worst a tenth of the time, usually far less). */
export const LOAD_MIN_GAP_MS = 250;
/** Growth of the process (RSS) since compiled code was last dropped that has an idle moment drop it again. */
export const SHRINK_GROWTH_BYTES = 20 * 1024 * 1024;
/** How long after dropping compiled code the mark follows the process down as it gives memory back. */
export const SHRINK_SETTLE_MS = 2000;

/** Drops compiled code and collects (Bun.shrink is marked deprecated: without it, only the collection). */
export function shrinkAndCollect(): void {
  const shrink = (Bun as { shrink?: () => void }).shrink;
  if (typeof shrink === 'function') shrink();
  Bun.gc(true);
}

export interface MemoryUpkeepOptions {
  /** Requests in flight (the server's). */
  pending: () => number;
  idleMs?: number;
  /** How often the server looks for its idle moment (a quarter of idleMs). */
  tickMs?: number;
  floorBytes?: number;
  minGapMs?: number;
  heap?: Heap;
  now?: () => number;
  /** The collection between bursts (Bun.gc(true): a full collection and a sweep). */
  collectIdle?: () => void;
  shrinkGrowthBytes?: number;
  /** The process's resident memory. */
  rss?: () => number;
  /** Drops compiled code, then collects (shrinkAndCollect). */
  shrink?: () => void;
}

export function startMemoryUpkeep(options: MemoryUpkeepOptions): MemoryUpkeep {
  const idleMs = options.idleMs ?? 1000;
  const tickMs = options.tickMs ?? Math.max(1, Math.round(idleMs / 4));
  const floorBytes = options.floorBytes ?? LOAD_FLOOR_BYTES;
  const minGapMs = options.minGapMs ?? LOAD_MIN_GAP_MS;
  const heap = options.heap ?? JSC_HEAP;
  const now = options.now ?? (() => performance.now());
  const collectIdle = options.collectIdle ?? (() => Bun.gc(true));
  const shrinkGrowthBytes = options.shrinkGrowthBytes ?? SHRINK_GROWTH_BYTES;
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const shrink = options.shrink ?? shrinkAndCollect;
  let lastRequest = 0;
  let collected = true;
  let mark = floorBytes;
  let lastLoadCollection = Number.NEGATIVE_INFINITY;
  // The process as it starts serving (the start's own garbage and code go right after, so this is
  // a little high), then the least it holds in the quiet ticks after each time the code is dropped.
  let shrinkMark = rss() + shrinkGrowthBytes;
  let settlingTicks = 0;

  const timer = setInterval(() => {
    if (collected) {
      // Still quiet since the code was dropped: the process gives its memory back over a second.
      if (settlingTicks > 0 && options.pending() === 0) {
        settlingTicks--;
        shrinkMark = Math.min(shrinkMark, rss() + shrinkGrowthBytes);
      }
      return;
    }
    if (options.pending() > 0 || now() - lastRequest < idleMs) return;
    collected = true;
    if (rss() > shrinkMark) {
      shrink();
      shrinkMark = rss() + shrinkGrowthBytes;
      settlingTicks = Math.ceil(SHRINK_SETTLE_MS / tickMs);
    } else {
      collectIdle();
    }
    mark = Math.max(floorBytes, heap.size() * LOAD_GROWTH);
  }, tickMs);
  timer.unref();
  return {
    requestStarted() {
      const at = now();
      lastRequest = at;
      collected = false;
      settlingTicks = 0;
      if (at - lastLoadCollection < minGapMs || heap.size() <= mark) return;
      lastLoadCollection = at;
      mark = Math.max(floorBytes, heap.collect() * LOAD_GROWTH);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
