import { afterEach, beforeAll, beforeEach, describe, expect, jest, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { Model } from '../src/shared/models.ts';
import { createIslandApp, type IslandApp, type Scenario } from '../test/helpers/island-app.ts';
import ModelsBoard, { type ModelsProps as ModelsBoardProps } from './Models.tsx';

// The dialogs load when first opened (a chunk of their own in the browser); here their modules
// are compiled once up front, so a test's first open takes no longer than the others.
beforeAll(() => import('./models/dialogs.ts'));

// fetch is answered by the real hub (test/helpers/island-app.ts) with Ann signed in; her models are
// made through the API before each render. Time is bun:test's fake clock (toasts close after 3 s).

const SCENARIO: Scenario = { accounts: [{ username: 'ann', name: 'Ann Owner', role: 'admin' }], signedInAs: 'ann' };
const QUERY = 'sort=default&order=asc&limit=48&offset=0';

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

/** Models made through the API, then the board as the page renders it from the hub. */
async function renderBoard(models: Record<string, unknown>[] = [], props: Partial<ModelsBoardProps> = {}) {
  for (const model of models) await browserCall('POST', '/api/models', model);
  const list = await browserCall<Model[]>('GET', `/api/models?${QUERY}`);
  hub.requests.length = 0;
  return render(<ModelsBoard models={list} shown={list.length} total={list.length} query={QUERY} filtered={false} {...props} />);
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

const cards = () => screen.queryAllByRole('article');
const cardOf = (name: string) => screen.getByRole('article', { name });
const cardNames = () => cards().map((c) => within(c).getByRole('heading').textContent);
const dialog = (name: string) => screen.getByRole('dialog', { name });
const toast = () => screen.queryByRole('alert') ?? screen.queryByRole('status');
const toastText = () => toast()?.querySelector('span')?.textContent ?? null;
const writes = () => hub.writes().map(({ method, path, body }) => ({ method, path, body }));
const storedNames = async () => (await browserCall<Model[]>('GET', '/api/models?sort=name')).map((m) => m.name);
const showing = () => screen.getByText(/^Showing \d+ of \d+ models$/).textContent;

function fill(scope: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(scope).getByLabelText(label, { exact: true }), { target: { value } });
}

async function openAdd() {
  await settle(() => screen.getByRole('button', { name: 'Add Model' }).click());
  return dialog('Add Model');
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

describe('ModelsBoard: the cards', () => {
  test('each card shows picture or initials, name, ethnicity and size chips, age (Unknown when missing), height, tags, description and links', async () => {
    await renderBoard([
      {
        name: 'Mia Rose Lee',
        ethnicity: 'Japanese',
        breastSize: '34DD',
        age: 25,
        height: '160 cm',
        tags: 'petite, cosplay',
        description: 'Tokyo based',
        links: [{ name: 'OnlyFans', url: 'https://onlyfans.com/mia' }],
      },
      { name: 'Zoe', image: 'https://img.example.test/zoe.jpg' },
    ]);
    expect(showing()).toBe('Showing 2 of 2 models');
    const mia = cardOf('Mia Rose Lee');
    expect(within(mia).getByText('MR')).toBeTruthy();
    expect(within(mia).getByText('Japanese').className).toContain('bg-[#C62828]');
    expect(within(mia).getByText('Japanese').getAttribute('style')).toBeNull();
    expect(within(mia).getByText('34DD')).toBeTruthy();
    expect(within(mia).getByText('25')).toBeTruthy();
    expect(within(mia).getByText('160 cm')).toBeTruthy();
    expect(
      within(within(mia).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['petite', 'cosplay']);
    expect(within(mia).getByText('Tokyo based')).toBeTruthy();
    const link = within(mia).getByRole('link', { name: 'OnlyFans' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://onlyfans.com/mia',
      '_blank',
      'noopener noreferrer',
    ]);

    const zoe = cardOf('Zoe');
    expect(within(zoe).getByText('Unknown')).toBeTruthy();
    expect(within(zoe).getByText('N/A')).toBeTruthy();
    // The hub serves the picture itself: the browser never asks the other host.
    expect(zoe.querySelector('img')?.getAttribute('src')).toMatch(/^\/api\/models\/[\w-]+\/picture\?v=[\w-]{12}$/);
    // A picture that fails to load gives way to the initials.
    await act(async () => fireEvent.error(zoe.querySelector('img')!));
    expect(within(zoe).getByText('Z')).toBeTruthy();
  });

  test('names with HTML are text', async () => {
    await renderBoard([{ name: '<img src=x onerror=alert(1)>' }]);
    expect(cardNames()).toEqual(['<img src=x onerror=alert(1)>']);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  test('an empty collection and an empty filter say so', async () => {
    const { unmount } = await renderBoard([]);
    expect(screen.getByText('No models yet.')).toBeTruthy();
    expect(showing()).toBe('Showing 0 of 0 models');
    unmount();
    render(<ModelsBoard models={[]} shown={0} total={4} query={QUERY} filtered />);
    expect(screen.getByText('No models match these filters.')).toBeTruthy();
  });

  test('hydrates the server-rendered board without a mismatch', async () => {
    await browserCall('POST', '/api/models', { name: 'Hydra', tags: ['a'] });
    const list = await browserCall<Model[]>('GET', `/api/models?${QUERY}`);
    const props: ModelsBoardProps = { models: list, shown: 1, total: 1, query: QUERY, filtered: false };
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ModelsBoard {...props} />);
    document.body.append(container);
    let root: Root | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, <ModelsBoard {...props} />);
      });
      expect(logged).not.toHaveBeenCalled();
      expect((within(container).getByRole('button', { name: 'Edit Hydra' }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      await act(async () => root?.unmount());
      container.remove();
    }
  });
});

describe('ModelsBoard: Add Model', () => {
  test('the dialog has every field; Save waits for a name; two links are added, one removed row is not sent', async () => {
    await renderBoard([{ name: 'Existing', ethnicity: 'Other' }]);
    const add = await openAdd();
    for (const label of ['Model Name', 'Ethnicity', 'Breast Size', 'Age', 'Height', 'Image URL', 'Description', 'Tags'])
      expect(within(add).getByLabelText(label, { exact: true })).toBeTruthy();
    expect([...(within(add).getByLabelText('Ethnicity') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'N/A',
      'Japanese',
      'Chinese',
      'Korean',
      'Vietnamese',
      'European',
      'White',
      'Black',
      'Other',
    ]);
    expect((within(add).getByLabelText('Breast Size') as HTMLSelectElement).options.length).toBe(1 + 49);
    const save = within(add).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fill(add, {
      'Model Name': '  Kana  ',
      Ethnicity: 'Chinese',
      'Breast Size': '32C',
      Age: '24',
      Height: '158 cm',
      Description: 'New one',
      Tags: 'gravure, , idol',
    });
    for (let i = 0; i < 3; i++) await settle(() => within(add).getByRole('button', { name: 'Add Link' }).click());
    fill(add, {
      'Link 1 name': 'OnlyFans',
      'Link 1 URL': 'https://onlyfans.com/kana',
      'Link 2 name': 'Junk',
      'Link 3 name': 'X',
      'Link 3 URL': 'https://x.com/kana',
    });
    await settle(() => within(add).getByRole('button', { name: 'Remove link 2' }).click());
    expect(save.disabled).toBe(false);
    await settle(() => save.click());

    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/models',
        body: {
          name: 'Kana',
          ethnicity: 'Chinese',
          breastSize: '32C',
          age: '24',
          height: '158 cm',
          image: '',
          description: 'New one',
          tags: 'gravure, , idol',
          links: [
            { name: 'OnlyFans', url: 'https://onlyfans.com/kana' },
            { name: 'X', url: 'https://x.com/kana' },
          ],
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastText()).toBe('Model added successfully!');
    // The list comes again from the server, in its order (Chinese before Other).
    expect(cardNames()).toEqual(['Kana', 'Existing']);
    expect(showing()).toBe('Showing 2 of 2 models');
    expect(
      within(cardOf('Kana'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['OnlyFans', 'X']);
    await advance(2900);
    expect(toast()).not.toBeNull();
    await advance(200);
    expect(toast()).toBeNull();
  });

  test('a link row whose URL is left blank is dropped on save, not refused', async () => {
    await renderBoard([]);
    const add = await openAdd();
    for (let i = 0; i < 3; i++) await settle(() => within(add).getByRole('button', { name: 'Add Link' }).click());
    fill(add, { 'Model Name': 'Rin', 'Link 1 name': 'Fansly', 'Link 2 URL': '   ', 'Link 3 name': 'X', 'Link 3 URL': 'https://x.com/rin' });
    await settle(() => within(add).getByRole('button', { name: 'Save' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastText()).toBe('Model added successfully!');
    expect(
      within(cardOf('Rin'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['X']);
  });

  test('a refusal by the server shows its message inside the dialog, which stays open; nothing is stored', async () => {
    await renderBoard([]);
    const add = await openAdd();
    fill(add, { 'Model Name': 'Too Young', Age: '16' });
    await settle(() => within(add).getByRole('button', { name: 'Save' }).click());
    expect(within(dialog('Add Model')).getByRole('alert').textContent).toContain('Models must be 18 or older');
    fill(add, { Age: '22', 'Image URL': 'javascript:alert(1)' });
    await settle(() => within(add).getByRole('button', { name: 'Save' }).click());
    expect(within(dialog('Add Model')).getByRole('alert').textContent).toContain('Image URL must be an absolute http or https address');
    expect(await storedNames()).toEqual([]);
  });

  test("no answer from the hub: Failed to save model (a proxy's page) or Network error", async () => {
    await renderBoard([]);
    const add = await openAdd();
    fill(add, { 'Model Name': 'Lost' });
    hub.network.interrupt('POST /api/models', { proxyStatus: 502 });
    await settle(() => within(add).getByRole('button', { name: 'Save' }).click());
    expect(within(dialog('Add Model')).getByRole('alert').textContent).toContain('Failed to save model');
    hub.network.interrupt('POST /api/models', { networkError: 'Failed to fetch' });
    await settle(() => within(add).getByRole('button', { name: 'Save' }).click());
    expect(within(dialog('Add Model')).getByRole('alert').textContent).toContain('Network error: Failed to fetch');
    hub.network.clear();
    expect(await storedNames()).toEqual([]);
  });

  test('when the list cannot be loaded again after a save: Failed to load models', async () => {
    await renderBoard([]);
    const add = await openAdd();
    fill(add, { 'Model Name': 'Saved Anyway' });
    hub.network.interrupt('GET /api/models', { proxyStatus: 503 });
    await settle(() => within(add).getByRole('button', { name: 'Save' }).click());
    expect(toastText()).toBe('Failed to load models');
    hub.network.clear();
    expect(await storedNames()).toEqual(['Saved Anyway']);
  });
});

describe('ModelsBoard: edit, favourite, delete', () => {
  test('Edit opens the dialog filled in; only the changes are saved; Model updated successfully!', async () => {
    await renderBoard([{ name: 'Edit Me', ethnicity: 'Korean', age: 30, tags: ['a', 'b'], links: [{ name: 'IG', url: 'https://instagram.com/editme' }] }]);
    await settle(() => screen.getByRole('button', { name: 'Edit Edit Me' }).click());
    const edit = dialog('Edit Model');
    expect((within(edit).getByLabelText('Model Name') as HTMLInputElement).value).toBe('Edit Me');
    expect((within(edit).getByLabelText('Ethnicity') as HTMLSelectElement).value).toBe('Korean');
    expect((within(edit).getByLabelText('Age') as HTMLInputElement).value).toBe('30');
    expect((within(edit).getByLabelText('Tags') as HTMLInputElement).value).toBe('a, b');
    expect((within(edit).getByLabelText('Link 1 URL') as HTMLInputElement).value).toBe('https://instagram.com/editme');
    fill(edit, { Age: '31', Height: '170 cm' });
    await settle(() => within(edit).getByRole('button', { name: 'Save' }).click());
    expect(writes()[0]).toMatchObject({ method: 'PUT', body: { name: 'Edit Me', age: '31', height: '170 cm', tags: 'a, b' } });
    expect(toastText()).toBe('Model updated successfully!');
    expect(within(cardOf('Edit Me')).getByText('31')).toBeTruthy();
    expect(within(cardOf('Edit Me')).getByText('170 cm')).toBeTruthy();
  });

  test("the star adds to and removes from favourites, with the spec's toasts; favourites move first", async () => {
    await renderBoard([
      { name: 'Amy', ethnicity: 'Chinese' },
      { name: 'Zed', ethnicity: 'Other' },
    ]);
    expect(cardNames()).toEqual(['Amy', 'Zed']);
    await settle(() => screen.getByRole('button', { name: 'Add Zed to favorites' }).click());
    expect(writes()).toEqual([{ method: 'PUT', path: expect.stringMatching(/^\/api\/models\//), body: { isFavorite: true } }]);
    expect(toastText()).toBe('Added to favorites');
    expect(cardNames()).toEqual(['Zed', 'Amy']);
    const star = screen.getByRole('button', { name: 'Remove Zed from favorites' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await settle(() => star.click());
    expect(toastText()).toBe('Removed from favorites');
    expect(cardNames()).toEqual(['Amy', 'Zed']);
  });

  test('a favourite change that fails: Failed to update favorite status; the card keeps its state', async () => {
    await renderBoard([{ name: 'Amy' }]);
    hub.network.interrupt('PUT /api/models/', { proxyStatus: 500 });
    await settle(() => screen.getByRole('button', { name: 'Add Amy to favorites' }).click());
    expect(toastText()).toBe('Failed to update favorite status');
    expect(screen.getByRole('button', { name: 'Add Amy to favorites' }).getAttribute('aria-pressed')).toBe('false');
  });

  test('Delete asks first; Cancel keeps it; Delete removes it with Model deleted successfully!', async () => {
    await renderBoard([{ name: 'Amy' }, { name: 'Bo' }]);
    await settle(() => screen.getByRole('button', { name: 'Delete Amy' }).click());
    const confirm = dialog('Delete Model');
    expect(confirm.textContent).toContain('Delete Amy?');
    await settle(() => within(confirm).getByRole('button', { name: 'Cancel' }).click());
    expect(writes()).toEqual([]);
    await settle(() => screen.getByRole('button', { name: 'Delete Amy' }).click());
    await settle(() => within(dialog('Delete Model')).getByRole('button', { name: 'Delete' }).click());
    expect(writes()).toEqual([{ method: 'DELETE', path: expect.stringMatching(/^\/api\/models\//), body: undefined }]);
    expect(toastText()).toBe('Model deleted successfully!');
    expect(cardNames()).toEqual(['Bo']);
    expect(showing()).toBe('Showing 1 of 1 models');
    expect(await storedNames()).toEqual(['Bo']);
  });

  test('after a delete the count agrees with the cards at once, also when the list cannot be read again', async () => {
    await renderBoard([{ name: 'Amy' }, { name: 'Bo' }]);
    hub.network.interrupt('GET /api/models', { proxyStatus: 502 });
    await settle(() => screen.getByRole('button', { name: 'Delete Amy' }).click());
    await settle(() => within(dialog('Delete Model')).getByRole('button', { name: 'Delete' }).click());
    expect(cardNames()).toEqual(['Bo']);
    expect(showing()).toBe('Showing 1 of 1 models');
  });

  test('a delete that fails: Failed to delete model, and the card stays', async () => {
    await renderBoard([{ name: 'Amy' }]);
    hub.network.interrupt('DELETE /api/models/', { proxyStatus: 502 });
    await settle(() => screen.getByRole('button', { name: 'Delete Amy' }).click());
    await settle(() => within(dialog('Delete Model')).getByRole('button', { name: 'Delete' }).click());
    expect(toastText()).toBe('Failed to delete model');
    expect(cardNames()).toEqual(['Amy']);
  });

  test("a model deleted meanwhile (another tab): the server's Model not found is shown as-is", async () => {
    await renderBoard([{ name: 'Amy' }]);
    const [amy] = await browserCall<Model[]>('GET', '/api/models');
    await browserCall('DELETE', `/api/models/${amy!._id}`);
    await settle(() => screen.getByRole('button', { name: 'Add Amy to favorites' }).click());
    expect(toastText()).toBe('Model not found');
  });
});
