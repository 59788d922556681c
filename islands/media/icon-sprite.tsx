// The media islands' icons drawn as one SVG sprite of <symbol>s (islands/media/icons.tsx draws
// each icon as a <use> of its symbol). The server writes the sprite into every page whose islands
// draw these icons (The Red Room, Premium, Models), outside the islands: the drawings are markup
// of the page, not code of its script, and fifty cards carry no copies of each path.

import { FAVORITE_PATH } from '../components/Icons.tsx';

const ROUND = 'stroke-linecap="round" stroke-linejoin="round"';

/**
 * Every icon's drawing as SVG markup, in a 24-unit frame; `filled` icons fill, the others stroke.
 * Markup, not elements: the sprite is one string made once (React writes it as it is, instead of
 * rendering some forty elements on every gallery page), and an inline icon is the same string.
 */
export const DRAWINGS = {
  search: { body: '<circle cx="11" cy="11" r="6.5"></circle><path d="m16 16 4.5 4.5" stroke-linecap="round"></path>' },
  sortAsc: { body: '<path d="M4 6h6M4 12h10M4 18h16" stroke-linecap="round"></path>' },
  sortDesc: { body: '<path d="M4 6h16M4 12h10M4 18h6" stroke-linecap="round"></path>' },
  spinner: { body: '<path d="M12 3a9 9 0 1 0 9 9" stroke-linecap="round"></path>' },
  play: { filled: true, body: '<path d="M8 5v14l11-7L8 5z" stroke-linejoin="round"></path>' },
  check: { body: `<path d="m5 12 5 5 9-10" ${ROUND}></path>` },
  more: {
    filled: true,
    body: '<circle cx="12" cy="5" r="1.6"></circle><circle cx="12" cy="12" r="1.6"></circle><circle cx="12" cy="19" r="1.6"></circle>',
  },
  left: { body: `<path d="m14 6-6 6 6 6" ${ROUND}></path>` },
  right: { body: `<path d="m10 6 6 6-6 6" ${ROUND}></path>` },
  first: { body: `<path d="m18 6-6 6 6 6M11 6l-6 6 6 6" ${ROUND}></path>` },
  last: { body: `<path d="m6 6 6 6-6 6M13 6l6 6-6 6" ${ROUND}></path>` },
  upload: { body: `<path d="M12 16V4m-5 5 5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" ${ROUND}></path>` },
  close: { body: '<path d="M6 6l12 12M18 6 6 18" stroke-linecap="round"></path>' },
  fullscreen: { body: `<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" ${ROUND}></path>` },
  fullscreenExit: { body: `<path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" ${ROUND}></path>` },
  images: {
    body: '<rect x="3" y="5" width="18" height="14" rx="2"></rect><path d="m3 16 5-5 4 4 3-3 6 6" stroke-linejoin="round"></path><circle cx="15.5" cy="9" r="1.5"></circle>',
  },
  // The warning sign (WarningIcon's), on a card whose processing failed.
  warning: { body: '<path d="M12 3 2 20h20L12 3z" stroke-linejoin="round"></path><path d="M12 10v4M12 17v.5" stroke-linecap="round"></path>' },
  // The hub's favourite mark (FavoriteIcon's heart), outlined and filled: in the sprite only.
  favorite: { body: `<path d="${FAVORITE_PATH}" stroke-linejoin="round"></path>` },
  favoriteOn: { filled: true, body: `<path d="${FAVORITE_PATH}" stroke-linejoin="round"></path>` },
} satisfies Record<string, { filled?: boolean; body: string }>;

export type IconName = keyof typeof DRAWINGS;

/** The sprite's <symbol>s, written once. */
const SYMBOLS = Object.entries(DRAWINGS)
  .map(
    ([name, drawing]: [string, { filled?: boolean; body: string }]) =>
      `<symbol id="mi-${name}" viewBox="0 0 24 24" fill="${drawing.filled ? 'currentColor' : 'none'}" stroke="currentColor" stroke-width="2">${drawing.body}</symbol>`,
  )
  .join('');

/** The icons as one sprite of <symbol>s, written by the server once in a page (the hub's favourite mark among them). */
export function MediaIconSprite() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: constant markup written above
  return <svg aria-hidden="true" width="0" height="0" className="absolute" focusable="false" dangerouslySetInnerHTML={{ __html: SYMBOLS }} />;
}
