import { afterEach, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import ThemeSwitch from './ThemeSwitch.tsx';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('the client entry hydrates server-rendered markers with their JSON props, so they respond to clicks', async () => {
  const props = { mode: 'light' as const };
  document.body.innerHTML = `<header><div class="contents" data-island="ThemeSwitch" data-props='${JSON.stringify(props)}'>${renderToString(
    <ThemeSwitch {...props} />,
  )}</div></header>`;
  const dark = () => document.querySelector<HTMLButtonElement>('[aria-label="Dark theme"]')!;
  // Before hydration a click does nothing: the markup is inert server HTML.
  dark().click();
  expect(localStorage.getItem('mui-mode')).toBeNull();

  await import('./client.ts');
  // Hydration runs the island's mount effect, which records the mode in localStorage.
  await until(() => document.querySelector<HTMLElement>('[data-island]')!.dataset.hydrated === 'true');
  expect(localStorage.getItem('mui-mode')).toBe('light');
  dark().click();
  await until(() => dark().getAttribute('aria-checked') === 'true');
  expect(localStorage.getItem('mui-mode')).toBe('dark');
  expect(document.documentElement.dataset.mode).toBe('dark');
});
