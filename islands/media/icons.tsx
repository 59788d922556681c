// The media islands' icons (the galleries' toolbar, cards, menus and pager; the upload dialog; the
// viewer; the model cards); decoration only, aria-hidden. Inside a gallery page (MediaLibrary) the
// icons are drawn once, as <symbol>s of one sprite (MediaIconSprite), and every use is a short
// <svg><use href="#…"></svg>: fifty cards no longer carry fifty copies of each path. The sprite is
// one constant string, written once per page as it is. Elsewhere (a model card, the model gallery
// dialog) each icon is drawn inline from the same markup.

import { createContext, useContext } from 'react';
import { FAVORITE_PATH, FavoriteIcon } from '../components/Icons.tsx';

type IconProps = { size?: number; className?: string };

const ROUND = 'stroke-linecap="round" stroke-linejoin="round"';

/**
 * Every icon's drawing as SVG markup, in a 24-unit frame; `filled` icons fill, the others stroke.
 * Markup, not elements: the sprite is one string made once (React writes it as it is, instead of
 * rendering some forty elements on every gallery page), and an inline icon is the same string.
 */
const DRAWINGS = {
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
  // The hub's favourite mark (FavoriteIcon's heart), outlined and filled: in the sprite only.
  favorite: { body: `<path d="${FAVORITE_PATH}" stroke-linejoin="round"></path>` },
  favoriteOn: { filled: true, body: `<path d="${FAVORITE_PATH}" stroke-linejoin="round"></path>` },
} satisfies Record<string, { filled?: boolean; body: string }>;

type IconName = keyof typeof DRAWINGS;

/** Whether the page has the sprite (set by MediaIconSprite's owner). */
export const SpriteOnPage = createContext(false);

const symbolId = (name: IconName) => `mi-${name}`;

/** The sprite's <symbol>s, written once. */
const SYMBOLS = Object.entries(DRAWINGS)
  .map(
    ([name, drawing]: [string, { filled?: boolean; body: string }]) =>
      `<symbol id="${symbolId(name as IconName)}" viewBox="0 0 24 24" fill="${drawing.filled ? 'currentColor' : 'none'}" stroke="currentColor" stroke-width="2">${drawing.body}</symbol>`,
  )
  .join('');

/** The icons as one sprite of <symbol>s, drawn once by a gallery page; the hub's favourite mark among them. */
export function MediaIconSprite() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: constant markup written above
  return <svg aria-hidden="true" width="0" height="0" className="absolute" focusable="false" dangerouslySetInnerHTML={{ __html: SYMBOLS }} />;
}

function Icon({ name, size = 20, className }: IconProps & { name: Exclude<IconName, 'favorite' | 'favoriteOn'> }) {
  const sprite = useContext(SpriteOnPage);
  if (sprite) {
    return (
      <svg width={size} height={size} aria-hidden="true" className={className}>
        <use href={`#${symbolId(name)}`} />
      </svg>
    );
  }
  const drawing: { filled?: boolean; body: string } = DRAWINGS[name];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={drawing.filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant markup written above
      dangerouslySetInnerHTML={{ __html: drawing.body }}
    />
  );
}

/** The hub's favourite mark (FavoriteIcon), from the sprite where the page has it. */
export function FavoriteMark({ filled, size = 18, className }: IconProps & { filled: boolean }) {
  const sprite = useContext(SpriteOnPage);
  if (!sprite) return <FavoriteIcon filled={filled} size={size} {...(className ? { className } : {})} />;
  return (
    <svg width={size} height={size} aria-hidden="true" className={className}>
      <use href={`#${symbolId(filled ? 'favoriteOn' : 'favorite')}`} />
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => <Icon name="search" {...p} />;
/** Bars that grow downwards (ascending) or shrink (descending). */
export const SortIcon = ({ ascending = false, ...p }: IconProps & { ascending?: boolean }) => <Icon name={ascending ? 'sortAsc' : 'sortDesc'} {...p} />;
export const SpinnerIcon = ({ className = '', ...p }: IconProps) => <Icon name="spinner" {...p} className={`animate-spin ${className}`} />;
export const PlayIcon = (p: IconProps) => <Icon name="play" {...p} />;
export const CheckIcon = (p: IconProps) => <Icon name="check" {...p} />;
export const MoreIcon = (p: IconProps) => <Icon name="more" {...p} />;
export const ChevronIcon = ({ direction, double = false, ...p }: IconProps & { direction: 'left' | 'right'; double?: boolean }) => (
  <Icon name={double ? (direction === 'left' ? 'first' : 'last') : direction} {...p} />
);
export const UploadIcon = (p: IconProps) => <Icon name="upload" {...p} />;
export const CloseIcon = (p: IconProps) => <Icon name="close" {...p} />;
export const FullscreenIcon = ({ exit = false, ...p }: IconProps & { exit?: boolean }) => <Icon name={exit ? 'fullscreenExit' : 'fullscreen'} {...p} />;
export const ImagesIcon = (p: IconProps) => <Icon name="images" {...p} />;
