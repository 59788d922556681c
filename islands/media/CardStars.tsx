// A media item's rating as a card shows it (decision 0068): five stars in a dark pill at the top of
// the picture, filled up to the rating, named "Rating: 4 of 5 stars" for assistive technology. It
// is the one part of the rating every gallery page loads first (the cards), so it is kept to a few
// lines: setting a rating (the viewer's stars, the keys, the toolbar's filter, select mode's Rate)
// is stars.tsx, loaded with the viewer and the toolbar.
//
// Where a pointer hovers, the stars appear while it is over the card or focus is in it (they are
// always in the page, only transparent, so nothing moves); where nothing hovers (a phone) a rated
// card always shows them, an unrated one nothing; compact tiles on a phone are too narrow for them.

import type { MediaItem } from '../../src/shared/media.ts';

/** An item's rating, 1 to 5, or null: not rated. */
export const starsOf = (item: MediaItem): number | null => (item as { rating?: number | null }).rating ?? null;

/** The rating in words, the name of the stars wherever they are shown. */
export const starsLabel = (stars: number | null) => (stars ? `Rating: ${stars} of 5 stars` : 'Rating: not rated');

/** The star character every drawing of the rating uses (text, so fifty cards cost a few bytes each). */
export const STAR = '\u2605';

export function CardStars({ item, compact }: { item: MediaItem; compact: boolean }) {
  const stars = starsOf(item);
  if (!stars) return null;
  return (
    <span
      role="img"
      aria-label={starsLabel(stars)}
      data-stars={stars}
      className={`pointer-events-none absolute left-1/2 top-3.5 -translate-x-1/2 whitespace-nowrap rounded-full bg-black/75 px-1.5 text-xs leading-5 tracking-tight text-white/60 opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 ${compact ? 'hidden sm:block' : '[@media(hover:none)]:opacity-100'}`}
    >
      <span className="text-[#fbbf24]">{STAR.repeat(stars)}</span>
      {STAR.repeat(5 - stars)}
    </span>
  );
}
