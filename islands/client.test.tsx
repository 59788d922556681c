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

test('the client entry hydrates server-rendered markers with their JSON props (attribute or data block), so they respond to clicks', async () => {
  const first = { userId: 'u-1' };
  const second = { userId: 'u-2</script>' };
  // The second island's props in a JSON data block just before its marker, as <Island propsScript> writes them.
  // The entry's tag names the page's islands' scripts (here, the island's source).
  const entry = document.createElement('script');
  entry.dataset.islands = JSON.stringify({ DeleteAccount: new URL('./DeleteAccount.tsx', import.meta.url).pathname });
  document.body.innerHTML = `<main><div class="contents" data-island="DeleteAccount" data-props='${JSON.stringify(first)}'>${renderToString(
    <DeleteAccount {...first} />,
  )}</div><script type="application/json" data-island-props="DeleteAccount">${JSON.stringify(second).replace(/</g, '\\u003c')}</script><div class="contents" data-island="DeleteAccount">${renderToString(
    <DeleteAccount {...second} />,
  )}</div></main>`;
  document.body.append(entry);
  const markers = () => [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const buttons = (text: string) => [...document.querySelectorAll<HTMLButtonElement>('button')].filter((b) => b.textContent?.trim() === text);
  const dialogs = () => [...document.querySelectorAll('dialog')];
  // Before hydration a click does nothing: the markup is inert server HTML.
  buttons('Delete')[0]!.click();
  expect(dialogs()[0]!.open).toBe(false);

  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Response(JSON.stringify({ error: 'no' }), { status: 500, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  try {
    await import('./client.ts');
    await until(() => markers().every((m) => m.dataset.hydrated === 'true'));
    buttons('Delete')[0]!.click();
    await until(() => dialogs()[0]!.open);
    expect(dialogs()[0]!.textContent).toContain('Delete Account');
    // The second island got its props from the data block: its Confirm asks to delete u-2</script>.
    buttons('Delete')[1]!.click();
    await until(() => dialogs()[1]!.open);
    buttons('Confirm')[1]!.click();
    await until(() => asked.length > 0);
    expect(asked).toEqual([`/api/users/${encodeURIComponent(second.userId)}`]);
  } finally {
    globalThis.fetch = realFetch;
  }
});
