// The Connect island's own icons (copy, key, person, mail); the rest come from the shared and the
// Links icons. Decoration only: aria-hidden, and a button that shows only an icon names itself.

import type { ReactNode } from 'react';
import { Svg as Frame, type IconProps } from '../components/Icons.tsx';

/** The shared frame at this island's size (16 by default). */
const Svg = ({ size = 16, className, children }: IconProps & { children: ReactNode }) => (
  <Frame size={size} className={className}>
    {children}
  </Frame>
);

/** Two overlapping sheets: copy to the clipboard. */
export function CopyIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a1 1 0 0 1 1-1h9" strokeLinecap="round" />
    </Svg>
  );
}

/** A key: the password and its generator. */
export function KeyIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="m10.8 12.2 8.7-8.7M17 6l2.5 2.5M14.5 8.5 17 11" strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" strokeLinecap="round" />
    </Svg>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" strokeLinejoin="round" />
    </Svg>
  );
}
