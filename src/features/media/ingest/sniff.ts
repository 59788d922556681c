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
const MKV: SniffedType = { mimeType: 'video/x-matroska', type: 'video', extension: 'mkv' };
const AVI: SniffedType = { mimeType: 'video/x-msvideo', type: 'video', extension: 'avi' };
const ASF: SniffedType = { mimeType: 'video/x-ms-asf', type: 'video', extension: 'wmv' };
const FLV: SniffedType = { mimeType: 'video/x-flv', type: 'video', extension: 'flv' };
const TS: SniffedType = { mimeType: 'video/mp2t', type: 'video', extension: 'ts' };
const M2TS: SniffedType = { mimeType: 'video/mp2t', type: 'video', extension: 'm2ts' };
const MPEG_PS: SniffedType = { mimeType: 'video/mpeg', type: 'video', extension: 'mpg' };
const THREE_GP: SniffedType = { mimeType: 'video/3gpp', type: 'video', extension: '3gp' };
const THREE_G2: SniffedType = { mimeType: 'video/3gpp2', type: 'video', extension: '3g2' };
const OGV: SniffedType = { mimeType: 'video/ogg', type: 'video', extension: 'ogv' };

/** Every type the hub accepts, by MIME type (for the serving side and the README). */
export const ACCEPTED_TYPES: readonly SniffedType[] = [
  JPEG,
  PNG,
  GIF,
  WEBP,
  AVIF,
  HEIC,
  HEIF,
  MP4,
  MOV,
  M4V,
  WEBM,
  MKV,
  AVI,
  ASF,
  FLV,
  TS,
  M2TS,
  MPEG_PS,
  THREE_GP,
  THREE_G2,
  OGV,
];

// ISO base media file format brands (the ftyp box). AVIF is checked before HEIC/HEIF because an
// AVIF file also lists the generic HEIF brands (mif1, miaf).
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
const MOV_BRANDS = new Set(['qt  ']);
const M4V_BRANDS = new Set(['M4V ', 'M4VH', 'M4VP']);
const THREE_G2_BRANDS = new Set(['3g2a', '3g2b', '3g2c', 'kddi']);
const THREE_GP_BRANDS = new Set(['3gp4', '3gp5', '3gp6', '3gp7', '3gp8', '3gp9', '3ge6', '3ge7', '3gg6', '3gs6', '3gs7']);
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
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return matroska(ebmlDocType(bytes));
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return AVI;
  if (startsWith(bytes, ASF_HEADER_GUID)) return ASF;
  // "FLV", version 1, then flags (audio 4, video 1) whose other bits are zero.
  if (startsWith(bytes, [0x46, 0x4c, 0x56, 0x01]) && bytes.length >= 9 && (bytes[4]! & 0xfa) === 0) return FLV;
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba])) return MPEG_PS;
  if (startsWith(bytes, [0x4f, 0x67, 0x67, 0x53, 0x00])) return oggVideo(bytes);
  if (syncedEvery(bytes, 0, 188)) return TS;
  // Blu-ray and AVCHD (.m2ts, .mts): each packet carries a four-byte time code first.
  if (syncedEvery(bytes, 4, 192)) return M2TS;
  return null;
}

/** The DocType decides: "webm" is WebM, "matroska" is MKV; anything else is refused. */
function matroska(docType: string | null): SniffedType | null {
  if (docType === 'webm') return WEBM;
  if (docType === 'matroska') return MKV;
  return null;
}

/** The ASF header object's GUID (75B22630-668E-11CF-A6D9-00AA0062CE6C): WMV and ASF files. */
const ASF_HEADER_GUID = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c];

/** MPEG transport stream packets to see in a row (all the sniffed bytes hold, at least this many). */
const TS_MIN_PACKETS = 4;

/** The sync byte 0x47 at `first` and every `stride` bytes after it, as far as the bytes go (at least TS_MIN_PACKETS times). */
function syncedEvery(bytes: Uint8Array, first: number, stride: number): boolean {
  let seen = 0;
  for (let at = first; at < bytes.length; at += stride) {
    if (bytes[at] !== 0x47) return false;
    seen++;
  }
  return seen >= TS_MIN_PACKETS;
}

/**
 * Ogg holding a video stream: every stream's first page comes before any other page, so a Theora
 * (or VP8-in-Ogg) identification header is within the first bytes. Ogg with only sound is refused.
 */
function oggVideo(bytes: Uint8Array): SniffedType | null {
  const text = ascii(bytes, 0, Math.min(bytes.length, SNIFF_BYTES));
  return text.includes('\x80theora') || text.includes('OVP80') ? OGV : null;
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
  if (THREE_G2_BRANDS.has(major)) return THREE_G2;
  if (THREE_GP_BRANDS.has(major)) return THREE_GP;
  if (MP4_BRANDS.has(major)) return MP4;
  if (HEIF_BRANDS.has(major)) return HEIF;
  // An unfamiliar major brand (a camera maker's own) that declares a familiar one as compatible.
  if (has(MOV_BRANDS)) return MOV;
  if (has(M4V_BRANDS)) return M4V;
  if (has(MP4_BRANDS)) return MP4;
  if (has(THREE_G2_BRANDS)) return THREE_G2;
  if (has(THREE_GP_BRANDS)) return THREE_GP;
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
