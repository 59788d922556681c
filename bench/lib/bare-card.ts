// The reference for the processing benches: what the processing job makes of a photo, done with
// sharp alone (no queue, store, database or HTTP): one decode, oriented and shrunk to the
// thumbnail's raw pixels, from which the WebP thumbnail (sharp), the ThumbHash placeholder and the
// perceptual hash (its 32x32 grey shrink and DCT in plain code) are made, as the job makes them.
// Not done here: the job's read of the photo's size and date from its header.
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { phashOfPixels } from '../../src/features/media/duplicates/phash.ts';
import { shrinkToRgba, THUMBNAIL_SIZE } from '../../src/features/media/processing/placeholder.ts';

export async function bareCard(file: string): Promise<{ thumbnail: Buffer; placeholder: string; phash: string }> {
  const { data, info } = await sharp(file, { failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encoding = sharp(data, raw).webp({ quality: 75 }).toBuffer();
  const small = shrinkToRgba(data, info.width, info.height, info.channels, 64);
  const placeholder = Buffer.from(rgbaToThumbHash(small.width, small.height, small.rgba)).toString('base64');
  const phash = phashOfPixels(data, { width: info.width, height: info.height, channels: info.channels });
  return { thumbnail: await encoding, placeholder, phash };
}

/** The thumbnail alone, as the benches' reference was before: rotate, 400 px, WebP. */
export async function bareThumbnail(file: string): Promise<Buffer> {
  return sharp(file, { failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}
