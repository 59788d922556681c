// The Red Room's controls: the search (a GET form, debounced as you type once the island is live),
// the filter chips (the last, Albums, shows the Albums panel), Find Duplicates and Select, the sort
// chips with the order toggle, and the Thumbnails switch. Chips are links to the view they show, so
// every control works without JavaScript too.

import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { GALLERY_FILTER_CHIPS, GALLERY_SORT_CHIPS, GALLERY_TEXT, MAX_GALLERY_SEARCH, changeView, galleryHref, type GalleryView } from '../../src/shared/gallery-view.ts';
import { SearchIcon, SortIcon } from './icons.tsx';

export const SEARCH_DEBOUNCE_MS = 350;

const CHIP = 'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-semibold no-underline transition-colors';
const chipClass = (on: boolean) => `${CHIP} ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line text-fg hover:bg-raised'}`;

export function Toolbar({
  view,
  live,
  selecting,
  compact,
  onView,
  onSearch,
  onSelecting,
  onCompact,
  onFindDuplicates,
}: {
  view: GalleryView;
  live: boolean;
  selecting: boolean;
  compact: boolean;
  /** A click on a chip (the island shows the view without a page load). */
  onView: (view: GalleryView) => void;
  /** A search typed (after the debounce) or submitted. */
  onSearch: (search: string) => void;
  onSelecting: (on: boolean) => void;
  onCompact: (on: boolean) => void;
  /** Opens the duplicates dialog; the chip is left out without it. */
  onFindDuplicates?: () => void;
}) {
  const albums = view.filter === 'albums';
  const [text, setText] = useState(view.search);
  const searchId = useId();
  const typed = useRef(false);
  // The address changed (back, forward, a chip): the field follows, unless it is what was typed.
  useEffect(() => {
    if (!typed.current) setText(view.search);
  }, [view.search]);
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      if (text.trim() !== view.search) onSearch(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, view.search, onSearch]);

  const link = (target: GalleryView) => ({
    href: galleryHref(target),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (!live || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onView(target);
    },
  });

  return (
    <div className="mb-5 space-y-3">
      <form
        method="get"
        action="/gallery"
        role="search"
        aria-label="Search media"
        onSubmit={(event) => {
          event.preventDefault();
          typed.current = false;
          onSearch(text.trim());
        }}
        className="relative"
      >
        {/* A search from the albums view searches the media. */}
        {view.filter !== 'all' && !albums ? <input type="hidden" name="filter" value={view.filter} /> : null}
        {view.sortBy !== 'createdAt' ? <input type="hidden" name="sortBy" value={view.sortBy} /> : null}
        {view.sortOrder !== 'desc' ? <input type="hidden" name="sortOrder" value={view.sortOrder} /> : null}
        {view.limit !== 50 ? <input type="hidden" name="limit" value={view.limit} /> : null}
        <label htmlFor={searchId} className="sr-only">
          Search
        </label>
        <SearchIcon size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          id={searchId}
          type="search"
          name="search"
          value={text}
          maxLength={MAX_GALLERY_SEARCH}
          placeholder={GALLERY_TEXT.search}
          onChange={(event) => {
            typed.current = true;
            setText(event.currentTarget.value);
          }}
          className="field pl-10"
        />
      </form>

      <nav aria-label="Show" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-2 px-1 pb-1">
          {GALLERY_FILTER_CHIPS.map((chip) => (
            <li key={chip.filter}>
              <a {...link(changeView(view, { filter: chip.filter }))} aria-current={view.filter === chip.filter ? 'page' : undefined} className={chipClass(view.filter === chip.filter)}>
                {chip.label}
              </a>
            </li>
          ))}
          {onFindDuplicates ? (
            <li>
              <button type="button" aria-haspopup="dialog" disabled={!live} onClick={onFindDuplicates} className={`${chipClass(false)} disabled:opacity-50`}>
                {GALLERY_TEXT.findDuplicates}
              </button>
            </li>
          ) : null}
          {/* Albums are not selected in bulk: the albums view has no Select. */}
          {albums ? null : (
            <li>
              <button type="button" aria-pressed={selecting} disabled={!live} onClick={() => onSelecting(!selecting)} className={`${chipClass(selecting)} disabled:opacity-50`}>
                {selecting ? 'Exit Select' : 'Select'}
              </button>
            </li>
          )}
        </ul>
      </nav>

      <div className={albums ? 'hidden' : 'flex flex-wrap items-center gap-x-4 gap-y-2'}>
        <nav aria-label="Sort by" className="flex flex-wrap items-center gap-2">
          <span aria-hidden="true" className="text-xs font-semibold uppercase tracking-wide text-muted">
            Sort
          </span>
          {GALLERY_SORT_CHIPS.map((chip) => (
            <a key={chip.sortBy} {...link(changeView(view, { sortBy: chip.sortBy }))} aria-current={view.sortBy === chip.sortBy ? 'true' : undefined} className={chipClass(view.sortBy === chip.sortBy)}>
              {chip.label}
            </a>
          ))}
          <a
            {...link(changeView(view, { sortOrder: view.sortOrder === 'asc' ? 'desc' : 'asc' }))}
            aria-label={view.sortOrder === 'asc' ? 'Ascending: sort descending instead' : 'Descending: sort ascending instead'}
            title={view.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
            className={`${CHIP} border-line text-fg hover:bg-raised`}
          >
            <SortIcon size={16} ascending={view.sortOrder === 'asc'} />
            {view.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
          </a>
        </nav>
        <label className={`ml-auto inline-flex items-center gap-2 text-sm font-semibold ${live ? 'cursor-pointer' : 'opacity-50'}`}>
          <button
            type="button"
            role="switch"
            aria-checked={compact}
            aria-label="Thumbnails"
            disabled={!live}
            onClick={() => onCompact(!compact)}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors ${compact ? 'border-accent bg-accent' : 'border-line bg-raised'}`}
          >
            <span className={`inline-block h-4 w-4 rounded-full shadow transition-transform ${compact ? 'translate-x-6 bg-accent-fg' : 'translate-x-1 bg-muted'}`} />
          </button>
          <span aria-hidden="true">Thumbnails</span>
        </label>
      </div>
    </div>
  );
}
