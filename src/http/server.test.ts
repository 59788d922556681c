import { afterAll, describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { rawGet } from '../../test/helpers/raw-http.ts';
import { createLogger, silentLogger } from '../logger.ts';
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

describe('requests the app could misread are refused before routing', () => {
  const seen: string[] = [];
  const lines: string[] = [];
  const app = new Hono().all('*', (c) => {
    seen.push(c.req.path);
    return c.json({ path: c.req.path });
  });
  const running = startServer({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', logger: createLogger('info', (line) => lines.push(line)) });
  const port = running.server.port!;
  afterAll(() => running.shutdown('test'));

  test.each([
    ['no Host over HTTP/1.0', '/healthz', null, 'HTTP/1.0'],
    ['an empty Host', '/healthz', '', 'HTTP/1.1'],
    ['a space in the Host', '/static/api/users', 'a b', 'HTTP/1.1'],
    ['a slash in the Host', '/abc/admin', 'a/b', 'HTTP/1.1'],
    ['user info in the Host', '/x', 'a@b', 'HTTP/1.1'],
    ['a port out of range', '/x', 'hub.local:99999', 'HTTP/1.1'],
  ] as const)('%s: 400 with the security headers, and the app never sees it', async (_, path, host, version) => {
    seen.length = 0;
    const res = await rawGet(port, path, host, version);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'Bad request: a valid Host header is required' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(seen).toEqual([]);
    // Logged with the path the client sent, not a cut one.
    expect(lines.at(-1)).toContain(`path=${path}`);
  });

  test('no Host over HTTP/1.1 is refused by Bun itself (a 400 before any code runs)', async () => {
    seen.length = 0;
    expect((await rawGet(port, '/healthz', null, 'HTTP/1.1')).status).toBe(400);
    expect(seen).toEqual([]);
  });

  test.each(['/static/x%00.svg', '/static/..%00/package.json', '/user/%00', '/a%0d%0aSet-Cookie:%20x=1', '/a%7f'])(
    '%s: control characters in the path give 400',
    async (path) => {
      seen.length = 0;
      const res = await rawGet(port, path, 'hub.local');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: 'Bad request: the path contains control characters' });
      expect(seen).toEqual([]);
    },
  );

  test.each([
    ['hub.local', '/static/api/users'],
    ['hub.local:3000', '/abc/admin'],
    ['127.0.0.1:8080', '/x'],
    ['[::1]:3000', '/x'],
    ['hub_1', '/x'],
  ])('Host %s is fine, and %s is routed as sent', async (host, path) => {
    seen.length = 0;
    const res = await rawGet(port, path, host);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ path });
  });

  test('an error the app does not handle becomes a 500 with the security headers and no detail', async () => {
    const failing = startServer({
      fetch: () => {
        throw new Error('secret detail');
      },
      port: 0,
      hostname: '127.0.0.1',
      logger: createLogger('info', (line) => lines.push(line)),
    });
    try {
      const res = await rawGet(failing.server.port!, '/x', 'hub.local');
      expect(res.status).toBe(500);
      expect(JSON.parse(res.body)).toEqual({ error: 'Internal server error' });
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(lines.at(-1)).toContain('ERROR unhandled error');
    } finally {
      await failing.shutdown('test');
    }
  });
});
