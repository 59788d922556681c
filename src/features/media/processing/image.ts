// Image processing: size, date taken and camera, a WebP thumbnail, and a WebP display rendition when the
// original is HEIC/HEIF or too large to show as it is. Renditions carry no metadata at all.

import path from 'node:path';
import type { Metadata, Sharp } from 'sharp';
import { phashOfPixels } from '../duplicates/phash.ts';
import { UnreadableMediaError } from './errors.ts';
import { readExif } from './exif.ts';
import { readJpegHeader } from './jpeg-header.ts';
import { type CardPicture, cardPicture, cardPixels } from './placeholder.ts';
import { loadSharp } from './sharp-loader.ts';
import { runTool, ToolError } from './spawn.ts';

/**
 * Images with a longer side than this get a display rendition. A 12 MP phone photo (4032 px)
 * is shown as it is; beyond 4096 px (24 MP cameras, panoramas, scans) the original costs the
 * viewer a large download and 100+ MB of decoded pixels, and many phones' GPUs cannot draw it.
 */
export const DISPLAY_THRESHOLD = 4096;
/** The display rendition's longer side: sharp on a 1440p screen, a fraction of the original's bytes. */
export const DISPLAY_SIZE = 2560;
const DISPLAY_QUALITY = 82;
const HEIF_DECODE_TIMEOUT_MS = 120_000;

const HEIF_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export interface ProcessedImage extends CardPicture {
  /** As the image is shown, after its orientation is applied. */
  width: number;
  height: number;
  /** Epoch milliseconds from EXIF, when known. */
  takenAt: number | null;
  /** The camera's make and model from EXIF, when known. */
  camera: string | null;
  /** Null when the original itself is fit to show. */
  display: Buffer | null;
}

export interface ImageOptions {
  /** A folder of this job's own for intermediate files (the decoded HEIC), made when first asked for. */
  scratch: () => Promise<string>;
  signal?: AbortSignal;
}

export async function processImage(file: string, mimeType: string, options: ImageOptions): Promise<ProcessedImage> {
  const heif = HEIF_TYPES.has(mimeType);
  // sharp's build has no HEVC decoder: libheif's own tool decodes HEIC to a lossless PNG first.
  // libheif applies the HEIF rotation and mirroring itself, and by the HEIF rules those, not an
  // EXIF Orientation tag, say which way is up: the PNG is not rotated again.
  const source = heif ? await decodeHeif(file, options) : file;
  const sharp = await loadSharp();
  const open = () => sharp(source, { failOn: 'error' });
  const orient = (image: Sharp) => (heif ? image : image.rotate());

  try {
    // The facts and the card picture side by side (the header read is over long before the
    // decode); animated GIF and WebP: sharp reads the first frame only unless asked for more.
    const [facts, card] = heif
      ? [await factsOf(source, mimeType, open, false), null]
      : await Promise.all([factsOf(source, mimeType, open, true), cardPicture(orient(open()))]);
    const { width, height } = facts;
    if (!width || !height) throw new UnreadableMediaError('This image could not be read');
    const { takenAt, camera } = readExif(facts.exif);
    if (card && Math.max(width, height) <= DISPLAY_THRESHOLD) return { width, height, takenAt, camera, display: null, ...card };
    const display = await orient(open())
      .resize(DISPLAY_SIZE, DISPLAY_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: DISPLAY_QUALITY })
      .toBuffer();
    // HEIC: the card picture from the rendition, several times faster than from the decoded PNG.
    return { width, height, takenAt, camera, display, ...(card ?? (await cardPicture(sharp(display)))) };
  } catch (error) {
    throw unreadable(error);
  }
}

/**
 * The perceptual hash processImage gives an image, worked out again from what the store keeps
 * (the start-up backfill): of the card picture's pixels, made from the original as processImage
 * makes them, or for HEIC/HEIF from the display rendition, as processImage does for those.
 */
export async function imageHashOf(original: string | Uint8Array, mimeType: string, display: () => Promise<Uint8Array | null>): Promise<string> {
  const sharp = await loadSharp();
  let source: Sharp;
  if (HEIF_TYPES.has(mimeType)) {
    const rendition = await display();
    if (!rendition) throw new UnreadableMediaError('This image has no display rendition');
    source = sharp(rendition);
  } else {
    source = sharp(original, { failOn: 'error' }).rotate();
  }
  const { data, info } = await cardPixels(source);
  return phashOfPixels(data, info);
}

/** A JPEG's header (with its EXIF) sits in its first bytes unless a large preview or profile comes first. */
const JPEG_HEADER_BYTES = 128 * 1024;

/**
 * The size as shown and the EXIF block: from a JPEG's own header when it can be read (most
 * photos; a libvips open less per image), otherwise from libvips.
 */
async function factsOf(
  source: string,
  mimeType: string,
  open: () => Sharp,
  orient: boolean,
): Promise<{ width?: number; height?: number; exif?: Uint8Array | null }> {
  if (mimeType === 'image/jpeg') {
    const header = readJpegHeader(await Bun.file(source).slice(0, JPEG_HEADER_BYTES).bytes());
    if (header) {
      // Orientations 5-8 turn the picture a quarter: what is stored wide is shown tall.
      const quarterTurn = orient && (readExif(header.exif).orientation ?? 1) >= 5;
      return quarterTurn ? { width: header.height, height: header.width, exif: header.exif } : header;
    }
  }
  const metadata: Metadata = await open().metadata();
  return orient ? { ...metadata.autoOrient, exif: metadata.exif } : { width: metadata.width, height: metadata.height, exif: metadata.exif };
}

async function decodeHeif(file: string, options: ImageOptions): Promise<string> {
  const decoded = path.join(await options.scratch(), 'decoded.png');
  try {
    await runTool(['heif-convert', '--quiet', file, decoded], { timeoutMs: HEIF_DECODE_TIMEOUT_MS, signal: options.signal });
  } catch (error) {
    // Running out of time or being stopped says nothing about the file: let the job try again.
    if (error instanceof ToolError && !error.interrupted) throw new UnreadableMediaError('This image could not be read', error.stderr);
    throw error;
  }
  return decoded;
}

/** sharp's decode errors mean the file is damaged or not what it claims to be. */
function unreadable(error: unknown): Error {
  if (error instanceof UnreadableMediaError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // sharp refuses images over 268 MP (a decompression bomb guard) before decoding them.
  if (/pixel limit/i.test(message)) return new UnreadableMediaError('This image is too large to process', message);
  return new UnreadableMediaError('This image could not be read', message);
}
