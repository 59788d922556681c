// The card's picture, in two sizes: the WebP thumbnail, and the placeholder shown while it loads
// (a ThumbHash, about 25 bytes, in base64). Both come from one decode of the source.

import sharp, { type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

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
}

/**
 * Shrinks `source` (already oriented) once to raw pixels, then encodes the thumbnail and the
 * placeholder from those: decoding the finished WebP again for the placeholder cost as much as
 * the rest of the queue's work per image.
 */
export async function cardPicture(source: Sharp): Promise<CardPicture> {
  const { data, info } = await source
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [thumbnail, small] = await Promise.all([
    pixels().webp({ quality: THUMBNAIL_QUALITY }).toBuffer(),
    // Greyscale sources have one or two channels: ThumbHash wants RGBA.
    pixels()
      .resize(PLACEHOLDER_SIDE, PLACEHOLDER_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  if (small.info.channels !== 4) throw new Error(`expected RGBA pixels for the placeholder, got ${small.info.channels} channels`);
  const placeholder = Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, small.data)).toString('base64');
  return { thumbnail, placeholder };
}
