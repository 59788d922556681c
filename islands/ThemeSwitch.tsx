// The theme-mode switch: light, system or dark, remembered in this browser and applied at once.

import { useEffect, useState } from 'react';
import {
  MODE_COOKIE,
  MODE_COOKIE_MAX_AGE,
  MODE_STORAGE_KEY,
  SCHEME_STORAGE_KEY,
  THEME_MODES,
  isThemeMode,
  type ColorScheme,
  type ThemeMode,
} from '../src/shared/theme.ts';

export interface ThemeSwitchProps {
  /** The mode the server rendered with (from the cookie). */
  mode: ThemeMode;
}

const LABELS: Record<ThemeMode, string> = { light: 'Light', system: 'System', dark: 'Dark' };

function systemScheme(): ColorScheme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies a mode to the page and remembers it: localStorage (the spec's keys) and the cookie. */
export function applyThemeMode(mode: ThemeMode): void {
  const scheme = mode === 'system' ? systemScheme() : mode;
  document.documentElement.dataset.mode = mode;
  try {
    localStorage.setItem(MODE_STORAGE_KEY, mode);
    localStorage.setItem(SCHEME_STORAGE_KEY, scheme);
  } catch {
    // Storage can be disabled (private windows); the cookie still carries the choice.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${MODE_COOKIE}=${mode}; Path=/; Max-Age=${MODE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

function storedMode(): ThemeMode | null {
  try {
    const value = localStorage.getItem(MODE_STORAGE_KEY);
    return isThemeMode(value) ? value : null;
  } catch {
    return null;
  }
}

function Icon({ mode }: { mode: ThemeMode }) {
  const common = { width: 16, height: 16, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, 'aria-hidden': true } as const;
  if (mode === 'light') {
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" strokeLinecap="round" />
      </svg>
    );
  }
  if (mode === 'dark') {
    return (
      <svg {...common}>
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" strokeLinecap="round" />
    </svg>
  );
}

export default function ThemeSwitch({ mode: initialMode }: ThemeSwitchProps) {
  const [mode, setMode] = useState<ThemeMode>(initialMode);

  // localStorage is the record of the choice: if it disagrees with the cookie (cleared, or set on
  // another path), it wins and the cookie is brought back in step.
  useEffect(() => {
    const stored = storedMode();
    const effective = stored ?? initialMode;
    if (effective !== mode) setMode(effective);
    applyThemeMode(effective);
    // Only on mount: later changes go through choose().
  }, []);

  // In system mode, keep mui-color-scheme in step with the operating system.
  useEffect(() => {
    if (mode !== 'system' || !window.matchMedia) return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyThemeMode('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [mode]);

  const choose = (next: ThemeMode) => {
    setMode(next);
    applyThemeMode(next);
  };

  return (
    <div role="radiogroup" aria-label="Theme" className="inline-flex items-center rounded-full border border-line bg-surface p-0.5">
      {THEME_MODES.map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          aria-label={`${LABELS[m]} theme`}
          title={`${LABELS[m]} theme`}
          onClick={() => choose(m)}
          className={`inline-flex h-7 w-7 items-center justify-center rounded-full transition-colors ${
            mode === m ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg'
          }`}
        >
          <Icon mode={m} />
        </button>
      ))}
    </div>
  );
}
