// One uploaded file read whole from a request: the body counted as it streams and refused with 413
// once it passes the route's limit (such routes opt out of the small-body default), then the file
// taken from a multipart field `file`, or the raw body for any other type.

import type { Context } from 'hono';
import { InvalidError, TooLargeError } from '../errors.ts';

export interface UploadRules {
  maxBytes: number;
  /** The 413 message. */
  tooLarge: string;
  /** The 400 message for a request without a file (or an empty body). */
  noFile: string;
}

/** The body's bytes, refused with 413 as soon as they pass `maxBytes`. */
async function readCapped(c: Context, { maxBytes, tooLarge }: UploadRules): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new TooLargeError(tooLarge);
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
      throw new TooLargeError(tooLarge);
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

/** The uploaded file's bytes: multipart field `file`, or the whole body (any other type). */
export async function readUploadedFile(c: Context, rules: UploadRules): Promise<Uint8Array> {
  const bytes = await readCapped(c, rules);
  const type = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data\b/i.test(type)) {
    let form: FormData;
    try {
      form = await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': type }, body: bytes }).formData();
    } catch {
      throw new InvalidError('The form could not be read');
    }
    const file = form.get('file');
    if (file === null) throw new InvalidError(rules.noFile);
    return typeof file === 'string' ? new TextEncoder().encode(file) : new Uint8Array(await file.arrayBuffer());
  }
  if (bytes.byteLength === 0) throw new InvalidError(rules.noFile);
  return bytes;
}
