import { describe, expect, test } from 'bun:test';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { LibraryChoice } from '../../src/shared/libraries.ts';
import { leanPage, type MediaPage } from '../../src/shared/media.ts';
import { readView, viewApiQuery } from '../../src/shared/media-view.ts';
import { newMedia } from '../../test/helpers/media-factory.ts';
import { libraryTestKit } from '../../test/helpers/media-library-kit.tsx';
import type { GalleryConfig as LibraryConfig } from './gallery-config.ts';
import { MediaGallery as MediaLibrary } from './MediaGallery.tsx';
import { PREMIUM } from './premium-config.ts';
import { RED_ROOM } from './red-room-config.ts';

// Items of library folders in the galleries: the library filter (kept in the address), where an
// item comes from in its details, and the offline mark in the bin. fetch is answered by the real
// hub with Ann signed in; her rows are written straight into its database.

const { hub, ann, browserCall, settle } = libraryTestKit();
const TRIPS: LibraryChoice = { _id: 'lib-trips', name: 'Trips' };
const PETS: LibraryChoice = { _id: 'lib-pets', name: 'Pets' };

/** An item of a library folder (or an upload when `library` is null). */
function seed(title: string, library: LibraryChoice | null, rel = `${title}.jpg`, fields: { gallery?: 'gallery' | 'premium'; offline?: boolean } = {}) {
  const now = Date.now();
  const row = newMedia(hub.hub.database, ann(), { title, gallery: fields.gallery ?? 'gallery', ...(fields.offline ? { deletedAt: now } : {}) });
  if (library) {
    hub.hub.database.sqlite.run('update media set library_id = ?, library_name = ?, library_path = ?, offline_at = ? where id = ?', [
      library._id,
      library.name,
      rel,
      fields.offline ? now : null,
      row.id,
    ]);
  }
  return row;
}

/** The gallery's page as the server renders it for the address, with the viewer's libraries, then live. */
async function renderWith(config: LibraryConfig, address: string, libraries: LibraryChoice[]) {
  history.replaceState(null, '', address);
  const view = readView(config.rules, new URLSearchParams(location.search));
  const page = await browserCall<MediaPage>('GET', `/api/${config.gallery}?${viewApiQuery(view)}`);
  hub.requests.length = 0;
  render(<MediaLibrary config={config} view={view} page={page} isAdmin={false} libraries={libraries} />);
  await settle();
}
const titles = () =>
  screen
    .queryAllByRole('article')
    .map((a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent)
    .sort();
const filter = () => screen.getByRole('combobox', { name: 'Library' }) as HTMLSelectElement;

async function openMenu(title: string) {
  await settle(() =>
    within(screen.getByRole('article', { name: title }))
      .getByRole('button', { name: `Actions for ${title}` })
      .click(),
  );
  return screen.getAllByRole('menuitem').map((m) => m.textContent);
}
const detailRows = () => {
  const dialog = screen.getByRole('dialog', { name: 'Details' });
  return Object.fromEntries([...dialog.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
};

describe('the library filter', () => {
  test('is not there for a member without libraries', async () => {
    seed('rome', null);
    await renderWith(RED_ROOM, '/gallery', []);
    expect(screen.queryByRole('combobox', { name: 'Library' })).toBeNull();
  });

  test('The Red Room: choosing a library shows its items only and puts it in the address; Everything takes it out', async () => {
    seed('rome', TRIPS, '2024/rome.jpg');
    seed('oslo', TRIPS, '2024/oslo.jpg');
    seed('cat', PETS);
    seed('upload', null);
    await renderWith(RED_ROOM, '/gallery', [TRIPS, PETS]);
    expect([...filter().options].map((o) => o.textContent)).toEqual(['Everything', 'Trips', 'Pets']);
    expect(filter().value).toBe('');
    expect(titles()).toEqual(['cat', 'oslo', 'rome', 'upload']);

    await settle(() => fireEvent.change(filter(), { target: { value: TRIPS._id } }));
    expect(location.search).toBe(`?library=${TRIPS._id}`);
    expect(hub.requests.map((r) => new URLSearchParams(r.path.split('?')[1]).get('libraryId'))).toEqual([TRIPS._id]);
    expect(titles()).toEqual(['oslo', 'rome']);

    // Other choices keep it.
    await settle(() => screen.getByRole('link', { name: 'Images' }).click());
    expect(new URLSearchParams(location.search).get('library')).toBe(TRIPS._id);
    expect(titles()).toEqual(['oslo', 'rome']);

    await settle(() => fireEvent.change(filter(), { target: { value: '' } }));
    expect(location.search).toBe('?filter=images');
    expect(titles()).toEqual(['cat', 'oslo', 'rome', 'upload']);
  });

  test('a library with nothing in this view says that nothing matches, not that the collection is empty', async () => {
    seed('rome', TRIPS);
    await renderWith(RED_ROOM, `/gallery?library=${PETS._id}`, [TRIPS, PETS]);
    expect(titles()).toEqual([]);
    expect(screen.getByText('No media matches this view')).toBeTruthy();
  });

  test('Premium: an address with a library opens filtered, the choice shown', async () => {
    seed('night', TRIPS, 'night.jpg', { gallery: 'premium' });
    seed('premium upload', null, '', { gallery: 'premium' });
    await renderWith(PREMIUM, `/premium?library=${TRIPS._id}`, [TRIPS, PETS]);
    expect(filter().value).toBe(TRIPS._id);
    expect(titles()).toEqual(['night']);
  });
});

describe('where a library item comes from', () => {
  test("The Red Room: every item's menu has View Details; an upload's tells its size, dimensions and date taken, a library item's its library and path", async () => {
    seed('rome', TRIPS, '2024/Rome at night.jpg');
    const upload = seed('upload', null);
    hub.hub.database.sqlite.run('update media set size = ?, width = ?, height = ?, taken_at = ? where id = ?', [
      2_500_000,
      4032,
      3024,
      Date.UTC(2024, 6, 14, 18, 30),
      upload.id,
    ]);
    await renderWith(RED_ROOM, '/gallery', [TRIPS]);
    expect(await openMenu('upload')).toContain('View Details');
    await settle(() => screen.getByRole('menuitem', { name: 'View Details' }).click());
    expect(detailRows()).toMatchObject({ Type: 'Image', Size: '2.38 MB', Dimensions: '4032 × 3024', File: 'upload.jpg' });
    expect(detailRows().Taken).toContain('2024');
    expect(detailRows().Library).toBeUndefined();
    await settle(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(await openMenu('rome')).toContain('View Details');
    await settle(() => screen.getByRole('menuitem', { name: 'View Details' }).click());
    expect(detailRows()).toMatchObject({ Library: 'Trips', 'Path in library': '2024/Rome at night.jpg' });
    expect(detailRows().State).toBeUndefined();
  });

  test("View Details of an uploaded photo names the camera its EXIF gives, from the page's lean rows", async () => {
    const sharp = (await import('sharp')).default;
    const bytes = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#468' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Canon', Model: 'Canon EOS R5' }, IFD2: { DateTimeOriginal: '2024:07:14 18:30:00' } })
      .toBuffer();
    const body = new FormData();
    body.append('files', new File([bytes as Uint8Array<ArrayBuffer>], 'IMG_5001.jpg', { type: 'image/jpeg' }));
    // Sent as the upload dialog sends it (XMLHttpRequest), to the real hub.
    const status = await new Promise<number>((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/api/gallery/upload');
      xhr.onloadend = () => resolve(xhr.status);
      xhr.send(body);
    });
    expect(status).toBe(201);
    await hub.hub.runJobs();
    history.replaceState(null, '', '/gallery');
    const view = readView(RED_ROOM.rules, new URLSearchParams());
    // As the gallery page sends it: lean rows, expanded by the island.
    const page = leanPage(await browserCall<MediaPage>('GET', `/api/gallery?${viewApiQuery(view)}`));
    render(<MediaLibrary config={RED_ROOM} view={view} page={page} isAdmin={false} libraries={[]} />);
    await settle();
    expect(await openMenu('IMG_5001')).toContain('View Details');
    await settle(() => screen.getByRole('menuitem', { name: 'View Details' }).click());
    expect(detailRows()).toMatchObject({ Camera: 'Canon EOS R5', Dimensions: '120 × 90', File: 'IMG_5001.jpg' });
    expect(detailRows().Taken).toContain('2024');
  });

  test("Premium: View Details names the library of an item from the page's first rows", async () => {
    seed('night', TRIPS, 'nights/one.jpg', { gallery: 'premium' });
    await renderWith(PREMIUM, '/premium', [TRIPS]);
    await openMenu('night');
    await settle(() => screen.getByRole('menuitem', { name: 'View Details' }).click());
    expect(detailRows()).toMatchObject({ Library: 'Trips', 'Path in library': 'nights/one.jpg' });
  });

  test('an item whose file is missing is in the bin, marked Offline, and its details say so', async () => {
    seed('gone', TRIPS, 'gone.jpg', { offline: true });
    seed('binned upload', null, '', { offline: true });
    await renderWith(RED_ROOM, '/gallery?filter=recycling-bin', [TRIPS]);
    expect(titles()).toEqual(['binned upload', 'gone']);
    expect(within(screen.getByRole('article', { name: 'gone' })).getByText('Offline')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'binned upload' })).queryByText('Offline')).toBeNull();
    expect(await openMenu('gone')).toEqual(['View Details', 'Restore', 'Delete Forever']);
    await settle(() => screen.getByRole('menuitem', { name: 'View Details' }).click());
    expect(detailRows()).toMatchObject({ Library: 'Trips', 'Path in library': 'gone.jpg' });
    expect(detailRows().State).toStartWith('Offline: the file is missing from its library folder');
  });
});
