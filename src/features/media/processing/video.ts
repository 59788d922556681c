// Video processing: duration and size as shown (ffprobe), and a poster frame (ffmpeg) made into
// the same WebP thumbnail images get. The input is a file of ours; the demuxer is the sniffed one.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { inputOptionsOf } from './containers.ts';
import { UnreadableMediaError } from './errors.ts';
import { type CardPicture, cardPicture } from './placeholder.ts';
import { loadSharp } from './sharp-loader.ts';
import { runTool, ToolError } from './spawn.ts';

const PROBE_TIMEOUT_MS = 30_000;
const POSTER_TIMEOUT_MS = 60_000;
/** The poster is taken here, or at a tenth of the clip when that is sooner (past a fade-in). */
const POSTER_AT_SECONDS = 1;

export interface ProcessedVideo extends CardPicture {
  /** As the video plays, after its rotation is applied. */
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
}

export interface VideoOptions {
  /** A folder of this job's own for the poster frame, made when first asked for. */
  scratch: () => Promise<string>;
  signal?: AbortSignal;
  /**
   * The video's size and duration from a probe the caller runs anyway (the processing job's, which
   * also decides the playable rendition): ffprobe is then not run here a second time.
   */
  probe?: Promise<Probe>;
}

export interface Probe {
  width: number;
  height: number;
  duration: number;
}

export async function processVideo(file: string, mimeType: string, options: VideoOptions): Promise<ProcessedVideo> {
  const input = inputOptionsOf(mimeType);
  if (!input) throw new UnreadableMediaError('This video type cannot be processed');
  // The frame at POSTER_AT_SECONDS is taken while ffprobe reads the video, instead of after it:
  // that is the poster of every clip of 10 s or more. A shorter clip's is taken again below.
  const early = posterFrame(file, input, POSTER_AT_SECONDS, options);
  const settled = early.then(
    () => undefined,
    () => undefined,
  );
  let probe: Probe;
  try {
    probe = options.probe ? roundedDuration(await options.probe) : await probeVideo(file, input, options);
  } catch (error) {
    await settled; // no ffmpeg left writing into the job's folder
    throw error;
  }
  const at = probe.duration >= 1 ? Math.min(POSTER_AT_SECONDS, probe.duration / 10) : 0;
  let poster: string | null;
  if (at === POSTER_AT_SECONDS) poster = await early;
  else {
    await settled;
    poster = await posterFrame(file, input, at, options);
  }
  // A clip whose frames start late (or a duration that overstates) may have nothing at `at`.
  if (!poster && at > 0) poster = await posterFrame(file, input, 0, options);
  if (!poster) throw new UnreadableMediaError('This video could not be read', 'ffmpeg produced no frame');
  try {
    const sharp = await loadSharp();
    return { ...probe, ...(await cardPicture(sharp(poster))) };
  } catch (error) {
    throw new UnreadableMediaError('This video could not be read', error instanceof Error ? error.message : String(error));
  }
}

/** The duration to the millisecond, as the item keeps it. */
function roundedDuration(probe: Probe): Probe {
  return { width: probe.width, height: probe.height, duration: Math.round(probe.duration * 1000) / 1000 };
}

async function probeVideo(file: string, input: string[], options: VideoOptions): Promise<Probe> {
  const { stdout } = await tool(
    ['ffprobe', '-v', 'error', ...input, '-print_format', 'json', '-show_format', '-show_streams', '-select_streams', 'v:0', `file:${file}`],
    PROBE_TIMEOUT_MS,
    options,
  );
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new UnreadableMediaError('This video could not be read', 'ffprobe printed no JSON');
  }
  const stream = parsed.streams?.[0];
  if (!stream?.width || !stream.height) throw new UnreadableMediaError('This video has no picture');
  const duration = Number(parsed.format?.duration ?? stream.duration);
  let width = stream.width;
  const height = stream.height;
  // Anamorphic video: pixels that are not square are shown wider or narrower than stored.
  const sar = stream.sample_aspect_ratio?.match(/^(\d+):(\d+)$/);
  if (sar && Number(sar[1]) > 0 && Number(sar[2]) > 0) width = Math.round((width * Number(sar[1])) / Number(sar[2]));
  const quarterTurn = Math.abs(Math.round(rotationOf(stream) / 90)) % 2 === 1;
  return {
    width: quarterTurn ? height : width,
    height: quarterTurn ? width : height,
    duration: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : 0,
  };
}

interface ProbeStream {
  width?: number;
  height?: number;
  duration?: string;
  sample_aspect_ratio?: string;
  tags?: { rotate?: string };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

/** Phones record portrait video as landscape with a display matrix that turns it. */
function rotationOf(stream: ProbeStream): number {
  const matrix = stream.side_data_list?.find((d) => d.side_data_type === 'Display Matrix');
  const rotation = matrix?.rotation ?? Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(rotation) ? rotation : 0;
}

/**
 * One frame at `at` seconds as a PNG (ffmpeg applies the rotation and pixel aspect); null when none
 * came out. Uncompressed: it is read once, from the job's folder, and deflating a 1080p frame cost
 * ffmpeg more than decoding it (about half of a poster's time).
 */
async function posterFrame(file: string, input: string[], at: number, options: VideoOptions): Promise<string | null> {
  const out = path.join(await options.scratch(), `poster-${Math.round(at * 1000)}.png`);
  try {
    await tool(
      [
        'ffmpeg',
        '-nostdin',
        '-v',
        'error',
        ...input,
        '-ss',
        at.toFixed(3),
        '-i',
        `file:${file}`,
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-an',
        '-sn',
        '-dn',
        '-vf',
        'scale=trunc(iw*sar/2)*2:ih,setsar=1',
        '-f',
        'image2',
        '-c:v',
        'png',
        '-compression_level',
        '0',
        '-y',
        `file:${out}`,
      ],
      POSTER_TIMEOUT_MS,
      options,
    );
  } catch (error) {
    if (error instanceof UnreadableMediaError) return null;
    throw error;
  }
  return existsSync(out) ? out : null;
}

/** Runs a tool; its refusal means the file is unreadable, its timeout or a shutdown means try again later. */
async function tool(command: [string, ...string[]], timeoutMs: number, options: VideoOptions) {
  try {
    return await runTool(command, { timeoutMs, signal: options.signal });
  } catch (error) {
    if (error instanceof ToolError && !error.interrupted) throw new UnreadableMediaError('This video could not be read', error.stderr);
    throw error;
  }
}
