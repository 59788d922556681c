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
export const starsOf = (item: MediaItem): number | null => item.rating ?? null;

/** The rating in words, the name of the stars wherever they are shown. */
export const starsLabel = (stars: number) => `Rating: ${stars} of 5 stars`;

/** The star character the viewer, the toolbar and select mode draw the rating with (the cards' stars are CSS: uno.config.ts). */
export const STAR = '\u2605';

export function CardStars({ item, compact }: { item: MediaItem; compact: boolean }) {
  const stars = starsOf(item);
  // media-stars (uno.config.ts) draws the stars from data-stars: over the picture's top, transparent
  // until the card is hovered or holds focus.
  return stars ? (
    <span
      role="img"
      aria-label={starsLabel(stars)}
      data-stars={stars}
      className={compact ? 'media-stars hidden sm:block' : 'media-stars [@media(hover:none)]:opacity-100'}
    />
  ) : null;
}
