// Icons of the Links island (decoration beside text, or inside a button named by aria-label).

import type { ReactNode } from 'react';

function Svg({ size = 16, children, filled }: { size?: number; children: ReactNode; filled?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} aria-hidden="true">
      {children}
    </svg>
  );
}

export const PencilIcon = () => (
  <Svg size={18}>
    <path d="M4 20h4L19 9l-4-4L4 16v4z" strokeLinejoin="round" />
    <path d="m14 6 4 4" />
  </Svg>
);

export const ExternalIcon = () => (
  <Svg>
    <path d="M14 4h6v6M20 4l-9 9" strokeLinecap="round" strokeLinejoin="round" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" strokeLinecap="round" />
  </Svg>
);

export const DownloadIcon = () => (
  <Svg>
    <path d="M12 4v11m-4-4 4 4 4-4M5 19h14" strokeLinecap="round" strokeLinejoin="round" />
  </Svg>
);

export const UploadIcon = () => (
  <Svg>
    <path d="M12 16V5m-4 4 4-4 4 4M5 19h14" strokeLinecap="round" strokeLinejoin="round" />
  </Svg>
);

export const GlobeIcon = () => (
  <svg width={32} height={32} viewBox="0 0 64 64" aria-hidden="true">
    <rect width="64" height="64" rx="14" fill="#607D8B" />
    <g fill="none" stroke="#fff" strokeWidth="3">
      <circle cx="32" cy="32" r="18" />
      <ellipse cx="32" cy="32" rx="8" ry="18" />
      <path d="M14 32h36M17 23h30M17 41h30" />
    </g>
  </svg>
);
