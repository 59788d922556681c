// Making a video playable (decision 0037). The processing job decides (playback.ts) and remuxes
// on the spot: copying streams takes seconds. A conversion is a job of its own (convertVideo, in
// conversion.service.ts) on the queue's conversion pool, TRANSCODE_CONCURRENCY at once, ffmpeg at
// the lowest CPU priority; its progress (ffmpeg's own -progress output) goes into the item as it
// runs. This module is the tools and the renditions: plain code, no database.

import path from 'node:path';
import type { MediaStore } from '../../../storage/media-store.ts';
import { UnreadableMediaError } from './errors.ts';
import { decidePlayback, INDEX_ROOM_TOO_SMALL, indexFirst, indexRoom, type PlaybackPlan, type PlaybackProbe, probePlayback, remuxArgs } from './playback.ts';
import { runTool, runToolReading, ToolError } from './spawn.ts';

/** The content type of every rendition made here. */
export const VIDEO_RENDITION_TYPE = 'video/mp4';

/** Whatever the length, a remux or a conversion gets at least this long. */
const MIN_TOOL_MS = 5 * 60_000;

export interface Playable {
  plan: PlaybackPlan;
  /** The remuxed MP4, where `output` said (remuxed only). */
  file: string | null;
}

export interface PlayableOptions {
  /** Where a remux is written (the caller removes it if it is not stored). */
  output: () => Promise<string>;
  /** The video's probe, when the caller has it already. */
  probe?: PlaybackProbe;
  signal?: AbortSignal;
}

/**
 * What the processing job does for a video once its poster is made: decides, and remuxes when a
 * remux is the answer. A conversion is left to convertVideo.
 */
export async function makePlayable(file: string, mimeType: string, options: PlayableOptions): Promise<Playable> {
  const probe = options.probe ?? (await probePlayback(file, mimeType, options.signal ? { signal: options.signal } : {}));
  const isoMedia = inputIsIsoMedia(mimeType);
  const plan = decidePlayback(mimeType, probe, isoMedia ? await indexFirst(file) : false);
  if (plan.playback !== 'remuxed') return { plan, file: null };
  const out = await options.output();
  await remux(mimeType, file, out, plan, probe, options.signal ? { signal: options.signal } : {});
  return { plan, file: out };
}

/**
 * Remuxes into `out` in one pass, the index written into room kept for it at the start; when the
 * video had more frames than its probe promised (the index does not fit), once more with the
 * index moved at the end. `room` is for tests (default: indexRoom).
 */
export async function remux(
  mimeType: string,
  file: string,
  out: string,
  plan: Extract<PlaybackPlan, { playback: 'remuxed' }>,
  probe: PlaybackProbe,
  options: { signal?: AbortSignal; room?: number | null } = {},
): Promise<void> {
  const run = (room: number | null) =>
    runTool(['ffmpeg', ...remuxArgs(mimeType, file, out, plan, probe, room)], {
      timeoutMs: toolTimeout(probe, 0.5),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  const room = options.room === undefined ? indexRoom(probe, plan) : options.room;
  try {
    // ffmpeg 5 says so but exits with 0, its index written over the first frames: its words decide.
    const { stderr } = await run(room);
    if (room !== null && stderr.includes(INDEX_ROOM_TOO_SMALL)) await run(null);
  } catch (error) {
    if (error instanceof ToolError && !error.interrupted) throw new UnreadableMediaError('This video could not be read', error.stderr);
    throw error;
  }
}

/**
 * Where a video rendition is written: in the local store's own folder for work in progress, so
 * storing it is a rename (storeRendition); in the job's folder otherwise (on S3 it is uploaded).
 */
export async function renditionPath(store: MediaStore, scratch: () => Promise<string>, name: string): Promise<string> {
  return store.incomingPath ? store.incomingPath('mp4') : path.join(await scratch(), name);
}

/**
 * Stores a remux (see storeRendition). Not flushed to the disk first, like a picture's rendition
 * (decision 0018): a remux is made again in about the time of two copies of the file (0040).
 */
export async function storeRemux(store: MediaStore, key: string, file: string): Promise<void> {
  await storeRendition(store, key, file, { durable: false });
}

/**
 * Stores a video rendition file under `key`: renamed into place on the local disk (no copy), an
 * upload elsewhere (multipart on S3). The file is gone from the local disk's folder afterwards.
 */
export async function storeRendition(store: MediaStore, key: string, file: string, options: { durable: boolean }): Promise<void> {
  if (store.adopt) await store.adopt(key, file, { durable: options.durable });
  else await store.put(key, Bun.file(file).stream(), { contentType: VIDEO_RENDITION_TYPE, durable: options.durable });
}

const inputIsIsoMedia = (mimeType: string) => ['video/mp4', 'video/x-m4v', 'video/quicktime', 'video/3gpp', 'video/3gpp2'].includes(mimeType);

/** A tool's time limit: MIN_TOOL_MS, or `perSecond` seconds for each second of video when more. */
export function toolTimeout(probe: Pick<PlaybackProbe, 'duration'>, perSecond: number): number {
  return Math.max(MIN_TOOL_MS, Math.ceil(probe.duration * perSecond * 1000));
}

/** ffmpeg at the lowest CPU priority: the web server and the other jobs come first. */
const NICE = ['nice', '-n', '19'] as const;

/**
 * Runs ffmpeg with `-progress pipe:1`, calling `onProgress` with whole percentages (0-99) of
 * `duration` as they change; killed at the time limit or when `signal` aborts (runToolReading).
 */
export async function runWithProgress(
  args: string[],
  options: { duration: number; timeoutMs: number; signal?: AbortSignal; onProgress: (percent: number) => void },
): Promise<void> {
  await runToolReading([...NICE, 'ffmpeg', ...args], { timeoutMs: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) }, (stdout) =>
    readProgress(stdout, options.duration, options.onProgress),
  );
}

/** Reads ffmpeg's key=value progress lines; out_time_us is how far the output has come. */
async function readProgress(stream: ReadableStream<Uint8Array>, duration: number, onProgress: (percent: number) => void): Promise<void> {
  const decoder = new TextDecoder();
  let pending = '';
  let last = -1;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    pending += decoder.decode(value, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (!match || duration <= 0) continue;
      const percent = Math.min(99, Math.max(0, Math.floor(Number(match[1]) / 10_000 / duration)));
      if (percent !== last) {
        last = percent;
        onProgress(percent);
      }
    }
  }
}
