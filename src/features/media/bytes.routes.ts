// Serving media bytes: /media/{id} (the original), /media/{id}/thumbnail and /media/{id}/display,
// and a video's /media/{id}/preview, /media/{id}/scrubber.vtt and /media/{id}/scrubber/{n}.webp
// (its sprite sheets, as the WebVTT file names them), to their owner only, streamed from the store with single byte ranges (video seeking), validators
// and conditional requests. The store reads only the bytes asked for (S3: Range on GetObject).

import type { Context } from 'hono';
import { Hono } from 'hono';
import { NotFoundError, RangeNotSatisfiableError } from '../../errors.ts';
import { mediaAnswerHeaders } from '../../http/middleware/security-headers.ts';
import { LOCK_TEXT } from '../../shared/locks.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { type MediaBytesRow, scrubberSheetKey } from './media.table.ts';

export type ByteVariant = 'original' | 'thumbnail' | 'display' | 'preview' | 'scrubber' | { sheet: number };

export const SERVE_TEXT = { notFound: 'Media not found' } as const;

/**
 * Browsers may keep the bytes but must ask again before each use (a 304 costs no bytes): after
 * Lock Site or sign-out, nothing is shown from the cache without the gate and the session.
 */
export const MEDIA_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

/** Renditions the jobs write are WebP pictures, MP4 videos or WebVTT files (decision 0037), as their key's extension says. */
const renditionType = (key: string) => (key.endsWith('.mp4') ? 'video/mp4' : key.endsWith('.vtt') ? 'text/vtt; charset=utf-8' : 'image/webp');

/** What a Range header asks for, against an object of `size` bytes. */
export type RangeRequest = { kind: 'whole' } | { kind: 'unsatisfiable' } | { kind: 'range'; start: number; end: number };

/**
 * One range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) is served as asked. Several ranges are answered
 * with the whole object (allowed, and what players cope with best); a header that does not parse
 * is ignored, as RFC 9110 says.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Whether an If-None-Match list names `etag` (weak comparison, as RFC 9110 asks for it). */
function noneMatchHits(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** HTTP dates have whole seconds. */
const toSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/** If-Range: the range applies only while the object is the one the client has part of. */
function ifRangeHolds(header: string | undefined, etag: string, lastModified: number): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  // An entity tag must match strongly; a date must be exactly the Last-Modified.
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && date === toSecond(lastModified);
}

/** `inline` with the name as the user knows it, and a plain ASCII fallback for old clients. */
export function contentDisposition(name: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The extensions each stored type is known by (the type comes from the bytes; sniff.ts), the first
 * being the one a download gets when its name says something else.
 */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov', 'qt'],
  'video/x-m4v': ['m4v', 'mp4'],
  'video/webm': ['webm'],
  'video/x-matroska': ['mkv'],
  'video/x-msvideo': ['avi'],
  'video/x-ms-asf': ['wmv', 'asf'],
  'video/x-flv': ['flv'],
  'video/mp2t': ['ts', 'm2ts', 'mts'],
  'video/mpeg': ['mpg', 'mpeg', 'vob'],
  'video/3gpp': ['3gp'],
  'video/3gpp2': ['3g2'],
  'video/ogg': ['ogv', 'ogg'],
};

/**
 * The name an original downloads with: its uploaded name, with the extension of the type its bytes
 * are (a PNG uploaded as "holiday.txt" downloads as "holiday.png", so the saved file opens as what
 * it is, never as what its name claimed).
 */
export function downloadName(name: string, mimeType: string): string {
  const known = EXTENSIONS[mimeType.toLowerCase()];
  if (!known) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (known.includes(extension)) return name;
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem || 'media'}.${known[0]}`;
}

const renditionName = (original: string, key: string) =>
  `${original.replace(/\.[^.]*$/, '') || 'media'}.${key.endsWith('.mp4') ? 'mp4' : key.endsWith('.vtt') ? 'vtt' : 'webp'}`;

/** The key of a video's preview, scrubber or sprite sheet; null when it has none (or not that sheet). */
function previewKeyOf(row: MediaBytesRow, variant: 'preview' | 'scrubber' | { sheet: number }): string | null {
  if (variant === 'preview') return row.preview_key;
  if (!row.scrubber_key) return null;
  if (variant === 'scrubber') return row.scrubber_key;
  return variant.sheet < (row.scrubber_sheets ?? 0) ? scrubberSheetKey(row.scrubber_key, variant.sheet) : null;
}

function strongTag(text: string): string {
  return `"${new Bun.CryptoHasher('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

interface Target {
  key: string;
  contentType: string;
  etag: string;
  /** Epoch ms. */
  lastModified: number;
  size: number;
  filename: string;
}

/** Which object a byte URL names: the original, or a rendition (display falls back to the original). */
function targetOf(
  row: MediaBytesRow,
  variant: ByteVariant,
): (Omit<Target, 'size' | 'lastModified'> & { size: number | null; lastModified: number | null }) | null {
  const renditionKey =
    variant === 'thumbnail' ? row.thumbnail_key : variant === 'display' ? row.display_key : variant === 'original' ? null : previewKeyOf(row, variant);
  if (variant !== 'display' && variant !== 'original' && !renditionKey) return null;
  if (!renditionKey) {
    // The original never changes under its id: its hash is its validator, its upload its date.
    return {
      key: row.storage_key,
      contentType: row.mime_type,
      etag: `"${row.sha256}"`,
      lastModified: row.created_at,
      size: row.size,
      filename: downloadName(row.original_name, row.mime_type),
    };
  }
  // A rendition made again gets a new key, so the key identifies its bytes.
  return {
    key: renditionKey,
    contentType: renditionType(renditionKey),
    etag: strongTag(renditionKey),
    lastModified: null,
    size: null,
    filename: renditionName(row.original_name, renditionKey),
  };
}

async function serve(c: Context<SignedInEnv>, variant: ByteVariant): Promise<Response> {
  const { store } = c.var.deps;
  const row = await c.var.services.media.bytesOf(c.var.viewer.id, c.req.param('id') ?? '');
  if (!row) throw new NotFoundError(SERVE_TEXT.notFound);
  // A premium item's bytes stay behind the premium lock (decision 0057).
  if (row.gallery === 'premium' && (await c.var.services.locks.isLocked(c.var.viewer, 'premium'))) {
    return c.json({ error: LOCK_TEXT.locked.premium, locked: true }, 403);
  }
  const found = targetOf(row, variant);
  if (!found) throw new NotFoundError(SERVE_TEXT.notFound);
  // Hono answers HEAD with its GET route; the request still says HEAD.
  const head = c.req.raw.method === 'HEAD';
  // The original's size and date are in its row; a rendition's come from the store. HEAD checks
  // that the bytes are really there, as GET would.
  const object = found.size === null || found.lastModified === null || head ? await store.head(found.key) : undefined;
  if (object === null) throw new NotFoundError(SERVE_TEXT.notFound);
  const target: Target = {
    ...found,
    size: found.size ?? object!.size,
    lastModified: found.lastModified ?? object!.lastModified.getTime(),
  };

  const headers = new Headers({
    'Cache-Control': MEDIA_CACHE_CONTROL,
    ETag: target.etag,
    'Last-Modified': new Date(target.lastModified).toUTCString(),
    'Accept-Ranges': 'bytes',
  });
  const ifNoneMatch = c.req.header('if-none-match');
  const ifModifiedSince = c.req.header('if-modified-since');
  const notModified =
    ifNoneMatch !== undefined
      ? noneMatchHits(ifNoneMatch, target.etag)
      : ifModifiedSince !== undefined && Number.isFinite(Date.parse(ifModifiedSince)) && toSecond(target.lastModified) <= Date.parse(ifModifiedSince);
  if (notModified) return new Response(null, { status: 304, headers });

  headers.set('Content-Type', target.contentType);
  // ?download=1 (the viewer's Download button): saved under its name rather than shown.
  const download = variant === 'original' && c.req.query('download') === '1';
  headers.set('Content-Disposition', contentDisposition(target.filename, download ? 'attachment' : 'inline'));
  let range = parseRange(c.req.header('range'), target.size);
  if (range.kind !== 'whole' && !ifRangeHolds(c.req.header('if-range'), target.etag, target.lastModified)) range = { kind: 'whole' };
  if (range.kind === 'unsatisfiable') throw new RangeNotSatisfiableError(target.size);

  const wanted = range.kind === 'range' ? { start: range.start, end: range.end } : undefined;
  if (head) {
    headers.set('Content-Length', String(wanted ? wanted.end - wanted.start + 1 : target.size));
    if (wanted) headers.set('Content-Range', `bytes ${wanted.start}-${wanted.end}/${target.size}`);
    return new Response(null, { status: wanted ? 206 : 200, headers });
  }
  const got = await store.get(target.key, wanted);
  if (!got) throw new NotFoundError(SERVE_TEXT.notFound);
  if (got.range) {
    headers.set('Content-Length', String(got.range.end - got.range.start + 1));
    headers.set('Content-Range', `bytes ${got.range.start}-${got.range.end}/${got.object.size}`);
    return new Response(got.body, { status: 206, headers });
  }
  headers.set('Content-Length', String(got.object.size));
  return new Response(got.body, { status: 200, headers });
}

/** Mounted at /media. */
export const mediaBytesRoutes = new Hono<SignedInEnv>()
  .use('/*', requireSignIn())
  .use('/*', mediaAnswerHeaders())
  .get('/:id', (c) => serve(c, 'original'))
  .get('/:id/thumbnail', (c) => serve(c, 'thumbnail'))
  .get('/:id/display', (c) => serve(c, 'display'))
  .get('/:id/preview', (c) => serve(c, 'preview'))
  .get('/:id/scrubber.vtt', (c) => serve(c, 'scrubber'))
  .get('/:id/scrubber/:sheet', (c) => {
    const sheet = /^(\d{1,4})\.webp$/.exec(c.req.param('sheet'));
    if (!sheet) throw new NotFoundError(SERVE_TEXT.notFound);
    return serve(c, { sheet: Number(sheet[1]) });
  });
