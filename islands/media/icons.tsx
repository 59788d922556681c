// The media islands' icons (the galleries' toolbar, cards, menus and pager; the upload dialog; the
// viewer; the model cards); decoration only, aria-hidden. Each is a short <svg><use href="#…">
// of a <symbol> in the page's icon sprite (icon-sprite.tsx), which the server writes into every
// page whose islands draw them: the drawings are the page's markup, not its script's code.

import type { IconName } from './icon-sprite.tsx';

type IconProps = { size?: number; className?: string };

function Icon({ name, size = 20, className }: IconProps & { name: IconName }) {
  return (
    <svg width={size} height={size} aria-hidden="true" className={className}>
      <use href={`#mi-${name}`} />
    </svg>
  );
}

/** The hub's favourite mark (FavoriteIcon's heart), outlined or filled. */
export const FavoriteMark = ({ filled, ...p }: IconProps & { filled: boolean }) => <Icon name={filled ? 'favoriteOn' : 'favorite'} size={18} {...p} />;

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
/** The hub's warning sign (components/Icons.tsx's WarningIcon). */
export const WarningIcon = (p: IconProps) => <Icon name="warning" size={18} {...p} />;
