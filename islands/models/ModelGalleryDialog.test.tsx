import { afterEach, beforeAll, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { MediaItem, MediaPage } from '../../src/shared/media.ts';
import { MODEL_TEXT, type Model } from '../../src/shared/models.ts';
import { createIslandApp, type IslandApp, type Scenario } from '../../test/helpers/island-app.ts';
import { mediaSamples, type Sample, type SampleName } from '../../test/helpers/media-samples.ts';
import { newModel } from '../../test/helpers/models-factory.ts';
import { tusUpload } from '../lib/uploads.ts';
import ModelsBoard from '../Models.tsx';

// The Models page's media: a card's upload content and its gallery dialog with the viewer, against
// the real hub (uploads stream through the island tests' XMLHttpRequest).

const SCENARIO: Scenario = { accounts: [{ username: 'ann', name: 'Ann Owner', role: 'admin' }], signedInAs: 'ann' };

let hub: IslandApp;
let samples: Record<SampleName, Sample>;
let logged: Mock<typeof console.error>;

beforeAll(async () => {
  samples = await mediaSamples();
  // The dialogs and the viewer load when first opened; their scripts are read here once, so an
  // opening waits only on the hub (which settle() follows), not on the first compile of a module.
  await Promise.all([import('./dialogs.ts'), import('../media/Viewer.tsx'), import('../media/UploadDialog.tsx')]);
});
beforeEach(async () => {
  logged = spyOn(console, 'error').mockImplementation(() => {});
  hub = await createIslandApp(SCENARIO);
  history.replaceState(null, '', '/models');
});
afterEach(async () => {
  cleanup();
  await hub.close();
  logged.mockRestore();
});

const fileOf = (name: SampleName, as?: string) =>
  new File([samples[name].bytes() as Uint8Array<ArrayBuffer>], as ?? samples[name].name, { type: samples[name].mimeType });

async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function upload(name: SampleName, fields: { title?: string; tags?: string[]; modelId?: string }) {
  const outcome = await tusUpload(fileOf(name), { gallery: 'gallery', tags: [], ...fields }).done;
  if (!outcome.ok || outcome.result.media.length !== 1) throw new Error(`upload of ${name} failed: ${JSON.stringify(outcome)}`);
  return outcome.result.media[0]!;
}

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 8; i++) await act(() => hub.idle());
}

async function renderBoard() {
  const models = await json<Model[]>('GET', '/api/models');
  hub.requests.length = 0;
  render(<ModelsBoard models={models} shown={models.length} total={models.length} query="" filtered={false} isAdmin />);
  await settle();
}

const card = (name: string) => screen.getByRole('article', { name });
const dialog = (name: string) => screen.getByRole('dialog', { name });
/** The uploads the dialog created (tus POST /api/uploads), their metadata decoded. */
const creations = () =>
  hub.requests
    .filter((r) => r.method === 'POST' && r.path === '/api/uploads')
    .map((r) =>
      Object.fromEntries(
        (r.headers.get('upload-metadata') ?? '').split(',').map((pair) => {
          const [key = '', value = ''] = pair.split(' ');
          return [key, atob(value)];
        }),
      ),
    );
const toastIn = (scope: HTMLElement) =>
  (
    within(scope).queryByRole('alert') ??
    within(scope)
      .queryAllByRole('status')
      .find((s) => s.hasAttribute('data-toast'))
  )?.querySelector('span')?.textContent ?? null;

describe("a model card's upload content", () => {
  test('opens the upload dialog for that model (destination Gallery) and uploads with its id', async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    await renderBoard();
    await settle(() => within(card('Mia Rose')).getByRole('button', { name: 'Upload content for Mia Rose' }).click());
    const upload = dialog('Upload Content for Mia Rose');
    expect((within(upload).getByRole('radio', { name: 'Gallery (free)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(upload).getByLabelText('Choose Files'), { target: { files: [fileOf('jpeg'), fileOf('mp4')] } });
    await settle(() => within(upload).getByRole('button', { name: 'Upload 2 File(s)' }).click());
    // One tus upload per file, each with the model.
    expect(creations().map((m) => [m.filename, m.gallery, m.modelId])).toEqual([
      ['photo.jpg', 'gallery', mia._id],
      ['clip.mp4', 'gallery', mia._id],
    ]);
    // Every file stored: the dialog clears and closes, and the page says so (no toast over its buttons).
    expect(screen.queryByRole('dialog', { name: 'Upload Content for Mia Rose' })).toBeNull();
    expect(toastIn(document.body)).toBe('2 file(s) uploaded successfully to Gallery!');
    const stored = await json<MediaPage>('GET', `/api/gallery?modelId=${mia._id}`);
    expect(stored.media.map((m) => [m.originalName, m.modelName]).sort()).toEqual([
      ['clip.mp4', 'Mia Rose'],
      ['photo.jpg', 'Mia Rose'],
    ]);
    // The next upload starts empty.
    await settle(() => within(card('Mia Rose')).getByRole('button', { name: 'Upload content for Mia Rose' }).click());
    expect(within(dialog('Upload Content for Mia Rose')).queryByRole('list', { name: 'Files to upload' })).toBeNull();
  });
});

describe("a model's upload into Premium", () => {
  test('Premium as the destination sends every file to Premium with the model, and names Premium', async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    await renderBoard();
    await settle(() => within(card('Mia Rose')).getByRole('button', { name: 'Upload content for Mia Rose' }).click());
    const upload = dialog('Upload Content for Mia Rose');
    await settle(() => within(upload).getByRole('radio', { name: 'Premium' }).click());
    fireEvent.change(within(upload).getByLabelText('Choose Files'), { target: { files: [fileOf('jpeg'), fileOf('mp4')] } });
    await settle(() => within(upload).getByRole('button', { name: 'Upload 2 File(s)' }).click());
    expect(creations().map((m) => [m.filename, m.gallery, m.modelId])).toEqual([
      ['photo.jpg', 'premium', mia._id],
      ['clip.mp4', 'premium', mia._id],
    ]);
    expect(screen.queryByRole('dialog', { name: 'Upload Content for Mia Rose' })).toBeNull();
    expect(toastIn(document.body)).toBe('2 file(s) uploaded successfully to Premium!');
    expect((await json<MediaPage>('GET', `/api/premium?modelId=${mia._id}`)).totalItems).toBe(2);
    expect((await json<MediaPage>('GET', `/api/gallery?modelId=${mia._id}`)).totalItems).toBe(0);
  });
});

describe("a model's gallery dialog", () => {
  test('shows the media of both galleries, each with its Gallery or Premium chip; a premium item favourites on its own path', async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    await upload('jpeg', { title: 'Free one', modelId: mia._id });
    const stored = await tusUpload(fileOf('png', 'reserve.png'), { gallery: 'premium', tags: [], modelId: mia._id }).done;
    expect(stored.ok).toBe(true);
    await renderBoard();
    await settle(() => fireEvent.click(within(card('Mia Rose')).getByRole('heading')));
    const gallery = dialog("Mia Rose's Gallery");
    expect(hub.requests.some((r) => r.path.startsWith('/api/premium?') && r.path.includes(`modelId=${mia._id}`) && r.path.includes('limit=1000'))).toBe(true);
    const chipOf = (title: string) => within(gallery).getByRole('article', { name: title }).querySelector('[data-source]')?.textContent;
    expect(chipOf('Free one')).toBe('Gallery');
    expect(chipOf('reserve')).toBe('Premium');
    expect(within(gallery).getByText('2 of 2 items')).toBeTruthy();
    await settle(() => within(gallery).getByRole('link', { name: 'Open reserve' }).click());
    await settle(() => fireEvent.keyDown(document.body, { key: 'l' }));
    expect(hub.requests.some((r) => r.method === 'POST' && r.path.startsWith('/api/premium/') && r.path.endsWith('/favorite'))).toBe(true);
    expect((await json<MediaPage>('GET', '/api/premium?filter=favorites')).totalItems).toBe(1);
  });

  test('with premium locked on this device it shows the Red Room items alone, and no error', async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    await upload('jpeg', { title: 'Free one', modelId: mia._id });
    const stored = await tusUpload(fileOf('png', 'reserve.png'), { gallery: 'premium', tags: [], modelId: mia._id }).done;
    expect(stored.ok).toBe(true);
    await json('PUT', '/api/me/locks', { premium: true, pin: '4321' });
    await renderBoard();
    await settle(() => fireEvent.click(within(card('Mia Rose')).getByRole('heading')));
    const gallery = dialog("Mia Rose's Gallery");
    expect(within(gallery).getByRole('article', { name: 'Free one' })).toBeTruthy();
    expect(within(gallery).queryByRole('article', { name: 'reserve' })).toBeNull();
    expect(within(gallery).getByText('1 of 1 items')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain('Premium is locked');
  });

  test("lists only the model's media with the Gallery chip; search and the chips narrow it; an item opens the viewer", async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    const other = await json<Model>('POST', '/api/models', { name: 'Soo-ah Park' });
    await upload('jpeg', { title: 'Beach day', tags: ['Outdoor'], modelId: mia._id });
    await upload('mp4', { title: 'Studio clip', modelId: mia._id });
    const poolside = await upload('png', { title: 'Poolside', tags: ['summer'], modelId: mia._id });
    await upload('gif', { title: 'Not hers', modelId: other._id });
    await upload('webp', { title: 'Nobody', tags: [] });
    await json('POST', `/api/gallery/${poolside._id}/favorite`);
    await renderBoard();

    // A click on the card itself (not on a button) opens it.
    await settle(() => fireEvent.click(within(card('Mia Rose')).getByRole('heading')));
    const gallery = dialog("Mia Rose's Gallery");
    expect(hub.requests.some((r) => r.path.startsWith('/api/gallery?') && r.path.includes(`modelId=${mia._id}`) && r.path.includes('limit=1000'))).toBe(true);
    const titles = () =>
      within(gallery)
        .queryAllByRole('link', { name: /^Open / })
        .map((link) => link.getAttribute('aria-label'));
    expect(titles().sort()).toEqual(['Open Beach day', 'Open Poolside', 'Open Studio clip']);
    expect(within(gallery).getAllByText('Gallery')).toHaveLength(3);
    expect(within(gallery).getByText('3 of 3 items')).toBeTruthy();

    const chip = (label: string) => within(within(gallery).getByRole('group', { name: 'Show' })).getByRole('button', { name: label });
    await settle(() => chip('Videos').click());
    expect(titles()).toEqual(['Open Studio clip']);
    await settle(() => chip('Images').click());
    expect(titles().sort()).toEqual(['Open Beach day', 'Open Poolside']);
    await settle(() => chip('Favorites').click());
    expect(titles()).toEqual(['Open Poolside']);
    await settle(() => chip('All').click());
    fireEvent.change(within(gallery).getByLabelText("Search this model's media"), { target: { value: 'OUTDOOR' } });
    expect(titles()).toEqual(['Open Beach day']);
    fireEvent.change(within(gallery).getByLabelText("Search this model's media"), { target: { value: 'nothing like it' } });
    expect(within(gallery).getByText('Nothing matches this search or filter.')).toBeTruthy();
    fireEvent.change(within(gallery).getByLabelText("Search this model's media"), { target: { value: '' } });

    // The viewer: L favourites with the spec toast inside the dialog; Escape closes the viewer only.
    await settle(() => within(gallery).getByRole('link', { name: 'Open Beach day' }).click());
    const viewer = within(gallery).getByRole('dialog', { name: 'Beach day' });
    expect(within(viewer).getByLabelText('Position').textContent).toMatch(/^\d of 3$/);
    await settle(() => fireEvent.keyDown(document.body, { key: 'l' }));
    expect(toastIn(gallery)).toBe('Added to favorites');
    expect((await json<MediaPage>('GET', `/api/gallery?modelId=${mia._id}&filter=favorites`)).totalItems).toBe(2);
    await settle(() => fireEvent.keyDown(document.body, { key: 'Escape' }));
    expect(within(gallery).queryByRole('dialog', { name: 'Beach day' })).toBeNull();
    expect((gallery as HTMLDialogElement).open).toBe(true);
  });

  test("a video tile plays the hub's preview clip while hovered, never the original, and drops it when left", async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    const clip = await upload('mp4', { title: 'Studio clip', modelId: mia._id });
    // Processing, then the preview job (ffmpeg) make the poster and the clip.
    await hub.hub.runJobs();
    const preview = (await json<MediaItem>('GET', `/api/gallery/${clip._id}`)).preview!;
    expect(preview).toBe(`/media/${clip._id}/preview`);
    await renderBoard();
    await settle(() => fireEvent.click(within(card('Mia Rose')).getByRole('heading')));
    const tile = within(dialog("Mia Rose's Gallery")).getByRole('article', { name: 'Studio clip' });
    expect(tile.querySelector('video')).toBeNull();
    await settle(() => fireEvent.pointerEnter(tile, { pointerType: 'mouse' }));
    expect([...tile.querySelectorAll('video')].map((v) => [v.getAttribute('src'), v.muted, v.loop])).toEqual([[preview, true, true]]);
    expect(hub.requests.some((r) => r.path === `/media/${clip._id}` || r.path === `/media/${clip._id}/display`)).toBe(false);
    await settle(() => fireEvent.pointerLeave(tile, { pointerType: 'mouse' }));
    expect(tile.querySelector('video')).toBeNull();
  });

  test("the tiles are the media library's cards: a favourite button, and a menu whose Delete sends each item to its own gallery's bin", async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    await upload('jpeg', { title: 'Free one', modelId: mia._id });
    const stored = await tusUpload(fileOf('png', 'reserve.png'), { gallery: 'premium', tags: [], modelId: mia._id }).done;
    expect(stored.ok).toBe(true);
    await renderBoard();
    await settle(() => fireEvent.click(within(card('Mia Rose')).getByRole('heading')));
    const gallery = dialog("Mia Rose's Gallery");

    await settle(() => within(gallery).getByRole('button', { name: 'Add Free one to favorites' }).click());
    expect(toastIn(gallery)).toBe('Added to favorites');
    expect(within(gallery).getByRole('button', { name: 'Remove Free one from favorites' }).getAttribute('aria-pressed')).toBe('true');

    await settle(() => within(gallery).getByRole('button', { name: 'Actions for reserve' }).click());
    // The open menu's code loads with the first menu (a module of its own): wait for its items.
    expect((await within(gallery).findAllByRole('menuitem', {}, { timeout: 10_000 })).map((m) => m.textContent)).toEqual(['View Details', 'Delete']);
    await settle(() => within(gallery).getByRole('menuitem', { name: 'Delete' }).click());
    await settle(() => within(dialog('Delete Media')).getByRole('button', { name: 'Delete' }).click());
    expect(hub.requests.some((r) => r.method === 'DELETE' && r.path.startsWith('/api/premium/'))).toBe(true);
    expect(toastIn(gallery)).toBe('Media moved to recycling bin');
    expect(within(gallery).getByText('1 of 1 items')).toBeTruthy();
    expect((await json<MediaPage>('GET', '/api/premium?filter=recycling-bin')).totalItems).toBe(1);
  });

  test('a model without media says so', async () => {
    await json<Model>('POST', '/api/models', { name: 'Amy' });
    await renderBoard();
    await settle(() => within(card('Amy')).getByRole('button', { name: "Open Amy's gallery" }).click());
    expect(within(dialog("Amy's Gallery")).getByText(/^No media for Amy yet/)).toBeTruthy();
  });
});

describe("a model's gallery has an address of its own", () => {
  const galleryOpen = (name: string) => (screen.queryByRole('dialog', { name: `${name}'s Gallery` }) as HTMLDialogElement | null)?.open === true;
  const param = () => new URLSearchParams(location.search).get('gallery');

  test('opening it puts ?gallery=<id> in the address as a history entry; Back closes it, Forward opens it again, Close takes it out', async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    await upload('jpeg', { title: 'Free one', modelId: mia._id });
    history.replaceState(null, '', '/models?search=mia');
    await renderBoard();
    const entries = history.length;
    await settle(() => fireEvent.click(within(card('Mia Rose')).getByRole('heading')));
    expect(galleryOpen('Mia Rose')).toBe(true);
    expect(location.search).toBe(`?search=mia&gallery=${mia._id}`);
    expect(history.length).toBe(entries + 1);

    await settle(() => history.back());
    expect(galleryOpen('Mia Rose')).toBe(false);
    expect(location.search).toBe('?search=mia');
    await settle(() => history.forward());
    expect(galleryOpen('Mia Rose')).toBe(true);
    expect(within(dialog("Mia Rose's Gallery")).getByText('1 of 1 items')).toBeTruthy();

    // Close is going back: the entry before, with the list's own address, and no new entry.
    await settle(() => within(dialog("Mia Rose's Gallery")).getByRole('button', { name: 'Close' }).click());
    expect(galleryOpen('Mia Rose')).toBe(false);
    expect(location.search).toBe('?search=mia');
    expect(history.length).toBe(entries + 1);
    // Opened again, Escape closes it the same way.
    await settle(() => fireEvent.click(within(card('Mia Rose')).getByRole('heading')));
    expect(param()).toBe(mia._id);
    await settle(() => fireEvent.keyDown(dialog("Mia Rose's Gallery"), { key: 'Escape' }));
    expect(galleryOpen('Mia Rose')).toBe(false);
    expect(param()).toBeNull();
  });

  test('a dialog over it (Delete Media) closes alone, by Escape or Cancel: the gallery stays open and in the address', async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    await upload('jpeg', { title: 'Free one', modelId: mia._id });
    await renderBoard();
    await settle(() => fireEvent.click(within(card('Mia Rose')).getByRole('heading')));
    const gallery = dialog("Mia Rose's Gallery");
    for (const dismiss of ['Escape', 'Cancel']) {
      await settle(() => within(gallery).getByRole('button', { name: 'Actions for Free one' }).click());
      await within(gallery).findAllByRole('menuitem', {}, { timeout: 10_000 });
      await settle(() => within(gallery).getByRole('menuitem', { name: 'Delete' }).click());
      const confirm = dialog('Delete Media') as HTMLDialogElement;
      expect(confirm.open).toBe(true);
      await settle(() =>
        dismiss === 'Escape'
          ? fireEvent.keyDown(within(confirm).getByRole('button', { name: 'Cancel' }), { key: 'Escape' })
          : within(confirm).getByRole('button', { name: 'Cancel' }).click(),
      );
      expect(confirm.open).toBe(false);
      expect((gallery as HTMLDialogElement).open).toBe(true);
      expect(param()).toBe(mia._id);
    }
  });

  test('a reload or a shared link opens it, for a model on this page or not; closing it takes it out of the address', async () => {
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    await upload('jpeg', { title: 'Free one', modelId: mia._id });
    history.replaceState(null, '', `/models?gallery=${mia._id}`);
    await renderBoard();
    expect(galleryOpen('Mia Rose')).toBe(true);
    expect(within(dialog("Mia Rose's Gallery")).getByText('1 of 1 items')).toBeTruthy();
    await settle(() => within(dialog("Mia Rose's Gallery")).getByRole('button', { name: 'Close' }).click());
    expect(location.pathname + location.search).toBe('/models');
    expect(galleryOpen('Mia Rose')).toBe(false);

    // A page of cards without her (another page, a filter): the hub is asked for the model.
    cleanup();
    history.replaceState(null, '', `/models?ethnicity=Asian&gallery=${mia._id}`);
    hub.requests.length = 0;
    render(<ModelsBoard models={[]} shown={0} total={1} query="ethnicity=Asian" filtered isAdmin />);
    await settle();
    expect(hub.requests.map((r) => r.path)).toContain(`/api/models/${mia._id}`);
    expect(galleryOpen('Mia Rose')).toBe(true);
  });

  test("an unknown id or another member's model opens nothing: the page as it was, a clear message, the address without it", async () => {
    await hub.close();
    hub = await createIslandApp({ accounts: [...SCENARIO.accounts!, { username: 'bea', name: 'Bea Other' }], signedInAs: 'ann' });
    const mia = await json<Model>('POST', '/api/models', { name: 'Mia Rose' });
    const beas = await newModel(hub.hub.database.db, hub.ids.bea!, { name: 'Bea Secret' });
    for (const id of ['no-such-model', beas]) {
      cleanup();
      history.replaceState(null, '', `/models?favorite=true&gallery=${encodeURIComponent(id)}`);
      await renderBoard();
      expect(screen.queryAllByRole('dialog').filter((d) => (d as HTMLDialogElement).open)).toEqual([]);
      expect(screen.queryByText(/Bea Secret/)).toBeNull();
      expect(toastIn(document.body)).toBe(MODEL_TEXT.galleryNotFound);
      expect(location.search).toBe('?favorite=true');
      expect(card('Mia Rose')).toBeTruthy();
    }
    // Her own model's gallery still opens from its card.
    await settle(() => fireEvent.click(within(card(mia.name)).getByRole('heading')));
    expect(galleryOpen('Mia Rose')).toBe(true);
  });
});
