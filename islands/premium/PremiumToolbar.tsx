// The premium page's controls: the search ('Search Premium Gallery', a GET form, debounced as you
// type once live) with its clear button; the filter chips and the Actions menu (Recycling Bin,
// Select / Exit Select, Find Duplicates); Sort By with the order toggle; the compact-grid and
// titles-view switches; the item count. Chips are links to their view, so they work without JavaScript.

import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { MAX_PREMIUM_SEARCH, PREMIUM_FILTER_CHIPS, PREMIUM_SORT_CHIPS, PREMIUM_TEXT, changePremiumView, premiumHref, type PremiumView } from '../../src/shared/premium-view.ts';
import { ChevronIcon, CloseIcon, SearchIcon, SortIcon } from '../gallery/icons.tsx';
import { MenuButton } from './MenuButton.tsx';

export const PREMIUM_SEARCH_DEBOUNCE_MS = 350;

const CHIP = 'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-semibold no-underline transition-colors';
export const premiumChip = (on: boolean) => `${CHIP} ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line text-fg hover:bg-raised'}`;

function Switch({ label, on, live, onChange }: { label: string; on: boolean; live: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className={`inline-flex items-center gap-2 text-sm font-semibold ${live ? 'cursor-pointer' : 'opacity-50'}`}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={label}
        disabled={!live}
        onClick={() => onChange(!on)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors ${on ? 'border-accent bg-accent' : 'border-line bg-raised'}`}
      >
        <span className={`inline-block h-4 w-4 rounded-full shadow transition-transform ${on ? 'translate-x-6 bg-accent-fg' : 'translate-x-1 bg-muted'}`} />
      </button>
      <span aria-hidden="true">{label}</span>
    </label>
  );
}

export function PremiumToolbar({
  view,
  live,
  selecting,
  compact,
  titles,
  count,
  onView,
  onSearch,
  onSelecting,
  onCompact,
  onTitles,
  onDuplicates,
}: {
  view: PremiumView;
  live: boolean;
  selecting: boolean;
  compact: boolean;
  titles: boolean;
  /** Items in the view (all pages), or null while unknown. */
  count: number | null;
  onView: (view: PremiumView) => void;
  onSearch: (search: string) => void;
  onSelecting: (on: boolean) => void;
  onCompact: (on: boolean) => void;
  onTitles: (on: boolean) => void;
  onDuplicates: () => void;
}) {
  const [text, setText] = useState(view.search);
  const searchId = useId();
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) setText(view.search);
  }, [view.search]);
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      if (text.trim() !== view.search) onSearch(text.trim());
    }, PREMIUM_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, view.search, onSearch]);

  const link = (target: PremiumView) => ({
    href: premiumHref(target),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (!live || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onView(target);
    },
  });
  const inAlbums = view.filter === 'albums';

  return (
    <div className="mb-5 space-y-3">
      <form
        method="get"
        action="/premium"
        role="search"
        aria-label="Search premium content"
        onSubmit={(event) => {
          event.preventDefault();
          typed.current = false;
          onSearch(text.trim());
        }}
        className="relative"
      >
        {view.filter !== 'all' ? <input type="hidden" name="filter" value={view.filter} /> : null}
        {view.sortBy !== 'createdAt' ? <input type="hidden" name="sortBy" value={view.sortBy} /> : null}
        {view.sortOrder !== 'desc' ? <input type="hidden" name="sortOrder" value={view.sortOrder} /> : null}
        <label htmlFor={searchId} className="sr-only">
          {PREMIUM_TEXT.search}
        </label>
        <SearchIcon size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          id={searchId}
          type="text"
          inputMode="search"
          name="search"
          value={text}
          maxLength={MAX_PREMIUM_SEARCH}
          placeholder={PREMIUM_TEXT.search}
          autoComplete="off"
          onChange={(event) => {
            typed.current = true;
            setText(event.currentTarget.value);
          }}
          className="field pl-10 pr-11"
        />
        {text ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              typed.current = false;
              setText('');
              if (view.search) onSearch('');
            }}
            className="absolute right-1.5 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-raised hover:text-fg"
          >
            <CloseIcon size={16} />
          </button>
        ) : null}
      </form>

      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label="Show">
          <ul className="flex flex-wrap gap-2">
            {PREMIUM_FILTER_CHIPS.map((chip) => (
              <li key={chip.filter}>
                <a {...link(changePremiumView(view, { filter: chip.filter }))} aria-current={view.filter === chip.filter ? 'page' : undefined} className={premiumChip(view.filter === chip.filter)}>
                  {chip.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <MenuButton
          label="Actions"
          icon={<ChevronIcon direction="right" size={14} className="order-last rotate-90" />}
          disabled={!live}
          className={`${premiumChip(view.filter === 'recycling-bin' || selecting)} disabled:opacity-50`}
          actions={[
            { label: 'Recycling Bin', run: () => onView(changePremiumView(view, { filter: 'recycling-bin' })) },
            ...(inAlbums ? [] : [{ label: selecting ? 'Exit Select' : 'Select', run: () => onSelecting(!selecting) }]),
            { label: 'Find Duplicates', run: onDuplicates },
          ]}
        />
        {view.filter === 'recycling-bin' ? <span className="chip bg-danger/10 text-danger">Recycling Bin</span> : null}
        {selecting ? <span className="chip bg-accent/10 text-accent">Select mode</span> : null}
      </div>

      {inAlbums ? null : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <nav aria-label="Sort by" className="flex flex-wrap items-center gap-2">
            <span aria-hidden="true" className="text-xs font-semibold uppercase tracking-wide text-muted">
              Sort By
            </span>
            {PREMIUM_SORT_CHIPS.map((chip) => (
              <a key={chip.sortBy} {...link(changePremiumView(view, { sortBy: chip.sortBy }))} aria-current={view.sortBy === chip.sortBy ? 'true' : undefined} className={premiumChip(view.sortBy === chip.sortBy)}>
                {chip.label}
              </a>
            ))}
            <a
              {...link(changePremiumView(view, { sortOrder: view.sortOrder === 'asc' ? 'desc' : 'asc' }))}
              aria-label={view.sortOrder === 'asc' ? 'Ascending: sort descending instead' : 'Descending: sort ascending instead'}
              title={view.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
              className={`${CHIP} border-line text-fg hover:bg-raised`}
            >
              <SortIcon size={16} ascending={view.sortOrder === 'asc'} />
              {view.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
            </a>
          </nav>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:ml-auto">
            <Switch label="Compact" on={compact} live={live} onChange={onCompact} />
            <Switch label="Titles" on={titles} live={live} onChange={onTitles} />
            <p aria-live="polite" className="text-sm font-semibold text-muted tabular-nums">
              {count === null ? '' : `${count} ${count === 1 ? 'item' : 'items'}`}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
