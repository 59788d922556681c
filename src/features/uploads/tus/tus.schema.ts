// The tus 1.0 headers /api/uploads reads, checked: numbers are whole and not negative.

import { InvalidError } from '../../../errors.ts';

/** A header that must be a whole number of bytes (Upload-Length, Upload-Offset, Content-Length). */
export function byteCount(value: string | undefined, message: string): number {
  if (value === undefined || !/^\d{1,16}$/.test(value.trim())) throw new InvalidError(message);
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n)) throw new InvalidError(message);
  return n;
}

/** The same, when the header may be absent. */
export function optionalByteCount(value: string | undefined, message: string): number | undefined {
  return value === undefined ? undefined : byteCount(value, message);
}

/** The content type PATCH (and POST with bytes) must send. */
export const OFFSET_OCTET_STREAM = 'application/offset+octet-stream';

export function isOffsetStream(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === OFFSET_OCTET_STREAM;
}
