// Reading an uploaded bookmark file: the request body streamed and counted (the small-body default
// does not apply to the import route), then the file taken from a multipart field or the raw body.

import type { Context } from 'hono';
import { InvalidError, TooLargeError } from '../../errors.ts';

export const IMPORT_TEXT = {
  tooLarge: (bytes: number) => `The bookmarks file is larger than ${Math.round(bytes / (1024 * 1024))} MB`,
  noFile: 'Choose a bookmarks file to import',
  notBookmarks: 'This is not a bookmarks file (the HTML file a browser exports)',
} as const;

/** The body's bytes, refused with 413 as soon as they pass `maxBytes`. */
async function readCapped(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new TooLargeError(IMPORT_TEXT.tooLarge(maxBytes));
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new TooLargeError(IMPORT_TEXT.tooLarge(maxBytes));
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/** The uploaded file's text: multipart field `file`, or the whole body (any other type). */
export async function readBookmarkUpload(c: Context, maxBytes: number): Promise<string> {
  const bytes = await readCapped(c, maxBytes);
  const type = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data\b/i.test(type)) {
    let form: FormData;
    try {
      form = await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': type }, body: bytes }).formData();
    } catch {
      throw new InvalidError('The form could not be read');
    }
    const file = form.get('file');
    if (file === null) throw new InvalidError(IMPORT_TEXT.noFile);
    return typeof file === 'string' ? file : await file.text();
  }
  if (bytes.byteLength === 0) throw new InvalidError(IMPORT_TEXT.noFile);
  return new TextDecoder().decode(bytes);
}
