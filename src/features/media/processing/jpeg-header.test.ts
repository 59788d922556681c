import { describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { readExif } from './exif.ts';
import { readJpegHeader } from './jpeg-header.ts';

describe('readJpegHeader', () => {
  test('reads the same size and EXIF as libvips from a camera JPEG and a plain one', async () => {
    const samples = await mediaSamples();
    for (const sample of [samples.jpegExif, samples.jpeg]) {
      const header = readJpegHeader(sample.bytes())!;
      const metadata = await sharp(sample.path).metadata();
      expect({ width: header.width, height: header.height }).toEqual({ width: metadata.width, height: metadata.height });
      expect(readExif(header.exif)).toEqual(readExif(metadata.exif));
    }
    expect(readExif(readJpegHeader(samples.jpegExif.bytes())!.exif)).toMatchObject({ orientation: 6 });
  });

  test('a progressive JPEG has its size in SOF2', async () => {
    const jpeg = await sharp({ create: { width: 321, height: 123, channels: 3, background: '#123' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(readJpegHeader(jpeg)).toEqual({ width: 321, height: 123, exif: null });
  });

  test('anything cut short or not a JPEG is left to libvips', async () => {
    const samples = await mediaSamples();
    const bytes = samples.jpegExif.bytes();
    for (let cut = 0; cut < 400; cut += 13) expect(readJpegHeader(bytes.subarray(0, cut))).toBeNull();
    expect(readJpegHeader(samples.png.bytes())).toBeNull();
    expect(readJpegHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01]))).toBeNull();
  });
});
