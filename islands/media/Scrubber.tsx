// The viewer's scrub strip: a thin seek bar right under the video, as wide as it, that shows the
// frame for the time under the pointer (from the item's scrubber sprites) while hovering or
// dragging, and seeks on click, drag and the arrow keys. Native <video controls> expose no geometry
// for their own seek bar, so the frames get a bar of their own; the native controls stay.

import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useState } from 'react';
import { formatDuration } from '../../src/shared/media.ts';
import { cueAt, parseScrubberVtt, type ScrubberCue } from './playback.ts';

/** Each scrubber file is fetched once per page; a failure counts as no frames (the strip still seeks). */
const loaded = new Map<string, Promise<ScrubberCue[]>>();

export function loadScrubber(url: string): Promise<ScrubberCue[]> {
  let cues = loaded.get(url);
  if (!cues) {
    const absolute = new URL(url, location.href).href;
    cues = fetch(absolute, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => parseScrubberVtt(text, absolute))
      .catch(() => []);
    loaded.set(url, cues);
  }
  return cues;
}

/** Frames wider than this are shown scaled down. */
const FRAME_MAX_WIDTH = 192;
/** Arrow keys move this many seconds; Page Up and Down a tenth of the video. */
const KEY_STEP_SECONDS = 5;

interface Geometry {
  left: number;
  top: number;
  width: number;
}

/** Where the strip goes: right under the video, as wide as its box (the parent is the positioned stage). */
function useGeometryUnder(video: HTMLVideoElement): Geometry {
  const [geometry, setGeometry] = useState<Geometry>({ left: 0, top: 0, width: 0 });
  useEffect(() => {
    const measure = () =>
      setGeometry((before) => {
        const next = { left: video.offsetLeft, top: video.offsetTop + video.offsetHeight, width: video.offsetWidth };
        return before.left === next.left && before.top === next.top && before.width === next.width ? before : next;
      });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(video);
    if (video.parentElement) observer?.observe(video.parentElement);
    video.addEventListener('loadedmetadata', measure);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      video.removeEventListener('loadedmetadata', measure);
      window.removeEventListener('resize', measure);
    };
  }, [video]);
  return geometry;
}

/** The video's time and length, following its events (the length from the item until metadata arrives). */
function useVideoClock(video: HTMLVideoElement, fallbackDuration: number | null) {
  const [clock, setClock] = useState({ time: 0, duration: fallbackDuration ?? 0 });
  useEffect(() => {
    const update = () =>
      setClock({
        time: Number.isFinite(video.currentTime) ? video.currentTime : 0,
        duration: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : (fallbackDuration ?? 0),
      });
    update();
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeking', 'seeked'];
    for (const name of events) video.addEventListener(name, update);
    return () => {
      for (const name of events) video.removeEventListener(name, update);
    };
  }, [video, fallbackDuration]);
  return clock;
}

export interface ScrubberProps {
  video: HTMLVideoElement;
  /** The item's scrubber WebVTT. */
  scrubber: string;
  /** The item's duration, until the video knows its own. */
  duration: number | null;
  /** The video's name, for the strip's label. */
  label: string;
}

export function Scrubber({ video, scrubber, duration: itemDuration, label }: ScrubberProps) {
  const [cues, setCues] = useState<ScrubberCue[]>([]);
  const [hover, setHover] = useState<{ time: number; x: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const geometry = useGeometryUnder(video);
  const { time, duration } = useVideoClock(video, itemDuration);

  useEffect(() => {
    let current = true;
    void loadScrubber(scrubber).then((list) => current && setCues(list));
    return () => {
      current = false;
    };
  }, [scrubber]);

  const seek = useCallback(
    (to: number) => {
      if (!(duration > 0)) return;
      try {
        video.currentTime = Math.min(Math.max(to, 0), duration);
      } catch {
        // Not seekable yet (no metadata): the strip waits like the native bar does.
      }
    },
    [video, duration],
  );

  const timeAt = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(Math.max(event.clientX - box.left, 0), box.width);
    return { time: box.width > 0 ? (x / box.width) * duration : 0, x };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    const at = timeAt(event);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
    setHover(at);
    seek(at.time);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const at = timeAt(event);
    setHover(at);
    if (dragging) seek(at.time);
  };
  const endDrag = (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    setDragging(false);
    // A touch has no hover to keep showing once the finger lifts.
    if (event.pointerType !== 'mouse') setHover(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const steps: Record<string, number> = {
      ArrowLeft: time - KEY_STEP_SECONDS,
      ArrowDown: time - KEY_STEP_SECONDS,
      ArrowRight: time + KEY_STEP_SECONDS,
      ArrowUp: time + KEY_STEP_SECONDS,
      PageDown: time - duration / 10,
      PageUp: time + duration / 10,
      Home: 0,
      End: duration,
    };
    const to = steps[event.key];
    if (to === undefined || !(duration > 0)) return;
    event.preventDefault();
    const clamped = Math.min(Math.max(to, 0), duration);
    seek(clamped);
    // The frame shows for keyboard seeking too, over where the time falls on the strip.
    setHover({ time: clamped, x: (clamped / duration) * geometry.width });
  };

  const played = duration > 0 ? Math.min(time / duration, 1) : 0;
  const cue = hover ? cueAt(cues, hover.time) : null;
  const region = cue?.region ?? null;
  const frameWidth = cue ? Math.min(region?.w ?? FRAME_MAX_WIDTH, FRAME_MAX_WIDTH) : 0;
  const scale = region ? frameWidth / region.w : 1;
  const boxWidth = cue ? frameWidth + 8 : 56;
  const boxLeft = hover ? Math.min(Math.max(hover.x - boxWidth / 2, 0), Math.max(geometry.width - boxWidth, 0)) : 0;

  return (
    <div className="absolute z-[1]" style={{ left: geometry.left, top: geometry.top, width: geometry.width }} data-scrubber>
      {hover ? (
        <div
          data-scrub-preview
          className="pointer-events-none absolute bottom-full mb-1 flex flex-col items-center gap-1 rounded-md border border-white/30 bg-black/90 p-1 text-xs font-semibold tabular-nums text-white shadow-lg"
          style={{ left: boxLeft, width: boxWidth }}
        >
          {cue && region ? (
            <div className="relative overflow-hidden rounded" style={{ width: frameWidth, height: Math.round(region.h * scale) }}>
              <div
                data-scrub-frame
                className="absolute left-0 top-0 origin-top-left bg-no-repeat"
                style={{
                  width: region.w,
                  height: region.h,
                  backgroundImage: `url("${cue.image}")`,
                  backgroundPosition: `${-region.x}px ${-region.y}px`,
                  transform: scale === 1 ? undefined : `scale(${scale})`,
                }}
              />
            </div>
          ) : cue ? (
            <img data-scrub-frame src={cue.image} alt="" className="block rounded" style={{ width: frameWidth }} />
          ) : null}
          <span>{formatDuration(hover.time)}</span>
        </div>
      ) : null}
      <div
        role="slider"
        tabIndex={0}
        aria-label={`Seek ${label}`}
        aria-valuemin={0}
        aria-valuemax={Math.floor(duration)}
        aria-valuenow={Math.floor(time)}
        aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
        className="group relative flex h-6 cursor-pointer touch-none items-center"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onPointerLeave={() => !dragging && setHover(null)}
        onKeyDown={onKeyDown}
        onBlur={() => !dragging && setHover(null)}
      >
        <div className="h-1.5 w-full overflow-hidden rounded-full bg-white/30 group-hover:h-2">
          <div className="h-full bg-accent" style={{ width: `${played * 100}%` }} />
        </div>
      </div>
    </div>
  );
}
