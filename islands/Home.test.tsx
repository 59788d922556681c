import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { type HomeDashboard as Dashboard, HOME_TEXT } from '../src/shared/home.ts';
import { createIslandApp, type IslandApp } from '../test/helpers/island-app.ts';
import { newStreamingSite } from '../test/helpers/sites-factory.ts';
import HomeDashboard from './Home.tsx';

// fetch is answered by the real hub (test/helpers/island-app.ts), with Bob signed in. The clock of
// the refresh throttle is Date.now, moved by hand.

let hub: IslandApp;
let now = Date.parse('2031-05-01T10:00:00Z');
let clock: Mock<typeof Date.now>;
let logged: Mock<typeof console.log>;

const EMPTY: Dashboard = { favoriteSites: [], favoriteModels: [], recentLinks: [] };

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => hub.idle());
}

const homeRequests = () => hub.requests.filter((r) => r.path === '/api/home').length;
const section = (heading: string) => screen.getByRole('region', { name: heading });

beforeEach(async () => {
  hub = await createIslandApp({ accounts: [{ username: 'bob', name: 'Bob', role: 'admin' }], signedInAs: 'bob' });
  clock = spyOn(Date, 'now').mockImplementation(() => now);
  logged = spyOn(console, 'log').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  clock.mockRestore();
  logged.mockRestore();
  await hub.close();
});

describe('HomeDashboard', () => {
  test('shows what the server rendered, with each empty state and its button', () => {
    render(<HomeDashboard initial={EMPTY} />);
    expect(within(section(HOME_TEXT.sitesHeading)).getByText(HOME_TEXT.sitesEmpty)).toBeDefined();
    expect(within(section(HOME_TEXT.sitesHeading)).getByRole('link', { name: HOME_TEXT.sitesBrowse }).getAttribute('href')).toBe('/watch');
    expect(within(section(HOME_TEXT.modelsHeading)).getByRole('link', { name: HOME_TEXT.modelsBrowse }).getAttribute('href')).toBe('/models');
    expect(within(section(HOME_TEXT.linksHeading)).getByRole('link', { name: HOME_TEXT.linksBrowse }).getAttribute('href')).toBe('/links');
    expect(screen.getByRole('link', { name: HOME_TEXT.redRoomButton }).getAttribute('href')).toBe('/gallery');
    expect(screen.getByRole('link', { name: 'Go to Watch' }).getAttribute('href')).toBe('/watch');
    expect(homeRequests()).toBe(0);
  });

  test('focus refreshes from the hub at most once every 30 s', async () => {
    render(<HomeDashboard initial={EMPTY} />);
    await newStreamingSite(hub.hub.database.db, hub.ids.bob!, { name: 'New favourite', isFavorite: true, url: 'https://new.example/' });

    now += 10_000;
    await settle(() => window.dispatchEvent(new Event('focus')));
    expect(homeRequests()).toBe(0);
    expect(screen.queryByText('New favourite')).toBeNull();

    now += 21_000;
    await settle(() => window.dispatchEvent(new Event('focus')));
    expect(homeRequests()).toBe(1);
    const card = screen.getByRole('link', { name: /New favourite/ });
    expect(card.getAttribute('href')).toBe('https://new.example/');
    expect(card.getAttribute('rel')).toBe('noopener noreferrer');

    // Just refreshed: the tab becoming visible again right away asks nothing.
    now += 5_000;
    await settle(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(homeRequests()).toBe(1);
  });

  test('a spinner shows beside each heading while the refresh runs, and only one refresh runs at a time', async () => {
    render(<HomeDashboard initial={EMPTY} />);
    hub.network.interrupt('GET /api/home', { held: true });
    now += 31_000;
    await settle(() => window.dispatchEvent(new Event('focus')));
    expect(within(section(HOME_TEXT.sitesHeading)).getByRole('status', { name: 'Loading' })).toBeDefined();
    now += 31_000;
    await settle(() => window.dispatchEvent(new Event('focus')));
    expect(homeRequests()).toBe(1);
    hub.network.release();
    await settle();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  test('a failed refresh is only logged and leaves the sections as they were', async () => {
    const initial: Dashboard = { ...EMPTY, favoriteSites: [{ _id: 'x', name: 'Kept site', url: 'https://kept.example/', category: 'Other', chipClass: '' }] };
    render(<HomeDashboard initial={initial} />);
    hub.network.interrupt('GET /api/home', { networkError: 'Failed to fetch' });
    now += 31_000;
    await settle(() => window.dispatchEvent(new Event('focus')));
    expect(screen.getByText('Kept site')).toBeDefined();
    expect(logged).toHaveBeenCalledWith(HOME_TEXT.loadError, 'Network error: Failed to fetch');
  });
});
