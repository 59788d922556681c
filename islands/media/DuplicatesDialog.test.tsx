import { afterEach, beforeEach, describe, expect, type Mock, mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { MediaItem } from '../../src/shared/media.ts';
import { DuplicatesDialog, type DuplicatesDialogProps } from './DuplicatesDialog.tsx';
import type { DuplicateGroup } from './duplicates-api.ts';

// fetch is answered by a fake of the duplicates contract (GET /api/{gallery}/duplicates[?mode=similar],
// DELETE /api/{gallery}/duplicates, POST /api/{gallery}/duplicates/resolve), kept in this file.

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

interface FakeApi {
  exact: DuplicateGroup[];
  similar: DuplicateGroup[];
  /** Answers a path with this status (and body) instead of the contract. */
  failing: Map<string, { status: number; body?: unknown }>;
  sent: Sent[];
}

let fake: FakeApi;
let realFetch: typeof fetch;
let logged: Mock<typeof console.error>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answer(method: string, url: URL, body: unknown): Response {
  const match = /^\/api\/(gallery|premium)\/duplicates(\/resolve)?$/.exec(url.pathname);
  if (!match) return json(404, { error: 'Not found' });
  const failure = fake.failing.get(`${method} ${url.pathname}${url.search}`);
  if (failure) return failure.body === undefined ? new Response('oops', { status: failure.status }) : json(failure.status, failure.body);
  if (method === 'GET') return json(200, url.searchParams.get('mode') === 'similar' ? fake.similar : fake.exact);
  if (method === 'DELETE') {
    const deletedCount = fake.exact.reduce((n, g) => n + g.duplicates.length - 1, 0);
    fake.exact = [];
    return json(200, { deletedCount, message: `Deleted ${deletedCount} duplicate files` });
  }
  const { keepId, mediaIds } = body as { keepId: string; mediaIds: string[] };
  const group = fake.similar.find((g) => g.duplicates.some((m) => m._id === keepId));
  if (!group) return json(404, { error: 'Media not found' });
  fake.similar = fake.similar.filter((g) => g !== group);
  return json(200, { kept: group.duplicates.find((m) => m._id === keepId), deletedCount: mediaIds.length });
}

let nextId = 1;
function item(fields: Partial<MediaItem> = {}): MediaItem {
  const id = `m${nextId++}`;
  return {
    _id: id,
    title: `Item ${id}`,
    type: 'image',
    mimeType: 'image/jpeg',
    url: `/media/${id}`,
    thumbnail: `/media/${id}/thumbnail`,
    display: `/media/${id}/display`,
    size: 2_500_000,
    duration: null,
    width: 1920,
    height: 1080,
    takenAt: null,
    camera: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    tags: [],
    isFavorite: false,
    modelId: null,
    modelName: null,
    originalName: 'beach.jpg',
    source: 'gallery',
    status: 'ready',
    failure: null,
    placeholder: null,
    deletedAt: null,
    ...fields,
  };
}

beforeEach(() => {
  logged = spyOn(console, 'error').mockImplementation(() => {});
  fake = { exact: [], similar: [], failing: new Map(), sent: [] };
  realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    fake.sent.push({ method, path: `${url.pathname}${url.search}`, body });
    return answer(method, url, body);
  }) as typeof fetch;
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  logged.mockRestore();
});

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

async function renderDialog(props: Partial<DuplicatesDialogProps> = {}) {
  const onClose = mock(() => {});
  const onChanged = mock(() => {});
  const result = render(<DuplicatesDialog gallery="gallery" open onClose={onClose} onChanged={onChanged} {...props} />);
  await settle();
  return { onClose, onChanged, ...result };
}

const dialog = () => screen.getByRole('dialog', { name: 'Duplicates' });
const inDialog = () => within(dialog());
const groups = () =>
  inDialog()
    .queryAllByRole('region', { name: /./ })
    .filter((r) => r.tagName === 'SECTION');
const toastText = () =>
  (
    inDialog().queryByRole('alert') ??
    inDialog()
      .queryAllByRole('status')
      .find((s) => s.hasAttribute('data-toast'))
  )?.querySelector('span')?.textContent ?? null;
const modeButton = (name: string) => inDialog().getByRole('button', { name });

describe('exact copies', () => {
  test('shows each group with its name and size, previews of every copy with size, dimensions, date and type, the newest kept', async () => {
    const newest = item({ title: 'Beach again', createdAt: '2026-11-21T09:00:00.000Z', size: 1_048_576 });
    const older = item({ title: 'Beach', createdAt: '2026-11-01T09:00:00.000Z', size: 1_048_576 });
    const clipNew = item({ title: 'Clip 2', type: 'video', mimeType: 'video/mp4', originalName: 'clip.mp4', width: 640, height: 360, size: 5_000 });
    const clipOld = item({
      title: 'Clip',
      type: 'video',
      mimeType: 'video/mp4',
      originalName: 'clip.mp4',
      width: 640,
      height: 360,
      size: 5_000,
      thumbnail: null,
      status: 'processing',
    });
    fake.exact = [
      { originalName: 'beach.jpg', size: 1_048_576, checksum: 'a'.repeat(64), duplicates: [newest, older] },
      { originalName: 'clip.mp4', size: 5_000, checksum: 'b'.repeat(64), duplicates: [clipNew, clipOld] },
    ];
    await renderDialog();
    expect(fake.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /api/gallery/duplicates']);
    expect(modeButton('Exact copies').getAttribute('aria-pressed')).toBe('true');
    expect(modeButton('Similar').getAttribute('aria-pressed')).toBe('false');
    expect(groups().map((g) => g.getAttribute('aria-labelledby') && within(g).getByRole('heading').textContent)).toEqual(['beach.jpg', 'clip.mp4']);

    const [beach, clip] = groups();
    expect(within(beach!).getByText('2 copies · 1 MB each')).toBeTruthy();
    const copies = within(beach!).getAllByRole('listitem');
    expect(copies.map((c) => c.getAttribute('aria-label'))).toEqual(['Beach again, kept', 'Beach']);
    expect(within(copies[0]!).getByText('Kept')).toBeTruthy();
    expect(within(copies[1]!).getByText('Older copy')).toBeTruthy();
    expect(within(copies[0]!).getByText('1920 × 1080')).toBeTruthy();
    expect(within(copies[0]!).getAllByText('1 MB').length).toBe(1);
    expect(within(copies[0]!).getByText('Image')).toBeTruthy();
    expect(within(copies[0]!).getByText(new Date(newest.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }))).toBeTruthy();
    expect(copies[0]!.querySelector('img')?.getAttribute('src')).toBe(newest.thumbnail);

    const clips = within(clip!).getAllByRole('listitem');
    expect(within(clips[0]!).getByText('Video')).toBeTruthy();
    expect(within(clips[0]!).getByText('640 × 360')).toBeTruthy();
    // No poster yet: no broken picture.
    expect(clips[1]!.querySelector('img')).toBeNull();
    expect(inDialog().getByRole('status', { name: '' }).textContent).toBe('2 groups, 2 older copies');
  });

  test('Delete Duplicates moves the older copies to the bin, says how many, tells the page and shows the empty state', async () => {
    fake.exact = [
      { originalName: 'a.jpg', size: 10, checksum: 'a'.repeat(64), duplicates: [item(), item(), item()] },
      { originalName: 'b.jpg', size: 10, checksum: 'b'.repeat(64), duplicates: [item(), item()] },
    ];
    const { onChanged } = await renderDialog();
    await settle(() => fireEvent.click(inDialog().getByRole('button', { name: 'Delete Duplicates' })));
    expect(fake.sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual(['/api/gallery/duplicates']);
    expect(toastText()).toBe('Deleted 3 duplicate files');
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(groups()).toEqual([]);
    // Said once, not twice (a hidden status and the visible text).
    expect(inDialog().getByText('No duplicates found')).toBeTruthy();
    expect((inDialog().getByRole('button', { name: 'Delete Duplicates' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('a failed delete says so and keeps the groups', async () => {
    fake.exact = [{ originalName: 'a.jpg', size: 10, checksum: 'a'.repeat(64), duplicates: [item(), item()] }];
    fake.failing.set('DELETE /api/gallery/duplicates', { status: 500 });
    const { onChanged } = await renderDialog();
    await settle(() => fireEvent.click(inDialog().getByRole('button', { name: 'Delete Duplicates' })));
    expect(toastText()).toBe('Failed to delete duplicates');
    expect(inDialog().queryByRole('alert')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
    expect(groups().length).toBe(1);
  });
});

describe('similar', () => {
  function similarGroups() {
    const large = item({ title: 'Sunset', size: 3_000_000, width: 4000, height: 3000, tags: ['Outdoor'] });
    const small = item({ title: 'Sunset small', size: 300_000, width: 800, height: 600, tags: ['Romantic'] });
    const clipA = item({ title: 'Clip HD', type: 'video', size: 9_000_000, originalName: 'clip.mp4' });
    const clipB = item({ title: 'Clip SD', type: 'video', size: 2_000_000, originalName: 'clip-sd.mp4' });
    fake.similar = [
      { originalName: 'sunset.jpg', size: 3_000_000, checksum: null, distance: 3, duplicates: [large, small] },
      { originalName: 'clip.mp4', size: 9_000_000, checksum: null, distance: 0, duplicates: [clipA, clipB] },
    ];
    return { large, small, clipA, clipB };
  }

  test('shows the groups with their distance in words and bits; the largest is kept unless another is chosen; the merge keeps the chosen one', async () => {
    const { large, small, clipA, clipB } = similarGroups();
    const { onChanged } = await renderDialog();
    await settle(() => fireEvent.click(modeButton('Similar')));
    expect(fake.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /api/gallery/duplicates', 'GET /api/gallery/duplicates?mode=similar']);
    expect(modeButton('Similar').getAttribute('aria-pressed')).toBe('true');
    expect(inDialog().getByText(/tags, favourite and albums of the others are merged into it/)).toBeTruthy();
    expect(inDialog().queryByRole('button', { name: 'Delete Duplicates' })).toBeNull();

    const [sunset, clip] = groups();
    expect(within(sunset!).getByText('Nearly identical · distance 3 of 64 bits')).toBeTruthy();
    expect(within(sunset!).getByText('2 files · largest 2.86 MB')).toBeTruthy();
    expect(within(clip!).getByText('Look the same · distance 0 of 64 bits')).toBeTruthy();
    const keepLarge = within(sunset!).getByRole('radio', { name: 'Keep Sunset (2.86 MB)' }) as HTMLInputElement;
    const keepSmall = within(sunset!).getByRole('radio', { name: 'Keep Sunset small (292.97 KB)' }) as HTMLInputElement;
    expect(keepLarge.checked).toBe(true);
    expect(keepSmall.checked).toBe(false);
    expect(within(sunset!).getByText('4000 × 3000')).toBeTruthy();

    // The smaller one chosen instead: it is kept, the larger goes.
    await settle(() => fireEvent.click(keepSmall));
    expect(keepSmall.checked).toBe(true);
    await settle(() => fireEvent.click(within(sunset!).getByRole('button', { name: 'Keep this and merge' })));
    expect(fake.sent.at(-1)).toEqual({ method: 'POST', path: '/api/gallery/duplicates/resolve', body: { keepId: small._id, mediaIds: [large._id] } });
    expect(toastText()).toBe('Kept 1 and moved 1 to the recycling bin');
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(groups().map((g) => within(g).getByRole('heading').textContent)).toEqual(['clip.mp4']);

    // The default: the first (largest).
    const [clipGroup] = groups();
    await settle(() => fireEvent.click(within(clipGroup!).getByRole('button', { name: 'Keep this and merge' })));
    expect(fake.sent.at(-1)!.body).toEqual({ keepId: clipA._id, mediaIds: [clipB._id] });
    expect(groups()).toEqual([]);
    expect(inDialog().getAllByText('No similar files found').length).toBeGreaterThan(0);
  });

  test('a failed merge shows the server text and leaves the group', async () => {
    similarGroups();
    fake.failing.set('POST /api/gallery/duplicates/resolve', { status: 404, body: { error: 'Media not found' } });
    const { onChanged } = await renderDialog();
    await settle(() => fireEvent.click(modeButton('Similar')));
    await settle(() => fireEvent.click(within(groups()[0]!).getByRole('button', { name: 'Keep this and merge' })));
    expect(toastText()).toBe('Media not found');
    expect(onChanged).not.toHaveBeenCalled();
    expect(groups().length).toBe(2);
  });
});

describe('empty, failing, premium and closing', () => {
  test('each mode has its empty state', async () => {
    await renderDialog();
    // Said once, not twice (a hidden status and the visible text).
    expect(inDialog().getByText('No duplicates found')).toBeTruthy();
    expect(inDialog().getByText('No two files have identical content.')).toBeTruthy();
    await settle(() => fireEvent.click(modeButton('Similar')));
    expect(inDialog().getAllByText('No similar files found').length).toBeGreaterThan(0);
  });

  test('a failed search says Failed to find duplicates and can be tried again', async () => {
    fake.failing.set('GET /api/gallery/duplicates', { status: 500 });
    await renderDialog();
    expect(toastText()).toBe('Failed to find duplicates');
    expect(inDialog().queryByText('No duplicates found')).toBeNull();
    fake.failing.clear();
    fake.exact = [{ originalName: 'a.jpg', size: 10, checksum: 'a'.repeat(64), duplicates: [item(), item()] }];
    await settle(() => fireEvent.click(inDialog().getByRole('button', { name: 'Try again' })));
    expect(groups().length).toBe(1);
  });

  test('an unreadable answer is a failed search, not a broken dialog', async () => {
    fake.failing.set('GET /api/gallery/duplicates', { status: 200, body: { groups: 'nope' } });
    await renderDialog();
    expect(toastText()).toBe('Failed to find duplicates');
  });

  test('the premium gallery asks its own paths', async () => {
    fake.exact = [{ originalName: 'a.jpg', size: 10, checksum: 'a'.repeat(64), duplicates: [item({ source: 'premium' }), item({ source: 'premium' })] }];
    await renderDialog({ gallery: 'premium' });
    await settle(() => fireEvent.click(inDialog().getByRole('button', { name: 'Delete Duplicates' })));
    await settle(() => fireEvent.click(modeButton('Similar')));
    expect(fake.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /api/premium/duplicates',
      'DELETE /api/premium/duplicates',
      'GET /api/premium/duplicates',
      'GET /api/premium/duplicates?mode=similar',
    ]);
  });

  test('Close and Escape close it; it asks again each time it opens; the first control has focus', async () => {
    const { onClose, rerender } = await renderDialog();
    expect(dialog().contains(document.activeElement)).toBe(true);
    await settle(() => fireEvent.click(inDialog().getByRole('button', { name: 'Close' })));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<DuplicatesDialog gallery="gallery" open={false} onClose={onClose} onChanged={() => {}} />);
    await settle();
    rerender(<DuplicatesDialog gallery="gallery" open onClose={onClose} onChanged={() => {}} />);
    await settle();
    expect(fake.sent.filter((s) => s.method === 'GET').length).toBe(2);
    await settle(() => fireEvent.keyDown(dialog(), { key: 'Escape' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
