// What an uploaded file is, read from its first bytes (magic numbers): never from its name or the
// Content-Type the browser claims. Anything not on the list is null, and the upload refuses it.

import type { MediaType } from '../media.table.ts';

export interface SniffedType {
  mimeType: string;
  type: MediaType;
  /** The extension the stored original's key gets (lower case, no dot). */
  extension: string;
}

/** Bytes sniff() wants to see when the file has that many: enough for a long ftyp box or EBML header. */
export const SNIFF_BYTES = 4096;

const JPEG: SniffedType = { mimeType: 'image/jpeg', type: 'image', extension: 'jpg' };
const PNG: SniffedType = { mimeType: 'image/png', type: 'image', extension: 'png' };
const GIF: SniffedType = { mimeType: 'image/gif', type: 'image', extension: 'gif' };
const WEBP: SniffedType = { mimeType: 'image/webp', type: 'image', extension: 'webp' };
const AVIF: SniffedType = { mimeType: 'image/avif', type: 'image', extension: 'avif' };
const HEIC: SniffedType = { mimeType: 'image/heic', type: 'image', extension: 'heic' };
const HEIF: SniffedType = { mimeType: 'image/heif', type: 'image', extension: 'heif' };
const MP4: SniffedType = { mimeType: 'video/mp4', type: 'video', extension: 'mp4' };
const MOV: SniffedType = { mimeType: 'video/quicktime', type: 'video', extension: 'mov' };
const M4V: SniffedType = { mimeType: 'video/x-m4v', type: 'video', extension: 'm4v' };
const WEBM: SniffedType = { mimeType: 'video/webm', type: 'video', extension: 'webm' };

/** Every type the hub accepts, by MIME type (for the serving side and the README). */
export const ACCEPTED_TYPES: readonly SniffedType[] = [JPEG, PNG, GIF, WEBP, AVIF, HEIC, HEIF, MP4, MOV, M4V, WEBM];

// ISO base media file format brands (the ftyp box). AVIF is checked before HEIC/HEIF because an
// AVIF file also lists the generic HEIF brands (mif1, miaf).
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
const MOV_BRANDS = new Set(['qt  ']);
const M4V_BRANDS = new Set(['M4V ', 'M4VH', 'M4VP']);
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'dash', 'mmp4', 'MSNV']);

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The type a file's first bytes show (pass at least SNIFF_BYTES when the file has them), or null. */
export function sniff(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return GIF;
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP' && ascii(bytes, 12, 15) === 'VP8') return WEBP;
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') return isoMedia(bytes);
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(bytes) === 'webm' ? WEBM : null;
  return null;
}

/** ISO-BMFF (MP4, MOV, M4V, HEIC, AVIF): the ftyp box's major brand decides, else its compatible brands. */
function isoMedia(bytes: Uint8Array): SniffedType | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxSize = view.getUint32(0);
  // A major brand, a minor version and whole four-byte compatible brands; boxes this big are not ftyp.
  if (boxSize < 16 || boxSize > 1024 || boxSize % 4 !== 0) return null;
  const end = Math.min(boxSize, bytes.length);
  const major = ascii(bytes, 8, 12);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= end; at += 4) compatible.push(ascii(bytes, at, at + 4));
  const brands = [major, ...compatible];
  const has = (set: Set<string>) => brands.some((b) => set.has(b));
  if (has(AVIF_BRANDS)) return AVIF;
  if (has(HEIC_BRANDS)) return HEIC;
  if (MOV_BRANDS.has(major)) return MOV;
  if (M4V_BRANDS.has(major)) return M4V;
  if (MP4_BRANDS.has(major)) return MP4;
  if (HEIF_BRANDS.has(major)) return HEIF;
  // An unfamiliar major brand (a camera maker's own) that declares a familiar one as compatible.
  if (has(MOV_BRANDS)) return MOV;
  if (has(M4V_BRANDS)) return M4V;
  if (has(MP4_BRANDS)) return MP4;
  if (has(HEIF_BRANDS)) return HEIF;
  return null;
}

/** An EBML variable-length integer at `at`: its value (marker bit removed) and its length. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { value, length };
}

/** The DocType of a Matroska/WebM file's EBML header ("webm", "matroska"), or null. */
function ebmlDocType(bytes: Uint8Array): string | null {
  const header = readVint(bytes, 4, false);
  if (!header) return null;
  let at = 4 + header.length;
  const end = Math.min(at + header.value, bytes.length);
  while (at < end) {
    const id = readVint(bytes, at, true);
    if (!id) return null;
    const size = readVint(bytes, at + id.length, false);
    if (!size) return null;
    const dataAt = at + id.length + size.length;
    if (id.value === 0x4282) return dataAt + size.value <= bytes.length ? ascii(bytes, dataAt, dataAt + size.value).replace(/\0+$/, '') : null;
    at = dataAt + size.value;
  }
  return null;
}
