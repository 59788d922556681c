import { afterEach, beforeEach, describe, expect, jest, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Album } from '../../src/shared/albums.ts';
import { createIslandApp, type IslandApp, type Scenario } from '../../test/helpers/island-app.ts';
import { type MediaFields, newMedia } from '../../test/helpers/media-factory.ts';
import { PREMIUM } from '../media/premium-config.ts';
import { RED_ROOM } from '../media/red-room-config.ts';
import { AlbumsPanel } from './AlbumsPanel.tsx';
import { MoveToAlbumDialog } from './MoveToAlbumDialog.tsx';

// The album views against the real hub (test/helpers/island-app.ts) with Ann signed in; her media
// rows are written straight into its database, her albums made through the API.

const SCENARIO: Scenario = { accounts: [{ username: 'ann', name: 'Ann Owner', role: 'admin' }], signedInAs: 'ann' };

let hub: IslandApp;
let logged: Mock<typeof console.error>;

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

const seed = (fields: MediaFields = {}) => newMedia(hub.hub.database, hub.ids.ann!, fields);
const makeAlbum = (name: string, description = '') => browserCall<Album>('POST', '/api/albums', { name, description, isPublic: true });

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 6; i++) await act(() => hub.idle());
}

const snackbars = () => [...document.querySelectorAll('.fixed.bottom-16.left-1\\/2 span')].map((s) => s.textContent);
const albumCard = (name: string) => screen.getByRole('article', { name });
const dialog = (name: string) => screen.getByRole('dialog', { name });
const type = (input: HTMLElement, value: string) => settle(() => fireEvent.change(input, { target: { value } }));

async function albumMenu(name: string, action: string) {
  await settle(() =>
    within(albumCard(name))
      .getByRole('button', { name: `Actions for album ${name}` })
      .click(),
  );
  await settle(() => screen.getByRole('menuitem', { name: action }).click());
}

beforeEach(async () => {
  logged = spyOn(console, 'error').mockImplementation(() => {});
  jest.useFakeTimers();
  hub = await createIslandApp(SCENARIO);
});

afterEach(async () => {
  cleanup();
  jest.useRealTimers();
  await hub.close();
  logged.mockRestore();
});

describe('AlbumsPanel', () => {
  test('empty, then created (the name is required after trimming), edited, and deleted with its media kept', async () => {
    const photo = seed({ title: 'Sunset' });
    render(<AlbumsPanel config={RED_ROOM} />);
    await settle();
    expect(screen.getByRole('heading', { name: 'Albums' })).toBeTruthy();
    expect(screen.getByText('No Albums Yet')).toBeTruthy();

    await settle(() => screen.getByRole('button', { name: 'Create Album' }).click());
    const create = dialog('Create Album');
    // A name of spaces is no name: Create Album stays disabled, nothing is sent.
    await type(within(create).getByLabelText('Album Name'), '   ');
    expect((within(create).getByRole('button', { name: 'Create Album' }) as HTMLButtonElement).disabled).toBe(true);
    await settle(() => fireEvent.submit(within(create).getByLabelText('Album Name').closest('form')!));
    expect(within(create).getByText('Album name is required')).toBeTruthy();
    expect(hub.writes()).toHaveLength(0);

    await type(within(create).getByLabelText('Album Name'), '  Holidays ');
    await type(within(create).getByLabelText(/Description/), 'Summer by the sea, with a description long enough to need two lines on a card');
    await settle(() => within(create).getByRole('button', { name: 'Create Album' }).click());
    expect(hub.writes()[0]?.body).toEqual({
      name: 'Holidays',
      description: 'Summer by the sea, with a description long enough to need two lines on a card',
      isPublic: true,
    });
    expect(snackbars()).toContain('Album created successfully');
    const card = albumCard('Holidays');
    expect(within(card).getByText('0 items')).toBeTruthy();
    expect(within(card).getByText(/Summer by the sea/).className).toContain('line-clamp-2');

    await albumMenu('Holidays', 'Edit Album');
    const edit = dialog('Edit Album');
    expect((within(edit).getByLabelText('Album Name') as HTMLInputElement).value).toBe('Holidays');
    await type(within(edit).getByLabelText('Album Name'), 'Holidays 2026');
    await settle(() => within(edit).getByRole('switch', { name: 'Public album' }).click());
    await settle(() => within(edit).getByRole('button', { name: 'Save' }).click());
    expect(snackbars()).toContain('Album updated successfully');
    expect(screen.getByRole('article', { name: 'Holidays 2026' })).toBeTruthy();
    const [stored] = (await browserCall<{ albums: Album[] }>('GET', '/api/albums')).albums;
    expect(stored?.isPublic).toBe(false);

    await browserCall('POST', `/api/albums/${stored!._id}/media`, { mediaIds: [photo.id] });
    await albumMenu('Holidays 2026', 'Delete Album');
    await settle(() => within(dialog('Delete Album')).getByRole('button', { name: 'Delete Album' }).click());
    expect(snackbars()).toContain('Album deleted successfully');
    expect(screen.getByText('No Albums Yet')).toBeTruthy();
    expect((await browserCall<{ totalItems: number }>('GET', '/api/gallery')).totalItems).toBe(1);
  });

  test("a refused call shows the server's text, or the catalogue's when it has none", async () => {
    await makeAlbum('Trips');
    render(<AlbumsPanel config={RED_ROOM} />);
    await settle();
    hub.network.interrupt('PUT /api/albums/', { proxyStatus: 502 });
    await albumMenu('Trips', 'Edit Album');
    await settle(() => within(dialog('Edit Album')).getByRole('button', { name: 'Save' }).click());
    expect(within(dialog('Edit Album')).getByRole('alert').textContent).toContain('Failed to update album');
    expect(logged.mock.calls.some((c) => String(c[0]).includes('HTTP error! status: 502'))).toBe(true);
    hub.network.clear();
    await type(within(dialog('Edit Album')).getByLabelText('Album Name'), 'x'.repeat(201));
    await settle(() => within(dialog('Edit Album')).getByRole('button', { name: 'Save' }).click());
    expect(within(dialog('Edit Album')).getByRole('alert').textContent).toContain('Album name must be at most 200 characters');
  });

  test('an album: X of Y with its chips, Add Media from the gallery, Set as Album Thumbnail shown on the card, Select Thumbnail', async () => {
    const first = seed({ title: 'First', createdAt: 1_000 });
    const second = seed({ title: 'Second', createdAt: 2_000, favorite: true });
    const third = seed({ title: 'Third', createdAt: 3_000 });
    seed({ title: 'Outside', createdAt: 4_000 });
    const album = await makeAlbum('Beach');
    await browserCall('POST', `/api/albums/${album._id}/media`, { mediaIds: [first.id, second.id, third.id] });
    render(<AlbumsPanel config={RED_ROOM} />);
    await settle();
    expect(within(albumCard('Beach')).getByText('3 items')).toBeTruthy();
    await settle(() => screen.getByRole('button', { name: 'Open album Beach' }).click());
    expect(screen.getByRole('heading', { name: 'Beach' })).toBeTruthy();
    expect(screen.getByText('3 of 3 items')).toBeTruthy();

    await settle(() => screen.getByRole('button', { name: 'Favorites' }).click());
    expect(screen.getByText('1 of 3 items')).toBeTruthy();
    await settle(() => screen.getByRole('button', { name: 'Videos' }).click());
    expect(screen.getByText('No items match the current filter')).toBeTruthy();
    await settle(() => screen.getByRole('button', { name: 'All' }).click());

    await settle(() =>
      within(screen.getByRole('article', { name: 'First' }))
        .getByRole('button', { name: 'Actions for First' })
        .click(),
    );
    await settle(() => screen.getByRole('menuitem', { name: 'Set as Album Thumbnail' }).click());
    expect(snackbars()).toContain('Album thumbnail updated successfully');

    await settle(() => screen.getByRole('button', { name: 'Add Media' }).click());
    const add = dialog('Add Media to Beach');
    expect(within(add).getByRole('button', { name: 'Add 0 Items' })).toHaveProperty('disabled', true);
    expect(within(add).getByRole('list', { name: 'Media to add' }).parentElement?.className).toContain('h-[400px]');
    await settle(() => within(add).getByRole('button', { name: 'Favorites' }).click());
    expect(within(add).queryByRole('button', { name: 'Outside' })).toBeNull();
    await settle(() => within(add).getByRole('button', { name: 'All Media' }).click());
    // Each thumbnail has its title written under it, not only as its name.
    const outside = within(add).getByRole('button', { name: 'Outside' });
    expect(outside.querySelector('[data-pick-title]')?.textContent).toBe('Outside');
    expect(within(within(add).getByRole('list', { name: 'Media to add' })).getAllByText(/^(First|Second|Third|Outside)$/)).toHaveLength(4);
    await settle(() => within(add).getByRole('button', { name: 'Outside' }).click());
    await settle(() => within(add).getByRole('button', { name: 'Add 1 Item' }).click());
    expect(snackbars()).toContain('Added 1 item(s) to album: Beach');
    expect(screen.getByText('4 of 4 items')).toBeTruthy();

    await settle(() => screen.getByRole('button', { name: 'Back to Albums' }).click());
    expect(within(albumCard('Beach')).getByText('4 items')).toBeTruthy();
    expect(albumCard('Beach').querySelector(`img[src="/media/${first.id}/thumbnail"]`)).toBeTruthy();

    await settle(() => screen.getByRole('button', { name: 'Open album Beach' }).click());
    await settle(() => screen.getByRole('button', { name: 'Select Thumbnail' }).click());
    const choose = dialog('Select Thumbnail');
    expect(within(choose).getByRole('button', { name: 'First' }).getAttribute('aria-pressed')).toBe('true');
    await settle(() => within(choose).getByRole('button', { name: 'Third' }).click());
    await settle(() => within(choose).getByRole('button', { name: 'Set Thumbnail' }).click());
    expect(snackbars()).toContain('Album thumbnail updated successfully');
    const stored = await browserCall<Album>('GET', `/api/albums/${album._id}`);
    expect(stored.coverImage?._id).toBe(third.id);

    // Remove from Album: the item stays in the gallery.
    await settle(() =>
      within(screen.getByRole('article', { name: 'Outside' }))
        .getByRole('button', { name: 'Actions for Outside' })
        .click(),
    );
    await settle(() => screen.getByRole('menuitem', { name: 'Remove from Album' }).click());
    expect(screen.getByText('3 of 3 items')).toBeTruthy();
  });

  test('an empty album says so', async () => {
    await makeAlbum('Nothing yet');
    render(<AlbumsPanel config={PREMIUM} />);
    await settle();
    await settle(() => screen.getByRole('button', { name: 'Open album Nothing yet' }).click());
    expect(screen.getByText('0 of 0 items')).toBeTruthy();
    expect(screen.getByText('This album is empty')).toBeTruthy();
  });
});

describe('MoveToAlbumDialog', () => {
  test('albums with their counts; Move waits for a choice; an album created inline ("Creating...") is chosen; one bulk call', async () => {
    const a = seed({ title: 'A' });
    const b = seed({ title: 'B' });
    const old = await makeAlbum('Old one');
    await browserCall('POST', `/api/albums/${old._id}/media`, { mediaIds: [a.id] });
    const moved: string[] = [];
    render(<MoveToAlbumDialog open gallery="gallery" mediaIds={[a.id, b.id]} onClose={() => undefined} onMoved={(message) => moved.push(message)} />);
    await settle();
    const move = dialog('Add to Album');
    expect(within(move).getByRole('button', { name: /Old one/ }).textContent).toContain('1 item');
    expect(within(move).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);

    await settle(() => within(move).getByRole('button', { name: 'Create New Album' }).click());
    expect(within(move).getByRole('button', { name: 'Create' })).toHaveProperty('disabled', true);
    await type(within(move).getByLabelText('Album Name'), '   ');
    expect(within(move).getByRole('button', { name: 'Create' })).toHaveProperty('disabled', true);
    await type(within(move).getByLabelText('Album Name'), 'Fresh');
    hub.network.interrupt('POST /api/albums', { held: true });
    await act(async () => {
      within(move).getByRole('button', { name: 'Create' }).click();
    });
    expect(within(move).getByRole('button', { name: 'Creating...' })).toHaveProperty('disabled', true);
    hub.network.clear();
    await settle(() => hub.network.release());
    expect(within(move).getByRole('button', { name: /Fresh/ }).getAttribute('aria-pressed')).toBe('true');
    expect(within(move).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', false);

    hub.requests.length = 0;
    await settle(() => within(move).getByRole('button', { name: 'Add' }).click());
    const writes = hub.writes();
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /api/gallery/bulk']);
    expect(writes[0]?.body).toMatchObject({ action: 'add-to-album', ids: [a.id, b.id] });
    expect(moved).toEqual(['Added 2 item(s) to album: Fresh']);
    const fresh = (await browserCall<{ albums: Album[] }>('GET', '/api/albums')).albums.find((x) => x.name === 'Fresh');
    expect(fresh?.mediaCount).toBe(2);
  });

  test("premium's wording, and the refresh button shows albums made elsewhere", async () => {
    const a = seed({ title: 'A', gallery: 'premium' });
    const moved: string[] = [];
    render(
      <MoveToAlbumDialog
        open
        gallery="premium"
        mediaIds={[a.id]}
        onClose={() => undefined}
        onMoved={(message) => moved.push(message)}
        successText={(n) => (n === 1 ? 'Item moved to album' : `${n} items moved to album`)}
      />,
    );
    await settle();
    const move = dialog('Add to Album');
    expect(within(move).getByText('No Albums Yet')).toBeTruthy();
    await makeAlbum('Elsewhere');
    await settle(() => within(move).getByRole('button', { name: 'Refresh albums' }).click());
    await settle(() =>
      within(move)
        .getByRole('button', { name: /Elsewhere/ })
        .click(),
    );
    await settle(() => within(move).getByRole('button', { name: 'Add' }).click());
    expect(hub.writes().at(-1)?.path).toBe('/api/premium/bulk');
    expect(moved).toEqual(['Item moved to album']);
  });
});
