// Compresses pages, JSON and other text answers for browsers that accept brotli or gzip.

import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseEncoding, varyOnAcceptEncoding } from '../accept-encoding.ts';

/**
 * Text only. Media, images and downloads are either compressed already or answered in byte
 * ranges, which must address the bytes on disk.
 */
const COMPRESSIBLE = /^\s*(?:text\/(?:html|plain|css|javascript)|application\/(?:json|javascript)|image\/svg\+xml)\s*(?:;|$)/i;

/** Below this, the headers and the work cost more than the bytes saved. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Above this, compression moves to zlib's thread pool: a page (10-170 KB) takes 0.1-1 ms
 * inline, about what handing it to a thread costs, but a large JSON answer would hold up every
 * other request for milliseconds. Inline is also what keeps memory down under load: each
 * compression in the pool has its own encoder on its own thread's heap, and 16 pages of 166 KB
 * compressed at once there raised the process's peak by 62 MB against 6 MB inline (measured with
 * Bun 1.4.5; the limit was 64 KB, which sent the 166 KB gallery page to the pool).
 */
const INLINE_MAX_BYTES = 256 * 1024;

/** Pool compressions run one at a time, so that a burst of large answers holds one encoder. */
let poolQueue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = poolQueue.then(work);
  poolQueue = run.catch(() => undefined);
  return run;
}

/**
 * Brotli quality 4: a page compresses to 10-15% of its size in about 0.2 ms. Quality 5 saves
 * another 5-8% for half as much time again; 11 (used for the build's files) is 100 times slower.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export async function compressBytes(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const inline = bytes.byteLength <= INLINE_MAX_BYTES;
  const options = { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } };
  const out =
    encoding === 'gzip'
      ? inline
        ? gzipSync(bytes, { level: GZIP_LEVEL })
        : await oneAtATime(() => gzipAsync(bytes, { level: GZIP_LEVEL }))
      : inline
        ? brotliCompressSync(bytes, options)
        : await oneAtATime(() => brotliAsync(bytes, options));
  // zlib's Buffers sit on plain ArrayBuffers, never shared memory.
  return out as Uint8Array<ArrayBuffer>;
}

/** Whether an answer is text that may be compressed at all (whatever the browser accepts). */
function compressible(res: Response): boolean {
  const { status, headers } = res;
  // 204 and 304 have no body; 206 and any Content-Range answer address bytes of the original.
  if (status < 200 || status === 204 || status === 206 || status === 304 || headers.has('content-range')) return false;
  if (headers.has('content-encoding')) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '')) return false;
  return COMPRESSIBLE.test(headers.get('content-type') ?? '');
}

/**
 * Compresses the answer when it is text of at least MIN_COMPRESSED_BYTES and the browser accepts
 * br (preferred) or gzip. The body is read whole, which suits pages and JSON; an answer that
 * must stream (media, downloads) is not text and passes untouched.
 */
export const compress = (): MiddlewareHandler =>
  async function compress(c, next) {
    await next();
    const res = c.res;
    if (!compressible(res)) return;
    // Every answer of a type that may be compressed varies with Accept-Encoding, the plain one
    // too. HEAD says so as well, but is never compressed: it has no body to measure.
    varyOnAcceptEncoding(res.headers);
    if (c.req.method === 'HEAD' || !res.body) return;
    const encoding = chooseEncoding(c.req.header('accept-encoding'), ENCODINGS);
    if (!encoding) return;
    const declared = res.headers.get('content-length');
    if (declared !== null && Number(declared) < MIN_COMPRESSED_BYTES) return;

    const bytes = new Uint8Array(await res.arrayBuffer());
    const compressed = bytes.byteLength < MIN_COMPRESSED_BYTES ? null : await compressBytes(bytes, encoding);
    // Hono copies the old answer's headers onto the new one, so the new length is set after.
    c.res = new Response(compressed ?? bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
    if (!compressed) return;
    c.res.headers.set('content-encoding', encoding);
    c.res.headers.set('content-length', String(compressed.byteLength));
    // The compressed bytes differ from the original's: a strong validator no longer matches them.
    const etag = c.res.headers.get('etag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
  };
