import { afterEach, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import DeleteAccount from './DeleteAccount.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('the client entry hydrates server-rendered markers with their JSON props, so they respond to clicks', async () => {
  const props = { userId: 'u-1' };
  document.body.innerHTML = `<main><div class="contents" data-island="DeleteAccount" data-props='${JSON.stringify(props)}'>${renderToString(
    <DeleteAccount {...props} />,
  )}</div></main>`;
  const remove = () => [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === 'Delete')!;
  const dialog = () => document.querySelector('dialog')!;
  // Before hydration a click does nothing: the markup is inert server HTML.
  remove().click();
  expect(dialog().open).toBe(false);

  await import('./client.ts');
  await until(() => document.querySelector<HTMLElement>('[data-island]')!.dataset.hydrated === 'true');
  remove().click();
  await until(() => dialog().open);
  expect(dialog().textContent).toContain('Delete Account');
});
