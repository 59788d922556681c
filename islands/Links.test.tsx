import { afterEach, beforeEach, describe, expect, jest, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { Link, LinksView } from '../src/shared/links.ts';
import { createIslandApp, type IslandApp, type Scenario } from '../test/helpers/island-app.ts';
import { newModel } from '../test/helpers/models-factory.ts';
import LinksBoard, { type LinksProps as LinksBoardProps } from './Links.tsx';

// fetch is answered by the real hub (test/helpers/island-app.ts) with Ada signed in; her links are
// made through the API before each render. Time is bun:test's fake clock (toasts close after 6 s).

const SCENARIO: Scenario = { accounts: [{ username: 'ada', name: 'Ada Owner', role: 'admin' }], signedInAs: 'ada' };
const ALL: LinksView = { search: '', page: 1 };

let hub: IslandApp;
let logged: Mock<typeof console.error>;
/** Keeps happy-dom from following Visit Site to a real address (the click handler still runs). */
const stayHere = (event: Event) => {
  if ((event.target as Element | null)?.closest?.('a[target="_blank"]')) event.preventDefault();
};

async function browserCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Links made through the API, then the board as the page renders it from the hub. */
async function renderBoard(links: Record<string, unknown>[] = [], view: LinksView = ALL) {
  for (const link of links) await browserCall('POST', '/api/links', link);
  const list = await browserCall<Link[]>('GET', '/api/links?limit=48');
  hub.requests.length = 0;
  return render(<LinksBoard links={list} total={list.length} view={view} />);
}

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 6; i++) await act(() => hub.idle());
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

const cardOf = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.queryAllByRole('article').map((c) => within(c).getByRole('heading').textContent);
const dialog = (name: string) => screen.getByRole('dialog', { name });
const toastText = () => (screen.queryByRole('alert') ?? screen.queryByRole('status'))?.querySelector('span')?.textContent ?? null;
const writes = () => hub.writes().map(({ method, path, body }) => ({ method, path, body }));
const stored = () => browserCall<Link[]>('GET', '/api/links?sort=name&order=asc');

function fill(scope: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(scope).getByLabelText(label, { exact: true }), { target: { value } });
}

async function openAdd() {
  await settle(() => screen.getByRole('button', { name: 'Add Link' }).click());
  return dialog('Add New Link');
}

beforeEach(async () => {
  logged = spyOn(console, 'error').mockImplementation(() => {});
  jest.useFakeTimers();
  document.addEventListener('click', stayHere, true);
  hub = await createIslandApp(SCENARIO);
  // The first test builds the scenario (accounts, sign-in, the asset build): give it time.
}, 60_000);

afterEach(async () => {
  cleanup();
  document.removeEventListener('click', stayHere, true);
  jest.useRealTimers();
  await hub.close();
  logged.mockRestore();
});

describe('LinksBoard: the cards', () => {
  test("name, category chip, the URL cut at 40 characters, the hub's favicon, and Visit Site in a new tab", async () => {
    await renderBoard([{ name: 'Jane', url: 'https://onlyfans.com/a-rather-long-profile-name-here', description: 'Her page', category: 'OnlyFans' }]);
    const card = cardOf('Jane');
    expect(within(card).getByText('OnlyFans')).toBeTruthy();
    expect(within(card).getByText('Her page')).toBeTruthy();
    expect(within(card).getByText('https://onlyfans.com/a-rather-long-profi...')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      `/api/favicon?url=${encodeURIComponent('https://onlyfans.com/a-rather-long-profile-name-here')}`,
    );
    const visit = within(card).getByRole('link', { name: 'Visit Site' });
    expect([visit.getAttribute('href'), visit.getAttribute('target'), visit.getAttribute('rel')]).toEqual([
      'https://onlyfans.com/a-rather-long-profile-name-here',
      '_blank',
      'noopener noreferrer',
    ]);
    // An icon that fails to load gives way to the generic one.
    await act(async () => fireEvent.error(card.querySelector('img')!));
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('svg rect')).toBeTruthy();
  });

  test('names with HTML are text', async () => {
    await renderBoard([{ name: '<img src=x onerror=alert(1)>', url: 'https://x.com/a' }]);
    expect(cardNames()).toEqual(['<img src=x onerror=alert(1)>']);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  test('the empty state offers Add Your First Link, which opens the add dialog', async () => {
    await renderBoard([]);
    expect(screen.getByText('Your collection is empty.')).toBeTruthy();
    await settle(() => screen.getByRole('button', { name: 'Add Your First Link' }).click());
    expect(dialog('Add New Link')).toBeTruthy();
  });

  test('the pager links keep the tab and search', async () => {
    render(<LinksBoard links={[]} total={100} view={{ category: 'X', search: 'jane', page: 2 }} />);
    expect(screen.getByText('Page 2 of 3 (100 links)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/links?category=X&search=jane');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/links?category=X&search=jane&page=3');
  });

  test('hydrates the server-rendered board without a mismatch', async () => {
    await browserCall('POST', '/api/links', { name: 'Hydra', url: 'https://x.com/hydra' });
    const list = await browserCall<Link[]>('GET', '/api/links');
    const props: LinksBoardProps = { links: list, total: 1, view: ALL };
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LinksBoard {...props} />);
    document.body.append(container);
    let root: Root | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, <LinksBoard {...props} />);
      });
      expect(logged).not.toHaveBeenCalled();
      expect((within(container).getByRole('button', { name: 'Edit Hydra' }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      await act(async () => root?.unmount());
      container.remove();
    }
  });
});

describe('LinksBoard: visits and favourites', () => {
  test('Visit Site records the visit and the card shows it', async () => {
    await renderBoard([{ name: 'Jane', url: 'https://x.com/jane' }]);
    await settle(() => within(cardOf('Jane')).getByRole('link', { name: 'Visit Site' }).click());
    expect(writes()).toEqual([{ method: 'POST', path: expect.stringMatching(/^\/api\/links\/[\w-]+\/visit$/), body: undefined }]);
    expect((await stored())[0]!.lastVisited).not.toBeNull();
    expect(within(cardOf('Jane')).getByText(/^Visited:/).textContent).toMatch(/^Visited: [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  test('a visit that cannot be recorded: Error tracking link visit', async () => {
    await renderBoard([{ name: 'Jane', url: 'https://x.com/jane' }]);
    hub.network.interrupt('POST /api/links/', { networkError: 'Failed to fetch' });
    await settle(() => within(cardOf('Jane')).getByRole('link', { name: 'Visit Site' }).click());
    expect(toastText()).toBe('Error tracking link visit');
  });

  test("the star adds to and removes from favorites, with the spec's toasts", async () => {
    await renderBoard([{ name: 'Jane', url: 'https://x.com/jane' }]);
    await settle(() => within(cardOf('Jane')).getByRole('button', { name: 'Add Jane to favorites' }).click());
    expect(toastText()).toBe('Added to favorites');
    expect((await stored())[0]!.isFavorite).toBe(true);
    await settle(() => within(cardOf('Jane')).getByRole('button', { name: 'Remove Jane from favorites' }).click());
    expect(toastText()).toBe('Removed from favorites');
    expect((await stored())[0]!.isFavorite).toBe(false);
    expect(writes().map((w) => w.body)).toEqual([{ isFavorite: true }, { isFavorite: false }]);
    // The toast closes after the spec's 6 seconds.
    await advance(5900);
    expect(toastText()).toBe('Removed from favorites');
    await advance(200);
    expect(toastText()).toBeNull();
  });

  test('a favourite that fails: Error updating favorite, nothing changed', async () => {
    await renderBoard([{ name: 'Jane', url: 'https://x.com/jane' }]);
    hub.network.interrupt('PUT /api/links/', { proxyStatus: 502 });
    await settle(() => within(cardOf('Jane')).getByRole('button', { name: 'Add Jane to favorites' }).click());
    expect(toastText()).toBe('Error updating favorite');
    expect((await stored())[0]!.isFavorite).toBe(false);
  });
});

describe('LinksBoard: adding, editing and deleting', () => {
  test("Manual Entry: the spec's messages per field, then the link is created and listed", async () => {
    await renderBoard([]);
    const add = await openAdd();
    await settle(() => within(add).getByRole('button', { name: 'Manual Entry' }).click());
    await settle(() => within(add).getByRole('button', { name: 'Add Link' }).click());
    expect(within(add).getByText('Link name is required')).toBeTruthy();
    expect(within(add).getByText('URL is required')).toBeTruthy();
    fill(add, { 'Link Name': 'Jane', URL: 'javascript:alert(1)' });
    await settle(() => within(add).getByRole('button', { name: 'Add Link' }).click());
    expect(within(add).getByText('Please enter a valid URL')).toBeTruthy();
    expect(writes()).toEqual([]);
    fill(add, { URL: 'https://fansly.com/jane', Description: 'Her page', Category: 'Fansly' });
    await settle(() => within(add).getByRole('button', { name: 'Add Link' }).click());
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/links', body: { name: 'Jane', url: 'https://fansly.com/jane', description: 'Her page', category: 'Fansly' } },
    ]);
    expect(toastText()).toBe('Link created successfully!');
    expect(cardNames()).toEqual(['Jane']);
    expect((add as HTMLDialogElement).open).toBe(false);
  });

  test('the category starts at PornHub', async () => {
    await renderBoard([]);
    const add = await openAdd();
    await settle(() => within(add).getByRole('button', { name: 'Manual Entry' }).click());
    expect((within(add).getByLabelText('Category') as HTMLSelectElement).value).toBe('PornHub');
  });

  test('Link Dump: detection falls back to the URL when the page is out of reach, fills the form, and it saves', async () => {
    await renderBoard([]);
    const add = await openAdd();
    fill(add, { 'Paste a URL': 'not a url' });
    await settle(() => within(add).getByRole('button', { name: 'Detect Details' }).click());
    expect(within(add).getByText('Please enter a valid URL')).toBeTruthy();
    // 127.0.0.2 is refused by the hub's fetcher: nothing leaves the machine.
    fill(add, { 'Paste a URL': 'http://127.0.0.2/jane-doe' });
    await settle(() => within(add).getByRole('button', { name: 'Detect Details' }).click());
    expect(toastText()).toBe('Basic link detection applied (enhanced detection failed)');
    expect((within(add).getByLabelText('Link Name') as HTMLInputElement).value).toBe('jane doe - 127.0.0.2');
    expect((within(add).getByLabelText('URL') as HTMLInputElement).value).toBe('http://127.0.0.2/jane-doe');
    expect((within(add).getByLabelText('Category') as HTMLSelectElement).value).toBe('Other');
    await settle(() => within(add).getByRole('button', { name: 'Add Link' }).click());
    expect(toastText()).toBe('Link created successfully!');
    expect(cardNames()).toEqual(['jane doe - 127.0.0.2']);
  });

  test('a save the server refuses shows its message in the dialog; a dropped one shows Network error', async () => {
    await renderBoard([]);
    const add = await openAdd();
    await settle(() => within(add).getByRole('button', { name: 'Manual Entry' }).click());
    fill(add, { 'Link Name': 'n'.repeat(150), URL: 'https://x.com/a' });
    hub.network.interrupt('POST /api/links', { proxyStatus: 502 });
    await settle(() => within(add).getByRole('button', { name: 'Add Link' }).click());
    expect(within(add).getByRole('alert').textContent).toContain('Error submitting form');
    hub.network.clear();
    hub.network.interrupt('POST /api/links', { networkError: 'Failed to fetch' });
    await settle(() => within(add).getByRole('button', { name: 'Add Link' }).click());
    expect(within(add).getByRole('alert').textContent).toContain('Network error: Failed to fetch');
    expect(await stored()).toEqual([]);
  });

  test('Edit Link starts from the stored values and updates the card', async () => {
    await renderBoard([{ name: 'Jane', url: 'https://x.com/jane', category: 'X' }]);
    await settle(() => within(cardOf('Jane')).getByRole('button', { name: 'Edit Jane' }).click());
    const edit = dialog('Edit Link');
    expect(within(edit).queryByRole('button', { name: 'Link Dump' })).toBeNull();
    expect((within(edit).getByLabelText('Link Name') as HTMLInputElement).value).toBe('Jane');
    expect((within(edit).getByLabelText('Category') as HTMLSelectElement).value).toBe('X');
    fill(edit, { 'Link Name': 'Jane Doe' });
    await settle(() => within(edit).getByRole('button', { name: 'Update Link' }).click());
    expect(toastText()).toBe('Link updated successfully!');
    expect(cardNames()).toEqual(['Jane Doe']);
    expect((await stored())[0]!.name).toBe('Jane Doe');
  });

  test("Delete asks first; Cancel keeps it, Delete removes it with the spec's toast", async () => {
    await renderBoard([{ name: 'Jane', url: 'https://x.com/jane' }]);
    await settle(() => within(cardOf('Jane')).getByRole('button', { name: 'Delete Jane' }).click());
    await settle(() => within(dialog('Delete Link')).getByRole('button', { name: 'Cancel' }).click());
    expect(writes()).toEqual([]);
    await settle(() => within(cardOf('Jane')).getByRole('button', { name: 'Delete Jane' }).click());
    hub.network.interrupt('DELETE /api/links/', { proxyStatus: 500 });
    await settle(() => within(dialog('Delete Link')).getByRole('button', { name: 'Delete' }).click());
    expect(within(dialog('Delete Link')).getByRole('alert').textContent).toContain('Error deleting link');
    hub.network.clear();
    await settle(() => within(dialog('Delete Link')).getByRole('button', { name: 'Delete' }).click());
    expect(toastText()).toBe('Link deleted successfully!');
    expect(cardNames()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add Your First Link' })).toBeTruthy();
  });

  test('a list that cannot be reloaded after a change: Error loading links', async () => {
    await renderBoard([{ name: 'Jane', url: 'https://x.com/jane' }]);
    hub.network.interrupt('GET /api/links', { networkError: 'Failed to fetch' });
    await settle(() => within(cardOf('Jane')).getByRole('button', { name: 'Delete Jane' }).click());
    await settle(() => within(dialog('Delete Link')).getByRole('button', { name: 'Delete' }).click());
    expect(toastText()).toBe('Error loading links');
  });
});

describe('LinksBoard: Sync from models', () => {
  test('imports new model links once, then finds nothing new', async () => {
    await newModel(hub.hub.database.db, hub.ids.ada!, {
      name: 'Kim',
      links: [
        { name: 'Reddit', url: 'https://reddit.com/u/kim' },
        { name: 'Blank', url: '' },
      ],
    });
    await renderBoard([]);
    await settle(() => screen.getByRole('button', { name: 'Sync from models' }).click());
    expect(toastText()).toBe('Successfully imported 1 new links from models!');
    expect(cardNames()).toEqual(['Kim - Reddit']);
    expect(within(cardOf('Kim - Reddit')).getByText('From Kim')).toBeTruthy();
    await settle(() => screen.getByRole('button', { name: 'Sync from models' }).click());
    expect(toastText()).toBe('No new links found to import');
  });

  test('a sync that fails: Error syncing links from models', async () => {
    await renderBoard([]);
    hub.network.interrupt('POST /api/links/sync-from-models', { proxyStatus: 503 });
    await settle(() => screen.getByRole('button', { name: 'Sync from models' }).click());
    expect(toastText()).toBe('Error syncing links from models');
  });
});
