import { describe, expect, test } from 'bun:test';
import sharp, { type Sharp } from 'sharp';
import { cameraName, MAX_CAMERA_LENGTH, parseExifDate, readExif } from './exif.ts';

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
    expect(readExif(exif)).toEqual({ orientation: 6, takenAt: Date.UTC(2024, 4, 17, 14, 30), camera: null });
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
    const none = { orientation: null, takenAt: null, camera: null };
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

/** A little-endian TIFF block whose IFD0 holds Make and Model as ASCII entries of these very bytes (NUL added), as a file could. */
function tiffWith(make: Uint8Array, model: Uint8Array): Uint8Array {
  const values = [make, model].map((bytes) => Uint8Array.of(...bytes, 0));
  const ifdAt = 8;
  const dataAt = ifdAt + 2 + 2 * 12 + 4;
  const block = new Uint8Array(dataAt + values.reduce((n, v) => n + v.length, 0));
  const view = new DataView(block.buffer);
  block.set([0x49, 0x49]);
  view.setUint16(2, 42, true);
  view.setUint32(4, ifdAt, true);
  view.setUint16(ifdAt, 2, true);
  let at = dataAt;
  values.forEach((value, i) => {
    const entry = ifdAt + 2 + i * 12;
    view.setUint16(entry, i === 0 ? 0x010f : 0x0110, true);
    view.setUint16(entry + 2, 2, true);
    view.setUint32(entry + 4, value.length, true);
    // Four bytes or fewer lie in the entry itself.
    if (value.length <= 4) block.set(value, entry + 8);
    else {
      view.setUint32(entry + 8, at, true);
      block.set(value, at);
      at += value.length;
    }
  });
  return block;
}
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('the camera', () => {
  test('is Make and Model as one name, the make not repeated when the model starts with it', async () => {
    expect(readExif(await exifOf(card().withExif({ IFD0: { Make: 'Canon', Model: 'Canon EOS R5' } }))).camera).toBe('Canon EOS R5');
    expect(readExif(await exifOf(card().withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 12 mini' } }))).camera).toBe('Apple iPhone 12 mini');
    expect(readExif(await exifOf(card().withExif({ IFD0: { Make: 'HubTestCam' } }))).camera).toBe('HubTestCam');
    expect(readExif(await exifOf(card().withExif({ IFD2: { DateTimeOriginal: '2024:05:17 14:30:00' } }))).camera).toBeNull();
    expect(cameraName('NIKON', 'nikon Z 6')).toBe('nikon Z 6');
    expect(cameraName(null, '  Pixel   8 ')).toBe('Pixel 8');
  });

  test('hostile text is kept to one clean line of at most 100 characters', async () => {
    const evil = readExif(await exifOf(card().withExif({ IFD0: { Make: 'Evil\x1b[31m\nCam\r\t', Model: 'X'.repeat(10_240) } }))).camera!;
    expect(evil.length).toBe(MAX_CAMERA_LENGTH);
    expect(evil).toStartWith('Evil [31m Cam XXX');
    expect(evil).not.toMatch(/\p{Cc}/u);
    // Bytes as they lie in a file (sharp's writer would have replaced some): UTF-8 is read as
    // such; bidirectional overrides, zero-width marks, C1 controls and broken bytes are gone.
    const camera = readExif(tiffWith(utf8('Sony\u202e\u200b'), Uint8Array.of(...utf8('α7 IV'), 0x85, 0xff, 0x07, ...utf8(' Brücke')))).camera;
    expect(camera).toBe('Sony α7 IV Brücke');
    expect(readExif(tiffWith(utf8('\u0001\u0002'), utf8(' \t '))).camera).toBeNull();
    // A name of characters outside the BMP is cut between characters, never inside one.
    const emoji = readExif(tiffWith(utf8('Cam'), utf8('📷'.repeat(300)))).camera!;
    expect(Array.from(emoji).length).toBeLessThanOrEqual(MAX_CAMERA_LENGTH);
    expect(emoji.isWellFormed()).toBe(true);
    expect(emoji.endsWith('📷')).toBe(true);
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
