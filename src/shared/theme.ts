// Theme modes and where the chosen one is kept; shared by the server (first paint) and the switch.

export const THEME_MODES = ['light', 'system', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ColorScheme = 'light' | 'dark';

/** localStorage keys of the spec: the chosen mode, and the scheme it resolved to. */
export const MODE_STORAGE_KEY = 'mui-mode';
export const SCHEME_STORAGE_KEY = 'mui-color-scheme';
/** A cookie mirrors the mode so the server renders the right theme before any script runs. */
export const MODE_COOKIE = 'mui-mode';
export const MODE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

export function parseThemeMode(value: unknown): ThemeMode {
  return isThemeMode(value) ? value : 'system';
}
