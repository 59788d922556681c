// The media islands' icons (the gallery's toolbar, cards, menu and pager; the upload dialog; the
// viewer; the model cards); decoration only, aria-hidden.

import type { ReactNode } from 'react';

type IconProps = { size?: number; className?: string };

function Svg({ size = 20, className, children, filled = false }: IconProps & { children: ReactNode; filled?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} aria-hidden="true" className={className}>
      {children}
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" strokeLinecap="round" />
  </Svg>
);

/** Bars that grow downwards (ascending) or shrink (descending). */
export const SortIcon = ({ ascending = false, ...p }: IconProps & { ascending?: boolean }) => (
  <Svg {...p}>
    {ascending ? <path d="M4 6h6M4 12h10M4 18h16" strokeLinecap="round" /> : <path d="M4 6h16M4 12h10M4 18h6" strokeLinecap="round" />}
  </Svg>
);

export const SpinnerIcon = ({ className = '', ...p }: IconProps) => (
  <Svg {...p} className={`animate-spin ${className}`}>
    <path d="M12 3a9 9 0 1 0 9 9" strokeLinecap="round" />
  </Svg>
);

export const PlayIcon = (p: IconProps) => (
  <Svg {...p} filled>
    <path d="M8 5v14l11-7L8 5z" strokeLinejoin="round" />
  </Svg>
);

export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
  </Svg>
);

export const MoreIcon = (p: IconProps) => (
  <Svg {...p} filled>
    <circle cx="12" cy="5" r="1.6" />
    <circle cx="12" cy="12" r="1.6" />
    <circle cx="12" cy="19" r="1.6" />
  </Svg>
);

export const ChevronIcon = ({ direction, double = false, ...p }: IconProps & { direction: 'left' | 'right'; double?: boolean }) => {
  const one = direction === 'left' ? 'm14 6-6 6 6 6' : 'm10 6 6 6-6 6';
  const two = direction === 'left' ? 'm18 6-6 6 6 6M11 6l-6 6 6 6' : 'm6 6 6 6-6 6M13 6l6 6-6 6';
  return (
    <Svg {...p}>
      <path d={double ? two : one} strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
};

export const UploadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 16V4m-5 5 5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" strokeLinecap="round" strokeLinejoin="round" />
  </Svg>
);

export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
  </Svg>
);

export const FullscreenIcon = ({ exit = false, ...p }: IconProps & { exit?: boolean }) => (
  <Svg {...p}>
    {exit ? (
      <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" strokeLinecap="round" strokeLinejoin="round" />
    ) : (
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" strokeLinecap="round" strokeLinejoin="round" />
    )}
  </Svg>
);

export const ImagesIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 16 5-5 4 4 3-3 6 6" strokeLinejoin="round" />
    <circle cx="15.5" cy="9" r="1.5" />
  </Svg>
);
