// Real sample files of every type the hub accepts, made once per test process by ffmpeg, heif-enc
// and sharp (nothing is checked in): tests upload them as a user's camera or phone would.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { tempDir } from './test-app.ts';

export type SampleName = 'jpeg' | 'jpegExif' | 'png' | 'gif' | 'webp' | 'avif' | 'heic' | 'mp4' | 'mov' | 'm4v' | 'webm';

export interface Sample {
  /** A file name a user's device would give it. */
  name: string;
  path: string;
  /** The MIME type the hub must sniff from the bytes. */
  mimeType: string;
  type: 'image' | 'video';
  bytes(): Uint8Array;
}

let made: Promise<Record<SampleName, Sample>> | undefined;

/**
 * The folder `npm test` (test/run-all.ts) made the samples in before the levels started, passed
 * to every test process: on a busy machine making them inside a test took longer than its limit.
 */
export const SAMPLES_DIR_VARIABLE = 'HUB_TEST_SAMPLES_DIR';

/** Every sample, made on first use (about a second). Needs ffmpeg and heif-enc (bash .ci/run installs them). */
export function mediaSamples(): Promise<Record<SampleName, Sample>> {
  const ready = process.env[SAMPLES_DIR_VARIABLE];
  made ??= ready && SAMPLE_FILES.every((file) => existsSync(path.join(ready, file))) ? Promise.resolve(samplesIn(ready)) : makeSamples();
  return made;
}

const SAMPLE_FILES = [
  'photo.jpg',
  'IMG_0001.jpg',
  'image.png',
  'animation.gif',
  'image.webp',
  'image.avif',
  'IMG_0002.heic',
  'clip.mp4',
  'clip.mov',
  'clip.m4v',
  'clip.webm',
];

async function run(command: string[]): Promise<void> {
  const proc = Bun.spawn(command, { stdout: 'ignore', stderr: 'pipe' });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) throw new Error(`${command[0]} failed (${code}): ${stderr.slice(0, 500)}`);
}

const ffmpeg = (...args: string[]) => run(['ffmpeg', '-loglevel', 'error', '-y', ...args]);

async function makeSamples(): Promise<Record<SampleName, Sample>> {
  const dir = path.join(tempDir('hub-samples-'), 'samples');
  mkdirSync(dir, { recursive: true });
  const at = (file: string) => path.join(dir, file);
  // A 640x480 test card: colourful, so thumbnails and placeholders have something to show.
  await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=640x480:duration=1', '-frames:v', '1', at('card.png'));
  const card = sharp(at('card.png'));
  await Promise.all([
    card.clone().jpeg({ quality: 80 }).toFile(at('photo.jpg')),
    card.clone().png().toFile(at('image.png')),
    card.clone().gif().toFile(at('animation.gif')),
    card.clone().webp().toFile(at('image.webp')),
    card.clone().avif({ quality: 40, effort: 0 }).toFile(at('image.avif')),
    // A phone photo: EXIF with a date, a GPS position and orientation 6 (rotate 90° to view).
    card
      .clone()
      .jpeg({ quality: 80 })
      .withExif({
        IFD0: { Make: 'HubTestCam', Model: 'One', Orientation: '6' },
        IFD2: { DateTimeOriginal: '2024:05:17 14:30:00' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      // sharp writes the orientation of the image it outputs (1) over withExif's; this sets it.
      .withMetadata({ orientation: 6 })
      .toFile(at('IMG_0001.jpg')),
  ]);
  await run(['heif-enc', '-q', '50', at('photo.jpg'), '-o', at('IMG_0002.heic')]);
  // Two seconds of video with sound, in each container the hub accepts.
  const source = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
  await Promise.all([
    ffmpeg(...source, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', at('clip.mp4')),
    ffmpeg(...source, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mov', at('clip.mov')),
    ffmpeg(...source, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'ipod', at('clip.m4v')),
    ffmpeg(...source, '-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libvorbis', at('clip.webm')),
  ]);
  return samplesIn(dir);
}

function samplesIn(dir: string): Record<SampleName, Sample> {
  const at = (file: string) => path.join(dir, file);
  const sample = (file: string, mimeType: string, type: 'image' | 'video'): Sample => ({
    name: file,
    path: at(file),
    mimeType,
    type,
    bytes: () => new Uint8Array(readFileSync(at(file))),
  });
  return {
    jpeg: sample('photo.jpg', 'image/jpeg', 'image'),
    jpegExif: sample('IMG_0001.jpg', 'image/jpeg', 'image'),
    png: sample('image.png', 'image/png', 'image'),
    gif: sample('animation.gif', 'image/gif', 'image'),
    webp: sample('image.webp', 'image/webp', 'image'),
    avif: sample('image.avif', 'image/avif', 'image'),
    heic: sample('IMG_0002.heic', 'image/heic', 'image'),
    mp4: sample('clip.mp4', 'video/mp4', 'video'),
    mov: sample('clip.mov', 'video/quicktime', 'video'),
    m4v: sample('clip.m4v', 'video/x-m4v', 'video'),
    webm: sample('clip.webm', 'video/webm', 'video'),
  };
}

/**
 * A real MP4 (a sample clip, index first) grown to `size` by an ISO BMFF `free` box of random bytes
 * at its end: players and ffprobe skip it, the hub takes it as the video it is. For uploads large
 * enough to need many chunks without making a long video.
 */
export function paddedVideo(clip: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(clip);
  new DataView(bytes.buffer).setUint32(clip.length, size - clip.length);
  bytes.set(new TextEncoder().encode('free'), clip.length + 4);
  for (let at = clip.length + 8; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65_536)));
  return bytes;
}

/** Hex SHA-256, to compare a stored original with its source. */
export const sha256 = (bytes: Uint8Array | ArrayBuffer) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
