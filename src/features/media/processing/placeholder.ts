// The placeholder a card shows while its thumbnail loads: a ThumbHash (about 25 bytes) in base64.

import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

/** ThumbHash encodes images of at most 100x100 pixels. */
const MAX_SIDE = 100;

export async function placeholderOf(thumbnail: Buffer): Promise<string> {
  const { data, info } = await sharp(thumbnail)
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
