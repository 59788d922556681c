import { afterEach, describe, expect, test } from 'bun:test';
import { type Heap, LOAD_GROWTH, type MemoryUpkeep, startMemoryUpkeep } from './memory-upkeep.ts';

const MB = 1024 * 1024;

/** A heap that grows by `perRequest` each request; a collection leaves `live`. */
function fakeHeap(live: number, perRequest: number) {
  let size = live;
  const collections: number[] = [];
  const heap: Heap = {
    size: () => size,
    collect: () => {
      collections.push(size);
      size = live;
      return size;
    },
  };
  return { heap, collections, grow: () => (size += perRequest) };
}

let upkeep: MemoryUpkeep | undefined;
afterEach(() => upkeep?.stop());

describe('memory upkeep under load', () => {
  test('a busy server collects once its heap has grown past the floor, not before', () => {
    const h = fakeHeap(13 * MB, 1 * MB);
    let clock = 0;
    upkeep = startMemoryUpkeep({ pending: () => 1, heap: h.heap, now: () => clock, floorBytes: 20 * MB, minGapMs: 250, collectIdle: () => {} });
    for (let i = 0; i < 7; i++) {
      clock += 10;
      upkeep.requestStarted();
      h.grow();
    }
    upkeep.requestStarted();
    expect(h.collections).toEqual([]); // 20 MB: at the floor, not past it
    clock += 10;
    h.grow();
    upkeep.requestStarted();
    expect(h.collections).toEqual([21 * MB]);
  });

  test('collections come at most once per gap, however fast the heap grows', () => {
    const h = fakeHeap(13 * MB, 50 * MB);
    let clock = 0;
    upkeep = startMemoryUpkeep({ pending: () => 1, heap: h.heap, now: () => clock, floorBytes: 20 * MB, minGapMs: 250, collectIdle: () => {} });
    for (let i = 0; i < 100; i++) {
      clock += 10; // 1 s in all
      h.grow();
      upkeep.requestStarted();
    }
    expect(h.collections.length).toBe(4);
  });

  test('the next mark follows what the last collection left: a large live heap is not collected over and over', () => {
    const h = fakeHeap(60 * MB, 1 * MB);
    let clock = 0;
    upkeep = startMemoryUpkeep({ pending: () => 1, heap: h.heap, now: () => clock, floorBytes: 20 * MB, minGapMs: 250, collectIdle: () => {} });
    h.grow();
    upkeep.requestStarted(); // 61 MB > 20 MB: collected, 60 MB live
    expect(h.collections).toHaveLength(1);
    const growth = (LOAD_GROWTH - 1) * 60;
    for (let i = 0; i < growth; i++) {
      clock += 1000;
      h.grow();
      upkeep.requestStarted();
    }
    expect(h.collections).toHaveLength(1); // at 90 MB exactly: not yet
    clock += 1000;
    h.grow();
    upkeep.requestStarted();
    expect(h.collections).toHaveLength(2);
  });

  test('an idle server collects once after a burst, and not while requests are in flight', async () => {
    let pending = 1;
    let idleCollections = 0;
    const h = fakeHeap(13 * MB, 0);
    upkeep = startMemoryUpkeep({ pending: () => pending, heap: h.heap, idleMs: 5, collectIdle: () => idleCollections++, rss: () => 80 * MB });
    upkeep.requestStarted();
    await Bun.sleep(30);
    expect(idleCollections).toBe(0);
    pending = 0;
    while (idleCollections === 0) await Bun.sleep(5);
    await Bun.sleep(30);
    expect(idleCollections).toBe(1);
  });

  test('an idle moment drops compiled code only once the process has grown by the set amount since it last did', async () => {
    let resident = 80 * MB;
    const seen: string[] = [];
    const h = fakeHeap(13 * MB, 0);
    upkeep = startMemoryUpkeep({
      pending: () => 0,
      heap: h.heap,
      idleMs: 5,
      shrinkGrowthBytes: 20 * MB,
      rss: () => resident,
      collectIdle: () => seen.push('collect'),
      shrink: () => {
        seen.push('shrink');
        resident = 85 * MB;
      },
    });
    const burst = async (to: number) => {
      resident = to;
      upkeep!.requestStarted();
      const before = seen.length;
      while (seen.length === before) await Bun.sleep(5);
    };
    // The mark: 80 + 20 MB as the server starts, then 85 + 20 MB after the shrink.
    await burst(95 * MB);
    expect(seen).toEqual(['collect']);
    await burst(101 * MB);
    expect(seen).toEqual(['collect', 'shrink']);
    await burst(104 * MB);
    expect(seen).toEqual(['collect', 'shrink', 'collect']);
    await burst(106 * MB);
    expect(seen).toEqual(['collect', 'shrink', 'collect', 'shrink']);
  });

  test('the growth that drops the code again counts from what the process settles at, not from what it held as the code was dropped', async () => {
    // Bun.shrink's work waits until the timer's callback has returned, and the freed memory goes
    // back to the system over the next second: right after the call the process still holds
    // 130 MB, then settles at 100 MB.
    let resident = 80 * MB;
    let settledReads = 0;
    const seen: string[] = [];
    upkeep = startMemoryUpkeep({
      pending: () => 0,
      heap: fakeHeap(13 * MB, 0).heap,
      idleMs: 5,
      shrinkGrowthBytes: 20 * MB,
      rss: () => {
        if (seen.at(-1) === 'shrink' && resident === 100 * MB) settledReads++;
        return resident;
      },
      collectIdle: () => seen.push('collect'),
      shrink: () => {
        seen.push('shrink');
        resident = 130 * MB;
        setTimeout(() => (resident = 100 * MB), 0);
      },
    });
    resident = 140 * MB;
    upkeep.requestStarted();
    // A bounded wait for the quiet ticks that read the settled process.
    for (let i = 0; i < 300 && settledReads === 0; i++) await Bun.sleep(10);
    expect(seen).toEqual(['shrink']);
    // A burst to 125 MB: 25 MB above where the process settled (above 120), 5 MB under 130 + 20.
    resident = 125 * MB;
    upkeep.requestStarted();
    while (seen.length === 1) await Bun.sleep(5);
    expect(seen).toEqual(['shrink', 'shrink']);
  });
});
