// Tiny videos in every container and codec pair the hub takes, made by ffmpeg on first use (one
// second at 160x120, one thread each: the tests run on shared machines). Nothing is checked in.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './test-app.ts';

export interface VideoSample {
  name: string;
  /** The file a user would upload, with its usual extension. */
  file: string;
  path: string;
  /** What the hub sniffs from the bytes. */
  mimeType: string;
  /** What processing must decide for it. */
  playback: 'original' | 'remuxed' | 'converted';
  bytes(): Uint8Array;
}

const SIZE = '160x120';
const picture = (size = SIZE, rate = 15) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=1`];
const sound = (rate = 44100) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=1:sample_rate=${rate}`];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** Each sample: its file name, sniffed type, expected playback, and ffmpeg's arguments. */
const RECIPES = {
  mp4: ['clip.mp4', 'video/mp4', 'original', [...picture(), ...sound(), ...h264, '-c:a', 'aac', '-movflags', '+faststart']],
  mp4IndexLast: ['late-index.mp4', 'video/mp4', 'remuxed', [...picture(), ...sound(), ...h264, '-c:a', 'aac']],
  mp4Mp3: ['music.mp4', 'video/mp4', 'original', [...picture(), ...sound(), ...h264, '-c:a', 'libmp3lame', '-movflags', '+faststart']],
  mp4Hi10: [
    'hi10.mp4',
    'video/mp4',
    'converted',
    [...picture(), ...sound(), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le', '-c:a', 'aac', '-movflags', '+faststart'],
  ],
  mp4Lossless: [
    'lossless.mp4',
    'video/mp4',
    'converted',
    [...picture(), ...sound(), '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart'],
  ],
  movH264: ['IMG_0003.mov', 'video/quicktime', 'remuxed', [...picture(), ...sound(), ...h264, '-c:a', 'aac', '-f', 'mov']],
  movHevc: [
    'IMG_0004.mov',
    'video/quicktime',
    'converted',
    [
      ...picture(),
      ...sound(),
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error:pools=1:frame-threads=1',
      '-tag:v',
      'hvc1',
      '-c:a',
      'aac',
      '-f',
      'mov',
    ],
  ],
  mkvH264Aac: ['film.mkv', 'video/x-matroska', 'remuxed', [...picture(), ...sound(), ...h264, '-c:a', 'aac']],
  mkvH264Ac3: ['film-ac3.mkv', 'video/x-matroska', 'remuxed', [...picture(), ...sound(48000), ...h264, '-c:a', 'ac3']],
  mkvHevc: [
    'film-hevc.mkv',
    'video/x-matroska',
    'converted',
    [...picture(), ...sound(), '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error:pools=1:frame-threads=1', '-c:a', 'aac'],
  ],
  webmVp9: [
    'clip-vp9.webm',
    'video/webm',
    'original',
    [...picture(), ...sound(48000), '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '100k', '-c:a', 'libopus'],
  ],
  aviMpeg4: ['home.avi', 'video/x-msvideo', 'converted', [...picture(), ...sound(), '-c:v', 'mpeg4', '-c:a', 'libmp3lame']],
  wmv: ['clip.wmv', 'video/x-ms-asf', 'converted', [...picture(), ...sound(), '-c:v', 'wmv2', '-c:a', 'wmav2']],
  flv: ['clip.flv', 'video/x-flv', 'converted', [...picture(), ...sound(), '-c:v', 'flv', '-c:a', 'libmp3lame']],
  flvH264: ['clip-h264.flv', 'video/x-flv', 'remuxed', [...picture(), ...sound(), ...h264, '-c:a', 'aac']],
  ts: ['recording.ts', 'video/mp2t', 'remuxed', [...picture(), ...sound(), ...h264, '-c:a', 'aac', '-f', 'mpegts']],
  m2ts: ['00001.m2ts', 'video/mp2t', 'remuxed', [...picture(), ...sound(48000), ...h264, '-c:a', 'ac3', '-f', 'mpegts', '-mpegts_m2ts_mode', '1']],
  mpg: ['dvd.mpg', 'video/mpeg', 'converted', [...picture(), ...sound(48000), '-c:v', 'mpeg2video', '-c:a', 'mp2', '-f', 'mpeg']],
  threeGp: ['phone.3gp', 'video/3gpp', 'converted', [...picture('176x144'), ...sound(8000), '-c:v', 'h263', '-c:a', 'aac', '-ac', '1', '-f', '3gp']],
  ogv: ['clip.ogv', 'video/ogg', 'converted', [...picture(), ...sound(), '-c:v', 'libtheora', '-q:v', '3', '-c:a', 'libvorbis']],
} as const satisfies Record<string, readonly [string, string, VideoSample['playback'], readonly string[]]>;

export type VideoSampleName = keyof typeof RECIPES;
export const VIDEO_SAMPLE_NAMES = Object.keys(RECIPES) as VideoSampleName[];

let dir: string | undefined;
const made = new Map<VideoSampleName, Promise<VideoSample>>();

/** One sample, made on first use. */
export function videoSample(name: VideoSampleName): Promise<VideoSample> {
  let sample = made.get(name);
  if (!sample) {
    sample = make(name);
    made.set(name, sample);
  }
  return sample;
}

async function make(name: VideoSampleName): Promise<VideoSample> {
  dir ??= tempDir('hub-video-samples-');
  const [file, mimeType, playback, args] = RECIPES[name];
  const out = path.join(dir, file);
  await ffmpeg([...args, '-threads', '1', '-shortest', out]);
  return { name, file, path: out, mimeType, playback, bytes: () => new Uint8Array(readFileSync(out)) };
}

/** ffmpeg, quiet, overwriting (give it `-threads 1` among the output options). */
export async function ffmpeg(args: readonly string[]): Promise<void> {
  const proc = Bun.spawn(['ffmpeg', '-nostdin', '-loglevel', 'error', '-y', ...args], { stdout: 'ignore', stderr: 'pipe' });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) throw new Error(`ffmpeg failed (${code}): ${stderr.slice(0, 500)}`);
}

export interface Probed {
  formatName: string;
  duration: number;
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
}

/** What ffprobe says of a file (or of bytes written to one). */
export async function ffprobe(file: string): Promise<Probed> {
  const proc = Bun.spawn(['ffprobe', '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { stdout: 'pipe', stderr: 'pipe' });
  const [text, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  if (code !== 0) throw new Error(`ffprobe failed (${code})`);
  const parsed = JSON.parse(text) as { format: { format_name: string; duration: string }; streams: Probed['streams'] };
  return { formatName: parsed.format.format_name, duration: Number(parsed.format.duration), streams: parsed.streams };
}

/** The top-level boxes of an MP4 in order ("ftyp", "moov", "mdat", ...). */
export function topLevelBoxes(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: string[] = [];
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (size === 1) size = Number(view.getBigUint64(at + 8));
    if (size === 0) size = bytes.length - at;
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}
