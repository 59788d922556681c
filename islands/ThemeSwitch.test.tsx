import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { act, cleanup, render, screen } from '@testing-library/react';
import ThemeSwitch from './ThemeSwitch.tsx';

function cookieMode(): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith('mui-mode='))
    ?.split('=')[1];
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'mui-mode=; Max-Age=0; Path=/';
  delete document.documentElement.dataset.mode;
});
afterEach(cleanup);

describe('ThemeSwitch', () => {
  test('shows the three modes with the rendered one checked', () => {
    render(<ThemeSwitch mode="light" />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['Light theme', 'System theme', 'Dark theme']);
    expect(screen.getByRole('radio', { name: 'Light theme' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Dark theme' }).getAttribute('aria-checked')).toBe('false');
  });

  test('choosing dark applies it to the page and remembers it under mui-mode, mui-color-scheme and the cookie', async () => {
    render(<ThemeSwitch mode="light" />);
    await act(async () => screen.getByRole('radio', { name: 'Dark theme' }).click());
    expect(document.documentElement.dataset.mode).toBe('dark');
    expect(localStorage.getItem('mui-mode')).toBe('dark');
    expect(localStorage.getItem('mui-color-scheme')).toBe('dark');
    expect(cookieMode()).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark theme' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Light theme' }).getAttribute('aria-checked')).toBe('false');
  });

  test('system mode records the scheme the operating system prefers', async () => {
    render(<ThemeSwitch mode="light" />);
    await act(async () => screen.getByRole('radio', { name: 'System theme' }).click());
    expect(document.documentElement.dataset.mode).toBe('system');
    expect(localStorage.getItem('mui-mode')).toBe('system');
    // The test DOM is set up with a dark OS preference.
    expect(localStorage.getItem('mui-color-scheme')).toBe('dark');
  });

  test('a choice stored in this browser wins over the server-rendered mode and restores the cookie', async () => {
    localStorage.setItem('mui-mode', 'dark');
    await act(async () => {
      render(<ThemeSwitch mode="system" />);
    });
    expect(screen.getByRole('radio', { name: 'Dark theme' }).getAttribute('aria-checked')).toBe('true');
    expect(document.documentElement.dataset.mode).toBe('dark');
    expect(cookieMode()).toBe('dark');
  });

  test('ignores a corrupt stored value and keeps the rendered mode', async () => {
    localStorage.setItem('mui-mode', 'purple');
    await act(async () => {
      render(<ThemeSwitch mode="light" />);
    });
    expect(screen.getByRole('radio', { name: 'Light theme' }).getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem('mui-mode')).toBe('light');
  });
});
