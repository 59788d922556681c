// Which rendition of a video browsers play (decision 0037), decided from ffprobe's account of its
// streams: the original itself, its streams copied into an MP4 with the index first (remuxed), or
// H.264 + AAC made from it (converted). Also the ffmpeg arguments of a remux and of a conversion.

import { open } from 'node:fs/promises';
import type { TranscodeSettings } from '../../../config.ts';
import type { Playback } from '../media.table.ts';
import { inputOptionsOf } from './containers.ts';
import { UnreadableMediaError } from './errors.ts';
import { runTool, ToolError } from './spawn.ts';

const PROBE_TIMEOUT_MS = 30_000;

/** Video codecs every current browser plays in an MP4 (H.264 only as 8-bit 4:2:0, what hardware decodes). */
const MP4_VIDEO = new Set(['h264', 'av1']);
const H264_PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);
/** H.264 profiles browsers decode (High 10, 4:2:2, 4:4:4 and Extended they do not), as ffprobe names them. */
const H264_PROFILES = new Set(['Constrained Baseline', 'Baseline', 'Main', 'High', 'Progressive High', 'Constrained High']);
/** Audio codecs browsers play in an MP4 original. */
const MP4_AUDIO = new Set(['aac', 'mp3', 'opus']);
/** Audio a remux copies as it is; anything else (AC-3, DTS, PCM, Vorbis, WMA …) becomes AAC. */
const COPIED_AUDIO = new Set(['aac', 'mp3']);
const WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1']);
const WEBM_AUDIO = new Set(['opus', 'vorbis']);
/** Sniffed types whose original may be served as it is: MP4 and M4V (and WebM, checked apart). */
const MP4_TYPES = new Set(['video/mp4', 'video/x-m4v']);

export interface VideoStream {
  /** The stream's index in the file (what -map takes). */
  index: number;
  codec: string;
  pixelFormat: string;
  /** As ffprobe names it ('High', 'Main' …); '' when it does not say. */
  profile: string;
  /** As shown: pixel aspect and rotation applied. */
  width: number;
  height: number;
  /** True when ffprobe says the frames are interlaced. */
  interlaced: boolean;
  /** Frames a second as the file says (its average, else its base rate); 0 when unknown. */
  frameRate: number;
  /** The frame count the container states (MP4 and MOV do; Matroska mostly does not); 0 when unknown. */
  frames: number;
  /**
   * Frames shown later than they are stored (ffprobe's has_b_frames, learned by decoding the first
   * frames): above 0 with B-frames, 0 without; null when ffprobe did not say.
   */
  reorderDelay: number | null;
}

export interface AudioStream {
  index: number;
  codec: string;
  /** Samples a second; 0 when unknown. */
  sampleRate: number;
}

export interface PlaybackProbe {
  video: VideoStream;
  audio: AudioStream | null;
  /** Seconds; 0 when unknown. */
  duration: number;
}

/** What to do with a video; `audio` says what becomes of its sound. */
export type PlaybackPlan =
  | { playback: 'original' }
  | { playback: 'remuxed'; audio: 'copy' | 'aac' | 'none' }
  | { playback: 'converted'; audio: 'copy' | 'aac' | 'none' };

/**
 * The cheapest rendition that plays: the original when browsers play it as it is (an MP4 or M4V
 * with H.264 or AV1 and AAC, MP3 or Opus, its index first; a WebM with VP8, VP9 or AV1 and Opus or
 * Vorbis), a remux when only the container (or the index's place, or the sound) is wrong, and a
 * conversion otherwise.
 */
export function decidePlayback(mimeType: string, probe: Pick<PlaybackProbe, 'video' | 'audio'>, indexFirst: boolean): PlaybackPlan {
  const { video, audio } = probe;
  const mp4Video =
    MP4_VIDEO.has(video.codec) &&
    (video.codec !== 'h264' || (H264_PIXEL_FORMATS.has(video.pixelFormat) && (video.profile === '' || H264_PROFILES.has(video.profile))));
  if (mimeType === 'video/webm' && WEBM_VIDEO.has(video.codec) && (!audio || WEBM_AUDIO.has(audio.codec))) return { playback: 'original' };
  if (MP4_TYPES.has(mimeType) && mp4Video && (!audio || MP4_AUDIO.has(audio.codec)) && indexFirst) return { playback: 'original' };
  const sound = !audio ? 'none' : COPIED_AUDIO.has(audio.codec) ? 'copy' : 'aac';
  if (mp4Video) return { playback: 'remuxed', audio: sound };
  // A conversion re-encodes the picture; AAC sound is copied, anything else becomes AAC.
  return { playback: 'converted', audio: !audio ? 'none' : audio.codec === 'aac' ? 'copy' : 'aac' };
}

interface ProbeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  profile?: string;
  width?: number;
  height?: number;
  duration?: string;
  field_order?: string;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  has_b_frames?: number;
  sample_rate?: string;
  disposition?: { attached_pic?: number; default?: number };
  tags?: { rotate?: string };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

/** The picture and sound streams a rendition takes (the first of each; cover art is no picture). */
export async function probePlayback(file: string, mimeType: string, options: { signal?: AbortSignal } = {}): Promise<PlaybackProbe> {
  const input = inputOptionsOf(mimeType);
  if (!input) throw new UnreadableMediaError('This video type cannot be processed');
  let stdout: string;
  try {
    ({ stdout } = await runTool(['ffprobe', '-v', 'error', ...input, '-print_format', 'json', '-show_format', '-show_streams', `file:${file}`], {
      timeoutMs: PROBE_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    }));
  } catch (error) {
    if (error instanceof ToolError && !error.interrupted) throw new UnreadableMediaError('This video could not be read', error.stderr);
    throw error;
  }
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new UnreadableMediaError('This video could not be read', 'ffprobe printed no JSON');
  }
  const streams = parsed.streams ?? [];
  const picture = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  if (!picture?.codec_name || picture.index === undefined) throw new UnreadableMediaError('This video has no picture');
  const sound = streams.find((s) => s.codec_type === 'audio' && s.disposition?.default) ?? streams.find((s) => s.codec_type === 'audio');
  let width = picture.width!;
  const height = picture.height!;
  const sar = picture.sample_aspect_ratio?.match(/^(\d+):(\d+)$/);
  if (sar && Number(sar[1]) > 0 && Number(sar[2]) > 0) width = Math.round((width * Number(sar[1])) / Number(sar[2]));
  const matrix = picture.side_data_list?.find((d) => d.side_data_type === 'Display Matrix');
  const rotation = Number(matrix?.rotation ?? picture.tags?.rotate ?? 0);
  const quarterTurn = Number.isFinite(rotation) && Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const duration = Number(parsed.format?.duration ?? picture.duration);
  return {
    video: {
      index: picture.index,
      codec: picture.codec_name,
      pixelFormat: picture.pix_fmt ?? '',
      profile: picture.profile ?? '',
      width: quarterTurn ? height : width,
      height: quarterTurn ? width : height,
      interlaced: ['tt', 'bb', 'tb', 'bt'].includes(picture.field_order ?? ''),
      frameRate: rate(picture.avg_frame_rate) || rate(picture.r_frame_rate),
      frames: count(picture.nb_frames),
      reorderDelay: Number.isSafeInteger(picture.has_b_frames) && picture.has_b_frames! >= 0 ? picture.has_b_frames! : null,
    },
    audio: sound?.codec_name && sound.index !== undefined ? { index: sound.index, codec: sound.codec_name, sampleRate: count(sound.sample_rate) } : null,
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
  };
}

/** A rate as ffprobe writes it ('30000/1001'), when it is a plausible frame rate; else 0. */
function rate(text: string | undefined): number {
  const match = text?.match(/^(\d+)\/(\d+)$/);
  const value = match && Number(match[2]) > 0 ? Number(match[1]) / Number(match[2]) : 0;
  return value > 0 && value <= MAX_FRAME_RATE ? value : 0;
}

/** A whole number ffprobe writes as text; 0 when absent or not one. */
function count(text: string | undefined): number {
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** Box headers read before giving up on finding the index (a file of only `free` boxes is odd). */
const MAX_TOP_LEVEL_BOXES = 64;

/**
 * Whether an ISO-BMFF file's index (moov) comes before its media data (mdat): a browser then
 * starts playing after the first bytes, not after fetching the end of the file. Reads only the
 * top-level box headers.
 */
export async function indexFirst(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let at = 0;
    for (let boxes = 0; boxes < MAX_TOP_LEVEL_BOXES && at + 8 <= size; boxes++) {
      const { bytesRead } = await handle.read(header, 0, 16, at);
      if (bytesRead < 8) return false;
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat' || type === 'moof') return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1 && bytesRead >= 16) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize < 8) return false;
      at += boxSize;
    }
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * Sound made into AAC: stereo or surround as it was, at a bit rate that keeps music clean. The
 * encoder's "fast" coder: at this bit rate it sounds at least as good as its default ("twoloop",
 * tuned for low bit rates) and takes half the time, which is most of a remux's CPU (decision 0040).
 */
const AAC = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '192k'];

function audioArgs(plan: Exclude<PlaybackPlan, { playback: 'original' }>, probe: PlaybackProbe): string[] {
  if (plan.audio === 'none' || !probe.audio) return ['-an'];
  return ['-map', `0:${probe.audio.index}`, ...(plan.audio === 'copy' ? ['-c:a', 'copy'] : AAC)];
}

/** Streams, chapters and the output format every rendition shares. */
const MP4_OUTPUT = ['-sn', '-dn', '-map_chapters', '-1', '-f', 'mp4', '-y'];
/** The index moved to the front once the file is written: ffmpeg reads and writes the whole file again. */
const INDEX_MOVED = ['-movflags', '+faststart'];

/** Above this, what ffprobe gives as a frame rate is a time base (a Matroska file's 1000/1), not a rate. */
const MAX_FRAME_RATE = 240;
/** A frame rate assumed when a video states none. */
const ASSUMED_FRAME_RATE = 60;
/** A sample rate assumed when sound states none (AAC's highest common one). */
const ASSUMED_SAMPLE_RATE = 96_000;
/** Samples in an AAC frame (MP3, the other sound copied, has 1152: fewer frames). */
const AAC_FRAME_SAMPLES = 1024;
/**
 * Index bytes reserved for each frame: an MP4's index spends at most 44 on one (size 4, duration 8,
 * composition offset 8, key-frame entry 4, a chunk of its own: offset 8 and chunk entry 12); what
 * ffmpeg writes for a remux is 8 to 20 (decision 0040).
 */
const INDEX_BYTES_PER_FRAME = 48;
/** Index bytes reserved besides the frames': track headers, edit lists, the file's tags. */
const INDEX_BYTES_FIXED = 64 * 1024;

/**
 * The room to keep at the start of a remux for its index (ffmpeg's -moov_size): enough for the
 * frames the duration, frame rate and sample rate promise, and more. null when the duration is
 * unknown: the index is then moved once the file is written.
 */
export function indexRoom(probe: PlaybackProbe, plan: Extract<PlaybackPlan, { playback: 'remuxed' }>): number | null {
  if (!(probe.duration > 0)) return null;
  const videoFrames = Math.max(probe.video.frames, probe.duration * (probe.video.frameRate || ASSUMED_FRAME_RATE));
  const audioFrames = plan.audio === 'none' || !probe.audio ? 0 : (probe.duration * (probe.audio.sampleRate || ASSUMED_SAMPLE_RATE)) / AAC_FRAME_SAMPLES;
  return Math.ceil(INDEX_BYTES_FIXED + (videoFrames + audioFrames) * INDEX_BYTES_PER_FRAME);
}

/** What ffmpeg says when the room kept for the index was too small (the file it wrote is then no good). */
export const INDEX_ROOM_TOO_SMALL = 'reserved_moov_size is too small';

/**
 * Whether every packet the remux reads is one whole frame that needs no parser: Matroska keeps
 * each picture in a block of its own, marked key frame or not, and AAC (the only sound it does not
 * parse) likewise. ffmpeg's H.264 parser then only costs time (it zeroes a buffer the size of each
 * frame: 8 % of a stream copy's CPU); the MP4 is the same, byte for byte (decision 0040). Other
 * containers (MPEG-TS cuts frames into packets) and other sound keep their parser.
 */
function framesWhole(mimeType: string, plan: Extract<PlaybackPlan, { playback: 'remuxed' }>, probe: PlaybackProbe): boolean {
  return mimeType === 'video/x-matroska' && (plan.audio === 'none' || (plan.audio === 'copy' && probe.audio?.codec === 'aac'));
}

/**
 * Whether ffmpeg may open the file without decoding a picture. Before it copies anything, ffmpeg
 * decodes the first frames of an H.264 stream to learn how many frames it reorders: seven frames
 * when there are no B-frames, a sixth of a stream copy's CPU on the bench's 1 GB film (decision 0040).
 * Matroska states everything else the MP4 needs (size, aspect, the codec's own header) and stores
 * no decoding times: ffmpeg makes them from that reorder count, so the pictures are skipped only
 * when the probe, which decoded them, found 0, what ffmpeg then assumes. The MP4 is the same, byte
 * for byte (a test keeps checking it); with B-frames it would not be, and they are decoded.
 */
function openWithoutDecoding(mimeType: string, probe: PlaybackProbe): boolean {
  return mimeType === 'video/x-matroska' && probe.video.codec === 'h264' && probe.video.reorderDelay === 0;
}

/**
 * ffmpeg's arguments (after the program name) for a remux: the picture copied, the sound copied or
 * made AAC, into an MP4 whose index comes first. With `indexRoom` bytes, the index is written into
 * room kept for it at the start (one pass over the file); with null, it is moved there at the end
 * (+faststart: a second read and write of the whole file).
 */
export function remuxArgs(
  mimeType: string,
  file: string,
  out: string,
  plan: Extract<PlaybackPlan, { playback: 'remuxed' }>,
  probe: PlaybackProbe,
  room: number | null = indexRoom(probe, plan),
): string[] {
  return [
    '-nostdin',
    '-v',
    'error',
    ...(framesWhole(mimeType, plan, probe) ? ['-fflags', '+noparse'] : []),
    ...(openWithoutDecoding(mimeType, probe) ? ['-skip_frame:v', 'all'] : []),
    ...inputOptionsOf(mimeType)!,
    '-i',
    `file:${file}`,
    '-map',
    `0:${probe.video.index}`,
    '-c:v',
    'copy',
    ...audioArgs(plan, probe),
    ...MP4_OUTPUT,
    ...(room === null ? INDEX_MOVED : ['-moov_size', String(room)]),
    `file:${out}`,
  ];
}

/** Even, at least 2: what 4:2:0 needs. */
const even = (n: number) => Math.max(2, n - (n % 2));

/**
 * The size a conversion makes: the shorter side at most `maxLines` (a portrait phone video of
 * 1080x1920 is "1080p" too), never bigger than the original, both sides even.
 */
export function convertedSize(width: number, height: number, maxLines: number): { width: number; height: number } {
  const shorter = Math.min(width, height);
  const scale = shorter > maxLines ? maxLines / shorter : 1;
  return { width: even(Math.round(width * scale)), height: even(Math.round(height * scale)) };
}

/**
 * ffmpeg's arguments for a conversion: H.264 (yuv420p, constant rate factor, the preset) and AAC
 * in an MP4 with the index first, progress as key=value lines on stdout. ffmpeg turns the picture
 * as the file says (the result needs no rotation) and deinterlaces what is interlaced.
 */
export function convertArgs(
  mimeType: string,
  file: string,
  out: string,
  plan: Extract<PlaybackPlan, { playback: 'converted' }>,
  probe: PlaybackProbe,
  settings: Pick<TranscodeSettings, 'maxHeight' | 'preset' | 'crf'>,
): string[] {
  const size = convertedSize(probe.video.width, probe.video.height, settings.maxHeight);
  const filters = [...(probe.video.interlaced ? ['yadif=deint=interlaced'] : []), `scale=${size.width}:${size.height}`, 'setsar=1', 'format=yuv420p'];
  return [
    '-nostdin',
    '-v',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    ...inputOptionsOf(mimeType)!,
    '-i',
    `file:${file}`,
    '-map',
    `0:${probe.video.index}`,
    '-vf',
    filters.join(','),
    '-c:v',
    'libx264',
    '-preset',
    settings.preset,
    '-crf',
    String(settings.crf),
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    ...audioArgs(plan, probe),
    ...MP4_OUTPUT,
    ...INDEX_MOVED,
    `file:${out}`,
  ];
}

export type { Playback };
