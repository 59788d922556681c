// The media islands' icons (the galleries' toolbar, cards, menus and pager; the upload dialog; the
// viewer; the model cards); decoration only, aria-hidden. Inside a gallery page (MediaLibrary) the
// icons are drawn once, as <symbol>s of one sprite (MediaIconSprite), and every use is a short
// <svg><use href="#…"></svg>: fifty cards no longer carry fifty copies of each path. Elsewhere (a
// model card, the model gallery dialog) each icon is drawn inline, as before.

import { createContext, type ReactNode, useContext } from 'react';
import { FavoriteIcon } from '../components/Icons.tsx';

type IconProps = { size?: number; className?: string };

const round = { strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Every icon's drawing, in a 24-unit frame; `filled` icons fill, the others stroke. */
const DRAWINGS = {
  search: {
    body: (
      <>
        <circle cx="11" cy="11" r="6.5" />
        <path d="m16 16 4.5 4.5" strokeLinecap="round" />
      </>
    ),
  },
  sortAsc: { body: <path d="M4 6h6M4 12h10M4 18h16" strokeLinecap="round" /> },
  sortDesc: { body: <path d="M4 6h16M4 12h10M4 18h6" strokeLinecap="round" /> },
  spinner: { body: <path d="M12 3a9 9 0 1 0 9 9" strokeLinecap="round" /> },
  play: { filled: true, body: <path d="M8 5v14l11-7L8 5z" strokeLinejoin="round" /> },
  check: { body: <path d="m5 12 5 5 9-10" {...round} /> },
  more: {
    filled: true,
    body: (
      <>
        <circle cx="12" cy="5" r="1.6" />
        <circle cx="12" cy="12" r="1.6" />
        <circle cx="12" cy="19" r="1.6" />
      </>
    ),
  },
  left: { body: <path d="m14 6-6 6 6 6" {...round} /> },
  right: { body: <path d="m10 6 6 6-6 6" {...round} /> },
  first: { body: <path d="m18 6-6 6 6 6M11 6l-6 6 6 6" {...round} /> },
  last: { body: <path d="m6 6 6 6-6 6M13 6l6 6-6 6" {...round} /> },
  upload: { body: <path d="M12 16V4m-5 5 5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" {...round} /> },
  close: { body: <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" /> },
  fullscreen: { body: <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" {...round} /> },
  fullscreenExit: { body: <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" {...round} /> },
  images: {
    body: (
      <>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 16 5-5 4 4 3-3 6 6" strokeLinejoin="round" />
        <circle cx="15.5" cy="9" r="1.5" />
      </>
    ),
  },
} satisfies Record<string, { filled?: boolean; body: ReactNode }>;

type IconName = keyof typeof DRAWINGS | 'favorite' | 'favoriteOn';

/** Whether the page has the sprite (set by MediaIconSprite's owner). */
export const SpriteOnPage = createContext(false);

const symbolId = (name: IconName) => `mi-${name}`;

/** The icons as one sprite of <symbol>s, drawn once by a gallery page; the hub's favourite mark among them. */
export function MediaIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute" focusable="false">
      {Object.entries(DRAWINGS).map(([name, drawing]) => (
        <symbol
          key={name}
          id={symbolId(name as IconName)}
          viewBox="0 0 24 24"
          fill={'filled' in drawing ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth={2}
        >
          {drawing.body}
        </symbol>
      ))}
      <symbol id={symbolId('favorite')} viewBox="0 0 24 24">
        <FavoriteIcon filled={false} size={24} />
      </symbol>
      <symbol id={symbolId('favoriteOn')} viewBox="0 0 24 24">
        <FavoriteIcon filled size={24} />
      </symbol>
    </svg>
  );
}

function Icon({ name, size = 20, className }: IconProps & { name: keyof typeof DRAWINGS }) {
  const sprite = useContext(SpriteOnPage);
  if (sprite) {
    return (
      <svg width={size} height={size} aria-hidden="true" className={className}>
        <use href={`#${symbolId(name)}`} />
      </svg>
    );
  }
  const drawing: { filled?: boolean; body: ReactNode } = DRAWINGS[name];
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
    >
      {drawing.body}
    </svg>
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
