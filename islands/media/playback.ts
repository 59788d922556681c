// What the viewer decides about a video's playback, as pure functions: whether to offer to resume,
// what position to save, and the scrubber's WebVTT (its cues point at regions of sprite sheets).

/**
 * Resume is offered once the video was stopped at least this far in (a share of its duration)...
 * (but a long video needs no more than RESUME_MIN_SECONDS, nor a short clip less than RESUME_FLOOR_SECONDS).
 */
export const RESUME_FROM_SHARE = 0.05;
/** ...and no further than this share: past it the video counts as watched, and starts over. */
export const RESUME_UNTIL_SHARE = 0.9;
/** A long video offers to resume from this many seconds in (5 % of a film would be minutes); an unknown duration too. */
export const RESUME_MIN_SECONDS = 5;
/** Never less: "You stopped at 0:00" would offer nothing. */
export const RESUME_FLOOR_SECONDS = 1;
/** While playing, the position is saved at most this often. */
export const SAVE_EVERY_MS = 5_000;

/**
 * The position to offer "Resume from m:ss" at, or null when the video should simply start: none
 * saved, stopped in its first 5 % (at most its first 5 s, at least its first second), or past 90 %
 * of it (then it was watched). Proportional, so a 12 s clip offers to resume from 0:01 to 0:10.
 */
export function resumePosition(saved: number | null | undefined, duration: number | null | undefined): number | null {
  if (typeof saved !== 'number' || !Number.isFinite(saved) || saved < RESUME_FLOOR_SECONDS) return null;
  if (typeof duration !== 'number' || !Number.isFinite(duration) || duration <= 0) return saved >= RESUME_MIN_SECONDS ? saved : null;
  const from = Math.max(RESUME_FLOOR_SECONDS, Math.min(RESUME_MIN_SECONDS, duration * RESUME_FROM_SHARE));
  return saved >= from && saved <= duration * RESUME_UNTIL_SHARE ? saved : null;
}

/**
 * The position as the hub takes it: seconds from 0 to the item's duration (the element's own
 * duration can run a few hundredths past the probed one), to a tenth of a second.
 */
export function positionToSave(currentTime: number, duration: number | null | undefined): number | null {
  if (!Number.isFinite(currentTime) || currentTime < 0) return null;
  const capped = typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? Math.min(currentTime, duration) : currentTime;
  return Math.floor(capped * 10) / 10;
}

/**
 * Whether the hub keeps playback for this item: servers before it send neither field, and calling
 * routes they do not have would only fill the console with 404s. (A page's lean items drop null
 * fields, so `playCount`, a number whenever the hub has it, is the surer sign.)
 */
export const keepsPlayback = (item: { playCount?: number | null; playbackPosition?: number | null }) =>
  typeof item.playCount === 'number' || typeof item.playbackPosition === 'number';

/** One frame of the scrubber: from `start` to `end` (seconds) the region of `image` shows. */
export interface ScrubberCue {
  start: number;
  end: number;
  /** The sprite sheet's absolute URL (cue texts are relative to the WebVTT file's URL). */
  image: string;
  /** The frame's region in the sheet (pixels); null when the cue names a whole image. */
  region: { x: number; y: number; w: number; h: number } | null;
}

/** `hh:mm:ss.ttt` or `mm:ss.ttt` (WebVTT timestamps), in seconds; NaN when it is not one. */
export function parseTimestamp(text: string): number {
  const match = /^(?:(\d+):)?([0-5]?\d):([0-5]?\d)(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, hours = '0', minutes = '0', seconds = '0', millis = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis.padEnd(3, '0')) / 1000;
}

/**
 * Reads a scrubber WebVTT: blocks of an optional identifier, `start --> end` (settings after it
 * ignored) and a payload `sheet.webp#xywh=x,y,w,h`. Blocks that are not such cues (NOTE, STYLE,
 * malformed ones) are skipped rather than failing the whole file. Cues come back sorted by start.
 */
export function parseScrubberVtt(text: string, vttUrl: string): ScrubberCue[] {
  const cues: ScrubberCue[] = [];
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [from = '', rest = ''] = lines[timing]!.split('-->');
    const start = parseTimestamp(from);
    const end = parseTimestamp(rest.trim().split(/\s+/)[0] ?? '');
    const payload = lines[timing + 1]?.trim();
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || !payload) continue;
    const hash = payload.indexOf('#');
    const target = hash < 0 ? payload : payload.slice(0, hash);
    let image: string;
    try {
      image = new URL(target, vttUrl).href;
    } catch {
      continue;
    }
    const xywh = hash < 0 ? null : /(?:^|&)xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)/.exec(payload.slice(hash + 1));
    const region = xywh ? { x: Number(xywh[1]), y: Number(xywh[2]), w: Number(xywh[3]), h: Number(xywh[4]) } : null;
    if (region && (region.w === 0 || region.h === 0)) continue;
    cues.push({ start, end, image, region });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue showing at `time`: the last one starting at or before it (gaps show the previous frame). */
export function cueAt(cues: readonly ScrubberCue[], time: number): ScrubberCue | null {
  if (cues.length === 0 || !Number.isFinite(time)) return null;
  let low = 0;
  let high = cues.length - 1;
  if (time < cues[0]!.start) return cues[0]!;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (cues[middle]!.start <= time) low = middle;
    else high = middle - 1;
  }
  return cues[low]!;
}
