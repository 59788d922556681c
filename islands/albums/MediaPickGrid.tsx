// A grid of media thumbnails to pick from (Add Media's browser, Select Thumbnail, Add from Gallery):
// each a toggle button named by the item's title, the title written under the picture (cut to one
// line, whole on hover), with a tick when picked.

import type { MediaItem } from '../../src/shared/media.ts';
import { CheckIcon, ImagesIcon, PlayIcon } from '../media/icons.tsx';

export function MediaPickGrid({
  items,
  picked,
  onPick,
  label,
}: {
  items: MediaItem[];
  picked: (item: MediaItem) => boolean;
  onPick: (item: MediaItem) => void;
  label: string;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {items.map((item) => {
        const on = picked(item);
        const title = item.title.trim() || 'Untitled';
        return (
          <li key={item._id} className="min-w-0">
            <button
              type="button"
              aria-pressed={on}
              aria-label={title}
              title={title}
              onClick={() => onPick(item)}
              className={`block w-full min-w-0 overflow-hidden rounded-lg bg-raised text-left ${on ? 'ring-3 ring-accent ring-offset-2 ring-offset-surface' : 'hover:opacity-90'}`}
            >
              <span className="relative block aspect-square w-full">
                {item.thumbnail ? (
                  <img src={item.thumbnail} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-muted">
                    <ImagesIcon size={24} />
                  </span>
                )}
                {item.type === 'video' ? (
                  <span
                    aria-hidden="true"
                    className="absolute bottom-1 left-1 inline-flex h-6 w-6 items-center justify-center rounded-full bg-black/60 text-white"
                  >
                    <PlayIcon size={12} />
                  </span>
                ) : null}
                <span
                  aria-hidden="true"
                  className={`absolute right-1.5 top-1.5 inline-flex h-6 w-6 items-center justify-center rounded-full border-2 ${on ? 'border-accent bg-accent text-accent-fg' : 'border-white bg-black/40 text-transparent'}`}
                >
                  <CheckIcon size={14} />
                </span>
              </span>
              <span data-pick-title aria-hidden="true" className="block truncate px-1.5 py-1 text-xs font-medium">
                {title}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
