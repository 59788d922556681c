// A gallery's controls: the search (a GET form, debounced as you type once the island is live,
// with a clear button), the filter chips, Find Duplicates and Select (as chips, or in an Actions
// menu with the recycling bin), the sort chips with the order toggle, the gallery's switches and
// the item count. Which of these a gallery has, and their words, come from its configuration.
// Chips are links to the view they show, so every control works without JavaScript too.

import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { itemsText } from '../../src/shared/gallery-view.ts';
import { changeMediaView, MAX_MEDIA_SEARCH, MEDIA_VIEW_FORM_ID, type MediaView, viewHref } from '../../src/shared/media-view.ts';
import { CardMenu } from './CardMenu.tsx';
import type { GalleryConfig, SwitchName } from './gallery-config.ts';
import { ChevronIcon, CloseIcon, SearchIcon, SortIcon } from './icons.tsx';
import { StarsField, StarsFilter } from './stars.tsx';

export const SEARCH_DEBOUNCE_MS = 350;

const CHIP = 'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold no-underline transition-colors';
export const chipClass = (on: boolean) => `${CHIP} ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line text-fg hover:bg-raised'}`;

function Switch({ label, on, live, onChange }: { label: string; on: boolean; live: boolean; onChange: (on: boolean) => void }) {
  return (
    // Dimmed while its button is disabled (the server's HTML, before JavaScript), by the button's own state.
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-semibold has-[:disabled]:cursor-auto has-[:disabled]:opacity-50">
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

/** The search: a GET form, debounced as you type once the island is live, with a clear button. */
function SearchForm({ config, view, onSearch }: { config: GalleryConfig; view: MediaView; onSearch: (search: string) => void }) {
  const words = config.text;
  const albums = view.filter === 'albums';
  const [text, setText] = useState(view.search);
  const searchId = useId();
  const typed = useRef(false);
  // The address changed (back, forward, a chip): the field follows, unless it is what was typed.
  useEffect(() => {
    if (!typed.current) setText(view.search);
  }, [view.search]);
  // Typed before the toolbar was live (it hydrates when first used): taken up as if typed now.
  const field = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the toolbar goes live
  useEffect(() => {
    const typedBefore = field.current?.value ?? text;
    if (typedBefore === text) return;
    typed.current = true;
    setText(typedBefore);
  }, []);
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      if (text.trim() !== view.search) onSearch(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, view.search, onSearch]);
  return (
    <form
      id={MEDIA_VIEW_FORM_ID}
      method="get"
      action={config.rules.path}
      role="search"
      aria-label={words.searchLabel}
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
      <StarsField view={view} />
      <label htmlFor={searchId} className="sr-only">
        {words.search}
      </label>
      <SearchIcon size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
      <input
        ref={field}
        id={searchId}
        type="text"
        inputMode="search"
        name="search"
        value={text}
        maxLength={MAX_MEDIA_SEARCH}
        placeholder={words.search}
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
  );
}

export function Toolbar({
  config,
  view,
  live,
  selecting,
  switches,
  count,
  onView,
  onSearch,
  onSelecting,
  onSwitch,
  onFindDuplicates,
}: {
  config: GalleryConfig;
  view: MediaView;
  live: boolean;
  selecting: boolean;
  switches: Record<SwitchName, boolean>;
  /** Items in the view (all pages), or null while unknown (shown where the gallery has a count). */
  count: number | null;
  /** A click on a chip (the island shows the view without a page load). */
  onView: (view: MediaView) => void;
  /** A search typed (after the debounce) or submitted. */
  onSearch: (search: string) => void;
  onSelecting: (on: boolean) => void;
  onSwitch: (name: SwitchName, on: boolean) => void;
  onFindDuplicates: () => void;
}) {
  const { toolbar } = config;
  const albums = view.filter === 'albums';
  const link = (target: MediaView) => ({
    href: viewHref(config.rules, target),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (!live || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onView(target);
    },
  });
  const selectLabel = selecting ? 'Exit Select' : 'Select';

  return (
    <div className="mb-5 min-w-0 space-y-2 sm:space-y-3">
      <SearchForm config={config} view={view} onSearch={onSearch} />

      {/* From sm the chip rows wrap; on phones each is one row that scrolls sideways from edge to
          edge (the Actions menu stays outside, so its list is not clipped). A chip's words stay together. */}
      <div className="flex items-center gap-2 sm:flex-wrap">
        <nav
          aria-label="Show"
          className={`${toolbar.actionsMenu ? '-ml-4 pl-4' : '-mx-4 px-4'} min-w-0 flex-1 overflow-x-auto py-1 sm:mx-0 sm:flex-none sm:overflow-visible sm:px-0 sm:py-0`}
        >
          <ul className="flex gap-2 sm:flex-wrap">
            {toolbar.filterChips.map((chip) => (
              <li key={chip.filter}>
                <a
                  {...link(changeMediaView(view, { filter: chip.filter }))}
                  aria-current={view.filter === chip.filter ? 'page' : undefined}
                  className={`${chipClass(view.filter === chip.filter)} whitespace-nowrap`}
                >
                  {chip.label}
                </a>
              </li>
            ))}
            {toolbar.actionsMenu ? null : (
              <>
                <li>
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    disabled={!live}
                    onClick={onFindDuplicates}
                    className={`${chipClass(false)} whitespace-nowrap disabled:opacity-50`}
                  >
                    Find Duplicates
                  </button>
                </li>
                {/* Albums are not selected in bulk: the albums view has no Select. */}
                {albums ? null : (
                  <li>
                    <button
                      type="button"
                      aria-pressed={selecting}
                      disabled={!live}
                      onClick={() => onSelecting(!selecting)}
                      className={`${chipClass(selecting)} whitespace-nowrap disabled:opacity-50`}
                    >
                      {selectLabel}
                    </button>
                  </li>
                )}
              </>
            )}
          </ul>
        </nav>
        {/* The bin lists what was deleted, with no rating filter. */}
        {albums || view.filter === 'recycling-bin' ? null : <StarsFilter view={view} link={link} chip={chipClass} />}
        {toolbar.actionsMenu ? (
          <div className="flex shrink-0 items-center gap-2">
            <CardMenu
              label="Actions"
              disabled={!live}
              trigger={{
                icon: <ChevronIcon direction="right" size={14} className="order-last rotate-90" />,
                className: `${chipClass(view.filter === 'recycling-bin' || selecting)} whitespace-nowrap disabled:opacity-50`,
              }}
              actions={[
                { label: 'Recycling Bin', run: () => onView(changeMediaView(view, { filter: 'recycling-bin' })) },
                ...(albums ? [] : [{ label: selectLabel, run: () => onSelecting(!selecting) }]),
                { label: 'Find Duplicates', run: onFindDuplicates },
              ]}
            />
            {view.filter === 'recycling-bin' ? <span className="chip bg-danger/10 text-danger">Recycling Bin</span> : null}
            {selecting ? <span className="chip bg-accent/10 text-accent">Select mode</span> : null}
          </div>
        ) : null}
      </div>

      {albums ? null : (
        <div className="-mx-4 flex items-center gap-x-4 gap-y-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:py-0">
          <nav aria-label="Sort by" className="flex shrink-0 items-center gap-2 sm:shrink sm:flex-wrap">
            <span aria-hidden="true" className="text-xs font-semibold uppercase tracking-wide text-muted">
              {toolbar.sortLabel}
            </span>
            {toolbar.sortChips.map((chip) => (
              <a
                key={chip.sortBy}
                {...link(changeMediaView(view, { sortBy: chip.sortBy, ...(chip.order ? { sortOrder: chip.order } : {}) }))}
                aria-current={view.sortBy === chip.sortBy ? 'true' : undefined}
                className={`${chipClass(view.sortBy === chip.sortBy)} whitespace-nowrap`}
              >
                {chip.label}
              </a>
            ))}
            {/** biome-ignore lint/a11y/useAriaPropsSupportedByRole: kept from before the linter; fix when this code is next touched */}
            <a
              {...link(changeMediaView(view, { sortOrder: view.sortOrder === 'asc' ? 'desc' : 'asc' }))}
              aria-label={view.sortOrder === 'asc' ? 'Ascending: sort descending instead' : 'Descending: sort ascending instead'}
              title={view.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
              className={`${CHIP} whitespace-nowrap border-line text-fg hover:bg-raised`}
            >
              <SortIcon size={16} ascending={view.sortOrder === 'asc'} />
              {view.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
            </a>
          </nav>
          <div className="flex shrink-0 items-center gap-x-4 gap-y-2 whitespace-nowrap sm:ml-auto sm:shrink sm:flex-wrap">
            {toolbar.switches.map((s) => (
              <Switch key={s.name} label={s.label} on={switches[s.name]} live={live} onChange={(on) => onSwitch(s.name, on)} />
            ))}
            {toolbar.count ? (
              <p aria-live="polite" className="text-sm font-semibold text-muted tabular-nums">
                {count === null ? '' : itemsText(count)}
              </p>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
