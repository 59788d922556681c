import { describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { thumbHashToAverageRGBA } from 'thumbhash';
import { cardPicture, shrinkToRgba } from './placeholder.ts';

describe('shrinkToRgba', () => {
  test('averages boxes of every pixel layout into RGBA, at most the side asked for', () => {
    // 4x2 grey+alpha: left half black and opaque, right half white and transparent.
    const greyAlpha = Uint8Array.from([0, 255, 0, 255, 255, 0, 255, 0, 0, 255, 0, 255, 255, 0, 255, 0]);
    expect(shrinkToRgba(greyAlpha, 4, 2, 2, 2)).toEqual({ width: 2, height: 1, rgba: Uint8Array.from([0, 0, 0, 255, 255, 255, 255, 0]) });
    const rgb = Uint8Array.from([10, 20, 30, 30, 40, 50]);
    expect(shrinkToRgba(rgb, 2, 1, 3, 1)).toEqual({ width: 1, height: 1, rgba: Uint8Array.from([20, 30, 40, 255]) });
    // Never enlarged; a long thin strip keeps at least one pixel across.
    expect(shrinkToRgba(new Uint8Array(3 * 4), 3, 1, 4, 64)).toMatchObject({ width: 3, height: 1 });
    expect(shrinkToRgba(new Uint8Array(1000 * 4), 1000, 1, 4, 64)).toMatchObject({ width: 64, height: 1 });
  });
});

describe('cardPicture', () => {
  test('a transparent PNG keeps its transparency in the thumbnail and the placeholder', async () => {
    const png = await sharp({ create: { width: 500, height: 250, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0 } } })
      .png()
      .toBuffer();
    const { thumbnail, placeholder } = await cardPicture(sharp(png));
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'webp', width: 400, height: 200, hasAlpha: true });
    expect(thumbHashToAverageRGBA(Buffer.from(placeholder, 'base64')).a).toBeLessThan(0.1);
  });
});
