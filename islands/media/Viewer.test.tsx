import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { MediaItem } from '../../src/shared/media.ts';
import { Viewer, wrapIndex } from './Viewer.tsx';

// The viewer with a page around it that keeps the index and the list, as The Red Room and the
// model gallery do; the page's own calls are stand-ins that record what they were asked.

function item(id: string, fields: Partial<MediaItem> = {}): MediaItem {
  return {
    _id: id,
    title: `Title ${id}`,
    type: 'image',
    mimeType: 'image/jpeg',
    url: `/media/${id}`,
    thumbnail: `/media/${id}/thumbnail`,
    display: `/media/${id}/display`,
    size: 1536,
    duration: null,
    width: 640,
    height: 480,
    takenAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    tags: [],
    isFavorite: false,
    modelId: null,
    modelName: null,
    originalName: `${id}.jpg`,
    source: 'gallery',
    status: 'ready',
    failure: null,
    placeholder: null,
    deletedAt: null,
    ...fields,
  };
}

const ITEMS = [item('a', { tags: ['Beach'] }), item('b', { type: 'video', mimeType: 'video/mp4', duration: 75, size: 3 * 1024 * 1024 }), item('c')];

function Page({ initial = ITEMS, isAdmin = true, start = 0 }: { initial?: MediaItem[]; isAdmin?: boolean; start?: number }) {
  const [items, setItems] = useState(initial);
  const [index, setIndex] = useState<number | null>(null);
  const onFavorite = async (it: MediaItem) => {
    calls.favorite(it);
    setItems((list) => list.map((m) => (m._id === it._id ? { ...m, isFavorite: !m.isFavorite } : m)));
  };
  const onDelete = async (it: MediaItem) => {
    calls.delete(it);
    setItems((list) => list.filter((m) => m._id !== it._id));
  };
  return (
    <main>
      <button type="button" onClick={() => setIndex(start)}>
        Open card
      </button>
      {index !== null && items.length > 0 ? (
        <Viewer
          items={items}
          index={Math.min(index, items.length - 1)}
          isAdmin={isAdmin}
          onClose={() => setIndex(null)}
          onIndexChange={setIndex}
          onFavorite={onFavorite}
          onDelete={onDelete}
        />
      ) : null}
    </main>
  );
}

const calls = { favorite: mock((_: MediaItem) => {}), delete: mock((_: MediaItem) => {}) };
const preloaded: string[] = [];
const RealImage = globalThis.Image;

beforeEach(() => {
  preloaded.length = 0;
  calls.favorite = mock((_: MediaItem) => {});
  calls.delete = mock((_: MediaItem) => {});
  // Records the images the viewer fetches ahead.
  globalThis.Image = class extends RealImage {
    override set src(value: string) {
      preloaded.push(value);
    }
  } as typeof Image;
});

afterEach(() => {
  cleanup();
  globalThis.Image = RealImage;
});

const viewer = () => screen.queryByRole('dialog');
const position = () => within(viewer()!).getByLabelText('Position').textContent;
const key = async (k: string, target: Element = document.body) => {
  await act(async () => {
    fireEvent.keyDown(target, { key: k });
  });
};

async function open(props: Parameters<typeof Page>[0] = {}) {
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Open card' });
  opener.focus();
  await act(async () => opener.click());
  return opener;
}

describe('moving through the items', () => {
  test('Right and Left wrap around at both ends; the counter, title, type and size follow', async () => {
    await open();
    expect(viewer()!.getAttribute('aria-modal')).toBe('true');
    expect(position()).toBe('1 of 3');
    expect(within(viewer()!).getByRole('heading').textContent).toBe('Title a');
    expect((within(viewer()!).getByRole('img', { name: 'Title a' }) as HTMLImageElement).getAttribute('src')).toBe('/media/a/display');
    expect(within(viewer()!).getByText('1.5 KB')).toBeTruthy();
    expect(within(viewer()!).getByText('Image')).toBeTruthy();

    await key('ArrowLeft');
    expect(position()).toBe('3 of 3');
    await key('ArrowRight');
    expect(position()).toBe('1 of 3');
    await key('ArrowRight');
    expect(position()).toBe('2 of 3');
    // The video: its original with controls, metadata first, its duration and size.
    const video = viewer()!.querySelector('video')!;
    expect([video.getAttribute('src'), video.hasAttribute('controls'), video.getAttribute('preload'), video.hasAttribute('playsinline')]).toEqual([
      '/media/b',
      true,
      'metadata',
      true,
    ]);
    expect(within(viewer()!).getByText('Video')).toBeTruthy();
    expect(within(viewer()!).getByText('1:15')).toBeTruthy();
    expect(within(viewer()!).getByText('3 MB')).toBeTruthy();

    await act(async () => within(viewer()!).getByRole('button', { name: 'Next' }).click());
    expect(position()).toBe('3 of 3');
    await act(async () => within(viewer()!).getByRole('button', { name: 'Next' }).click());
    expect(position()).toBe('1 of 3');
    await act(async () => within(viewer()!).getByRole('button', { name: 'Previous' }).click());
    expect(position()).toBe('3 of 3');
    expect(wrapIndex(-1, 3)).toBe(2);
  });

  test("the next image's display rendition is fetched ahead", async () => {
    await open();
    // Item 1 shown: the next one is a video (not fetched ahead); from the video, image c is.
    expect(preloaded).toEqual([]);
    await key('ArrowRight');
    expect(preloaded).toEqual(['/media/c/display']);
  });

  test('Escape closes and focus goes back to the card that opened it', async () => {
    const opener = await open();
    expect(document.activeElement).toBe(viewer());
    await key('Escape');
    expect(viewer()).toBeNull();
    expect(document.activeElement).toBe(opener);
    // The close button does the same.
    await act(async () => opener.click());
    await act(async () => within(viewer()!).getByRole('button', { name: 'Close viewer' }).click());
    expect(viewer()).toBeNull();
  });

  test('F asks for fullscreen, and the button does too', async () => {
    const requested: Element[] = [];
    const proto = HTMLElement.prototype as unknown as { requestFullscreen?: () => Promise<void> };
    const before = proto.requestFullscreen;
    proto.requestFullscreen = async function (this: Element) {
      requested.push(this);
    };
    try {
      await open();
      await key('f');
      await act(async () => within(viewer()!).getByRole('button', { name: 'Enter fullscreen' }).click());
      // A double click on the image too.
      await act(async () => {
        fireEvent.doubleClick(within(viewer()!).getByRole('img'));
      });
      expect(requested).toEqual([viewer()!, viewer()!, viewer()!]);
    } finally {
      proto.requestFullscreen = before;
    }
  });

  test('Tab keeps focus inside the viewer', async () => {
    await open();
    const buttons = within(viewer()!).getAllByRole('button');
    buttons.at(-1)!.focus();
    await key('Tab', buttons.at(-1)!);
    expect(document.activeElement).toBe(buttons[0]!);
    await act(async () => {
      fireEvent.keyDown(buttons[0]!, { key: 'Tab', shiftKey: true });
    });
    expect(document.activeElement).toBe(buttons.at(-1)!);
  });
});

describe('favourite and delete', () => {
  test('L toggles the favourite through the page, and the heart follows', async () => {
    await open();
    const heart = () => within(viewer()!).getByRole('button', { name: /favorites$/ });
    expect([heart().getAttribute('aria-label'), heart().getAttribute('aria-pressed')]).toEqual(['Add to favorites', 'false']);
    await key('l');
    expect(calls.favorite).toHaveBeenCalledTimes(1);
    expect(calls.favorite.mock.calls[0]![0]._id).toBe('a');
    expect([heart().getAttribute('aria-label'), heart().getAttribute('aria-pressed')]).toEqual(['Remove from favorites', 'true']);
    await key('L');
    expect(heart().getAttribute('aria-pressed')).toBe('false');
  });

  test('Backspace opens the delete confirm: Escape cancels, Enter confirms and the next item shows', async () => {
    await open({ start: 1 });
    await key('Backspace');
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Media' });
    expect(confirm.textContent).toContain('Title b');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Delete' }));
    // While it asks, the other keys do nothing.
    await key('ArrowRight');
    expect(position()).toBe('2 of 3');
    await key('Escape');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(viewer()).not.toBeNull();
    expect(calls.delete).not.toHaveBeenCalled();

    await key('Backspace');
    await key('Enter');
    expect(calls.delete).toHaveBeenCalledTimes(1);
    expect(calls.delete.mock.calls[0]![0]._id).toBe('b');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(position()).toBe('2 of 2');
    expect(within(viewer()!).getByRole('heading').textContent).toBe('Title c');
  });

  test('the delete icon shows only to admins; Backspace works for everyone', async () => {
    await open({ isAdmin: false });
    expect(within(viewer()!).queryByRole('button', { name: 'Delete' })).toBeNull();
    await key('Backspace');
    expect(screen.getByRole('alertdialog', { name: 'Delete Media' })).toBeTruthy();
    cleanup();
    await open({ isAdmin: true });
    await act(async () => within(viewer()!).getByRole('button', { name: 'Delete' }).click());
    await act(async () => within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }).click());
    expect(calls.delete).toHaveBeenCalledTimes(1);
    expect(position()).toBe('1 of 2');
  });

  test('keys typed into a field of the page are left alone', async () => {
    await open();
    const field = document.createElement('input');
    document.body.append(field);
    await key('l', field);
    await key('ArrowRight', field);
    expect(calls.favorite).not.toHaveBeenCalled();
    expect(position()).toBe('1 of 3');
    field.remove();
  });
});
