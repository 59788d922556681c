// The media card's video behaviour: hovering plays the item's preview clip (never the original), as
// do focusing the card from the keyboard and holding a finger on it (a tap still opens the viewer);
// nothing plays without one or when less motion is asked for, and a converting video shows its
// poster and "Converting 42 %"; the server's markup is what the browser draws on hydrating.

import { afterEach, beforeEach, describe, expect, jest, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { MediaItem, MediaPage } from '../../src/shared/media.ts';
import { MODEL_GALLERY } from '../models/model-gallery-config.ts';
import { type CardLook, HOLD_MS, MediaCard } from './MediaCard.tsx';
import { PREMIUM } from './premium-config.ts';
import { RED_ROOM } from './red-room-config.ts';
import { PROCESSING_POLL_MS, useProcessingRefresh } from './useProcessingRefresh.ts';

function item(id: string, fields: Partial<MediaItem> = {}): MediaItem {
  return {
    _id: id,
    title: `Clip ${id}`,
    type: 'video',
    mimeType: 'video/mp4',
    url: `/media/${id}`,
    thumbnail: `/media/${id}/thumbnail`,
    display: `/media/${id}/display`,
    size: 3 * 1024 * 1024,
    duration: 75,
    width: 1920,
    height: 1080,
    takenAt: null,
    camera: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    tags: [],
    isFavorite: false,
    modelId: null,
    modelName: null,
    originalName: `${id}.mov`,
    source: 'gallery',
    status: 'ready',
    failure: null,
    placeholder: null,
    deletedAt: null,
    playback: 'converted',
    progress: null,
    ...fields,
  };
}

function card(it: MediaItem, look: CardLook = PREMIUM.card, live = true, onOpen: (item: MediaItem) => void = () => {}) {
  return (
    <ul>
      <li>
        <MediaCard
          item={it}
          look={look}
          compact={false}
          live={live}
          selecting={false}
          selected={false}
          busy={false}
          actions={[]}
          onOpen={onOpen}
          onToggleSelect={() => {}}
        />
      </li>
    </ul>
  );
}

/** What the page's videos were asked to do: the clip each play() was for. */
let played: string[] = [];
let reduceMotion = false;
const realMatchMedia = window.matchMedia;

beforeEach(() => {
  played = [];
  reduceMotion = false;
  spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src') ?? '');
    return Promise.resolve();
  });
  window.matchMedia = ((query: string) => {
    const list = realMatchMedia.call(window, query);
    return query.includes('prefers-reduced-motion') ? ({ ...list, media: query, matches: reduceMotion } as MediaQueryList) : list;
  }) as typeof window.matchMedia;
});
afterEach(() => {
  cleanup();
  window.matchMedia = realMatchMedia;
});

/** A page of one item that refreshes it while it processes, as the galleries do. */
function RefreshingPage({ first, loadItem }: { first: MediaItem; loadItem: (id: string) => Promise<never> }) {
  const [data, setData] = useState<MediaPage | null>({ media: [first], totalItems: 1, totalPages: 1 });
  useProcessingRefresh(data!.media, loadItem, setData);
  return card(data!.media[0]!);
}

const article = (name: string) => screen.getByRole('article', { name });
/** The pointer (a mouse unless told) comes over the card, or leaves it. */
const enter = (element: Element, pointerType = 'mouse') => act(async () => void fireEvent.pointerEnter(element, { pointerType }));
const leave = (element: Element, pointerType = 'mouse') => act(async () => void fireEvent.pointerLeave(element, { pointerType }));

describe('hover previews', () => {
  for (const [gallery, look] of [
    ['Premium', PREMIUM.card],
    ['The Red Room', RED_ROOM.card],
    ['The model gallery dialog', MODEL_GALLERY.card],
  ] as const) {
    test(`${gallery}: hovering a video card plays its preview, muted and looping, never the original; leaving unloads it`, async () => {
      render(card(item('v', { preview: '/media/v/preview' }), look));
      const cardEl = article('Clip v');
      // Nothing is loaded before the pointer comes: the poster only.
      expect(cardEl.querySelector('video')).toBeNull();
      expect(cardEl.querySelector('img')!.getAttribute('src')).toBe('/media/v/thumbnail');
      await enter(cardEl);
      const clip = cardEl.querySelector('video')!;
      expect(clip.getAttribute('src')).toBe('/media/v/preview');
      expect([clip.muted, clip.loop, clip.hasAttribute('playsinline'), clip.getAttribute('preload')]).toEqual([true, true, true, 'none']);
      expect(played).toEqual(['/media/v/preview']);
      // The only media the card loads is the clip (the link still opens the playable rendition).
      expect([...cardEl.querySelectorAll('video, source')].map((m) => m.getAttribute('src'))).toEqual(['/media/v/preview']);
      await leave(cardEl);
      expect(cardEl.querySelector('video')).toBeNull();
      expect(cardEl.querySelector('img')!.getAttribute('src')).toBe('/media/v/thumbnail');
    });

    test(`${gallery}: a video without a preview keeps its poster on hover and plays nothing`, async () => {
      for (const preview of [null, undefined]) {
        const { unmount } = render(card(item('old', preview === null ? { preview } : {}), look));
        await enter(article('Clip old'));
        expect(article('Clip old').querySelector('video')).toBeNull();
        expect(article('Clip old').querySelector('img')!.getAttribute('src')).toBe('/media/old/thumbnail');
        unmount();
      }
      expect(played).toEqual([]);
    });
  }

  test('with less motion asked for, hovering plays nothing', async () => {
    reduceMotion = true;
    render(card(item('v', { preview: '/media/v/preview' })));
    await enter(article('Clip v'));
    await act(async () => screen.getByRole('link', { name: 'Open Clip v' }).focus());
    expect(article('Clip v').querySelector('video')).toBeNull();
    expect(played).toEqual([]);
  });

  test('focusing a video card from the keyboard plays its preview; moving focus on stops it', async () => {
    render(card(item('v', { preview: '/media/v/preview' }), RED_ROOM.card));
    const link = screen.getByRole('link', { name: 'Open Clip v' });
    await act(async () => link.focus());
    expect(article('Clip v').querySelector('video')?.getAttribute('src')).toBe('/media/v/preview');
    expect(played).toEqual(['/media/v/preview']);
    // The pointer passing over and away while the card has focus leaves it playing.
    await enter(article('Clip v'));
    await leave(article('Clip v'));
    expect(article('Clip v').querySelector('video')).not.toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Actions for Clip v' }).focus());
    expect(article('Clip v').querySelector('video')).toBeNull();
  });

  test('a finger held on a video card plays its preview until it lifts, without opening the viewer; a tap opens it and plays nothing', async () => {
    jest.useFakeTimers();
    try {
      const opened: string[] = [];
      render(card(item('v', { preview: '/media/v/preview' }), PREMIUM.card, true, (it) => opened.push(it._id)));
      const cardEl = article('Clip v');
      const link = screen.getByRole('link', { name: 'Open Clip v' });
      const touch = { pointerType: 'touch' };
      // A touch sends no hover: its pointer coming over the card plays nothing.
      await enter(cardEl, 'touch');
      expect(cardEl.querySelector('video')).toBeNull();

      // A tap: down, up, click before the hold's time. The viewer opens; no clip was loaded.
      await act(async () => {
        fireEvent.pointerDown(link, touch);
        jest.advanceTimersByTime(HOLD_MS - 100);
        fireEvent.pointerUp(link, touch);
        fireEvent.click(link);
        jest.advanceTimersByTime(HOLD_MS);
      });
      expect(opened).toEqual(['v']);
      expect(played).toEqual([]);

      // A hold: the clip plays while the finger rests; lifting stops it, and its click opens nothing.
      await act(async () => {
        fireEvent.pointerDown(link, touch);
        jest.advanceTimersByTime(HOLD_MS);
      });
      expect(cardEl.querySelector('video')?.getAttribute('src')).toBe('/media/v/preview');
      expect(played).toEqual(['/media/v/preview']);
      // The browser's menu for a long-pressed link stays closed while the preview shows.
      expect(fireEvent.contextMenu(link)).toBe(false);
      await act(async () => {
        fireEvent.pointerUp(link, touch);
        fireEvent.click(link);
      });
      expect(cardEl.querySelector('video')).toBeNull();
      expect(opened).toEqual(['v']);

      // A hold that turns into a scroll (the browser cancels the pointer) stops the clip too.
      await act(async () => {
        fireEvent.pointerDown(link, touch);
        jest.advanceTimersByTime(HOLD_MS);
      });
      expect(cardEl.querySelector('video')).not.toBeNull();
      await act(async () => void fireEvent.pointerCancel(link, touch));
      expect(cardEl.querySelector('video')).toBeNull();
      // The next tap opens the viewer again.
      await act(async () => {
        fireEvent.pointerDown(link, touch);
        fireEvent.pointerUp(link, touch);
        fireEvent.click(link);
      });
      expect(opened).toEqual(['v', 'v']);
    } finally {
      jest.useRealTimers();
    }
  });

  test('The Red Room keeps its play badge; Premium keeps its cards without one', () => {
    render(card(item('r', { preview: '/media/r/preview' }), RED_ROOM.card));
    render(card(item('p', { preview: '/media/p/preview' }), PREMIUM.card));
    expect(article('Clip r').querySelector('svg')).not.toBeNull();
    expect(article('Clip p').querySelector('a svg')).toBeNull();
  });
});

describe('converting', () => {
  test('a converting video shows its poster and "Converting 42 %", and the figure follows the item', () => {
    const { rerender } = render(card(item('c', { status: 'processing', progress: 42 })));
    expect(screen.getByText('Converting 42 %')).toBeTruthy();
    expect(article('Clip c').querySelector('img')!.getAttribute('src')).toBe('/media/c/thumbnail');
    expect(screen.queryByText('Processing…')).toBeNull();
    rerender(card(item('c', { status: 'processing', progress: 67.8 })));
    expect(screen.getByText('Converting 67 %')).toBeTruthy();
    expect(screen.queryByText('Converting 42 %')).toBeNull();
    rerender(card(item('c', { status: 'ready', progress: null })));
    expect(screen.queryByText(/Converting/)).toBeNull();
  });

  test("the figure follows the page's refresh of processing items, every few seconds, until the video is ready", async () => {
    jest.useFakeTimers();
    try {
      const answers = [item('c', { status: 'processing', progress: 67 }), item('c', { status: 'ready', progress: null })];
      const asked: string[] = [];
      const loadItem = async (id: string) => {
        asked.push(id);
        return { ok: true, value: answers.shift()! } as never;
      };
      render(<RefreshingPage first={item('c', { status: 'processing', progress: 42 })} loadItem={loadItem} />);
      expect(screen.getByText('Converting 42 %')).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(PROCESSING_POLL_MS);
      });
      expect(screen.getByText('Converting 67 %')).toBeTruthy();
      await act(async () => {
        jest.advanceTimersByTime(PROCESSING_POLL_MS);
      });
      expect(screen.queryByText(/Converting/)).toBeNull();
      expect(asked).toEqual(['c', 'c']);
    } finally {
      jest.useRealTimers();
    }
  });

  test('before its poster exists, the converting card says so over the processing look', () => {
    render(card(item('c', { status: 'processing', progress: 3, thumbnail: null })));
    expect(screen.getByText('Converting 3 %')).toBeTruthy();
    expect(article('Clip c').querySelector('img')).toBeNull();
  });

  test('processing without a figure keeps the processing look; ready items show no label', () => {
    render(card(item('p', { status: 'processing', progress: null, thumbnail: null })));
    render(card(item('r', { status: 'ready', progress: null })));
    render(card(item('i', { type: 'image', mimeType: 'image/jpeg', playback: undefined, progress: undefined })));
    expect(screen.getByText('Processing…')).toBeTruthy();
    expect(screen.queryByText(/Converting/)).toBeNull();
    expect(article('Clip r').querySelector('img')!.getAttribute('src')).toBe('/media/r/thumbnail');
  });
});

test('the server markup of every kind of card hydrates without a mismatch', async () => {
  const items = [
    item('a', { preview: '/media/a/preview' }),
    item('b'),
    item('c', { status: 'processing', progress: 42 }),
    item('d', { status: 'processing', progress: 5, thumbnail: null }),
    item('e', { status: 'processing', thumbnail: null }),
  ];
  const errors = spyOn(console, 'error').mockImplementation(() => {});
  for (const look of [PREMIUM.card, RED_ROOM.card]) {
    for (const it of items) {
      const host = document.createElement('div');
      host.innerHTML = renderToString(card(it, look, false));
      document.body.append(host);
      const recoverable: unknown[] = [];
      const root = await act(async () => hydrateRoot(host, card(it, look, false), { onRecoverableError: (e) => recoverable.push(e) }));
      expect(recoverable).toEqual([]);
      act(() => root.unmount());
      host.remove();
    }
  }
  expect(errors.mock.calls).toEqual([]);
  errors.mockRestore();
});
