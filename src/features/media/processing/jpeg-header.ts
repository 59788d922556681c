// Size and EXIF of a JPEG read from its first bytes: the common case (a camera or phone JPEG)
// without a second libvips open just for the header, about a millisecond of CPU per image.

export interface JpegHeader {
  /** As stored, before any EXIF orientation. */
  width: number;
  height: number;
  /** The APP1 "Exif\0\0" segment's payload, when there is one before the image data. */
  exif: Uint8Array | null;
}

/** Frame headers (SOF0-SOF15) carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames. */
const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Walks the markers up to the first frame header. Null when the bytes end first or are not a
 * JPEG as expected: the caller then asks libvips, which knows every variant.
 */
export function readJpegHeader(bytes: Uint8Array): JpegHeader | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let exif: Uint8Array | null = null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return null;
    const body = at + 4;
    if (isFrameHeader(marker)) {
      if (body + 5 > bytes.length) return null;
      const height = (bytes[body + 1]! << 8) | bytes[body + 2]!;
      const width = (bytes[body + 3]! << 8) | bytes[body + 4]!;
      return width > 0 && height > 0 ? { width, height, exif } : null;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    if (marker === 0xe1 && exif === null && at + 2 + length <= bytes.length) {
      const segment = bytes.subarray(body, at + 2 + length);
      if (String.fromCharCode(...segment.subarray(0, 6)) === 'Exif\0\0') exif = segment;
    }
    at += 2 + length;
  }
  return null;
}
