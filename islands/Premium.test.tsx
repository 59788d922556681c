import { describe, expect, test } from 'bun:test';
import { fireEvent, screen, within } from '@testing-library/react';
import { unoConfig } from '../src/build/uno.config.ts';
import { creatorOf } from '../src/shared/creator.ts';
import type { MediaItem, MediaPage } from '../src/shared/media.ts';
import { PREMIUM_TAGLINES, TAGLINE_FADE_MS, TAGLINE_MS } from '../src/shared/premium-view.ts';
import { type MediaFields, newMedia } from '../test/helpers/media-factory.ts';
import { libraryTestKit } from '../test/helpers/media-library-kit.tsx';
import { PREMIUM, premiumGrid } from './media/premium-config.ts';
import { SEARCH_DEBOUNCE_MS as PREMIUM_SEARCH_DEBOUNCE_MS } from './media/Toolbar.tsx';

// The premium page against the real hub (test/helpers/island-app.ts) with Ann signed in; her media
// rows are written straight into its database. Time is bun:test's fake clock (toasts close after 4 s).

const { hub, ann, browserCall, settle, advance, renderLibrary } = libraryTestKit();
const seed = (fields: MediaFields = {}) => newMedia(hub.hub.database, ann(), { gallery: 'premium', ...fields });
/** The premium page as the server renders it for the address, then live. */
const renderPremium = (address = '/premium') => renderLibrary(PREMIUM, address);

const titles = () => screen.queryAllByRole('article').map((a) => a.querySelector('[id$="-title"]')?.textContent);
const card = (title: string) => screen.getByRole('article', { name: title });
const toastText = () => document.querySelector('[data-toast] span')?.textContent ?? null;
const chip = (label: string) => within(screen.getByRole('navigation', { name: 'Show' })).getByRole('link', { name: label });

async function actions(item: string) {
  await settle(() => screen.getByRole('button', { name: item }).click());
}

describe('the creator chip rule', () => {
  const of = (modelName: string | null, tags: string[]) => creatorOf({ modelName, tags });
  test('the model name first, then the first tag of 3 to 29 characters that is not a generic word, else Creator', () => {
    expect(of('Mia Rose', ['Solo'])).toBe('Mia Rose');
    expect(of(null, ['Premium', 'VIDEO', 'photo', 'Gallery', 'image', 'Lena'])).toBe('Lena');
    expect(of(null, ['ab', 'x'.repeat(30), 'abc'])).toBe('abc');
    expect(of(null, ['x'.repeat(29)])).toBe('x'.repeat(29));
    expect(of('', ['Photo', 'ok'])).toBe('Creator');
    expect(of(null, [])).toBe('Creator');
  });
});

describe('the page', () => {
  test('chips, sort, the count, the view in the address; the empty texts of each view', async () => {
    await renderPremium();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Premium Gallery');
    expect(screen.getByRole('link', { name: /Back to The Red Room/ }).getAttribute('href')).toBe('/gallery');
    expect(screen.getByPlaceholderText('Search Premium Gallery')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Show' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All', 'Images', 'Videos', 'Favorites', 'Albums']);
    expect(
      within(screen.getByRole('navigation', { name: 'Sort by' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Date', 'Title', 'Size', 'Type', 'Most played', 'Rating', 'Descending']);
    expect(screen.getByText('No premium content found')).toBeTruthy();
    expect(screen.getByText('Upload your first premium content to get started!')).toBeTruthy();

    await settle(() => chip('Favorites').click());
    expect(location.search).toBe('?filter=favorites');
    expect(screen.getByText('No favorite content yet.')).toBeTruthy();
    await settle(() => chip('Videos').click());
    expect(screen.getByText('No content matches the current filter.')).toBeTruthy();
    await actions('Actions');
    await settle(() => screen.getByRole('menuitem', { name: 'Recycling Bin' }).click());
    expect(location.search).toBe('?filter=recycling-bin');
    expect(screen.getByText('Recycling bin is empty.')).toBeTruthy();
  });

  test('lists premium items only, sorts by type, and searches; the count follows', async () => {
    seed({ title: 'Night clip', type: 'video', mimeType: 'video/mp4', duration: 12, createdAt: 3000 });
    seed({ title: 'Sunset', tags: ['beach'], createdAt: 2000 });
    seed({ title: '', createdAt: 1000 });
    newMedia(hub.hub.database, ann(), { gallery: 'gallery', title: 'Free one' });
    await renderPremium();
    expect(titles()).toEqual(['Night clip', 'Sunset', 'Untitled']);
    expect(screen.getByText('3 items')).toBeTruthy();
    await settle(() =>
      within(screen.getByRole('navigation', { name: 'Sort by' }))
        .getByRole('link', { name: 'Type' })
        .click(),
    );
    expect(location.search).toBe('?sortBy=type');
    expect(hub.requests.at(-1)!.path).toContain('sortBy=type');
    fireEvent.change(screen.getByPlaceholderText('Search Premium Gallery'), { target: { value: 'beach' } });
    await advance(PREMIUM_SEARCH_DEBOUNCE_MS);
    expect(titles()).toEqual(['Sunset']);
    expect(screen.getByText('1 item')).toBeTruthy();
    await settle(() => screen.getByRole('button', { name: 'Clear search' }).click());
    expect(titles()).toHaveLength(3);
  });

  test('the grid uses the spec constants: compact 4-10 columns and 150 px rows, 280 px in titles view, 350 px otherwise', () => {
    expect(premiumGrid({ compact: true, titles: false })).toContain('grid-cols-4');
    expect(premiumGrid({ compact: true, titles: false })).toContain('lg:grid-cols-10');
    expect(premiumGrid({ compact: true, titles: true })).toContain('auto-rows-[150px]');
    expect(premiumGrid({ compact: false, titles: true })).toContain('auto-rows-[280px]');
    expect(premiumGrid({ compact: false, titles: false })).toContain('auto-rows-[350px]');
    // The large cards' columns are the stylesheet's premium-cards shortcut.
    expect(premiumGrid({ compact: false, titles: false })).toContain('premium-cards');
    expect(String((unoConfig.shortcuts as Record<string, string>)['premium-cards'])).toContain('xl:grid-cols-[repeat(auto-fill,minmax(340px,1fr))]');
  });

  test('titles view shows the model chip and the size', async () => {
    const model = await browserCall<{ _id: string }>('POST', '/api/models', { name: 'Mia Rose' });
    seed({ title: 'With model', modelId: model._id, size: 2048 });
    await renderPremium();
    expect(within(card('With model')).queryByText('Mia Rose')).toBeNull();
    await settle(() => screen.getByRole('switch', { name: 'Titles' }).click());
    expect(within(card('With model')).getByText('Mia Rose')).toBeTruthy();
    expect(within(card('With model')).getByText('2 KB')).toBeTruthy();
    expect(localStorage.getItem('premiumTitlesView')).toBe('true');
  });

  test('the tagline changes after 10 s with a 1 s fade', async () => {
    await renderPremium();
    const line = () => document.querySelector('[data-tagline]')!;
    expect(line().textContent).toBe(PREMIUM_TAGLINES[0]);
    await advance(TAGLINE_MS);
    expect(line().className).toContain('opacity-0');
    await advance(TAGLINE_FADE_MS);
    expect(line().textContent).toBe(PREMIUM_TAGLINES[1]);
    expect(line().className).toContain('opacity-100');
  });
});

describe('albums and duplicates', () => {
  test('the Albums chip shows the albums panel; Find Duplicates opens the duplicates dialog on premium', async () => {
    await renderPremium();
    await settle(() => chip('Albums').click());
    expect(location.search).toBe('?filter=albums');
    expect(screen.queryByRole('list', { name: 'Media' })).toBeNull();
    expect(screen.getByText('No Albums Yet')).toBeTruthy();
    await actions('Actions');
    await settle(() => screen.getByRole('menuitem', { name: 'Find Duplicates' }).click());
    expect(screen.getByRole('dialog', { name: 'Duplicates' })).toBeTruthy();
    expect(hub.requests.some((r) => r.path.startsWith('/api/premium/duplicates'))).toBe(true);
  });
});

describe('cards, menu and viewer', () => {
  test('the menu offers the spec actions; favourites and edits go to /api/premium with the premium toasts', async () => {
    const item = seed({ title: 'Sunset', tags: ['Lena', 'beach'] });
    await renderPremium();
    await actions('Actions for Sunset');
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Select',
      'Add to Favorites',
      'View Details',
      'Edit Title',
      'Edit Tags',
      'Add to Album',
      'Delete',
    ]);
    await settle(() => screen.getByRole('menuitem', { name: 'Add to Favorites' }).click());
    expect(hub.writes().map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/premium/${item.id}/favorite`]);
    expect(toastText()).toBe('Added to favorites');
    await advance(4000);
    expect(toastText()).toBeNull();

    await actions('Actions for Sunset');
    await settle(() => screen.getByRole('menuitem', { name: 'Edit Title' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Edit Title' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Golden hour' } });
    await settle(() => within(dialog).getByRole('button', { name: 'Save' }).click());
    expect(hub.writes().at(-1)!.path).toBe(`/api/premium/${item.id}`);
    expect(toastText()).toBe('Title updated');
    expect(titles()).toEqual(['Golden hour']);
  });

  test('the viewer shows the creator and Premium chips, type and size, X of Y and More Options', async () => {
    seed({ title: 'First', tags: ['Premium', 'Lena'], size: 1024, createdAt: 2000 });
    seed({ title: 'Second', createdAt: 1000 });
    await renderPremium();
    await settle(() => screen.getByRole('link', { name: 'Open First' }).click());
    const viewer = screen.getByRole('dialog', { name: 'First' });
    expect(within(viewer).getByLabelText('Creator').textContent).toBe('Lena');
    expect(
      within(viewer)
        .getAllByText('Premium')
        .map((e) => e.tagName),
    ).toEqual(['SPAN', 'LI']);
    expect(viewer.querySelector('[data-type-size]')?.textContent).toBe('Image 1 KB');
    expect(within(viewer).getByLabelText('Position').textContent).toBe('1 of 2');
    await settle(() => within(viewer).getByRole('button', { name: 'Next' }).click());
    expect(within(screen.getByRole('dialog', { name: 'Second' })).getByLabelText('Creator').textContent).toBe('Creator');
    await settle(() => screen.getByRole('button', { name: 'More Options' }).click());
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toContain('View Details');
  });
});

describe('select mode', () => {
  test('the floating buttons: Select All, Edit Tags and Delete Selected each make one bulk call', async () => {
    const items = [seed({ title: 'One', createdAt: 3000 }), seed({ title: 'Two', createdAt: 2000 }), seed({ title: 'Three', tags: ['old'], createdAt: 1000 })];
    await renderPremium();
    await actions('Actions');
    await settle(() => screen.getByRole('menuitem', { name: 'Select' }).click());
    const bar = () => screen.getByRole('toolbar', { name: 'Selection' });
    expect(
      within(bar())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit Tags', 'Add to Album', 'Favorite', 'Unfavorite', 'Rate', 'Select All', 'Delete Selected', 'Clear']);
    expect((within(bar()).getByRole('button', { name: 'Delete Selected' }) as HTMLButtonElement).disabled).toBe(true);
    await settle(() => within(bar()).getByRole('button', { name: 'Select All' }).click());
    expect(within(bar()).getByRole('button', { name: 'Deselect All' })).toBeTruthy();
    expect(within(bar()).getByText('3 selected')).toBeTruthy();

    await settle(() => within(bar()).getByRole('button', { name: 'Edit Tags' }).click());
    const tags = screen.getByRole('dialog', { name: 'Edit Tags of 3 items' });
    fireEvent.change(within(tags).getByLabelText('Custom tags'), { target: { value: 'night' } });
    await settle(() => within(tags).getByRole('button', { name: 'Save Tags' }).click());
    const writes = hub.writes();
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/premium/bulk']);
    expect(writes[0]!.body).toEqual({ action: 'add-tags', ids: items.map((i) => i.id), tags: ['night'] });
    expect(toastText()).toBe('Tags updated for 3 items');
    const three = await browserCall<MediaItem>('GET', `/api/premium/${items[2]!.id}`);
    expect(three.tags).toEqual(['old', 'night']);

    // Deselect one with its checkbox, then delete the other two in one call.
    await settle(() => within(card('Two')).getByRole('checkbox', { name: 'Select Two' }).click());
    await settle(() => within(bar()).getByRole('button', { name: 'Delete Selected' }).click());
    const confirm = screen.getByRole('dialog', { name: 'Delete Selected' });
    expect(within(confirm).getByText('Delete 2 selected items?')).toBeTruthy();
    await settle(() => within(confirm).getByRole('button', { name: 'Delete' }).click());
    expect(
      hub
        .writes()
        .slice(1)
        .map((r) => [r.path, r.body]),
    ).toEqual([['/api/premium/bulk', { action: 'delete', ids: [items[0]!.id, items[2]!.id] }]]);
    expect(toastText()).toBe('2 items deleted successfully');
    expect(titles()).toEqual(['Two']);
  });

  test('Favorite, Unfavorite and Edit Tags (remove) each make one bulk call on the selection, which stays for the next', async () => {
    const items = [
      seed({ title: 'One', tags: ['night', 'beach'], createdAt: 3000 }),
      seed({ title: 'Two', tags: ['Night'], createdAt: 2000 }),
      seed({ title: 'Three', createdAt: 1000 }),
    ];
    await renderPremium();
    await actions('Actions');
    await settle(() => screen.getByRole('menuitem', { name: 'Select' }).click());
    const bar = () => screen.getByRole('toolbar', { name: 'Selection' });
    await settle(() => within(card('Three')).getByRole('checkbox', { name: 'Select Three' }).click());
    await settle(() => within(card('One')).getByRole('checkbox', { name: 'Select One' }).click());
    // Move to Premium is The Red Room's: premium has no such button.
    expect(within(bar()).queryByRole('button', { name: 'Move to Premium' })).toBeNull();

    await settle(() => within(bar()).getByRole('button', { name: 'Favorite' }).click());
    expect(hub.writes().map((r) => [r.path, r.body])).toEqual([['/api/premium/bulk', { action: 'favorite', ids: [items[0]!.id, items[2]!.id] }]]);
    expect(toastText()).toBe('2 items added to favorites');
    const favorites = async () => (await browserCall<MediaPage>('GET', '/api/premium?filter=favorites')).media.map((m) => m.title);
    expect(await favorites()).toEqual(['One', 'Three']);
    expect(within(bar()).getByText('2 selected')).toBeTruthy();

    await settle(() => within(bar()).getByRole('button', { name: 'Unfavorite' }).click());
    expect(hub.writes().at(-1)!.body).toEqual({ action: 'unfavorite', ids: [items[0]!.id, items[2]!.id] });
    expect(toastText()).toBe('2 items removed from favorites');
    expect(await favorites()).toEqual([]);

    await settle(() => within(card('Two')).getByRole('checkbox', { name: 'Select Two' }).click());
    await settle(() => within(bar()).getByRole('button', { name: 'Edit Tags' }).click());
    const tags = screen.getByRole('dialog', { name: 'Edit Tags of 3 items' });
    await settle(() => within(tags).getByRole('radio', { name: 'Remove from their tags' }).click());
    fireEvent.change(within(tags).getByLabelText('Custom tags'), { target: { value: 'NIGHT' } });
    await settle(() => within(tags).getByRole('button', { name: 'Save Tags' }).click());
    expect(hub.writes().at(-1)!.body).toEqual({ action: 'remove-tags', ids: items.map((i) => i.id), tags: ['NIGHT'] });
    expect(toastText()).toBe('Tags updated for 3 items');
    expect((await browserCall<MediaItem>('GET', `/api/premium/${items[0]!.id}`)).tags).toEqual(['beach']);
    expect((await browserCall<MediaItem>('GET', `/api/premium/${items[1]!.id}`)).tags).toEqual([]);

    // Clear empties the selection and keeps select mode.
    await settle(() => within(bar()).getByRole('button', { name: 'Clear' }).click());
    expect(within(bar()).getByText('0 selected')).toBeTruthy();
  });

  test('one item is one item: the question and the toast say so', async () => {
    seed({ title: 'Alone' });
    await renderPremium();
    await actions('Actions');
    await settle(() => screen.getByRole('menuitem', { name: 'Select' }).click());
    const bar = screen.getByRole('toolbar', { name: 'Selection' });
    await settle(() => within(bar).getByRole('button', { name: 'Select All' }).click());
    await settle(() => within(bar).getByRole('button', { name: 'Delete Selected' }).click());
    const confirm = screen.getByRole('dialog', { name: 'Delete Selected' });
    expect(within(confirm).getByText('Delete 1 selected item?')).toBeTruthy();
    await settle(() => within(confirm).getByRole('button', { name: 'Delete' }).click());
    expect(toastText()).toBe('1 item deleted successfully');
  });

  test('in the recycling bin Delete Selected deletes permanently', async () => {
    const gone = seed({ title: 'Gone', deletedAt: Date.now() });
    await renderPremium('/premium?filter=recycling-bin');
    expect(titles()).toEqual(['Gone']);
    await actions('Actions');
    await settle(() => screen.getByRole('menuitem', { name: 'Select' }).click());
    const bar = screen.getByRole('toolbar', { name: 'Selection' });
    await settle(() => within(bar).getByRole('button', { name: 'Select All' }).click());
    await settle(() => within(bar).getByRole('button', { name: 'Delete Selected' }).click());
    const confirm = screen.getByRole('dialog', { name: 'Delete Forever' });
    expect(within(confirm).getByText('Permanently delete 1 selected item?')).toBeTruthy();
    await settle(() => within(confirm).getByRole('button', { name: 'Delete Forever' }).click());
    expect(hub.writes().map((r) => r.body)).toEqual([{ action: 'permanent-delete', ids: [gone.id] }]);
    expect(toastText()).toBe('1 item permanently deleted successfully');
    expect(screen.getByText('Recycling bin is empty.')).toBeTruthy();
  });
});

describe('Add from Gallery to Premium', () => {
  test('picks free items and moves them in one call; they leave the gallery and show here', async () => {
    const free = [
      newMedia(hub.hub.database, ann(), { gallery: 'gallery', title: 'Beach', createdAt: 2000 }),
      newMedia(hub.hub.database, ann(), { gallery: 'gallery', title: 'Forest', createdAt: 1000 }),
    ];
    await renderPremium();
    await settle(() => screen.getByRole('button', { name: 'Add from Gallery to Premium' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Add from Gallery to Premium' });
    const move = () => within(dialog).getByRole('button', { name: /^Move \d+ to Premium$/ }) as HTMLButtonElement;
    expect(move().textContent).toBe('Move 0 to Premium');
    expect(move().disabled).toBe(true);
    await settle(() => within(dialog).getByRole('button', { name: 'Beach' }).click());
    expect(move().textContent).toBe('Move 1 to Premium');
    await settle(() => move().click());
    expect(hub.writes().map((r) => [r.path, r.body])).toEqual([['/api/gallery/move-to-premium', { mediaIds: [free[0]!.id] }]]);
    expect(toastText()).toBe('1 item moved to premium');
    expect(titles()).toEqual(['Beach']);
    const left = await browserCall<MediaPage>('GET', '/api/gallery');
    expect(left.media.map((m) => m.title)).toEqual(['Forest']);
  });

  test('a refused move says so', async () => {
    newMedia(hub.hub.database, ann(), { gallery: 'gallery', title: 'Beach' });
    await renderPremium();
    await settle(() => screen.getByRole('button', { name: 'Add from Gallery to Premium' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Add from Gallery to Premium' });
    await settle(() => within(dialog).getByRole('button', { name: 'Beach' }).click());
    hub.network.interrupt('POST /api/gallery/move-to-premium', { proxyStatus: 502 });
    await settle(() => within(dialog).getByRole('button', { name: 'Move 1 to Premium' }).click());
    expect(toastText()).toBe('Failed to move items to premium');
  });
});
