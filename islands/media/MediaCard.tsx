// One media card, for every gallery view (The Red Room, Premium, an album, either gallery's
// items): the picture (its ThumbHash placeholder underneath while it loads), or a placeholder while
// the item is processing or when processing failed; the duration on videos; the title and, where
// the gallery's look says so, the size and model; the favourite mark; the card menu; a checkbox in
// select mode. What differs between the galleries is the `look` they pass in (spec: Premium plays
// videos on hover, writes 'Untitled', shows the title over the picture unless in titles view).
// Without JavaScript the picture opens in the browser; the island opens the viewer instead.
// Hovering a video card plays its `preview` (a short muted clip), never the original: the clip is
// mounted over the poster on hover and dropped on leave (decision 0039); so does focusing its link
// from the keyboard, and holding a finger on it (a tap still opens the viewer; decision 0045). A
// video being converted shows its poster and "Converting 42 %".

import { type MouseEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { formatDuration, formatSize, type MediaItem, playsText } from '../../src/shared/media.ts';
import { CardMenu, type MenuActions } from './CardMenu.tsx';
import { CardStars } from './CardStars.tsx';
import { FavoriteMark, PlayIcon, SpinnerIcon, WarningIcon } from './icons.tsx';

/** How a gallery draws its cards (data from its configuration). */
export interface CardLook {
  /** 'below': title and type · size under a square picture; 'overlay': the picture fills the grid row, the title over it. */
  title: 'below' | 'overlay';
  /** A favourite button on the card ('button'), or only a mark on favourites ('mark'). */
  favorite: 'button' | 'mark';
  /** Videos play their preview clip, muted and looping, while the pointer is over them. */
  hoverPreview: boolean;
  /** The round play badge on video cards (default: only where videos do not play on hover). */
  playBadge?: boolean;
  /** A double click on an image card opens it fullscreen (The Red Room). */
  doubleClickFullscreen: boolean;
  /** The item's gallery as a chip on the picture, 'Gallery' or 'Premium' (a list of both: the model gallery dialog). */
  source?: boolean;
}

/** The source chip's words and colours (Premium's gold as in its viewer). */
const SOURCE_CHIP = {
  gallery: ['Gallery', 'bg-black/70'],
  premium: ['Premium', 'bg-[#8a5a00]'],
} as const;

/** The name a card and the viewer give an item ('Untitled' when it has no title). */
export const titleOf = (item: MediaItem) => item.title.trim() || 'Untitled';

/** How long a first click waits for a second one before it opens the viewer (a double click opens it fullscreen). */
export const DOUBLE_CLICK_MS = 250;

export interface MediaCardProps {
  item: MediaItem;
  look: CardLook;
  compact: boolean;
  /** The titles view (premium): title, model chip and size below the picture. */
  titles?: boolean;
  live: boolean;
  selecting: boolean;
  selected: boolean;
  /** A change of this item is on its way. */
  busy: boolean;
  actions: MenuActions;
  onOpen: (item: MediaItem, fullscreen: boolean) => void;
  onToggleSelect: (item: MediaItem) => void;
  /** The favourite button (look.favorite 'button'); without it the card shows only the mark. */
  onFavorite?: (item: MediaItem) => void;
}

/** The ThumbHash decoder, loaded with the first card that has a placeholder (not part of the first load). */
let decoder: Promise<typeof import('../../src/shared/thumbhash.ts')> | null = null;

/** The ThumbHash as a picture, made in the browser once the island is live (it costs kilobytes of HTML otherwise). */
function usePlaceholder(placeholder: string | null, live: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!live || !placeholder) return setUrl(null);
    let current = true;
    decoder ??= import('../../src/shared/thumbhash.ts');
    void decoder.then((m) => {
      if (current) setUrl(m.placeholderDataUrl(placeholder));
    });
    return () => {
      current = false;
    };
  }, [placeholder, live]);
  return url;
}

/** "Converting 42 %": whole percents, never 100 before the rendition exists. */
export const convertingText = (progress: number) => `Converting ${Math.min(99, Math.max(0, Math.floor(progress)))} %`;

/** How long a finger rests on a video card before its preview plays (a shorter touch is a tap: it opens the viewer). */
export const HOLD_MS = 350;

/** Whether the person asked for less motion (then nothing plays on hover). */
const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** The hover clip over the poster: mounted while the pointer is over the card, so leaving unloads it. */
function PreviewClip({ src, onPlaying }: { src: string; onPlaying: (playing: boolean) => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const clip = ref.current;
    if (!clip) return;
    clip.muted = true;
    // A refused play (no data yet, a browser policy) leaves the poster in place.
    void clip.play()?.catch?.(() => undefined);
    return () => {
      clip.pause();
      clip.removeAttribute('src');
      clip.load?.();
      onPlaying(false);
    };
  }, [onPlaying]);
  return (
    <video
      ref={ref}
      src={src}
      muted
      loop
      playsInline
      preload="none"
      aria-hidden="true"
      tabIndex={-1}
      data-preview
      onPlaying={() => {
        setShown(true);
        onPlaying(true);
      }}
      className={`media-fill transition-opacity duration-150 ${shown ? 'opacity-100' : 'opacity-0'}`}
    />
  );
}

/** "▶ 3 plays" on a video card once it was watched (the viewer says "Not played yet"); the arrow (and the dot before it) is decoration. */
function Plays({ item, className, dot }: { item: MediaItem; className?: string; dot?: boolean }) {
  if (item.type !== 'video' || !item.playCount) return null;
  return (
    <>
      {dot ? <span aria-hidden="true">{' · '}</span> : null}
      <span data-plays className={className}>
        <span aria-hidden="true">{'\u25b6\ufe0e '}</span>
        {playsText(item.playCount)}
      </span>
    </>
  );
}

/** A processing item's conversion figure, when it has one. */
const convertingOf = (item: MediaItem) => (item.status === 'processing' && typeof item.progress === 'number' ? item.progress : null);

/**
 * The card's state in words over its picture: "Processing…", "Converting 42 %" (over the poster
 * once it exists: white on near-black, the same contrast in light and dark) or "Processing
 * failed". Beside the card's link, not in it, so the link's name stays "Open <title>".
 */
function Status({ item }: { item: MediaItem }) {
  const converting = convertingOf(item);
  if (converting !== null && item.thumbnail) {
    return (
      <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
        <span data-converting className="media-pill">
          <SpinnerIcon size={14} />
          {convertingText(converting)}
        </span>
      </span>
    );
  }
  if (item.status === 'processing') {
    return (
      <span className="media-waiting">
        <SpinnerIcon size={22} />
        <span data-converting={converting === null ? undefined : ''} className="text-xs font-semibold tabular-nums">
          {converting === null ? 'Processing…' : convertingText(converting)}
        </span>
      </span>
    );
  }
  if (item.status === 'failed' || !item.thumbnail) {
    return (
      <span className="media-failed">
        <WarningIcon />
        <span className="text-xs font-semibold">Processing failed</span>
        {item.failure ? <span className="line-clamp-3 text-[11px] text-muted">{item.failure}</span> : null}
      </span>
    );
  }
  return null;
}

/** The picture: the poster over its placeholder, once there is one (the link's own background otherwise). */
function Picture({ item, live }: { item: MediaItem; live: boolean }) {
  const placeholder = usePlaceholder(item.placeholder, live);
  if (!item.thumbnail || item.status === 'failed' || (item.status === 'processing' && convertingOf(item) === null)) return null;
  const fill = 'media-fill';
  return (
    <>
      {placeholder ? <img src={placeholder} alt="" aria-hidden="true" className={`${fill} scale-110 blur-sm`} /> : null}
      <img src={item.thumbnail} alt="" loading="lazy" decoding="async" className={fill} />
    </>
  );
}

/**
 * Whether the preview clip is wanted, and why, as bits: 1 the pointer is over the card, 2 its link
 * has keyboard focus, 4 a finger holds it. A mouse or pen hovers; a finger holds (the mouse events
 * a touch makes come with its tap, so they are not listened to). A finger that lifts, scrolls or
 * leaves ends the hold; a hold's click opens nothing (`hold.current.held`).
 */
function usePreviewWish() {
  const [wanted, setWanted] = useState(0);
  // A finger's hold: its timer, and whether it became a hold (then its click opens nothing).
  const hold = useRef<{ timer?: ReturnType<typeof setTimeout>; held?: boolean }>({});
  useEffect(() => () => clearTimeout(hold.current.timer), []);
  const want = (bit: number, on: boolean) => {
    if (!on || !reducedMotion()) setWanted((w) => (on ? w | bit : w & ~bit));
  };
  const down = (event: PointerEvent) => {
    clearTimeout(hold.current.timer);
    hold.current = {};
    if (event.pointerType === 'touch')
      hold.current.timer = setTimeout(() => {
        hold.current.held = true;
        want(4, true);
      }, HOLD_MS);
  };
  const up = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return want(1, false);
    clearTimeout(hold.current.timer);
    want(4, false);
  };
  return { wanted, want, hold, down, up };
}

export function MediaCard({
  item,
  look,
  compact,
  titles: titlesView = false,
  live,
  selecting,
  selected,
  busy,
  actions,
  onOpen,
  onToggleSelect,
  onFavorite,
}: MediaCardProps) {
  const title = titleOf(item);
  const titleId = `media-${item._id}-title`;
  const ready = item.status === 'ready';
  const isVideo = item.type === 'video' && ready;
  // Only the preview clip plays on hover, never the original; without one the poster stays.
  const clip = look.hoverPreview && isVideo && item.preview ? item.preview : null;
  const badge = isVideo && (look.playBadge ?? !look.hoverPreview);
  const { wanted, want, hold, down, up } = usePreviewWish();
  const [playing, setPlaying] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Compact tiles are pictures only; the overlay look puts the title over the picture unless in titles view.
  const below = !compact && (look.title === 'below' || titlesView);
  const overlay = look.title === 'overlay' && !below;
  const waitsForDouble = look.doubleClickFullscreen && item.type === 'image';

  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!live) return;
    event.preventDefault();
    // The end of a hold that played the preview is not a tap.
    if (hold.current.held) {
      hold.current.held = false;
      return;
    }
    if (selecting) return onToggleSelect(item);
    if (!waitsForDouble) return onOpen(item, false);
    // The first click waits a moment: a second one makes it a double click (fullscreen).
    if (pending.current) clearTimeout(pending.current);
    if (event.detail >= 2) {
      pending.current = null;
      return onOpen(item, true);
    }
    pending.current = setTimeout(() => {
      pending.current = null;
      onOpen(item, false);
    }, DOUBLE_CLICK_MS);
  };

  const round = compact || !below ? 'rounded-xl' : 'rounded-t-xl';
  return (
    <article
      aria-labelledby={titleId}
      data-video-card={clip ? '' : undefined}
      onPointerEnter={clip ? (e) => e.pointerType !== 'touch' && want(1, true) : undefined}
      onPointerLeave={clip ? up : undefined}
      onPointerDown={clip ? down : undefined}
      onPointerUp={clip ? (e) => e.pointerType === 'touch' && up(e) : undefined}
      onPointerCancel={clip ? up : undefined}
      onContextMenu={clip ? (e) => hold.current.held && e.preventDefault() : undefined}
      className={selected ? 'group media-card ring-2 ring-accent ring-offset-2 ring-offset-bg' : 'group media-card'}
    >
      {/* The menu may reach beyond the card: only the picture's own layer clips. */}
      <div className={`relative ${look.title === 'overlay' ? 'min-h-0 flex-1' : 'aspect-square'}`}>
        {/** biome-ignore lint/a11y/useAnchorContent: kept from before the linter; fix when this code is next touched */}
        <a
          href={item.display}
          target="_blank"
          rel="noopener"
          // The overlay's visible words (the title and the plays) are part of the name (WCAG 2.5.3).
          aria-label={overlay && item.type === 'video' && item.playCount ? `Open ${title} ${playsText(item.playCount)}` : `Open ${title}`}
          aria-hidden={selecting ? true : undefined}
          tabIndex={selecting ? -1 : undefined}
          onClick={open}
          onFocus={clip ? (e) => e.currentTarget.matches(':focus-visible') && want(2, true) : undefined}
          onBlur={clip ? () => want(2, false) : undefined}
          className={`absolute inset-0 overflow-hidden bg-raised ${round}`}
        >
          <Picture item={item} live={live} />
          {clip && wanted && live ? <PreviewClip src={clip} onPlaying={setPlaying} /> : null}
          {badge ? (
            <span className={`absolute inset-0 flex items-center justify-center transition-opacity ${playing ? 'opacity-0' : ''}`}>
              <span className="media-play">
                <PlayIcon size={18} />
              </span>
            </span>
          ) : null}
          {overlay ? (
            <span
              className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent px-2 pb-1.5 pt-6 text-white ${compact ? 'sr-only' : ''}`}
            >
              <span id={titleId} className="block truncate text-sm font-semibold" title={title}>
                {title}
              </span>
              <Plays item={item} className="block text-[11px] text-white/80" />
            </span>
          ) : null}
        </a>
        <Status item={item} />
        <CardStars item={item} compact={compact} />
        {item.offline ? <span className="chip pointer-events-none absolute bottom-2 left-2 bg-black/80 text-white">Offline</span> : null}
        {look.source ? (
          <span data-source className={`chip pointer-events-none absolute bottom-2 left-2 text-white ${SOURCE_CHIP[item.source][1]}`}>
            {SOURCE_CHIP[item.source][0]}
          </span>
        ) : null}
        {item.type === 'video' && item.duration !== null && !compact ? (
          <span
            className={`pointer-events-none absolute right-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white ${overlay ? 'top-11' : 'bottom-2'}`}
          >
            {formatDuration(item.duration)}
          </span>
        ) : null}
        {selecting ? (
          <label className="media-check">
            <input
              type="checkbox"
              checked={selected}
              disabled={!live}
              onChange={() => onToggleSelect(item)}
              aria-label={`Select ${title}`}
              className="h-4 w-4 cursor-pointer accent-[rgb(var(--c-accent))]"
            />
          </label>
        ) : look.favorite === 'button' && onFavorite && !item.deletedAt ? (
          <button
            type="button"
            aria-label={item.isFavorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
            aria-pressed={item.isFavorite}
            disabled={!live || busy}
            onClick={() => onFavorite(item)}
            className={`media-round absolute left-2 top-2 ${item.isFavorite ? 'text-[#ff6b9a]' : 'text-white'}`}
          >
            <FavoriteMark size={16} filled={item.isFavorite} />
          </button>
        ) : item.isFavorite ? (
          <span className="media-mark" title="Favorite">
            <FavoriteMark size={14} filled />
          </span>
        ) : null}
        {selecting && look.favorite === 'button' ? null : (
          <div className={compact ? 'media-menu' : 'absolute right-1.5 top-1.5'}>
            <CardMenu label={`Actions for ${title}`} actions={actions} disabled={!live || busy} />
          </div>
        )}
      </div>
      {below ? (
        <div className="min-w-0 px-3 pb-2.5 pt-2">
          <h2 id={titleId} className="truncate text-sm font-semibold" title={title}>
            {title}
          </h2>
          {titlesView ? (
            <p className="mt-0.5 flex min-w-0 items-center gap-2 text-xs text-muted">
              {item.modelName ? <span className="chip max-w-[60%] truncate bg-accent/10 text-accent">{item.modelName}</span> : null}
              <span className="whitespace-nowrap">{formatSize(item.size)}</span>
              <Plays item={item} className="whitespace-nowrap" />
            </p>
          ) : (
            <p className="mt-0.5 truncate text-xs text-muted">
              {`${item.type === 'video' ? 'Video' : 'Image'} · ${formatSize(item.size)}`}
              <Plays item={item} dot />
            </p>
          )}
        </div>
      ) : compact && look.title === 'below' ? (
        <h2 id={titleId} className="sr-only">
          {title}
        </h2>
      ) : null}
    </article>
  );
}
