// A video's hover preview and its scrubbing frames (decision 0037, "Previews and scrubbing"):
// - the preview: a short muted clip of a few moments from spread-out points of the video (the
//   whole video when short), at most PREVIEW_MAX_SECONDS long and PREVIEW_MAX_WIDTH wide, H.264
//   yuv420p in an MP4 with the index first, no sound;
// - the scrubber: frames about SCRUB_FRAME_WIDTH wide, one every max(2 s, duration / 100), laid out
//   in sheets of SHEET_COLUMNS x SHEET_ROWS (WebP), and a WebVTT file whose cues name the sheet and
//   the frame's region (`scrubber/0.webp#xywh=x,y,w,h`, relative to the VTT's own URL).
// ffmpeg runs at the lowest CPU priority with few threads: these are extras, never in a hurry.

import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from './spawn.ts';

export const PREVIEW_MAX_SECONDS = 12;
export const PREVIEW_MAX_WIDTH = 640;
/** Moments a long video's preview is made of, and how long each lasts. */
export const PREVIEW_SEGMENTS = 6;
export const PREVIEW_SEGMENT_SECONDS = 1.5;
export const SCRUB_FRAME_WIDTH = 160;
export const SCRUB_MIN_INTERVAL = 2;
export const SHEET_COLUMNS = 10;
export const SHEET_ROWS = 10;
/** From this many seconds between scrubbing frames, only key frames are decoded for them. */
export const KEYFRAMES_ONLY_INTERVAL = 10;
/** Threads each ffmpeg may use. */
export const PREVIEW_THREADS = 2;

const NICE = ['nice', '-n', '19'] as const;
const MIN_TOOL_MS = 5 * 60_000;

/** Even, at least 2: what 4:2:0 needs. */
const even = (n: number) => Math.max(2, n - (n % 2));

/** A picture `width` wide at most (never wider than the video), keeping its shape, both sides even. */
export function scaledSize(video: { width: number; height: number }, maxWidth: number): { width: number; height: number } {
  const width = even(Math.min(maxWidth, video.width));
  return { width, height: even(Math.round((video.height * width) / video.width)) };
}

/** Where a long video's preview moments start: spread evenly, each in the middle of its share. */
export function previewStarts(duration: number): number[] {
  if (duration <= PREVIEW_MAX_SECONDS) return [0];
  const share = duration / PREVIEW_SEGMENTS;
  return Array.from({ length: PREVIEW_SEGMENTS }, (_, i) => Math.max(0, share * i + (share - PREVIEW_SEGMENT_SECONDS) / 2));
}

const seconds = (s: number) => s.toFixed(3);

/**
 * ffmpeg's arguments (after the program name) for the preview: the whole video (at most 12 s)
 * when short, else PREVIEW_SEGMENTS moments of PREVIEW_SEGMENT_SECONDS each, joined.
 */
export function previewArgs(
  input: { file: string; options: readonly string[] },
  video: { width: number; height: number },
  duration: number,
  out: string,
): string[] {
  const size = scaledSize(video, PREVIEW_MAX_WIDTH);
  const picture = `scale=${size.width}:${size.height},setsar=1,format=yuv420p`;
  const starts = previewStarts(duration);
  // Decoders are limited too (one thread each for the six moments), and the filters.
  const inputs =
    starts.length === 1
      ? ['-threads', String(PREVIEW_THREADS), ...input.options, '-i', `file:${input.file}`]
      : starts.flatMap((start) => [
          '-threads',
          '1',
          '-ss',
          seconds(start),
          '-t',
          seconds(PREVIEW_SEGMENT_SECONDS),
          ...input.options,
          '-i',
          `file:${input.file}`,
        ]);
  const filter =
    starts.length === 1
      ? ['-map', '0:v:0', '-vf', picture, '-t', String(PREVIEW_MAX_SECONDS)]
      : [
          '-filter_complex',
          `${starts.map((_, i) => `[${i}:v:0]${picture},setpts=PTS-STARTPTS[v${i}]`).join(';')};${starts.map((_, i) => `[v${i}]`).join('')}concat=n=${starts.length}:v=1:a=0[out]`,
          '-map',
          '[out]',
        ];
  return [
    '-nostdin',
    '-v',
    'error',
    '-filter_complex_threads',
    '1',
    ...inputs,
    ...filter,
    '-an',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '28',
    '-pix_fmt',
    'yuv420p',
    '-threads',
    String(PREVIEW_THREADS),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    `file:${out}`,
  ];
}

/** Seconds between two scrubbing frames: max(2 s, duration / 100). */
export const scrubInterval = (duration: number) => Math.max(SCRUB_MIN_INTERVAL, duration / 100);

/** How many frames the scrubber has: one for each interval begun. */
export const scrubFrames = (duration: number) => Math.max(1, Math.ceil(duration / scrubInterval(duration) - 1e-9));

/** A sheet's columns and rows: SHEET_COLUMNS x SHEET_ROWS, fewer when the video has fewer frames. */
export function sheetLayout(duration: number): { columns: number; rows: number } {
  const frames = scrubFrames(duration);
  const columns = Math.min(SHEET_COLUMNS, frames);
  return { columns, rows: Math.min(SHEET_ROWS, Math.ceil(frames / columns)) };
}

/** ffmpeg's arguments for the sprite sheets: `sheet-1.webp`, `sheet-2.webp` … in `dir`. */
export function spriteArgs(
  input: { file: string; options: readonly string[] },
  video: { width: number; height: number },
  duration: number,
  dir: string,
): string[] {
  const size = scaledSize(video, SCRUB_FRAME_WIDTH);
  const interval = scrubInterval(duration);
  const { columns, rows } = sheetLayout(duration);
  return [
    '-nostdin',
    '-v',
    'error',
    // Frames far apart (a video over ~17 minutes): only key frames are decoded, many times faster
    // than every frame, each frame the key frame nearest its time.
    ...(interval >= KEYFRAMES_ONLY_INTERVAL ? ['-skip_frame', 'nokey'] : []),
    '-threads',
    String(PREVIEW_THREADS),
    ...input.options,
    '-i',
    `file:${input.file}`,
    '-map',
    '0:v:0',
    '-filter_threads',
    '1',
    // eof_action=pass: a video whose picture starts a little late (an MKV's, remuxed) still gives
    // its frames when it is shorter than one interval (an extra frame at the end is left unused).
    '-vf',
    `fps=1/${interval.toFixed(6)}:eof_action=pass,scale=${size.width}:${size.height},setsar=1,tile=${columns}x${rows}`,
    '-an',
    '-c:v',
    'libwebp',
    '-quality',
    '70',
    '-threads',
    String(PREVIEW_THREADS),
    '-f',
    'image2',
    '-start_number',
    '0',
    '-y',
    `file:${path.join(dir, 'sheet-%d.webp')}`,
  ];
}

/** `h:mm:ss.mmm`, as WebVTT writes times. */
export function vttTime(s: number): string {
  const ms = Math.round(s * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

/** The WebVTT file: one cue per frame, from its time to the next (the last to the end), `scrubber/<sheet>.webp#xywh=…`. */
export function scrubberVtt(duration: number, frame: { width: number; height: number }, sheets: number): string {
  const interval = scrubInterval(duration);
  const { columns, rows } = sheetLayout(duration);
  const perSheet = columns * rows;
  const frames = Math.min(scrubFrames(duration), sheets * perSheet);
  const lines = ['WEBVTT', ''];
  for (let i = 0; i < frames; i++) {
    const start = i * interval;
    const end = i === frames - 1 ? Math.max(duration, start + 0.001) : (i + 1) * interval;
    const cell = i % perSheet;
    const x = (cell % columns) * frame.width;
    const y = Math.floor(cell / columns) * frame.height;
    lines.push(`${vttTime(start)} --> ${vttTime(end)}`, `scrubber/${Math.floor(i / perSheet)}.webp#xywh=${x},${y},${frame.width},${frame.height}`, '');
  }
  return lines.join('\n');
}

export interface MadePreviews {
  preview: string;
  /** Sprite sheets in order. */
  sheets: string[];
  vtt: string;
}

/** A tool's time limit: 5 min, or 2 s per second of video when more. */
const toolTimeout = (duration: number) => Math.max(MIN_TOOL_MS, Math.ceil(duration * 2000));

/**
 * Makes the preview and the scrubber of a video file into `dir`. `input.options` are ffmpeg's
 * input options for it (its demuxer); `video` its shown size; `duration` in seconds.
 */
export async function makePreviews(
  input: { file: string; options: readonly string[] },
  video: { width: number; height: number },
  duration: number,
  dir: string,
  signal?: AbortSignal,
): Promise<MadePreviews> {
  const run = (args: string[]) => runTool([...NICE, 'ffmpeg', ...args], { timeoutMs: toolTimeout(duration), ...(signal ? { signal } : {}) });
  await mkdir(dir, { recursive: true });
  const preview = path.join(dir, 'preview.mp4');
  await run(previewArgs(input, video, duration, preview));
  const sheetsDir = path.join(dir, 'sheets');
  await mkdir(sheetsDir, { recursive: true });
  await run(spriteArgs(input, video, duration, sheetsDir));
  const names = (await readdir(sheetsDir)).filter((name) => /^sheet-\d+\.webp$/.test(name));
  // ffmpeg's rounding may add a frame past the last one: a sheet holding only that is left out.
  const { columns, rows } = sheetLayout(duration);
  const sheets = names
    .sort((a, b) => Number(a.slice(6, -5)) - Number(b.slice(6, -5)))
    .slice(0, Math.ceil(scrubFrames(duration) / (columns * rows)))
    .map((name) => path.join(sheetsDir, name));
  if (sheets.length === 0) throw new Error('ffmpeg made no sprite sheet');
  const vtt = path.join(dir, 'scrubber.vtt');
  await Bun.write(vtt, scrubberVtt(duration, scaledSize(video, SCRUB_FRAME_WIDTH), sheets.length));
  return { preview, sheets, vtt };
}
