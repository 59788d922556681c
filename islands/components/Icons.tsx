// The SVG icons the islands share. Every icon is decoration beside a text or a label, so each is
// aria-hidden; a button that shows only an icon names itself with aria-label.

import type { ReactNode } from 'react';

export type IconProps = { size?: number; className?: string };

/** The frame every icon is drawn in (24 units, a 2-unit stroke in the text's colour). */
export function Svg({ size, className, children }: Required<Pick<IconProps, 'size'>> & Pick<IconProps, 'className'> & { children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" className={className}>
      {children}
    </svg>
  );
}

/** The heart's outline, also drawn by the media pages' icon sprite (islands/media/icons.tsx). */
export const FAVORITE_PATH = 'M12 20s-7-4.4-9.2-8.6C1.3 8.4 3 5 6.3 5c2 0 3.3 1.1 5.7 3.4C14.4 6.1 15.7 5 17.7 5 21 5 22.7 8.4 21.2 11.4 19 15.6 12 20 12 20z';

/** The one favourite mark of the hub (Watch, Links, Models, the galleries): a heart, filled for a favourite. */
export function FavoriteIcon({ filled, size = 18, className }: IconProps & { filled: boolean }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      className={className}
    >
      <path d={FAVORITE_PATH} strokeLinejoin="round" />
    </svg>
  );
}

/** The magnifier of a search field. */
export function SearchIcon({ size = 18, className }: IconProps) {
  return (
    <Svg size={size} className={className}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </Svg>
  );
}

export function PlusIcon({ size = 16, className }: IconProps) {
  return (
    <Svg size={size} className={className}>
      <path d="M12 5v14M5 12h14" strokeLinecap="round" />
    </Svg>
  );
}

export function ShieldIcon({ size = 16, className }: IconProps) {
  return (
    <Svg size={size} className={className}>
      <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3z" strokeLinejoin="round" />
      <path d="M12 15V9m-3 3 3-3 3 3" strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}

export function ClockIcon({ size = 20, className }: IconProps) {
  return (
    <Svg size={size} className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}

export function RefreshIcon({ size = 16, className }: IconProps) {
  return (
    <Svg size={size} className={className}>
      <path d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5" strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}

export function WarningIcon({ size = 18, className }: IconProps) {
  return (
    <Svg size={size} className={className}>
      <path d="M12 3 2 20h20L12 3z" strokeLinejoin="round" />
      <path d="M12 10v4M12 17v.5" strokeLinecap="round" />
    </Svg>
  );
}

export function TrashIcon({ size = 16, className }: IconProps) {
  return (
    <Svg size={size} className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}

/** An eye; crossed out when `open` is false (the password is hidden). */
export function EyeIcon({ open, size = 18, className }: IconProps & { open: boolean }) {
  return (
    <Svg size={size} className={className}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M3 3l18 18" strokeLinecap="round" />}
    </Svg>
  );
}

/** A person's outline: the stand-in when neither a picture nor a name is there. */
export function PersonIcon({ size = 16, className }: IconProps) {
  return (
    <Svg size={size} className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" strokeLinecap="round" />
    </Svg>
  );
}
