import { afterEach, beforeEach, describe, expect, jest, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { StreamingSite, WatchFilter } from '../src/shared/watch.ts';
import { createIslandApp, type IslandApp } from '../test/helpers/island-app.ts';
import Watch from './Watch.tsx';

// The Watch island against the real hub (test/helpers/island-app.ts): Ada is signed in; her sites
// are made through the API, as the page would have them from the server.

let hub: IslandApp;
let logged: Mock<typeof console.error>;
let stopNavigation: (event: Event) => void;

const ALL: WatchFilter = { tab: 'all', search: '', page: 1 };

/** A site of Ada's, made through the API outside the island (another tab). */
async function made(body: Record<string, unknown>): Promise<StreamingSite> {
  const response = await fetch('/api/streaming-sites', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
  hub.requests.length = 0;
  return (await response.json()) as StreamingSite;
}

async function serverSites(query = ''): Promise<{ sites: StreamingSite[]; total: number }> {
  const response = await fetch(`/api/streaming-sites${query}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  hub.requests.length = 0;
  return { sites: (await response.json()) as StreamingSite[], total: Number(response.headers.get('x-total-count')) };
}

/** The island as the page renders it for `filter`, from the hub's data. */
async function renderLive(filter: WatchFilter = ALL, query = '') {
  const { sites, total } = await serverSites(query);
  return render(<Watch sites={sites} total={total} filter={filter} />);
}

const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
const writes = () => hub.writes().map(({ method, path, body }) => ({ method, path, body }));
const toastText = async (text: string) => {
  const found = await screen.findByText(text, { exact: true });
  return found;
};
const dialog = (name: string) => screen.getByRole('dialog', { name });
const click = (element: HTMLElement) => act(async () => element.click());

beforeEach(async () => {
  logged = spyOn(console, 'error').mockImplementation(() => {});
  // Links that open sites must not make the test document navigate.
  stopNavigation = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
  };
  document.addEventListener('click', stopNavigation, true);
  hub = await createIslandApp({ accounts: [{ username: 'ada', name: 'Ada Admin', role: 'admin' }], signedInAs: 'ada' });
});

afterEach(async () => {
  cleanup();
  jest.useRealTimers();
  document.removeEventListener('click', stopNavigation, true);
  await hub.close();
  logged.mockRestore();
});

describe('Watch: the grid', () => {
  test('hydrates the server’s HTML without a mismatch', async () => {
    await made({ name: 'Tube', url: 'https://tube.example', category: 'Korean', description: 'Evenings' });
    const { sites, total } = await serverSites();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Watch sites={sites} total={total} filter={ALL} />);
    document.body.appendChild(container);
    await act(async () => {
      hydrateRoot(container, <Watch sites={sites} total={total} filter={ALL} />);
    });
    expect(logged).not.toHaveBeenCalled();
    container.remove();
  });

  test('a card shows icon, name, category chip, description, address, Watch Now, and named buttons', async () => {
    await made({ name: 'Tube <One>', url: 'https://tube.example/', category: 'Japanese', description: 'Late night' });
    await renderLive();
    const site = card('Tube <One>');
    expect(site.querySelector('img')?.getAttribute('src')).toBe(`/api/favicon?url=${encodeURIComponent('https://tube.example/')}`);
    expect(within(site).getByText('Japanese').className).toContain('bg-[#AD1457]');
    expect(within(site).getByText('Late night')).toBeTruthy();
    const address = within(site).getByRole('link', { name: 'tube.example' });
    const watch = within(site).getByRole('link', { name: 'Watch Now' });
    for (const link of [address, watch]) {
      expect(link.getAttribute('href')).toBe('https://tube.example/');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(within(site).getByRole('button', { name: 'Add Tube <One> to favorites' }).getAttribute('aria-pressed')).toBe('false');
    within(site).getByRole('button', { name: 'Edit Tube <One>' });
    within(site).getByRole('button', { name: 'Delete Tube <One>' });
    expect(screen.getByText('1 site')).toBeTruthy();
  });

  test('a broken icon falls back to the generic one', async () => {
    await made({ name: 'Tube', url: 'https://tube.example' });
    await renderLive();
    const img = card('Tube').querySelector('img')!;
    await act(async () => {
      fireEvent.error(img);
    });
    expect(card('Tube').querySelector('img')).toBeNull();
    expect(card('Tube').querySelector('svg')).toBeTruthy();
  });

  test('the tabs link to each category, the current one marked', async () => {
    await renderLive({ tab: 'korean', search: 'x y', page: 1 }, '?category=Korean&search=x%20y');
    const tabs = within(screen.getByRole('navigation', { name: 'Streaming site categories' })).getAllByRole('link');
    expect(tabs.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['All', '/watch?search=x+y'],
      ['Favorites', '/watch?tab=favorites&search=x+y'],
      ['Chinese', '/watch?tab=chinese&search=x+y'],
      ['Japanese', '/watch?tab=japanese&search=x+y'],
      ['Korean', '/watch?tab=korean&search=x+y'],
      ['White', '/watch?tab=white&search=x+y'],
      ['Hentai', '/watch?tab=hentai&search=x+y'],
      ['Other', '/watch?tab=other&search=x+y'],
    ]);
    expect(tabs.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual(['Korean']);
    expect(screen.getByText('No streaming sites match “x y”.')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search streaming sites' }) as HTMLInputElement).value).toBe('x y');
  });
});

describe('Watch: adding and editing', () => {
  test('the dialog checks Site Name and URL before sending, then adds the site and says so', async () => {
    await renderLive();
    expect(screen.getByText('No streaming sites yet.')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Add Streaming Site' }));
    const add = dialog('Add New Streaming Site');
    expect((within(add).getByLabelText('Category') as HTMLSelectElement).value).toBe('Other');
    await click(within(add).getByRole('button', { name: 'Add' }));
    expect(within(add).getByText('Site name is required')).toBeTruthy();
    expect(within(add).getByText('URL is required')).toBeTruthy();
    fireEvent.change(within(add).getByLabelText('Site Name'), { target: { value: 'New Tube' } });
    fireEvent.change(within(add).getByLabelText('URL'), { target: { value: 'javascript:alert(1)' } });
    await click(within(add).getByRole('button', { name: 'Add' }));
    expect(within(add).getByText('URL must start with http:// or https://')).toBeTruthy();
    fireEvent.change(within(add).getByLabelText('URL'), { target: { value: 'tube.example' } });
    await click(within(add).getByRole('button', { name: 'Add' }));
    expect(within(add).getByText('Please enter a valid URL')).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.change(within(add).getByLabelText('URL'), { target: { value: ' https://new.example ' } });
    fireEvent.change(within(add).getByLabelText('Category'), { target: { value: 'Hentai' } });
    fireEvent.change(within(add).getByLabelText('Description (optional)'), { target: { value: 'Fresh' } });
    await click(within(add).getByRole('button', { name: 'Add' }));
    await toastText('Streaming site added successfully!');
    await waitFor(() => expect(cardNames()).toEqual(['New Tube']));
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/streaming-sites', body: { name: 'New Tube', url: 'https://new.example', category: 'Hentai', description: 'Fresh' } },
    ]);
    expect((add as HTMLDialogElement).open).toBe(false);
    expect(within(card('New Tube')).getByText('Hentai')).toBeTruthy();
    expect(screen.getByText('1 site')).toBeTruthy();

    // A second add starts from an empty form.
    await click(screen.getByRole('button', { name: 'Add Streaming Site' }));
    await waitFor(() => expect((within(dialog('Add New Streaming Site')).getByLabelText('Site Name') as HTMLInputElement).value).toBe(''));
  });

  test('the toast closes after 6 seconds', async () => {
    await made({ name: 'Tube', url: 'https://tube.example' });
    await renderLive();
    jest.useFakeTimers();
    await click(within(card('Tube')).getByRole('button', { name: 'Add Tube to favorites' }));
    // The hub answers in-process: a few turns of the event loop, no timers.
    for (let i = 0; i < 20 && !screen.queryByText('Added to favorites'); i++) await act(async () => {});
    expect(screen.queryByText('Added to favorites')).not.toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(5999);
    });
    expect(screen.queryByText('Added to favorites')).not.toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Added to favorites')).toBeNull();
  });

  test('Edit opens the filled dialog and updates the card', async () => {
    const site = await made({ name: 'Old Name', url: 'https://old.example', category: 'Chinese', description: 'Keep' });
    await renderLive();
    await click(within(card('Old Name')).getByRole('button', { name: 'Edit Old Name' }));
    const edit = dialog('Edit Streaming Site');
    await waitFor(() => expect((within(edit).getByLabelText('Site Name') as HTMLInputElement).value).toBe('Old Name'));
    expect((within(edit).getByLabelText('URL') as HTMLInputElement).value).toBe('https://old.example');
    expect((within(edit).getByLabelText('Category') as HTMLSelectElement).value).toBe('Chinese');
    expect((within(edit).getByLabelText('Description (optional)') as HTMLTextAreaElement).value).toBe('Keep');
    fireEvent.change(within(edit).getByLabelText('Site Name'), { target: { value: 'New Name' } });
    await click(within(edit).getByRole('button', { name: 'Update' }));
    await toastText('Streaming site updated successfully!');
    await waitFor(() => expect(cardNames()).toEqual(['New Name']));
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: `/api/streaming-sites/${site._id}`,
        body: { name: 'New Name', url: 'https://old.example', category: 'Chinese', description: 'Keep' },
      },
    ]);
  });

  test('a server refusal is shown as-is inside the dialog, which stays open', async () => {
    const site = await made({ name: 'Gone Soon', url: 'https://gone.example' });
    await renderLive();
    await fetch(`/api/streaming-sites/${site._id}`, { method: 'DELETE', credentials: 'same-origin', headers: { accept: 'application/json' } });
    hub.requests.length = 0;
    await click(within(card('Gone Soon')).getByRole('button', { name: 'Edit Gone Soon' }));
    const edit = dialog('Edit Streaming Site');
    await click(within(edit).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(within(edit).getByRole('alert').textContent).toContain('Streaming site not found'));
    expect((edit as HTMLDialogElement).open).toBe(true);
  });

  test('a proxy error page while saving gives Error saving streaming site; a dropped connection Network error', async () => {
    await renderLive();
    await click(screen.getByRole('button', { name: 'Add Streaming Site' }));
    const add = dialog('Add New Streaming Site');
    fireEvent.change(within(add).getByLabelText('Site Name'), { target: { value: 'X' } });
    fireEvent.change(within(add).getByLabelText('URL'), { target: { value: 'https://x.example' } });
    hub.network.interrupt('POST /api/streaming-sites', { proxyStatus: 502 });
    await click(within(add).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(add).getByRole('alert').textContent).toContain('Error saving streaming site'));
    hub.network.clear();
    hub.network.interrupt('POST /api/streaming-sites', { networkError: 'Failed to fetch' });
    await click(within(add).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(add).getByRole('alert').textContent).toContain('Network error: Failed to fetch'));
    expect((await serverSites()).total).toBe(0);
  });
});

describe('Watch: favourites, visits, deleting', () => {
  test('the heart toggles the favourite with the spec’s toasts', async () => {
    const site = await made({ name: 'Tube', url: 'https://tube.example' });
    await renderLive();
    await click(within(card('Tube')).getByRole('button', { name: 'Add Tube to favorites' }));
    await toastText('Added to favorites');
    await waitFor(() => expect(within(card('Tube')).getByRole('button', { name: 'Remove Tube from favorites' }).getAttribute('aria-pressed')).toBe('true'));
    await click(within(card('Tube')).getByRole('button', { name: 'Remove Tube from favorites' }));
    await toastText('Removed from favorites');
    expect(writes()).toEqual([
      { method: 'PUT', path: `/api/streaming-sites/${site._id}`, body: { isFavorite: true } },
      { method: 'PUT', path: `/api/streaming-sites/${site._id}`, body: { isFavorite: false } },
    ]);
    expect((await serverSites()).sites[0]?.isFavorite).toBe(false);
  });

  test('on Favorites, a site taken out of the favourites leaves the list', async () => {
    await made({ name: 'Fav', url: 'https://fav.example', isFavorite: true });
    await made({ name: 'Not fav', url: 'https://not.example' });
    await renderLive({ tab: 'favorites', search: '', page: 1 }, '?favorite=true');
    expect(cardNames()).toEqual(['Fav']);
    await click(within(card('Fav')).getByRole('button', { name: 'Remove Fav from favorites' }));
    await waitFor(() => expect(screen.getByText('No favorite streaming sites yet.')).toBeTruthy());
    expect(cardNames()).toEqual([]);
  });

  test('a failed favourite says Error updating favorite and changes nothing', async () => {
    await made({ name: 'Tube', url: 'https://tube.example' });
    await renderLive();
    hub.network.interrupt('PUT /api/streaming-sites/', { proxyStatus: 503 });
    await click(within(card('Tube')).getByRole('button', { name: 'Add Tube to favorites' }));
    await toastText('Error updating favorite');
    expect(within(card('Tube')).getByRole('button', { name: 'Add Tube to favorites' })).toBeTruthy();
    expect((await serverSites()).sites[0]?.isFavorite).toBe(false);
  });

  test('Watch Now records the visit', async () => {
    const site = await made({ name: 'Tube', url: 'https://tube.example' });
    await renderLive();
    await click(within(card('Tube')).getByRole('link', { name: 'Watch Now' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', path: `/api/streaming-sites/${site._id}/visit`, body: undefined }]));
    await waitFor(async () => expect((await serverSites()).sites[0]?.lastVisited).toBeString());
  });

  test('Delete asks first: Cancel sends nothing; Delete removes the card and says so', async () => {
    const site = await made({ name: 'Doomed', url: 'https://doomed.example' });
    await made({ name: 'Kept', url: 'https://kept.example' });
    await renderLive();
    await click(within(card('Doomed')).getByRole('button', { name: 'Delete Doomed' }));
    const confirm = dialog('Delete Streaming Site');
    expect(confirm.textContent).toContain('Are you sure you want to delete Doomed? This cannot be undone.');
    await click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);
    await click(within(card('Doomed')).getByRole('button', { name: 'Delete Doomed' }));
    await click(within(dialog('Delete Streaming Site')).getByRole('button', { name: 'Delete' }));
    await toastText('Streaming site deleted successfully!');
    await waitFor(() => expect(cardNames()).toEqual(['Kept']));
    expect(writes()).toEqual([{ method: 'DELETE', path: `/api/streaming-sites/${site._id}`, body: undefined }]);
  });

  test('a failed delete says Error deleting streaming site; a failed reload Error loading streaming sites', async () => {
    await made({ name: 'Doomed', url: 'https://doomed.example' });
    await renderLive();
    hub.network.interrupt('DELETE /api/streaming-sites/', { proxyStatus: 502 });
    await click(within(card('Doomed')).getByRole('button', { name: 'Delete Doomed' }));
    const confirm = dialog('Delete Streaming Site');
    await click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(confirm).getByRole('alert').textContent).toContain('Error deleting streaming site'));
    expect(cardNames()).toEqual(['Doomed']);

    hub.network.clear();
    hub.network.interrupt('GET /api/streaming-sites', { proxyStatus: 502 });
    await click(within(confirm).getByRole('button', { name: 'Delete' }));
    await toastText('Error loading streaming sites');
  });
});
