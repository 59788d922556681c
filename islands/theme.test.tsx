// The theme switch: the server-rendered form, made live by the theme script (no React in the browser).
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { ThemeSwitch } from '../src/http/theme-switch.tsx';
import type { ThemeMode } from '../src/shared/theme.ts';
import { enhanceThemeSwitch } from './theme.ts';

function cookieMode(): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith('mui-mode='))
    ?.split('=')[1];
}

/** The page as the server sends it: <html data-mode> and the switch's form, then the script. */
function renderSwitch(mode: ThemeMode, enhance = true): HTMLFormElement {
  document.documentElement.dataset.mode = mode;
  document.body.innerHTML = renderToString(<ThemeSwitch mode={mode} returnTo="/users" />);
  const form = document.querySelector<HTMLFormElement>('form[data-theme-switch]')!;
  if (enhance) enhanceThemeSwitch(form);
  return form;
}

const radio = (label: string) => {
  const found = [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')].find((input) => input.closest('label')?.textContent === label);
  if (!found) throw new Error(`no radio labelled ${label}`);
  return found;
};
const checked = () => [...document.querySelectorAll<HTMLInputElement>('input[type=radio]:checked')].map((input) => input.value);
/** What a click on a radio does in a browser: check it, then fire change. */
function pick(input: HTMLInputElement): void {
  input.click();
}

beforeEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: kept from before the linter; fix when this code is next touched
  document.cookie = 'mui-mode=; Max-Age=0; Path=/';
  delete document.documentElement.dataset.mode;
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('theme switch', () => {
  test('without the script it is a plain form: three labelled radios, the rendered mode checked, an Apply button and the way back', () => {
    const form = renderSwitch('light', false);
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/theme');
    expect(form.querySelector('[role=radiogroup]')?.getAttribute('aria-label')).toBe('Theme');
    expect([...form.querySelectorAll('input[type=radio]')].map((input) => input.closest('label')?.textContent)).toEqual([
      'Light theme',
      'System theme',
      'Dark theme',
    ]);
    expect(new Set([...form.querySelectorAll<HTMLInputElement>('input[type=radio]')].map((input) => input.name))).toEqual(new Set(['mode']));
    expect(checked()).toEqual(['light']);
    expect(form.querySelector<HTMLInputElement>('input[name=returnTo]')?.value).toBe('/users');
    expect(form.querySelector('button[type=submit]')?.textContent).toBe('Apply');
  });

  test('with the script, the Apply button goes (one tab stop: the radio group) and the mode is recorded', () => {
    const form = renderSwitch('light');
    expect(form.querySelector('button')).toBeNull();
    expect(localStorage.getItem('mui-mode')).toBe('light');
    expect(localStorage.getItem('mui-color-scheme')).toBe('light');
    expect(cookieMode()).toBe('light');
  });

  test('choosing dark applies it at once and remembers it under mui-mode, mui-color-scheme and the cookie', () => {
    renderSwitch('light');
    pick(radio('Dark theme'));
    expect(checked()).toEqual(['dark']);
    expect(document.documentElement.dataset.mode).toBe('dark');
    expect(localStorage.getItem('mui-mode')).toBe('dark');
    expect(localStorage.getItem('mui-color-scheme')).toBe('dark');
    expect(cookieMode()).toBe('dark');
  });

  test('system mode records the scheme the operating system prefers', () => {
    renderSwitch('light');
    pick(radio('System theme'));
    expect(document.documentElement.dataset.mode).toBe('system');
    expect(localStorage.getItem('mui-mode')).toBe('system');
    // The test DOM is set up with a dark OS preference.
    expect(localStorage.getItem('mui-color-scheme')).toBe('dark');
  });

  test('submitting the form (Enter) applies the choice in place instead of leaving the page', () => {
    const form = renderSwitch('system');
    radio('Light theme').checked = true;
    const event = new Event('submit', { cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.documentElement.dataset.mode).toBe('light');
    expect(cookieMode()).toBe('light');
  });

  test('a choice stored in this browser wins over the server-rendered mode and restores the cookie', () => {
    localStorage.setItem('mui-mode', 'dark');
    renderSwitch('system');
    expect(checked()).toEqual(['dark']);
    expect(document.documentElement.dataset.mode).toBe('dark');
    expect(cookieMode()).toBe('dark');
  });

  test('ignores a corrupt stored value and keeps the rendered mode', () => {
    localStorage.setItem('mui-mode', 'purple');
    renderSwitch('light');
    expect(checked()).toEqual(['light']);
    expect(localStorage.getItem('mui-mode')).toBe('light');
  });
});
