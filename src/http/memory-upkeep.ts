// Gives memory back between bursts of requests. JavaScriptCore collects when its heap has grown
// by a share of itself, so after a burst of page views the garbage of the last few hundred pages
// stays resident until the next burst (measured: 150+ MB after 300 views of every page, 110-120
// with this). A full collection of the hub's 20 MB heap takes a few milliseconds; it runs only
// once the server has been idle for a moment after serving requests, never in the middle of them
// (bench/memory.ts measures it). Collecting during a steady load as well was tried: young
// collections every few dozen requests cost throughput and did not lower the peak.

export interface MemoryUpkeep {
  /** Call at the start of every request. */
  requestStarted(): void;
  stop(): void;
}

export function startMemoryUpkeep(options: { idleMs?: number; pending: () => number }): MemoryUpkeep {
  const idleMs = options.idleMs ?? 1000;
  let lastRequest = 0;
  let collected = true;
  const timer = setInterval(() => {
    if (collected || options.pending() > 0 || performance.now() - lastRequest < idleMs) return;
    collected = true;
    Bun.gc(true);
  }, idleMs);
  timer.unref();
  return {
    requestStarted() {
      lastRequest = performance.now();
      collected = false;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
