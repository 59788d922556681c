// The card's picture, in two sizes: the WebP thumbnail, and the placeholder shown while it loads
// (a ThumbHash, about 25 bytes, in base64), and the perceptual hash the similar-duplicates search
// compares. All three come from one decode of the source.

import type { Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { phashOfPixels, type RawLayout } from '../duplicates/phash.ts';
import { loadSharp } from './sharp-loader.ts';

/** Thumbnails fit in this square (the cards show them at most ~300 px wide, 400 covers 1.33x). */
export const THUMBNAIL_SIZE = 400;
const THUMBNAIL_QUALITY = 75;
/**
 * ThumbHash takes images of at most 100x100 pixels; from 64 px on the hash comes out the same
 * (it keeps a few colour terms), and encoding it costs a third of 100 px's.
 */
const PLACEHOLDER_SIDE = 64;

export interface CardPicture {
  /** WebP, at most THUMBNAIL_SIZE on its longer side, never enlarged, no metadata. */
  thumbnail: Buffer;
  /** Base64 ThumbHash of the thumbnail. */
  placeholder: string;
  /** The similar-duplicates hash of the card picture's pixels before encoding (null: it could not be made). */
  phash: string | null;
}

/** The card picture's pixels: `source` (already oriented) shrunk into the thumbnail's square, raw. */
export function cardPixels(source: Sharp): Promise<{ data: Buffer; info: RawLayout }> {
  return source
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => ({ data, info: { width: info.width, height: info.height, channels: info.channels } }));
}

/**
 * Shrinks `source` (already oriented) once to raw pixels, then encodes the thumbnail and works
 * out the placeholder and the perceptual hash from those: one decode of the source for all
 * three. Decoding the finished WebP again, for the placeholder and then for the hash, cost as
 * much as the rest of the queue's work per image. The start-up backfill hashes the same pixels
 * (`cardPixels` of the same source), so an old item's hash and a new copy's compare alike.
 */
export async function cardPicture(source: Sharp): Promise<CardPicture> {
  const sharp = await loadSharp();
  const { data, info } = await cardPixels(source);
  // sharp encodes on its own thread while the placeholder and the hash are worked out here.
  const encoding = sharp(data, { raw: info }).webp({ quality: THUMBNAIL_QUALITY }).toBuffer();
  const small = shrinkToRgba(data, info.width, info.height, info.channels, PLACEHOLDER_SIDE);
  const placeholder = Buffer.from(rgbaToThumbHash(small.width, small.height, small.rgba)).toString('base64');
  let phash: string | null = null;
  try {
    phash = phashOfPixels(data, info);
  } catch {
    // Without a hash the item is only left out of the similar-duplicates search.
  }
  return { thumbnail: await encoding, placeholder, phash };
}

/**
 * Averages boxes of 8-bit pixels (grey, grey+alpha, RGB or RGBA) down to at most `maxSide` px as
 * RGBA, which ThumbHash wants: in plain code it costs less than another sharp pipeline. At most
 * 3x3 evenly spread pixels of each box are read: the hash keeps only a blur of the picture.
 */
export function shrinkToRgba(data: Uint8Array, width: number, height: number, channels: number, maxSide: number) {
  const scale = Math.max(1, Math.max(width, height) / maxSide);
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  const rgba = new Uint8Array(w * h * 4);
  const colour = channels >= 3;
  const alpha = channels === 2 || channels === 4;
  for (let ty = 0; ty < h; ty++) {
    const y0 = Math.floor((ty * height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * height) / h));
    for (let tx = 0; tx < w; tx++) {
      const x0 = Math.floor((tx * width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * width) / w));
      const stepX = Math.max(1, Math.floor((x1 - x0) / 3));
      const stepY = Math.max(1, Math.floor((y1 - y0) / 3));
      let n = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let y = y0; y < y1; y += stepY) {
        for (let x = x0, at = (y * width + x0) * channels; x < x1; x += stepX, at += stepX * channels) {
          n++;
          const first = data[at]!;
          r += first;
          g += colour ? data[at + 1]! : first;
          b += colour ? data[at + 2]! : first;
          a += alpha ? data[at + channels - 1]! : 255;
        }
      }
      const out = (ty * w + tx) * 4;
      rgba[out] = Math.round(r / n);
      rgba[out + 1] = Math.round(g / n);
      rgba[out + 2] = Math.round(b / n);
      rgba[out + 3] = Math.round(a / n);
    }
  }
  return { rgba, width: w, height: h };
}
