import { expect, test } from 'bun:test';
import { Hono } from 'hono';
import { silentLogger } from '../logger.ts';
import { startServer } from './server.ts';

test('shutdown lets an in-flight request finish, refuses new connections, then runs cleanup', async () => {
  const events: string[] = [];
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const app = new Hono().get('/slow', async (c) => {
    entered();
    await Bun.sleep(300);
    events.push('slow request answered');
    return c.text('finished');
  });
  const running = startServer({
    fetch: app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    logger: silentLogger,
    onStopped: async () => {
      events.push('cleanup');
    },
  });
  const url = running.url.href;
  const slow = fetch(`${url}slow`).then((r) => r.text());
  await inside;
  const stopped = running.shutdown('SIGTERM').then(() => events.push('shutdown resolved'));
  // Shutting down twice is harmless (both signals may arrive).
  void running.shutdown('SIGINT');
  await Bun.sleep(50);
  await expect(fetch(`${url}slow`)).rejects.toThrow();
  expect(await slow).toBe('finished');
  await stopped;
  expect(events).toEqual(['slow request answered', 'cleanup', 'shutdown resolved']);
});

test('shutdown does not wait forever on a request that never ends', async () => {
  const app = new Hono().get('/hang', () => new Promise<Response>(() => {}));
  const running = startServer({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', logger: silentLogger, drainTimeoutMs: 200 });
  const hanging = fetch(`${running.url.href}hang`).catch(() => 'connection closed');
  await Bun.sleep(50);
  // Without the drain timeout this await never resolves and the test times out.
  await running.shutdown('SIGTERM');
  expect(await hanging).toBe('connection closed');
});
