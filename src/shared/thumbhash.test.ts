import { expect, test } from 'bun:test';
import sharp from 'sharp';
import { rgbaToThumbHash, thumbHashToDataURL } from 'thumbhash';
import { placeholderDataUrl } from './thumbhash.ts';

async function hashOf(width: number, height: number, alpha: boolean): Promise<Uint8Array> {
  const { data, info } = await sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 90, alpha: alpha ? 0.5 : 1 } } })
    .composite([{ input: { create: { width: Math.ceil(width / 2), height, channels: 4, background: { r: 20, g: 160, b: 220, alpha: 1 } } }, left: 0, top: 0 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rgbaToThumbHash(info.width, info.height, data);
}

test('the placeholder is the same picture the thumbhash package draws (landscape, portrait, with alpha)', async () => {
  for (const [w, h, alpha] of [
    [100, 60, false],
    [40, 90, false],
    [80, 80, true],
  ] as const) {
    const hash = await hashOf(w, h, alpha);
    expect(placeholderDataUrl(Buffer.from(hash).toString('base64'))).toBe(thumbHashToDataURL(hash));
  }
});

test('no placeholder from nothing or from text that is not one', () => {
  expect(placeholderDataUrl(null)).toBeNull();
  expect(placeholderDataUrl('')).toBeNull();
  expect(placeholderDataUrl('not base64 at all!')).toBeNull();
  expect(placeholderDataUrl('AAA=')).toBeNull();
});
