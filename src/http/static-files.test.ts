import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp, testAssets } from '../../test/helpers/test-app.ts';
import { type AssetManifest, BUILD_DIR, STATIC_DIR } from '../build/assets.ts';

let t: TestApp;
let assets: AssetManifest;
beforeAll(async () => {
  t = await createTestApp();
  assets = await testAssets();
});
afterAll(() => t.close());

// Static files are served before any credential is looked at: no site token here.
const get = (url: string, acceptEncoding?: string, method = 'GET') =>
  t.app.request(url, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
const onDisk = (url: string) => Bun.file(path.join(BUILD_DIR, url.replace('/static/build/', ''))).bytes();
const bodyOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const varies = (res: Response) => (res.headers.get('vary') ?? '').split(',').some((v) => v.trim().toLowerCase() === 'accept-encoding');

describe('built files (stylesheet, scripts)', () => {
  test('a browser that accepts brotli gets the brotli copy, which decompresses to the file', async () => {
    for (const url of [assets.css, assets.islandEntry]) {
      const res = await get(url, 'gzip, deflate, br, zstd');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(varies(res)).toBe(true);
      const body = await bodyOf(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect(brotliDecompressSync(body).equals(Buffer.from(await onDisk(url)))).toBe(true);
      expect(body.length).toBeLessThan((await onDisk(url)).length / 2);
    }
  });

  test('the compressed answer keeps the type of the original and the year-long cache', async () => {
    const css = await get(assets.css, 'br');
    expect(css.headers.get('content-type')).toStartWith('text/css');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const js = await get(assets.islandEntry, 'gzip');
    expect(js.headers.get('content-type')).toStartWith('text/javascript');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('gzip when brotli is not accepted or refused with q=0', async () => {
    for (const header of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.1']) {
      const res = await get(assets.css, header);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      const body = await bodyOf(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect(gunzipSync(body).equals(Buffer.from(await onDisk(assets.css)))).toBe(true);
    }
  });

  test('the plain file when nothing usable is accepted, still marked as varying', async () => {
    const original = Buffer.from(await onDisk(assets.css));
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get(assets.css, header);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(varies(res)).toBe(true);
      expect(res.headers.get('content-length')).toBe(String(original.length));
      expect((await bodyOf(res)).equals(original)).toBe(true);
    }
  });

  test('HEAD answers the headers of GET (encoding, length, type) without a body', async () => {
    const brotli = Bun.file(path.join(BUILD_DIR, `${assets.css.replace('/static/build/', '')}.br`)).size;
    const head = await get(assets.css, 'br, gzip', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-length')).toBe(String(brotli));
    expect(head.headers.get('content-type')).toStartWith('text/css');
    expect(varies(head)).toBe(true);
    expect((await bodyOf(head)).length).toBe(0);
    const plain = await get(assets.css, undefined, 'HEAD');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-length')).toBe(String((await onDisk(assets.css)).length));
  });
});

describe('other static files', () => {
  test('a file without compressed copies is sent as it is, whatever is accepted', async () => {
    const original = await Bun.file(path.join(STATIC_DIR, 'favicon.svg')).text();
    const res = await get('/static/favicon.svg', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('image/svg+xml');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.text()).toBe(original);
    const robots = await get('/robots.txt', 'br, gzip');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('Disallow: /');
  });

  test('a missing file, a directory, a path with a NUL byte or one leaving static/ is not found, never an error', async () => {
    for (const url of [
      '/static/nope.css',
      '/static/build',
      '/static/build/',
      '/static/x%00.svg',
      '/static/..%00/x',
      '/static/favicon.svg%00',
      '/static/..%2fpackage.json',
      '/static/build/..%5c..%5cpackage.json',
      '/static/.hidden',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await get(url, 'br', method);
        expect({ url, method, status: res.status }).toEqual({ url, method, status: 404 });
      }
    }
  });
});

describe('through Bun.serve', () => {
  // Bun writes the headers itself: the length and encoding must reach the wire unchanged.
  const raw = (url: string, method: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; length: number }>((resolve, reject) => {
      const req = httpRequest(url, { method, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let length = 0;
        res.on('data', (chunk: Buffer) => (length += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, length }));
      });
      req.on('error', reject);
      req.end();
    });

  test('GET and HEAD of a built file carry the compressed length and encoding', async () => {
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: t.app.fetch });
    try {
      const brotli = Bun.file(path.join(BUILD_DIR, `${assets.css.replace('/static/build/', '')}.br`)).size;
      const url = `http://127.0.0.1:${server.port}${assets.css}`;
      for (const method of ['GET', 'HEAD']) {
        const res = await raw(url, method, 'gzip, deflate, br');
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-length']).toBe(String(brotli));
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(res.length).toBe(method === 'GET' ? brotli : 0);
      }
    } finally {
      await server.stop(true);
    }
  });
});
