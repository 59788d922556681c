// The Watch island's own icons (pencil, globe, play). Decoration only: aria-hidden, and a
// button that shows only an icon names itself with aria-label.

import type { ReactNode } from 'react';

type IconProps = { size?: number; className?: string };

function Svg({ size = 18, className, filled = false, children }: IconProps & { filled?: boolean; children: ReactNode }) {
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
      {children}
    </svg>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}

/** The generic site icon: shown when a site's own icon cannot be loaded. */
export function GlobeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" strokeLinejoin="round" />
    </Svg>
  );
}

export function PlayIcon(props: IconProps) {
  return (
    <Svg {...props} filled>
      <path d="M8 5v14l11-7z" strokeLinejoin="round" />
    </Svg>
  );
}

// The search field's magnifier is shared (Watch and Connect), so a page needs no second icon chunk.
export { SearchIcon } from '../components/Icons.tsx';
