// Reads the EXIF facts processing needs (orientation, when the photo was taken, the camera) from
// the raw EXIF block sharp hands over. A few dozen lines of TIFF walking instead of a dependency; every
// offset is bounds-checked, and a damaged block yields nulls, never an exception.

export interface ExifFacts {
  /** 1-8 as in the TIFF Orientation tag; null when absent. */
  orientation: number | null;
  /** Epoch milliseconds of DateTimeOriginal (else DateTimeDigitized); null when absent or invalid. */
  takenAt: number | null;
  /** IFD0 Make and Model as one name ("Apple iPhone 12 mini"), cleaned and cut; null when absent. */
  camera: string | null;
}

/** The longest camera name kept: real ones are a few dozen characters; anything longer is not a name. */
export const MAX_CAMERA_LENGTH = 100;

const TAG_MAKE = 0x010f;
const TAG_MODEL = 0x0110;
const TAG_ORIENTATION = 0x0112;
const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_DATE_TIME_DIGITIZED = 0x9004;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;
const TAG_OFFSET_TIME_DIGITIZED = 0x9012;
const TYPE_ASCII = 2;
const TYPE_SHORT = 3;
const TYPE_LONG = 4;
/** IFDs with more entries than this are damaged (real ones hold a few dozen). */
const MAX_ENTRIES = 1000;

interface Entry {
  type: number;
  count: number;
  /** Offset of the value (inline in the entry when it fits in 4 bytes). */
  valueAt: number;
}

export function readExif(block: Uint8Array | undefined | null): ExifFacts {
  const none: ExifFacts = { orientation: null, takenAt: null, camera: null };
  if (!block) return none;
  try {
    const tiff = tiffStart(block);
    if (tiff === null) return none;
    const view = new DataView(block.buffer, block.byteOffset + tiff, block.byteLength - tiff);
    const little = view.getUint16(0) === 0x4949;
    if (view.getUint16(2, little) !== 42) return none;
    const ifd0 = readIfd(view, view.getUint32(4, little), little);
    const orientationEntry = ifd0.get(TAG_ORIENTATION);
    const orientation = orientationEntry?.type === TYPE_SHORT ? view.getUint16(orientationEntry.valueAt, little) : null;
    const exifPointer = ifd0.get(TAG_EXIF_IFD);
    const exifIfd =
      exifPointer && exifPointer.type === TYPE_LONG ? readIfd(view, view.getUint32(exifPointer.valueAt, little), little) : new Map<number, Entry>();
    const text = (tag: number) => {
      const entry = exifIfd.get(tag);
      return entry?.type === TYPE_ASCII ? ascii(view, entry) : null;
    };
    const takenAt =
      parseExifDate(text(TAG_DATE_TIME_ORIGINAL), text(TAG_OFFSET_TIME_ORIGINAL)) ??
      parseExifDate(text(TAG_DATE_TIME_DIGITIZED), text(TAG_OFFSET_TIME_DIGITIZED));
    const ifd0Text = (tag: number) => {
      const entry = ifd0.get(tag);
      return entry?.type === TYPE_ASCII ? utf8(block, tiff + entry.valueAt, entry.count) : null;
    };
    const camera = cameraName(ifd0Text(TAG_MAKE), ifd0Text(TAG_MODEL));
    return { orientation: orientation !== null && orientation >= 1 && orientation <= 8 ? orientation : null, takenAt, camera };
  } catch {
    // A RangeError from a lying offset: the block is damaged, so it tells us nothing.
    return none;
  }
}

/** Where the TIFF header starts: after an "Exif\0\0" prefix (JPEG APP1, HEIF), or at 0. */
function tiffStart(block: Uint8Array): number | null {
  const isTiff = (at: number) => block.length >= at + 8 && ((block[at] === 0x49 && block[at + 1] === 0x49) || (block[at] === 0x4d && block[at + 1] === 0x4d));
  if (block.length >= 6 && String.fromCharCode(...block.subarray(0, 6)) === 'Exif\0\0' && isTiff(6)) return 6;
  if (isTiff(0)) return 0;
  return null;
}

function readIfd(view: DataView, offset: number, little: boolean): Map<number, Entry> {
  const entries = new Map<number, Entry>();
  const count = view.getUint16(offset, little);
  if (count > MAX_ENTRIES) return entries;
  for (let i = 0; i < count; i++) {
    const at = offset + 2 + i * 12;
    const type = view.getUint16(at + 2, little);
    const n = view.getUint32(at + 4, little);
    const size = (type === TYPE_SHORT ? 2 : type === TYPE_LONG ? 4 : 1) * n;
    entries.set(view.getUint16(at, little), { type, count: n, valueAt: size <= 4 ? at + 8 : view.getUint32(at + 8, little) });
  }
  return entries;
}

function ascii(view: DataView, entry: Entry): string {
  let text = '';
  for (let i = 0; i < Math.min(entry.count, 64); i++) {
    const code = view.getUint8(entry.valueAt + i);
    if (code === 0) break;
    text += String.fromCharCode(code);
  }
  return text.trim();
}

/** Bytes read of one Make or Model value: enough for any real name and the cut after it. */
const MAX_NAME_BYTES = 4 * MAX_CAMERA_LENGTH;

/** An ASCII entry's text up to its first NUL, as UTF-8 (phones write it so; plain ASCII reads the same). */
function utf8(block: Uint8Array, at: number, count: number): string {
  const end = Math.min(at + Math.min(count, MAX_NAME_BYTES), block.length);
  if (at < 0 || at >= end) return '';
  const bytes = block.subarray(at, end);
  const nul = bytes.indexOf(0);
  return new TextDecoder('utf-8', { fatal: false }).decode(nul >= 0 ? bytes.subarray(0, nul) : bytes);
}

/** Control and format characters (line breaks, escapes, bidirectional overrides, zero-width marks) and undecodable bytes. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\uFFFD]/gu;

/** A camera's text as one clean line of at most MAX_CAMERA_LENGTH characters; null when nothing is left. */
export function cleanCameraText(text: string | null): string | null {
  if (!text) return null;
  const clean = text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  // Cut by code points, so a character outside the BMP is never split in half.
  const points = Array.from(clean);
  return points.length > MAX_CAMERA_LENGTH ? points.slice(0, MAX_CAMERA_LENGTH).join('').trimEnd() : clean;
}

/**
 * Make and Model as one name: "Apple" + "iPhone 12 mini" is "Apple iPhone 12 mini"; a model that
 * already starts with its make ("Canon" + "Canon EOS R5") is not given the make twice.
 */
export function cameraName(make: string | null, model: string | null): string | null {
  const m = cleanCameraText(make);
  const n = cleanCameraText(model);
  if (!m || !n) return cleanCameraText(n ?? m);
  return cleanCameraText(n.toLowerCase().startsWith(m.toLowerCase()) ? n : `${m} ${n}`);
}

/**
 * "YYYY:MM:DD HH:MM:SS" to epoch milliseconds. EXIF keeps local camera time without a zone; the
 * OffsetTime tag (EXIF 2.31, "+02:00") places it when present, otherwise the hub reads it as UTC,
 * so the date shown is the one the camera's clock showed.
 */
export function parseExifDate(text: string | null, offset: string | null = null): number | null {
  const m = text?.match(/^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1800 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 February over into March; a date that moved is not a date.
  if (new Date(utc).getUTCDate() !== day) return null;
  const zone = offset?.match(/^([+-])(\d{2}):(\d{2})$/);
  if (!zone) return utc;
  const minutes = Number(zone[2]) * 60 + Number(zone[3]);
  return utc - (zone[1] === '-' ? -1 : 1) * minutes * 60_000;
}
