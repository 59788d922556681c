import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { compress, MIN_COMPRESSED_BYTES } from './compress.ts';

const varies = (res: Response) => (res.headers.get('vary') ?? '').split(',').some((v) => v.trim().toLowerCase() === 'accept-encoding');

/**
 * The body as the browser reads it, after checking the length a compressed answer declares (a
 * plain one may leave it to Bun.serve, which counts the bytes it sends).
 */
async function decoded(res: Response): Promise<string> {
  const body = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  if (encoding !== null || res.headers.has('content-length')) expect(res.headers.get('content-length')).toBe(String(body.length));
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  expect(encoding).toBeNull();
  return body.toString('utf8');
}

describe('pages and JSON of the hub', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    // A fixed clock, so the lockout countdown on a page reads the same in two answers.
    t = await createTestApp({ clock: () => new Date('2031-06-15T12:00:00Z') });
    admin = await t.createUser({ username: 'admin' });
    // Enough accounts for the user list to pass the size where compression starts.
    for (const name of ['ana', 'ben', 'cleo', 'dev', 'eli', 'fay', 'gus']) await t.createUser({ username: name, name: `${name} of the household` }, admin);
    // Sixteen password hashes and checks, one at a time: more than the default 5 s on a busy machine.
  }, 60_000);
  afterAll(() => t.close());

  const get = (path: string, acceptEncoding: string | undefined, as: SignedIn | null = admin, method = 'GET') =>
    t.request(path, { method, as: as ?? undefined, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  test('a page is sent with brotli to a browser that accepts it, reads the same as the plain page, and is much smaller', async () => {
    const plain = await get('/users', undefined);
    const plainHtml = await decoded(plain);
    expect(plainHtml).toContain('ana of the household');
    const res = await get('/users', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toStartWith('text/html');
    expect(varies(res)).toBe(true);
    expect(Number(res.headers.get('content-length'))).toBeLessThan(plainHtml.length / 3);
    expect(await decoded(res)).toBe(plainHtml);
    // The security headers are still there.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  test('gzip when the browser accepts only gzip (plain HTTP in Chromium), nothing when it accepts neither', async () => {
    const html = await decoded(await get('/', undefined));
    const gzip = await get('/', 'gzip, deflate');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await decoded(gzip)).toBe(html);
    for (const header of ['identity', 'br;q=0, gzip;q=0', '']) {
      const res = await get('/', header);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(varies(res)).toBe(true);
      expect(await res.text()).toBe(html);
    }
  });

  test('JSON answers are compressed too and parse to the same value', async () => {
    const plain = await (await get('/api/users', undefined)).json();
    const res = await get('/api/users', 'br, gzip');
    expect(res.headers.get('content-type')).toStartWith('application/json');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(await decoded(res))).toEqual(plain);
  });

  test('the site gate (401) and the not-found page (404) are compressed like any page', async () => {
    const gate = await get('/users', 'br', null);
    expect(gate.status).toBe(401);
    expect(gate.headers.get('content-encoding')).toBe('br');
    expect(await decoded(gate)).toContain('<form');
    const missing = await get('/no/such/page', 'gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBe('gzip');
    expect(await decoded(missing)).toContain('<!DOCTYPE html>');
  });

  test('HEAD is never compressed', async () => {
    const res = await get('/users', 'br', admin, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(varies(res)).toBe(true);
  });

  test('a small JSON answer is sent as it is', async () => {
    const res = await t.request('/healthz', { headers: { 'accept-encoding': 'br, gzip' } });
    const text = await res.text();
    expect(text.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(text)).toBeTruthy();
  });
});

describe('what is never compressed', () => {
  const text = (n: number) => 'The household hub keeps its media private. '.repeat(Math.ceil(n / 44)).slice(0, n);
  const binary = new Uint8Array(4096).fill(7);
  const app = new Hono()
    .use(compress())
    .get('/page', (c) => c.html(`<!DOCTYPE html><p>${text(5000)}</p>`))
    .get('/small', (c) => c.html(`<p>${text(MIN_COMPRESSED_BYTES - 100)}</p>`))
    .get('/big-json', (c) => c.json({ items: Array.from({ length: 3000 }, (_, i) => ({ id: i, note: text(40) })) }))
    .get('/svg', (c) =>
      c.body(`<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`, 200, { 'content-type': 'image/svg+xml' }),
    )
    .get('/video', () => new Response(binary, { headers: { 'content-type': 'video/mp4' } }))
    .get('/image', () => new Response(binary, { headers: { 'content-type': 'image/png' } }))
    .get('/range', () => new Response(text(2000), { status: 206, headers: { 'content-type': 'text/plain', 'content-range': 'bytes 0-1999/9000' } }))
    .get('/range-200', () => new Response(text(2000), { headers: { 'content-type': 'text/plain', 'content-range': 'bytes 0-1999/2000' } }))
    .get('/no-content', (c) => c.body(null, 204))
    .get('/not-modified', () => new Response(null, { status: 304, headers: { 'content-type': 'text/html', etag: '"v1"' } }))
    .get('/encoded', () => new Response(text(3000), { headers: { 'content-type': 'text/html', 'content-encoding': 'identity-by-handler' } }))
    .get('/no-transform', () => new Response(text(3000), { headers: { 'content-type': 'text/plain', 'cache-control': 'private, no-transform' } }))
    .get('/validated', (c) => {
      c.header('set-cookie', 'a=1; Path=/', { append: true });
      c.header('set-cookie', 'b=2; Path=/', { append: true });
      c.header('etag', '"v1"');
      return c.html(text(3000));
    });
  const get = (path: string, acceptEncoding = 'br, gzip') => app.request(path, { headers: { 'accept-encoding': acceptEncoding } });

  test('HTML, JSON of any size and SVG are compressed (sanity check for the cases below)', async () => {
    const page = await get('/page');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await decoded(page)).toBe(`<!DOCTYPE html><p>${text(5000)}</p>`);
    const big = await get('/big-json', 'gzip');
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(await decoded(big)).items).toHaveLength(3000);
    expect((await get('/svg')).headers.get('content-encoding')).toBe('br');
  });

  test('an answer under 1 KB is sent as it is', async () => {
    const res = await get('/small');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(`<p>${text(MIN_COMPRESSED_BYTES - 100)}</p>`);
  });

  test('media and images are sent byte for byte, without Vary', async () => {
    for (const path of ['/video', '/image']) {
      const res = await get(path);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(varies(res)).toBe(false);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(binary);
    }
  });

  test('byte ranges, 204, 304, an encoding set by the handler and no-transform are left alone', async () => {
    for (const path of ['/range', '/range-200', '/no-content', '/not-modified', '/encoded', '/no-transform']) {
      const res = await get(path);
      expect({ path, encoding: res.headers.get('content-encoding') }).toEqual({ path, encoding: path === '/encoded' ? 'identity-by-handler' : null });
    }
    expect(await (await get('/range')).text()).toBe(text(2000));
  });

  test('cookies survive, and a strong ETag becomes weak (the bytes differ from the original)', async () => {
    const res = await get('/validated');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(await decoded(res)).toBe(text(3000));
    expect((await get('/validated', 'identity')).headers.get('etag')).toBe('"v1"');
  });
});
