// One card of the premium grid: the thumbnail, or for a video the clip itself, played muted and
// looping while the pointer is over it (paused and rewound when it leaves); the title ('Untitled'
// when empty) over the picture, or below it with the model chip and the size in titles view; a
// checkbox in select mode; the card menu.

import { useRef } from 'react';
import { formatDuration, formatSize, type MediaItem } from '../../src/shared/media.ts';
import { WarningIcon } from '../components/Icons.tsx';
import { CardMenu, type MenuAction } from '../gallery/CardMenu.tsx';
import { HeartIcon, PlayIcon, SpinnerIcon } from '../gallery/icons.tsx';

export interface PremiumCardProps {
  item: MediaItem;
  compact: boolean;
  titles: boolean;
  live: boolean;
  selecting: boolean;
  selected: boolean;
  busy: boolean;
  actions: MenuAction[];
  onOpen: (item: MediaItem) => void;
  onToggleSelect: (item: MediaItem) => void;
}

export const titleOf = (item: MediaItem) => item.title.trim() || 'Untitled';

function Still({ item }: { item: MediaItem }) {
  if (item.status === 'processing') {
    return (
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-raised text-muted">
        <SpinnerIcon size={22} />
        <span className="text-xs font-semibold">Processing…</span>
      </span>
    );
  }
  if (item.status === 'failed' || !item.thumbnail) {
    return (
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-raised px-3 text-center text-danger">
        <WarningIcon />
        <span className="text-xs font-semibold">Processing failed</span>
      </span>
    );
  }
  return <img src={item.thumbnail} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />;
}

export function PremiumCard({ item, compact, titles: titlesView, live, selecting, selected, busy, actions, onOpen, onToggleSelect }: PremiumCardProps) {
  // Compact tiles are pictures only (150 px rows leave no room for a text strip).
  const titles = titlesView && !compact;
  const video = useRef<HTMLVideoElement>(null);
  const title = titleOf(item);
  const titleId = `premium-${item._id}-title`;
  const playable = item.type === 'video' && item.status === 'ready';

  const startPreview = () => {
    const clip = video.current;
    if (!clip) return;
    clip.muted = true;
    // A refused play (no data yet, a browser policy) leaves the poster in place.
    void clip.play()?.catch?.(() => undefined);
  };
  const stopPreview = () => {
    const clip = video.current;
    if (!clip) return;
    clip.pause();
    clip.currentTime = 0;
  };

  return (
    <article
      aria-labelledby={titleId}
      data-video-card={playable ? '' : undefined}
      onMouseEnter={playable ? startPreview : undefined}
      onMouseLeave={playable ? stopPreview : undefined}
      className={`group relative flex h-full flex-col rounded-xl border border-line bg-surface shadow-sm ${selected ? 'ring-2 ring-accent ring-offset-2 ring-offset-bg' : ''}`}
    >
      <div className={`relative min-h-0 flex-1 overflow-hidden bg-raised ${titles ? 'rounded-t-xl' : 'rounded-xl'}`}>
        {playable ? (
          <video
            ref={video}
            src={item.display}
            poster={item.thumbnail ?? undefined}
            muted
            loop
            playsInline
            preload="none"
            aria-hidden="true"
            tabIndex={-1}
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : (
          <Still item={item} />
        )}
        {/* The whole picture opens the viewer (or picks the card in select mode). */}
        <button
          type="button"
          aria-label={`Open ${title}`}
          aria-hidden={selecting ? true : undefined}
          disabled={!live}
          tabIndex={selecting ? -1 : 0}
          onClick={() => (selecting ? onToggleSelect(item) : onOpen(item))}
          className="absolute inset-0 z-[1] block h-full w-full cursor-pointer focus-visible:outline-offset-[-3px]"
        />
        {playable && !compact ? (
          <span className="pointer-events-none absolute bottom-2 right-2 z-[2] inline-flex items-center gap-1 rounded bg-black/75 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white">
            <PlayIcon size={10} />
            {formatDuration(item.duration)}
          </span>
        ) : null}
        {item.isFavorite && !selecting ? (
          <span className="pointer-events-none absolute left-2 top-2 z-[2] inline-flex h-7 w-7 items-center justify-center rounded-full bg-black/55 text-[#ff6b9a]" title="Favorite">
            <HeartIcon size={14} filled />
          </span>
        ) : null}
        {!titles ? (
          <span className={`pointer-events-none absolute inset-x-0 bottom-0 z-[2] bg-gradient-to-t from-black/85 to-transparent px-2 pb-1.5 pt-6 text-white ${compact ? 'sr-only' : ''}`}>
            <span id={titleId} className="block truncate text-sm font-semibold" title={title}>
              {title}
            </span>
          </span>
        ) : null}
      </div>
      {titles ? (
        <div className="min-w-0 px-3 pb-2.5 pt-2">
          <h2 id={titleId} className="truncate text-sm font-semibold" title={title}>
            {title}
          </h2>
          <p className="mt-1 flex min-w-0 items-center gap-2 text-xs text-muted">
            {item.modelName ? <span className="chip max-w-[60%] truncate bg-accent/10 text-accent">{item.modelName}</span> : null}
            <span className="whitespace-nowrap">{formatSize(item.size)}</span>
          </p>
        </div>
      ) : null}
      {selecting ? (
        <label className="absolute left-1.5 top-1.5 z-[3] inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-full bg-black/55">
          <input type="checkbox" checked={selected} disabled={!live} onChange={() => onToggleSelect(item)} aria-label={`Select ${title}`} className="h-4.5 w-4.5 cursor-pointer accent-[rgb(var(--c-accent))]" />
        </label>
      ) : null}
      <div className={`absolute right-1.5 top-1.5 z-[3] ${compact ? 'opacity-100 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-within:opacity-100' : ''}`}>
        <CardMenu label={`Actions for ${title}`} actions={actions} disabled={!live || busy} />
      </div>
    </article>
  );
}
