// The perceptual hash on real pictures made here: a copy resized, recompressed, converted or
// stored sideways with an EXIF orientation, and a video re-encoded smaller at a lower bitrate, stay within 8
// bits; different pictures are far apart. Plus the hash's form and the distance arithmetic.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PICTURE_NAMES, picture } from '../../../../test/helpers/pictures.ts';
import { tempDir } from '../../../../test/helpers/test-app.ts';
import { processVideo } from '../processing/video.ts';
import { halvesOf, hammingDistance, phashOf, phashOfGrey, phashOfPixels, popcount32 } from './phash.ts';

const NEAR = 8;
const FAR = 20;

let dir: string;
beforeAll(() => {
  dir = path.join(tempDir('hub-phash-'), 'work');
  mkdirSync(dir, { recursive: true });
});
afterAll(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

async function ffmpeg(...args: string[]): Promise<void> {
  const proc = Bun.spawn(['ffmpeg', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdout: 'ignore', stderr: 'pipe' });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) throw new Error(`ffmpeg failed: ${stderr.slice(0, 300)}`);
}

describe('the hash', () => {
  test('is 16 lower-case hex digits with the DC bit clear and up to 31 of the others set', async () => {
    for (const name of PICTURE_NAMES) {
      const hash = await phashOf(await picture(name));
      expect(hash).toMatch(/^[0-7][0-9a-f]{15}$/);
      const [hi, lo] = halvesOf(hash);
      // The 63 AC terms against their median: at most 31 above it (fewer for the symmetric portrait).
      expect(popcount32(hi) + popcount32(lo)).toBeGreaterThanOrEqual(8);
      expect(popcount32(hi) + popcount32(lo)).toBeLessThanOrEqual(31);
    }
  });

  test('is the same for the same picture, and a flat picture hashes to all zeros', async () => {
    const image = await picture('beach');
    expect(await phashOf(image)).toBe(await phashOf(image));
    expect(
      await phashOf(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#446688' } })
          .png()
          .toBuffer(),
      ),
    ).toBe('0000000000000000');
    expect(() => phashOfGrey(new Uint8Array(10))).toThrow();
  });

  test("of raw pixels (an image's card picture): transparency counts as white, and a copy stays near the original", async () => {
    const pixels = async (input: Buffer, alpha: boolean) => {
      const image = sharp(input).resize(400, 400, { fit: 'inside' });
      const { data, info } = await (alpha ? image.ensureAlpha() : image.removeAlpha()).raw().toBuffer({ resolveWithObject: true });
      return phashOfPixels(data, { width: info.width, height: info.height, channels: info.channels as 3 | 4 });
    };
    const photo = await picture('landscape');
    const hash = await pixels(photo, false);
    expect(await pixels(photo, true)).toBe(hash);
    const white = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    expect(await pixels(white, true)).toBe('0000000000000000');
    expect(hammingDistance(hash, await pixels(await sharp(photo).resize(600).jpeg({ quality: 40 }).toBuffer(), false))).toBeLessThanOrEqual(NEAR);
    expect(hammingDistance(hash, await pixels(await picture('night'), false))).toBeGreaterThan(FAR);
  });

  test('distance counts differing bits across both halves', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(hammingDistance('0f0f0f0f00000000', '00000000f0f0f0f0')).toBe(32);
    expect(popcount32(0xffffffff)).toBe(32);
  });
});

describe('copies stay near, different pictures far', () => {
  test('a photo resized to half, recompressed at quality 40, converted to WebP and PNG, shrunk to a thumbnail', async () => {
    for (const name of PICTURE_NAMES) {
      const original = await picture(name);
      const hash = await phashOf(original);
      const copies = {
        half: await sharp(original).resize(600).jpeg({ quality: 85 }).toBuffer(),
        quality40: await sharp(original).jpeg({ quality: 40 }).toBuffer(),
        webp: await sharp(original).webp({ quality: 70 }).toBuffer(),
        png: await sharp(original).png().toBuffer(),
        thumbnail: await sharp(original).resize(400, 400, { fit: 'inside' }).webp({ quality: 75 }).toBuffer(),
        smallAndBad: await sharp(original).resize(300).jpeg({ quality: 30 }).toBuffer(),
      };
      for (const [copy, bytes] of Object.entries(copies)) expect(hammingDistance(hash, await phashOf(bytes)), `${name}, ${copy}`).toBeLessThanOrEqual(NEAR);
    }
  });

  test('a photo stored sideways with EXIF orientation 6 hashes as the upright picture', async () => {
    const upright = await picture('room');
    const sideways = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer();
    expect(hammingDistance(await phashOf(upright), await phashOf(sideways))).toBeLessThanOrEqual(NEAR);
    // Without the orientation applied it would be another picture.
    expect(hammingDistance(await phashOf(upright), await phashOf(await sharp(upright).rotate(-90).jpeg().toBuffer()))).toBeGreaterThan(FAR);
  });

  test('different pictures are more than 20 bits apart', async () => {
    const hashes = await Promise.all(PICTURE_NAMES.map(async (name) => phashOf(await picture(name))));
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++)
        expect(hammingDistance(hashes[i]!, hashes[j]!), `${PICTURE_NAMES[i]} ${PICTURE_NAMES[j]}`).toBeGreaterThan(FAR);
    }
  });

  test("a video re-encoded smaller at a lower bitrate: the poster frames' hashes stay near; another video is far", async () => {
    const at = (file: string) => path.join(dir, file);
    const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=480x360:rate=25:duration=2', ...x264, '-b:v', '1M', at('clip.mp4'));
    await Promise.all([
      ffmpeg('-i', at('clip.mp4'), '-vf', 'scale=240:180', ...x264, '-b:v', '100k', at('small.mp4')),
      ffmpeg('-i', at('clip.mp4'), '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k', at('clip.webm')),
      ffmpeg('-f', 'lavfi', '-i', 'smptebars=size=480x360:rate=25:duration=2', ...x264, at('other.mp4')),
    ]);
    // The hash the processing job keeps: of the poster frame's thumbnail.
    const posterHash = async (file: string, mime: string) => phashOf((await processVideo(at(file), mime, { scratch: async () => dir })).thumbnail);
    const original = await posterHash('clip.mp4', 'video/mp4');
    expect(hammingDistance(original, await posterHash('small.mp4', 'video/mp4'))).toBeLessThanOrEqual(NEAR);
    expect(hammingDistance(original, await posterHash('clip.webm', 'video/webm'))).toBeLessThanOrEqual(NEAR);
    expect(hammingDistance(original, await posterHash('other.mp4', 'video/mp4'))).toBeGreaterThan(FAR);
  }, 120_000);
});
