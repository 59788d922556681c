// The full-screen viewer of the galleries: one item at a time (the display rendition of an image,
// a video with its controls), previous and next with wraparound, 'X of Y', fullscreen, and the
// spec's keys: Escape, Left, Right, L (favourite), F (fullscreen), Backspace (delete confirm, where
// Enter confirms and Escape cancels). An overlay rather than a native modal <dialog>, so the page's
// toasts ('Added to favorites', ...) show above it; focus is kept inside it by hand. The premium
// variant adds the creator chip, the Premium chip, the type icon with the size, a double click that
// toggles fullscreen anywhere on the stage, and the More Options menu. A video's resume offer,
// kept position and scrub strip live in ViewerVideo.tsx.

import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { creatorOf } from '../../src/shared/creator.ts';
import { formatDuration, formatSize, type MediaItem, playsText } from '../../src/shared/media.ts';
import { TrashIcon } from '../components/Icons.tsx';
import { CardMenu, type MenuAction } from './CardMenu.tsx';
import { ChevronIcon, CloseIcon, FavoriteMark, FullscreenIcon, ImagesIcon, PlayIcon } from './icons.tsx';
import { starsOfKey, ViewerStars } from './stars.tsx';
import { ViewerVideo } from './ViewerVideo.tsx';

export interface ViewerProps {
  items: MediaItem[];
  /** The item shown (kept by the page, so it can follow a list that changes). */
  index: number;
  /** Opens straight into fullscreen (a double click on an image card). */
  fullscreen?: boolean;
  isAdmin: boolean;
  onClose: () => void;
  onIndexChange: (index: number) => void;
  /** Toggles the item's favourite (the page calls the hub, says so in a toast and passes the new item back in `items`). */
  // biome-ignore lint/suspicious/noConfusingVoidType: kept from before the linter; fix when this code is next touched
  onFavorite: (item: MediaItem) => Promise<unknown> | void;
  /** Moves the item to the recycling bin, once confirmed here (the page calls the hub and updates `items`). */
  // biome-ignore lint/suspicious/noConfusingVoidType: kept from before the linter; fix when this code is next touched
  onDelete: (item: MediaItem) => Promise<unknown> | void;
  /** 'premium': the premium gallery's viewer (creator and Premium chips, type icon, More Options). */
  variant?: 'gallery' | 'premium';
  /** The More Options menu's actions for the item shown (premium). */
  menuFor?: (item: MediaItem) => MenuAction[];
  /** A viewing of the video was counted (the page shows the new play count). */
  onPlayed?: (item: MediaItem) => void;
  /** Gives the item 1 to 5 stars, or none (null): its stars and keys 1-5 and 0 (the page shows the change at once). */
  onRate?: (item: MediaItem, stars: number | null) => unknown;
}

const FOCUSABLE = 'button:not([disabled]), a[href], video[controls], [tabindex]:not([tabindex="-1"])';
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Wraps around at both ends (spec: left/right cycle with wraparound). */
export const wrapIndex = (index: number, length: number) => (length === 0 ? 0 : ((index % length) + length) % length);

const ROUND_SHAPE = 'inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 disabled:opacity-40';
const ROUND = `${ROUND_SHAPE} text-white`;

export function Viewer({
  items,
  index,
  fullscreen: startFullscreen = false,
  isAdmin,
  onClose,
  onIndexChange,
  onFavorite,
  onDelete,
  variant = 'gallery',
  menuFor,
  onPlayed,
  onRate,
}: ViewerProps) {
  const root = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const titleId = useId();
  const at = wrapIndex(index, items.length);
  const item = items[at];
  const count = items.length;

  const go = useCallback((step: number) => count > 0 && onIndexChange(wrapIndex(at + step, count)), [at, count, onIndexChange]);

  const [isFullscreen, toggleFullscreen] = useFullscreen(root);

  const close = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    onClose();
  }, [onClose]);

  const favorite = useCallback(async () => {
    if (!item || busy) return;
    setBusy(true);
    try {
      await onFavorite(item);
    } finally {
      setBusy(false);
    }
  }, [item, busy, onFavorite]);

  const confirmDelete = useCallback(async () => {
    if (!item || busy) return;
    setBusy(true);
    try {
      await onDelete(item);
    } finally {
      setBusy(false);
      setConfirming(false);
      root.current?.focus();
    }
  }, [item, busy, onDelete]);

  // Opening: remember what had focus (the card), take it, and give it back on closing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    opener.current = document.activeElement;
    root.current?.focus();
    if (startFullscreen) void toggleFullscreen();
    return () => {
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  usePageScrollLock();

  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => setBroken(null), [item?._id]);

  // The next image's display rendition is fetched ahead, so Right shows it at once.
  useEffect(() => {
    const next = count > 1 ? items[wrapIndex(at + 1, count)] : undefined;
    // biome-ignore lint/complexity/useOptionalChain: kept from before the linter; fix when this code is next touched
    if (!next || next.type !== 'image' || next.status === 'failed') return;
    const image = new Image();
    image.decoding = 'async';
    image.src = next.display;
  }, [items, at, count]);

  useViewerKeys(root, { confirming, setConfirming, confirmDelete, close, go, favorite, toggleFullscreen, item, onRate });

  if (!item) return null;
  const premium = variant === 'premium';

  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-roledescription="media viewer"
      // Discreet mode shows an opened viewer's media unblurred: opening it is a deliberate act (uno.config.ts).
      data-viewer=""
      tabIndex={-1}
      className="fixed inset-0 z-[60] flex flex-col bg-black text-white outline-none"
    >
      <ViewerHeader
        item={item}
        titleId={titleId}
        position={`${at + 1} of ${count}`}
        premium={premium}
        isAdmin={isAdmin}
        busy={busy}
        isFullscreen={isFullscreen}
        onFavorite={() => void favorite()}
        onFullscreen={() => void toggleFullscreen()}
        onDelete={() => setConfirming(true)}
        menuFor={menuFor}
        onClose={close}
        onRate={onRate}
      />

      {/** biome-ignore lint/a11y/noStaticElementInteractions: kept from before the linter; fix when this code is next touched */}
      <div
        className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-2 sm:px-16"
        onDoubleClick={
          premium
            ? (event) => {
                // Double click anywhere on the stage toggles fullscreen (not on the arrows, the
                // resume offer or the scrub strip).
                if ((event.target as HTMLElement).closest('button, section, [data-scrubber]')) return;
                event.preventDefault();
                void toggleFullscreen();
              }
            : undefined
        }
      >
        {item.status === 'failed' ? (
          <p className="max-w-md text-center text-sm text-white/85">{`This file could not be processed${item.failure ? `: ${item.failure}` : '.'}`}</p>
        ) : broken === item._id ? (
          <p className="max-w-md text-center text-sm text-white/85">
            {item.status === 'processing' ? 'Still processing; it shows here once it is ready.' : 'This file cannot be shown.'}
          </p>
        ) : item.type === 'video' ? (
          <ViewerVideo key={item._id} item={item} onError={() => setBroken(item._id)} {...(onPlayed ? { onPlayed } : {})} />
        ) : (
          <img
            key={item._id}
            src={item.display}
            alt={item.title || 'Untitled'}
            className="max-h-full max-w-full select-none object-contain"
            onDoubleClick={premium ? undefined : () => void toggleFullscreen()}
            onError={() => setBroken(item._id)}
          />
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${ROUND} absolute left-2 top-1/2 -translate-y-1/2 bg-black/50 sm:left-4`}
              aria-label="Previous"
              aria-keyshortcuts="ArrowLeft"
              onClick={() => go(-1)}
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className={`${ROUND} absolute right-2 top-1/2 -translate-y-1/2 bg-black/50 sm:right-4`}
              aria-label="Next"
              aria-keyshortcuts="ArrowRight"
              onClick={() => go(1)}
            >
              <ChevronIcon direction="right" />
            </button>
          </>
        ) : null}
      </div>

      {item.tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap justify-center gap-1 px-3 pb-3">
          {item.tags.map((tag) => (
            <li key={tag} className="chip bg-white/15 text-white">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}

      {confirming ? (
        <DeleteConfirm
          title={item.title || 'Untitled'}
          busy={busy}
          onCancel={() => {
            setConfirming(false);
            root.current?.focus();
          }}
          onConfirm={() => void confirmDelete()}
        />
      ) : null}
    </div>
  );
}

/** The viewer's top bar: the title, 'X of Y' and the item's facts, and its buttons (favourite, fullscreen, download, delete, More Options, close). */
function ViewerHeader({
  item,
  titleId,
  position,
  premium,
  isAdmin,
  busy,
  isFullscreen,
  onFavorite,
  onFullscreen,
  onDelete,
  menuFor,
  onClose,
  onRate,
}: {
  item: MediaItem;
  titleId: string;
  position: string;
  premium: boolean;
  isAdmin: boolean;
  busy: boolean;
  isFullscreen: boolean;
  onFavorite: () => void;
  onFullscreen: () => void;
  onDelete: () => void;
  menuFor: ViewerProps['menuFor'];
  onClose: () => void;
  onRate: ViewerProps['onRate'];
}) {
  const kind = item.type === 'video' ? 'Video' : 'Image';
  const facts = [
    ...(premium ? [] : [kind, formatSize(item.size)]),
    ...(item.type === 'video' && item.duration !== null ? [formatDuration(item.duration)] : []),
    ...(item.type === 'video' && typeof item.playCount === 'number' ? [item.playCount === 0 ? 'Not played yet' : playsText(item.playCount)] : []),
    ...(item.width && item.height ? [`${item.width} × ${item.height}`] : []),
  ];
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:px-4">
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="truncate text-base font-semibold" title={item.title}>
          {item.title || 'Untitled'}
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-white/80">
          {/** biome-ignore lint/a11y/useAriaPropsSupportedByRole: kept from before the linter; fix when this code is next touched */}
          <span aria-label="Position" className="font-semibold tabular-nums text-white">
            {position}
          </span>
          {premium ? (
            <>
              {/** biome-ignore lint/a11y/useAriaPropsSupportedByRole: kept from before the linter; fix when this code is next touched */}
              <span aria-label="Creator" className="chip bg-white/15 text-white">
                {creatorOf(item)}
              </span>
              <span className="chip bg-[#8a5a00] text-white">Premium</span>
              <span data-type-size className="inline-flex items-center gap-1" title={kind}>
                {item.type === 'video' ? <PlayIcon size={12} /> : <ImagesIcon size={14} />}
                <span className="sr-only">{`${kind} `}</span>
                {formatSize(item.size)}
              </span>
            </>
          ) : null}
          {facts.map((fact) => (
            <span key={fact}>{fact}</span>
          ))}
          {!premium && item.modelName ? <span className="chip bg-white/15 text-white">{item.modelName}</span> : null}
        </p>
        {onRate ? <ViewerStars item={item} onRate={(stars) => onRate(item, stars)} /> : null}
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={`${ROUND_SHAPE} ${item.isFavorite ? 'text-[#ff8fb3]' : 'text-white'}`}
          aria-label={item.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
          aria-pressed={item.isFavorite}
          aria-keyshortcuts="L"
          disabled={busy}
          onClick={onFavorite}
        >
          <FavoriteMark size={20} filled={item.isFavorite} />
        </button>
        <button type="button" className={ROUND} aria-label={isFullscreen ? 'Exit fullscreen' : 'Enter fullscreen'} aria-keyshortcuts="F" onClick={onFullscreen}>
          <FullscreenIcon exit={isFullscreen} />
        </button>
        <a href={`/media/${encodeURIComponent(item._id)}?download=1`} download className={ROUND} aria-label="Download original" title="Download original">
          <DownloadIcon />
        </a>
        {isAdmin ? (
          <button type="button" className={ROUND} aria-label="Delete" aria-keyshortcuts="Backspace" aria-haspopup="dialog" disabled={busy} onClick={onDelete}>
            <TrashIcon size={20} />
          </button>
        ) : null}
        {premium && menuFor ? <CardMenu label="More Options" actions={menuFor(item)} /> : null}
        <button type="button" className={ROUND} aria-label="Close viewer" aria-keyshortcuts="Escape" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
    </header>
  );
}

/** Backspace's question: Delete Media, with Enter for Delete and Escape for Cancel (the viewer's keys). */
function DeleteConfirm({ title, busy, onCancel, onConfirm }: { title: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const confirmId = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center bg-black/70 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={confirmId}
        aria-describedby={`${confirmId}-text`}
        className="w-[min(92vw,26rem)] rounded-2xl border border-line bg-surface text-fg shadow-xl"
      >
        <h3 id={confirmId} className="px-6 pb-2 pt-6 text-lg font-bold">
          Delete Media
        </h3>
        <p id={`${confirmId}-text`} className="px-6 text-sm text-muted">
          {`Move “${title}” to the recycling bin? You can restore it from Recently Deleted.`}
        </p>
        <div className="mt-4 flex justify-end gap-2 border-t border-line px-6 py-3">
          <button type="button" className="btn-ghost" onClick={onCancel}>
            Cancel
          </button>
          <button ref={confirmButton} type="button" className="btn-danger" disabled={busy} onClick={onConfirm}>
            Delete
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The keys work wherever focus is on the page while the viewer is open. They are caught on the
 * way down (capture), so a dialog the viewer opened from (a model's gallery) does not take
 * Escape for itself; a key the viewer uses goes no further.
 */
function useViewerKeys(
  root: RefObject<HTMLDivElement | null>,
  {
    confirming,
    setConfirming,
    confirmDelete,
    close,
    go,
    favorite,
    toggleFullscreen,
    item,
    onRate,
  }: {
    confirming: boolean;
    setConfirming: (on: boolean) => void;
    confirmDelete: () => Promise<void>;
    close: () => void;
    go: (step: number) => unknown;
    favorite: () => Promise<void>;
    toggleFullscreen: () => Promise<void>;
    item: MediaItem | null | undefined;
    onRate: ViewerProps['onRate'];
  },
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: root is the viewer's ref, setConfirming a state setter
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      handle(event);
      if (event.defaultPrevented) event.stopPropagation();
    };
    const handle = (event: KeyboardEvent) => {
      // Closed: its elements are gone, though React may not have removed this listener yet; a key
      // pressed then (an Escape for the dialog under it) is not the viewer's.
      if (!root.current) return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (confirming) {
        if (event.key === 'Escape') {
          event.preventDefault();
          setConfirming(false);
          root.current?.focus();
        } else if (event.key === 'Enter') {
          event.preventDefault();
          void confirmDelete();
        }
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        // Escape leaves fullscreen first (browsers do that themselves), then closes.
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        else close();
        return;
      }
      if (typingIn(event.target)) return;
      const stars = starsOfKey(event.key);
      if (stars !== undefined && onRate && item) {
        event.preventDefault();
        onRate(item, stars);
        return;
      }
      // A focused video, or the scrub strip under it, keeps its own arrow keys (seeking) and space.
      const onVideo = event.target instanceof HTMLVideoElement || (event.target instanceof HTMLElement && event.target.getAttribute('role') === 'slider');
      switch (event.key) {
        case 'ArrowLeft':
          if (onVideo) return;
          event.preventDefault();
          go(-1);
          break;
        case 'ArrowRight':
          if (onVideo) return;
          event.preventDefault();
          go(1);
          break;
        case 'l':
        case 'L':
          event.preventDefault();
          void favorite();
          break;
        case 'f':
        case 'F':
          event.preventDefault();
          void toggleFullscreen();
          break;
        case 'Backspace':
          event.preventDefault();
          setConfirming(true);
          break;
        case 'Tab': {
          // Focus stays inside the viewer.
          const inside = [...(root.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
          if (inside.length === 0) return;
          const first = inside[0]!;
          const last = inside[inside.length - 1]!;
          const here = document.activeElement;
          if (event.shiftKey && (here === first || !root.current?.contains(here))) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && (here === last || !root.current?.contains(here))) {
            event.preventDefault();
            first.focus();
          }
          break;
        }
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [confirming, confirmDelete, close, go, favorite, toggleFullscreen, onRate, item]);
}

/** Fullscreen of the viewer: whether it is, and the toggle (refused quietly where not allowed). */
function useFullscreen(root: RefObject<HTMLDivElement | null>) {
  const [isFullscreen, setIsFullscreen] = useState(false);
  const toggleFullscreen = useCallback(async () => {
    const element = root.current;
    if (!element) return;
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await element.requestFullscreen?.();
    } catch {
      // Refused (no user gesture, or fullscreen not allowed): the viewer already fills the window.
    }
  }, [root]);
  useEffect(() => {
    const changed = () => setIsFullscreen(document.fullscreenElement === root.current && root.current !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [root]);
  return [isFullscreen, toggleFullscreen] as const;
}

/** The page behind does not scroll while the viewer is open. */
function usePageScrollLock(): void {
  useEffect(() => {
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, []);
}

/** Download: an arrow into a tray (drawn here, not in the page's sprite: the viewer is loaded when opened). */
function DownloadIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}
