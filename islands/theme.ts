// Browser entry for the theme switch (a plain form, see src/http/theme-switch.tsx): applies the
// chosen mode at once, without a page load, and keeps localStorage and the cookie in step. No
// React, so every page can load it.

import {
  type ColorScheme,
  isThemeMode,
  MODE_COOKIE,
  MODE_COOKIE_MAX_AGE,
  MODE_STORAGE_KEY,
  parseThemeMode,
  SCHEME_STORAGE_KEY,
  type ThemeMode,
} from '../src/shared/theme.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemScheme(): ColorScheme {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Applies a mode to the page and remembers it: localStorage (the spec's keys) and the cookie. */
export function applyThemeMode(mode: ThemeMode): void {
  document.documentElement.dataset.mode = mode;
  try {
    localStorage.setItem(MODE_STORAGE_KEY, mode);
    localStorage.setItem(SCHEME_STORAGE_KEY, mode === 'system' ? systemScheme() : mode);
  } catch {
    // Storage can be disabled (private windows); the cookie still carries the choice.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: kept from before the linter; fix when this code is next touched
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

/**
 * Makes a server-rendered theme form live: a change of the radio group (click or arrow keys) is
 * applied at once, and the form's Apply button, needed only without JavaScript, goes away.
 */
export function enhanceThemeSwitch(form: HTMLFormElement): void {
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[type=radio][name=mode]')];
  const show = (mode: ThemeMode) => {
    for (const radio of radios) radio.checked = radio.value === mode;
  };
  form.querySelector('[data-theme-apply]')?.remove();
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === 'mode' && isThemeMode(target.value)) applyThemeMode(target.value);
  });
  // Enter inside the group would submit the form: apply in place instead.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const checked = radios.find((radio) => radio.checked);
    if (checked && isThemeMode(checked.value)) applyThemeMode(checked.value);
  });
  // localStorage is the record of the choice: if it disagrees with the cookie the page was
  // rendered from (cleared, or another browser profile), it wins and the cookie follows it.
  const mode = storedMode() ?? parseThemeMode(document.documentElement.dataset.mode);
  show(mode);
  applyThemeMode(mode);
}

/** In system mode, mui-color-scheme follows the operating system (the CSS does so by itself). */
function followSystemScheme(): void {
  window.matchMedia?.(DARK_QUERY).addEventListener('change', () => {
    if (document.documentElement.dataset.mode === 'system') applyThemeMode('system');
  });
}

const forms = document.querySelectorAll<HTMLFormElement>('form[data-theme-switch]');
for (const form of forms) enhanceThemeSwitch(form);
if (forms.length > 0) followSystemScheme();
