// Setting and choosing by a media item's rating, 1 to 5 stars or none (decision 0068), for both
// galleries, albums and a model's gallery: the viewer's five stars and its keys (1-5 set, 0 clears,
// as in Stash), the call behind them (shown at once, put back with a toast if the hub refuses),
// select mode's Rate menu and its bulk call's body, and the toolbar's minimum-rating filter (links,
// so it works without JavaScript, in a <details> that opens without it too). Loaded with the
// viewer, the select-mode bar and the toolbar, never with a gallery's first screen: the cards'
// stars are CardStars.tsx.

import { type MouseEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { MediaItem } from '../../src/shared/media.ts';
import { changeMediaView, type MediaView } from '../../src/shared/media-view.ts';
import { MenuList } from './CardMenu.tsx';
import { STAR, starsLabel, starsOf } from './CardStars.tsx';
import type { GridContext } from './MediaGrid.tsx';
import type { BulkBody } from './media-api.ts';
import { clientOf } from './media-client.ts';

export const RATE_FAILED = 'Failed to update rating';
const STARS = [1, 2, 3, 4, 5] as const;
const starsText = (n: number) => (n === 1 ? '1 star' : `${n} stars`);
const itemsText = (n: number) => (n === 1 ? '1 item' : `${n} items`);
/** The amber of a filled star: 10:1 on the viewer's black, 5:1 on the cards' pill over a white picture. */
const FILLED = 'text-[#fbbf24]';

/** A key of the viewer: 1 to 5 set that many stars, 0 clears them; any other key is not a rating's (undefined). */
export function starsOfKey(key: string): number | null | undefined {
  if (key === '0') return null;
  return /^[1-5]$/.test(key) ? Number(key) : undefined;
}

/** The latest rating asked for per item: an older answer arriving after a newer click changes nothing. */
const asked = new Map<string, number>();

/**
 * Rates one item (the viewer's stars and keys): the list's copy changes at once, so the viewer and
 * the card show it; the hub's answer replaces it, or the old rating comes back with a toast.
 */
export async function rate(g: Pick<GridContext, 'replaceItem' | 'toast'>, item: MediaItem, stars: number | null): Promise<void> {
  if (starsOf(item) === stars) return;
  const n = (asked.get(item._id) ?? 0) + 1;
  asked.set(item._id, n);
  g.replaceItem({ ...item, rating: stars });
  const outcome = await clientOf(item).update(item._id, { rating: stars }, RATE_FAILED);
  if (asked.get(item._id) !== n) return;
  if (outcome.ok) return g.replaceItem(outcome.value);
  g.replaceItem(item);
  g.toast.show(outcome.message || RATE_FAILED, 'error');
}

/** Select mode's bulk call for Rate: `rate` with the stars (null clears them). */
export const rateBody = (stars: number | null): Omit<BulkBody, 'ids'> => ({ action: 'rate', rating: stars });

/** What Rate says once done. */
export const ratedText = (n: number, stars: number | null) => (stars ? `${itemsText(n)} rated ${starsText(stars)}` : `Rating cleared for ${itemsText(n)}`);

/**
 * The viewer's stars: a named group of five buttons ("Rating: 4 of 5 stars"), Tab and Enter or
 * Space like any button (the arrow keys stay the viewer's: previous and next); a click on the
 * rating it has clears it. Pointing at a star shows what a click would give.
 */
export function ViewerStars({ item, onRate }: { item: MediaItem; onRate: (stars: number | null) => void }) {
  const stars = starsOf(item);
  const [pointed, setPointed] = useState<number | null>(null);
  const shown = pointed ?? stars ?? 0;
  return (
    <div
      role="group"
      aria-label={stars ? starsLabel(stars) : 'Rating: not rated'}
      className="-ml-1.5 flex items-center"
      onPointerLeave={() => setPointed(null)}
    >
      {STARS.map((n) => (
        <button
          key={n}
          type="button"
          aria-label={starsText(n)}
          aria-pressed={stars === n}
          aria-keyshortcuts={String(n)}
          title={stars === n ? `${starsText(n)} (click to clear)` : starsText(n)}
          onPointerEnter={() => setPointed(n)}
          onClick={() => onRate(stars === n ? null : n)}
          className={`inline-flex h-8 w-7 items-center justify-center rounded-md text-xl leading-none hover:bg-white/10 ${n <= shown ? FILLED : 'text-white/50'}`}
        >
          <span aria-hidden="true">{STAR}</span>
        </button>
      ))}
    </div>
  );
}

/** Select mode's Rate: a menu above the bar (which sits at the bottom of the screen) of 5 to 1 stars, and Clear. */
export function RateMenu({ className, disabled, onRate }: { className: string; disabled: boolean; onRate: (stars: number | null) => void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const actions = [...[...STARS].reverse().map((n) => ({ label: starsText(n), run: () => onRate(n) })), { label: 'Clear rating', run: () => onRate(null) }];
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        className={className}
      >
        Rate
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MenuList
            id={id}
            label="Rate"
            actions={actions}
            button={button}
            setOpen={setOpen}
            className="absolute bottom-full left-1/2 z-30 mb-2 w-40 -translate-x-1/2 overflow-hidden rounded-xl border border-line bg-surface py-1 text-left shadow-xl"
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The toolbar's search form keeps the minimum rating (without JavaScript a search sends it along). */
export function StarsField({ view }: { view: MediaView }) {
  return view.atLeast?.rating ? <input type="hidden" name="minRating" value={view.atLeast.rating} /> : null;
}

type Link = (target: MediaView) => { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void };

/**
 * The toolbar's minimum rating: a chip ("★ Any", "★ 3+") opening a list of links, Any and 1+ to 5,
 * each the view's address with `minRating` (a page load without JavaScript; the island shows the
 * view in place). A <details>, so it opens without JavaScript; once live, Escape and a click
 * elsewhere close it, and so does a choice.
 */
export function StarsFilter({ view, link, chip }: { view: MediaView; link: Link; chip: (on: boolean) => string }) {
  const box = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const min = view.atLeast?.rating ?? null;
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      const details = box.current;
      if (!details) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const choice = (n: number | null) => {
    const { href, onClick } = link(changeMediaView(view, { atLeast: n ? { rating: n } : undefined }));
    return {
      href,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        onClick(event);
        if (event.defaultPrevented && box.current) box.current.open = false;
      },
    };
  };
  return (
    <details ref={box} className="relative shrink-0" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={`${chip(min !== null)} cursor-pointer list-none whitespace-nowrap [&::-webkit-details-marker]:hidden`}>
        <span aria-hidden="true">{STAR}</span>
        <span className="sr-only">Minimum rating:</span>
        {min === null ? 'Any' : min === 5 ? '5' : `${min}+`}
      </summary>
      <ul
        aria-label="Minimum rating"
        className="absolute right-0 top-full z-30 mt-1 w-40 overflow-hidden rounded-xl border border-line bg-surface py-1 shadow-xl"
      >
        {[null, ...STARS].map((n) => (
          <li key={n ?? 0}>
            <a
              {...choice(n)}
              aria-current={min === n ? 'true' : undefined}
              className={`block whitespace-nowrap px-4 py-2 text-sm no-underline hover:bg-raised ${min === n ? 'font-semibold text-accent' : 'text-fg'}`}
            >
              {n === null ? 'Any rating' : n === 5 ? `${STAR} 5 only` : `${STAR} ${n} and up`}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Whether an item has at least `least` stars (0: every item, rated or not). */
export const hasStars = (item: MediaItem, least: number) => least === 0 || (starsOf(item) ?? 0) >= least;

/** A list's minimum rating where the list is filtered in the browser (a model's gallery): Any, 1+ to 5. */
export function StarsSelect({ value, onChange }: { value: number; onChange: (least: number) => void }) {
  return (
    <select aria-label="Minimum rating" value={value} onChange={(event) => onChange(Number(event.currentTarget.value))} className="field w-auto py-1.5">
      <option value={0}>{`${STAR} Any`}</option>
      {STARS.map((n) => (
        <option key={n} value={n}>
          {n === 5 ? `${STAR} 5` : `${STAR} ${n}+`}
        </option>
      ))}
    </select>
  );
}
