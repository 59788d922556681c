// The perceptual hash the similar-duplicates search compares: a 64-bit DCT hash of a picture (an
// image, or a video's poster frame), as 16 lower-case hex digits, and the Hamming distance of two.
//
// The picture is shrunk to 32x32 grey (orientation applied, transparency flattened on white), its
// 2-D DCT taken, and the 8x8 lowest frequencies kept: they are the picture's coarse layout, which
// a resize, a recompression, a format change or a re-encode leave alone. Each bit says whether its
// coefficient is above the median (by a small margin, so terms at the median do not flip). The DC term (the mean brightness) is left out: it is far larger
// than every other coefficient, so it would always be above the median and say nothing, and its
// presence would shift the median; its bit is always 0 and the median is that of the 63 others.
// A picture with no structure (one colour) hashes to 0: every term is 0.

import type { Sharp } from 'sharp';
import { loadSharp } from '../processing/sharp-loader.ts';

/** The side the picture is shrunk to before the DCT. */
const SIDE = 32;
/** The low frequencies kept in each direction: 8 x 8 = 64 bits. */
const KEPT = 8;
/** How far above the median a term must be for its bit, as a share of the terms' mean size. */
const MARGIN = 0.05;

/** COS[u * SIDE + x] = cos((2x + 1) u pi / 2N): the DCT-II basis (scale factors do not change a median test). */
const COS = (() => {
  const table = new Float64Array(KEPT * SIDE);
  for (let u = 0; u < KEPT; u++) for (let x = 0; x < SIDE; x++) table[u * SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE));
  return table;
})();

/**
 * The hash of a picture: a file, its bytes, or a sharp pipeline (its orientation is applied here
 * from EXIF; a pipeline already oriented is not turned again, since its output has none).
 */
export async function phashOf(input: string | Buffer | Uint8Array | Sharp): Promise<string> {
  const image = typeof input === 'string' || input instanceof Uint8Array ? (await loadSharp())(input, { failOn: 'error' }) : input;
  const { data } = await image
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    // The whole picture into the square, whatever its shape: a crop would lose what a copy shares.
    .resize(SIDE, SIDE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return phashOfGrey(data);
}

/** How raw pixels are laid out (as sharp's `info` gives them: 8 bits a channel, 1-4 channels). */
export interface RawLayout {
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * The hash of raw pixels already oriented, such as the card picture's before it is encoded
 * (placeholder.ts), shrunk to 32x32 grey here in plain code: a sharp pipeline for it (copying the
 * pixels in, flattening, greying, resizing) cost as much as decoding the finished WebP again.
 * Each grey pixel is the mean of its box of the picture (the whole picture into the square, as
 * phashOf), alpha flattened on white, grey as Rec. 601 luma.
 */
export function phashOfPixels(data: Uint8Array, { width, height, channels }: RawLayout): string {
  const grey = new Uint8Array(SIDE * SIDE);
  const colour = channels >= 3;
  const alpha = channels === 2 || channels === 4;
  for (let gy = 0; gy < SIDE; gy++) {
    const y0 = Math.floor((gy * height) / SIDE);
    const y1 = Math.max(y0 + 1, Math.floor(((gy + 1) * height) / SIDE));
    for (let gx = 0; gx < SIDE; gx++) {
      const x0 = Math.floor((gx * width) / SIDE);
      const x1 = Math.max(x0 + 1, Math.floor(((gx + 1) * width) / SIDE));
      let sum = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0, at = (y * width + x0) * channels; x < x1; x++, at += channels) {
          const luma = colour ? 0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]! : data[at]!;
          if (!alpha) sum += luma;
          else {
            const a = data[at + channels - 1]! / 255;
            sum += luma * a + 255 * (1 - a);
          }
        }
      }
      grey[gy * SIDE + gx] = Math.round(sum / ((y1 - y0) * (x1 - x0)));
    }
  }
  return phashOfGrey(grey);
}

/** The hash of 32x32 grey pixels, row by row (one byte each). */
export function phashOfGrey(pixels: Uint8Array): string {
  if (pixels.length !== SIDE * SIDE) throw new Error(`phashOfGrey needs ${SIDE * SIDE} grey pixels, got ${pixels.length}`);
  // Rows first: each of the 32 rows' 8 lowest horizontal frequencies, then the columns of those.
  const rows = new Float64Array(SIDE * KEPT);
  for (let y = 0; y < SIDE; y++) {
    for (let u = 0; u < KEPT; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += pixels[y * SIDE + x]! * COS[u * SIDE + x]!;
      rows[y * KEPT + u] = sum;
    }
  }
  const coefficients = new Float64Array(KEPT * KEPT);
  for (let v = 0; v < KEPT; v++) {
    for (let u = 0; u < KEPT; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += rows[y * KEPT + u]! * COS[v * SIDE + y]!;
      coefficients[v * KEPT + u] = sum;
    }
  }
  const ac = Array.from(coefficients.subarray(1)).sort((a, b) => a - b);
  const median = ac[(ac.length - 1) / 2]!;
  // A bit is set only clearly above the median: by 5 % of the terms' mean size (and more than
  // rounding). A symmetric picture has many terms at 0 where the median lies, whose signs a
  // recompression flips at random (26 bits apart for a face-like oval; 4 with this margin).
  const meanSize = ac.reduce((sum, c) => sum + Math.abs(c), 0) / ac.length;
  const above = median + Math.max(1e-6, MARGIN * meanSize);
  // Bit 63 (the first hex digit's top bit) is coefficient 0, the DC: always 0.
  let hi = 0;
  let lo = 0;
  for (let i = 1; i < 64; i++) {
    if (!(coefficients[i]! > above)) continue;
    if (i < 32) hi |= 1 << (31 - i);
    else lo |= 1 << (63 - i);
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

/** A hash as its two 32-bit halves (JavaScript numbers hold 53 bits, not 64). */
export function halvesOf(hash: string): [number, number] {
  return [Number.parseInt(hash.slice(0, 8), 16) >>> 0, Number.parseInt(hash.slice(8, 16), 16) >>> 0];
}

/** Set bits of a 32-bit number. */
export function popcount32(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: string, b: string): number {
  const [ah, al] = halvesOf(a);
  const [bh, bl] = halvesOf(b);
  return popcount32(ah ^ bh) + popcount32(al ^ bl);
}
