// One card of The Red Room: the thumbnail (its ThumbHash placeholder underneath while it loads),
// or a placeholder while the item is processing or when processing failed; the duration on
// videos, the title and the size; the favourite heart and the card menu; a tick in select mode.

import { useEffect, useState } from 'react';
import { formatDuration, formatSize, type MediaItem } from '../../src/shared/media.ts';
import { placeholderDataUrl } from '../../src/shared/thumbhash.ts';
import { WarningIcon } from '../components/Icons.tsx';
import { CardMenu, type MenuAction } from './CardMenu.tsx';
import { CheckIcon, HeartIcon, PlayIcon, SpinnerIcon } from './icons.tsx';

export type CardAction = 'editTitle' | 'editTags' | 'addToAlbum' | 'profilePicture' | 'select' | 'delete' | 'restore' | 'deleteForever';

export interface MediaCardProps {
  item: MediaItem;
  compact: boolean;
  live: boolean;
  inBin: boolean;
  selecting: boolean;
  selected: boolean;
  /** A change of this item is on its way. */
  busy: boolean;
  onOpen: (item: MediaItem, fullscreen: boolean) => void;
  onToggleSelect: (item: MediaItem) => void;
  onFavorite: (item: MediaItem) => void;
  onAction: (action: CardAction, item: MediaItem) => void;
  /** The menu's actions instead of the Red Room's (an album's view has its own). */
  menu?: MenuAction[];
}

/** The ThumbHash as a picture, made in the browser once the island is live (it costs kilobytes of HTML otherwise). */
function usePlaceholder(placeholder: string | null, live: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (live) setUrl(placeholderDataUrl(placeholder));
  }, [placeholder, live]);
  return url;
}

function Picture({ item, live }: { item: MediaItem; live: boolean }) {
  const placeholder = usePlaceholder(item.placeholder, live);
  if (item.status === 'processing') {
    return (
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-raised text-muted">
        <SpinnerIcon size={22} />
        <span className="text-xs font-semibold">Processing…</span>
      </div>
    );
  }
  if (item.status === 'failed' || !item.thumbnail) {
    return (
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-raised px-3 text-center text-danger">
        <WarningIcon />
        <span className="text-xs font-semibold">Processing failed</span>
        {item.failure ? <span className="line-clamp-3 text-[11px] text-muted">{item.failure}</span> : null}
      </div>
    );
  }
  return (
    <>
      {placeholder ? <img src={placeholder} alt="" aria-hidden="true" className="absolute inset-0 h-full w-full scale-110 object-cover blur-sm" /> : null}
      <img src={item.thumbnail} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
    </>
  );
}

export function MediaCard({ item, compact, live, inBin, selecting, selected, busy, onOpen, onToggleSelect, onFavorite, onAction, menu }: MediaCardProps) {
  const titleId = `media-${item._id}-title`;
  const actions: MenuAction[] = menu
    ? menu
    : inBin
    ? [
        { label: 'Restore', run: () => onAction('restore', item) },
        { label: 'Delete Forever', run: () => onAction('deleteForever', item), danger: true },
      ]
    : [
        { label: 'Edit Title', run: () => onAction('editTitle', item) },
        { label: 'Edit Tags', run: () => onAction('editTags', item) },
        { label: 'Add to Album', run: () => onAction('addToAlbum', item) },
        ...(item.type === 'image' && item.status === 'ready' ? [{ label: 'Set as Profile Picture', run: () => onAction('profilePicture', item) }] : []),
        { label: 'Select', run: () => onAction('select', item) },
        { label: 'Delete', run: () => onAction('delete', item), danger: true },
      ];
  const openLabel = selecting ? `${selected ? 'Deselect' : 'Select'} ${item.title}` : `Open ${item.title}`;
  return (
    <article aria-labelledby={titleId} className={`group relative flex flex-col ${compact ? '' : 'card'} ${selected ? 'ring-2 ring-accent ring-offset-2 ring-offset-bg' : ''} ${compact ? 'rounded-xl' : ''}`}>
      {/* The menu may reach beyond the card: only the picture's own layer clips. */}
      <div className="relative aspect-square">
        {/* Without JavaScript the picture opens in the browser; the island opens the viewer instead. */}
        <a
          href={item.display}
          target="_blank"
          rel="noopener"
          aria-label={openLabel}
          aria-pressed={selecting ? selected : undefined}
          role={selecting ? 'button' : undefined}
          onClick={(event) => {
            if (!live) return;
            event.preventDefault();
            if (selecting) onToggleSelect(item);
            else onOpen(item, false);
          }}
          onDoubleClick={(event) => {
            if (!live || selecting || item.type !== 'image') return;
            event.preventDefault();
            onOpen(item, true);
          }}
          className={`absolute inset-0 block overflow-hidden bg-raised ${compact ? 'rounded-xl' : 'rounded-t-2xl'}`}
        >
          <Picture item={item} live={live} />
          {item.type === 'video' && item.status === 'ready' ? (
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-black/55 text-white">
                <PlayIcon size={18} />
              </span>
            </span>
          ) : null}
        </a>
        {item.type === 'video' && item.duration !== null ? (
          <span className="pointer-events-none absolute bottom-2 right-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white">{formatDuration(item.duration)}</span>
        ) : null}
        {selecting ? (
          <span aria-hidden="true" className={`pointer-events-none absolute left-2 top-2 inline-flex h-6 w-6 items-center justify-center rounded-full border-2 ${selected ? 'border-accent bg-accent text-accent-fg' : 'border-white bg-black/40 text-transparent'}`}>
            <CheckIcon size={14} />
          </span>
        ) : inBin ? null : (
          <button
            type="button"
            aria-label={item.isFavorite ? `Remove ${item.title} from favorites` : `Add ${item.title} to favorites`}
            aria-pressed={item.isFavorite}
            disabled={!live || busy}
            onClick={() => onFavorite(item)}
            className={`absolute left-2 top-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-black/55 shadow-sm backdrop-blur hover:bg-black/75 disabled:opacity-50 ${item.isFavorite ? 'text-[#ff6b9a]' : 'text-white'}`}
          >
            <HeartIcon size={16} filled={item.isFavorite} />
          </button>
        )}
        {selecting ? null : (
          <div className="absolute right-2 top-2">
            <CardMenu label={`Actions for ${item.title}`} actions={actions} disabled={!live || busy} />
          </div>
        )}
      </div>
      <div className={compact ? 'sr-only' : 'min-w-0 px-3 pb-3 pt-2'}>
        <h2 id={titleId} className="truncate text-sm font-semibold" title={item.title}>
          {item.title}
        </h2>
        <p className="mt-0.5 text-xs text-muted">
          {item.type === 'video' ? 'Video' : 'Image'} · {formatSize(item.size)}
        </p>
      </div>
    </article>
  );
}
