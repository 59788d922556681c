import { describe, expect, test } from 'bun:test';
import sharp, { type Sharp } from 'sharp';
import { parseExifDate, readExif } from './exif.ts';

const card = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).jpeg();

async function exifOf(image: Sharp): Promise<Buffer | undefined> {
  return (await sharp(await image.toBuffer()).metadata()).exif;
}

describe('readExif', () => {
  test('reads the orientation and the date the photo was taken, as UTC when the camera gave no zone', async () => {
    const exif = await exifOf(
      card()
        .withExif({ IFD2: { DateTimeOriginal: '2024:05:17 14:30:00' } })
        .withMetadata({ orientation: 6 }),
    );
    expect(readExif(exif)).toEqual({ orientation: 6, takenAt: Date.UTC(2024, 4, 17, 14, 30) });
  });

  test("places the date in the camera's zone when OffsetTimeOriginal says which", async () => {
    const exif = await exifOf(card().withExif({ IFD2: { DateTimeOriginal: '2024:05:17 14:30:00', OffsetTimeOriginal: '+02:00' } }));
    expect(new Date(readExif(exif).takenAt!).toISOString()).toBe('2024-05-17T12:30:00.000Z');
  });

  test('falls back to DateTimeDigitized, and knows nothing without either', async () => {
    expect(readExif(await exifOf(card().withExif({ IFD2: { DateTimeDigitized: '2020:01:02 03:04:05' } }))).takenAt).toBe(Date.UTC(2020, 0, 2, 3, 4, 5));
    expect(readExif(await exifOf(card().withExif({ IFD0: { Make: 'HubTestCam' } }))).takenAt).toBeNull();
  });

  test('a missing, foreign or damaged block tells nothing and throws nothing', async () => {
    const none = { orientation: null, takenAt: null };
    expect(readExif(undefined)).toEqual(none);
    expect(readExif(new TextEncoder().encode('not exif at all'))).toEqual(none);
    const exif = (await exifOf(card().withExif({ IFD2: { DateTimeOriginal: '2024:05:17 14:30:00' } })))!;
    for (let cut = 0; cut < exif.length; cut += 7) expect(() => readExif(exif.subarray(0, cut))).not.toThrow();
    // Offsets that point far outside the block.
    const lying = Buffer.from(exif);
    lying.fill(0xff, 10, 30);
    expect(() => readExif(lying)).not.toThrow();
  });
});

describe('parseExifDate', () => {
  test('refuses dates cameras write when their clock was never set, and impossible ones', () => {
    expect(parseExifDate('0000:00:00 00:00:00')).toBeNull();
    expect(parseExifDate('2023:02:31 10:00:00')).toBeNull();
    expect(parseExifDate('2023:13:01 10:00:00')).toBeNull();
    expect(parseExifDate('    :  :     :  :  ')).toBeNull();
    expect(parseExifDate(null)).toBeNull();
  });

  test('a negative offset moves the instant later', () => {
    expect(parseExifDate('2024:12:31 23:00:00', '-05:00')).toBe(Date.UTC(2025, 0, 1, 4));
    // An offset that is not ±hh:mm is ignored rather than guessed at.
    expect(parseExifDate('2024:12:31 23:00:00', 'CET')).toBe(Date.UTC(2024, 11, 31, 23));
  });
});
