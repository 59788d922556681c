// A video in the full-screen viewer: its playable rendition with the native controls, the offer to
// resume where the owner stopped, the position kept while watching, one viewing counted per
// opening, and the scrub strip when the hub made frames for it. The viewer mounts one per item
// (keyed by id), so an opening is a mount and leaving the item (another item, closing) an unmount.

import { useEffect, useRef, useState } from 'react';
import { formatDuration, type MediaItem } from '../../src/shared/media.ts';
import { countViewing, savePlaybackPosition } from './media-api.ts';
import { keepsPlayback, positionToSave, resumePosition, SAVE_EVERY_MS } from './playback.ts';
import { Scrubber } from './Scrubber.tsx';

/**
 * Positions saved during this page's life: the page's list still holds the position it was loaded
 * with, so reopening an item offers where it was left just now.
 */
const savedHere = new Map<string, number>();

export interface ViewerVideoProps {
  item: MediaItem;
  onError: () => void;
  /** Told once the opening's viewing is counted. */
  onPlayed?: (item: MediaItem) => void;
}

export function ViewerVideo({ item, onError, onPlayed }: ViewerVideoProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const resumeButton = useRef<HTMLButtonElement>(null);
  const latest = useRef(item);
  latest.current = item;
  const played = useRef(onPlayed);
  played.current = onPlayed;
  const keeps = keepsPlayback(item);
  // Decided once per opening: a position saved while watching does not bring the offer back.
  const [offer] = useState(() => (keeps ? resumePosition(savedHere.get(item._id) ?? item.playbackPosition, item.duration) : null));
  const [asking, setAsking] = useState(offer !== null);
  const title = item.title || 'Untitled';

  // The offer takes focus (Enter resumes), unless the owner is already somewhere else.
  useEffect(() => {
    if (!asking) return;
    const timer = setTimeout(() => {
      const here = document.activeElement;
      if (!here || here === document.body || here.getAttribute('aria-roledescription') === 'media viewer') resumeButton.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [asking]);

  // Playing some other way (the native play button, the space key) answers the offer too.
  useEffect(() => {
    if (!video || !asking) return;
    const answered = () => setAsking(false);
    video.addEventListener('play', answered);
    return () => video.removeEventListener('play', answered);
  }, [video, asking]);

  // The position is kept every few seconds while playing, on pause, when the page hides and when
  // the item is left; one viewing is counted once playback really starts. Only after playback has
  // started: opening and closing an item keeps the position it had.
  useEffect(() => {
    if (!video || !keepsPlayback(latest.current)) return;
    let started = false;
    let counted = false;
    let lastSaved: number | null = null;
    let lastSavedAt = 0;
    const save = () => {
      if (!started) return;
      const position = positionToSave(video.currentTime, latest.current.duration);
      if (position === null || position === lastSaved) return;
      lastSaved = position;
      lastSavedAt = Date.now();
      savedHere.set(latest.current._id, position);
      savePlaybackPosition(latest.current, position);
    };
    const onPlaying = () => {
      if (!started) lastSavedAt = Date.now();
      started = true;
      if (!counted) {
        counted = true;
        countViewing(latest.current);
        played.current?.(latest.current);
      }
    };
    const onTime = () => {
      if (started && !video.paused && Date.now() - lastSavedAt >= SAVE_EVERY_MS) save();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', save);
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', save);
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onHidden);
      save();
    };
  }, [video]);

  /** From a key press (a click's detail is 0), focus goes on to the video, whose keys then play and seek. */
  const start = (at: number, byKey: boolean) => {
    setAsking(false);
    if (!video) return;
    try {
      video.currentTime = at;
    } catch {
      // No metadata yet: the browser starts at 0, as Start over asks anyway.
    }
    void video.play?.()?.catch(() => undefined);
    if (byKey) video.focus();
  };

  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: the hub keeps no caption tracks */}
      <video
        ref={setVideo}
        src={item.display}
        poster={item.thumbnail ?? undefined}
        controls
        autoPlay={offer === null}
        playsInline
        preload="metadata"
        aria-label={title}
        className={item.scrubber ? 'max-h-[calc(100%-1.75rem)] max-w-full' : 'max-h-full max-w-full'}
        onError={onError}
      />
      {/* On a phone the video is a short band across the middle: the offer sits above it, clear of its controls. */}
      {asking && offer !== null ? (
        <section
          aria-label="Resume playback"
          className="absolute left-1/2 top-3 z-[2] w-[min(92vw,24rem)] -translate-x-1/2 rounded-2xl sm:top-1/2 sm:-translate-y-1/2 border border-line bg-surface p-4 text-fg shadow-xl"
        >
          <p className="mb-3 text-sm text-muted">{`You stopped at ${formatDuration(offer)}${item.duration ? ` of ${formatDuration(item.duration)}` : ''}.`}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-ghost border border-line" onClick={(event) => start(0, event.detail === 0)}>
              Start over
            </button>
            <button ref={resumeButton} type="button" className="btn-primary" onClick={(event) => start(offer, event.detail === 0)}>
              {`Resume from ${formatDuration(offer)}`}
            </button>
          </div>
        </section>
      ) : null}
      {video && item.scrubber ? <Scrubber video={video} scrubber={item.scrubber} duration={item.duration} label={title} /> : null}
    </>
  );
}
