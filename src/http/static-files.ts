// Serves static/: hashed build output cached for a year, the rest for an hour; the build's
// brotli or gzip copy of a file when the browser accepts it.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { type Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { PRECOMPRESSED, STATIC_DIR } from '../build/assets.ts';
import { chooseEncoding, varyOnAcceptEncoding } from './accept-encoding.ts';

const ENCODINGS = PRECOMPRESSED.map(({ encoding }) => encoding);

/**
 * The file under `root` a decoded URL path names, or null for anything that could leave it or
 * that the file system would refuse (a NUL byte makes Bun.file throw): such paths are simply
 * not found.
 */
function fileUnder(root: string, urlPath: string): string | null {
  if (urlPath.includes('\0') || urlPath.includes('\\')) return null;
  // No hidden files, no `.` or `..` segments, no empty segments.
  if (urlPath.split('/').some((segment) => segment === '' || segment.startsWith('.'))) return null;
  const file = path.join(root, urlPath);
  return file.startsWith(root + path.sep) ? file : null;
}

async function fileSize(file: string): Promise<number | null> {
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() ? stat.size : null;
}

/**
 * Answers with the file (GET and HEAD), or null when there is none. When the build wrote
 * compressed copies beside it, the answer varies with Accept-Encoding, whichever copy is sent.
 */
async function serveFile(c: Context, file: string): Promise<Response | null> {
  const size = await fileSize(file);
  if (size === null) return null;
  const headers = new Headers({ 'content-type': getMimeType(file) ?? 'application/octet-stream' });
  let sent = { file, size };
  const copies = await Promise.all(PRECOMPRESSED.map(async ({ encoding, suffix }) => ({ encoding, file: file + suffix, size: await fileSize(file + suffix) })));
  const available = copies.filter((copy) => copy.size !== null);
  if (available.length > 0) {
    varyOnAcceptEncoding(headers);
    const encoding = chooseEncoding(
      c.req.header('accept-encoding'),
      ENCODINGS.filter((e) => available.some((copy) => copy.encoding === e)),
    );
    const copy = available.find((candidate) => candidate.encoding === encoding);
    if (copy) {
      headers.set('content-encoding', copy.encoding);
      sent = { file: copy.file, size: copy.size! };
    }
  }
  headers.set('content-length', String(sent.size));
  // A BunFile body lets Bun.serve send the file with sendfile(2).
  return new Response(c.req.method === 'HEAD' ? null : Bun.file(sent.file), { status: 200, headers });
}

export function staticFilesFrom(root: string) {
  return new Hono()
    .use('/static/*', async (c, next) => {
      await next();
      if (c.res.status !== 200) return;
      const immutable = c.req.path.startsWith('/static/build/') && !c.req.path.endsWith('/manifest.json');
      c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    })
    .get('/static/*', async (c) => {
      const file = fileUnder(root, c.req.path.slice('/static/'.length));
      return (file === null ? null : await serveFile(c, file)) ?? c.notFound();
    })
    .get('/robots.txt', async (c, next) => (await serveFile(c, path.join(root, 'robots.txt'))) ?? next());
}

export const staticFiles = staticFilesFrom(STATIC_DIR);
