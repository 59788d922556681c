import { afterEach, beforeEach, describe, expect, mock, setSystemTime, test } from 'bun:test';
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
    camera: null,
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

function Page({
  initial = ITEMS,
  isAdmin = true,
  start = 0,
  onPlayed,
}: {
  initial?: MediaItem[];
  isAdmin?: boolean;
  start?: number;
  onPlayed?: (item: MediaItem) => void;
}) {
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
          // As the grid does: the count shown goes up by this viewing.
          onPlayed={(it) => {
            onPlayed?.(it);
            setItems((list) => list.map((m) => (m._id === it._id ? { ...m, playCount: (m.playCount ?? 0) + 1 } : m)));
          }}
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
    // The video: its playable rendition with controls, metadata first, its duration and size.
    const video = viewer()!.querySelector('video')!;
    expect([video.getAttribute('src'), video.hasAttribute('controls'), video.getAttribute('preload'), video.hasAttribute('playsinline')]).toEqual([
      '/media/b/display',
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

  test('Download original links to the item’s original as a download, and follows the item shown', async () => {
    await open();
    const link = () => within(viewer()!).getByRole('link', { name: 'Download original' });
    expect(link().getAttribute('href')).toBe('/media/a?download=1');
    expect(link().hasAttribute('download')).toBe(true);
    await key('ArrowRight');
    expect(link().getAttribute('href')).toBe('/media/b?download=1');
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

// Videos: resume, the position kept, one viewing counted, and the scrub strip. The hub's playback
// routes are answered by a stand-in that records what was sent; happy-dom plays nothing, so the
// video's clock and events are driven by hand, as a browser would move them.

interface Sent {
  method: string;
  path: string;
  body: unknown;
  keepalive: boolean | undefined;
}

const VTT = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:10.000',
  'sheet.webp#xywh=0,0,160,90',
  '',
  '00:00:10.000 --> 00:00:20.000',
  'sheet.webp#xywh=160,0,160,90',
  '',
].join('\n');

describe('video playback', () => {
  let sent: Sent[] = [];
  let realFetch: typeof fetch;
  let serial = 0;
  /** A fresh id per test: positions saved in one test are remembered by the page for the next opening. */
  const id = () => `v${++serial}`;

  beforeEach(() => {
    sent = [];
    realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost:3000');
      sent.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        keepalive: init?.keepalive,
      });
      if (url.pathname.endsWith('.vtt')) return new Response(VTT, { headers: { 'content-type': 'text/vtt' } });
      return new Response(null, { status: 204 });
    }) as typeof fetch;
  });
  afterEach(() => {
    // Closed first: closing saves the position, through the stand-in.
    cleanup();
    globalThis.fetch = realFetch;
    setSystemTime();
  });

  const video = (fields: Partial<MediaItem>) =>
    item(fields._id ?? id(), { type: 'video', mimeType: 'video/mp4', duration: 600, playbackPosition: null, playCount: 0, ...fields });
  const playbackCalls = () => sent.filter((call) => call.method !== 'GET');

  /** The shown video, with a clock the test moves; play() and pause() fire what a browser fires. */
  function drive() {
    const element = viewer()!.querySelector('video')!;
    const state = { time: 0, paused: true, plays: 0 };
    const fire = (name: string) => act(async () => void element.dispatchEvent(new Event(name)));
    Object.defineProperty(element, 'currentTime', {
      configurable: true,
      get: () => state.time,
      set: (value: number) => {
        state.time = value;
      },
    });
    Object.defineProperty(element, 'paused', { configurable: true, get: () => state.paused });
    Object.defineProperty(element, 'duration', { configurable: true, get: () => 600 });
    element.play = async () => {
      state.plays++;
      state.paused = false;
      await fire('play');
      await fire('playing');
    };
    element.pause = () => {
      state.paused = true;
      element.dispatchEvent(new Event('pause'));
    };
    return {
      element,
      state,
      fire,
      /** Playback reaches `seconds`, `after` ms of wall time from the test's start. */
      at: async (seconds: number, after: number) => {
        setSystemTime(new Date(START + after));
        state.time = seconds;
        await fire('timeupdate');
      },
    };
  }
  const START = Date.parse('2026-11-26T10:00:00Z');
  const flushTimers = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

  test('a saved position is offered: "Resume from 3:12" seeks there and plays; focus is on it', async () => {
    await open({ initial: [video({ playbackPosition: 192.4 })] });
    const offer = within(viewer()!).getByRole('region', { name: 'Resume playback' });
    expect(offer.textContent).toContain('You stopped at 3:12 of 10:00.');
    // The video waits for the answer instead of playing from the start.
    expect(viewer()!.querySelector('video')!.hasAttribute('autoplay')).toBe(false);
    await flushTimers();
    const resume = within(offer).getByRole('button', { name: 'Resume from 3:12' });
    expect(document.activeElement).toBe(resume);
    const player = drive();
    await act(async () => resume.click());
    expect([player.state.time, player.state.plays]).toEqual([192.4, 1]);
    expect(within(viewer()!).queryByRole('region', { name: 'Resume playback' })).toBeNull();
  });

  test('"Start over" plays from the beginning; playing with the native controls answers the offer too', async () => {
    await open({ initial: [video({ playbackPosition: 192 }), video({ playbackPosition: 50 })] });
    let player = drive();
    player.state.time = 99;
    await act(async () => within(viewer()!).getByRole('button', { name: 'Start over' }).click());
    expect([player.state.time, player.state.plays]).toEqual([0, 1]);
    expect(within(viewer()!).queryByRole('region', { name: 'Resume playback' })).toBeNull();

    await key('ArrowRight');
    expect(within(viewer()!).getByRole('button', { name: 'Resume from 0:50' })).toBeTruthy();
    player = drive();
    await player.fire('play');
    expect(within(viewer()!).queryByRole('region', { name: 'Resume playback' })).toBeNull();
  });

  test('no offer for a position of a few seconds, near the end, none, or from a hub without playback', async () => {
    for (const fields of [
      { playbackPosition: 3 },
      { playbackPosition: 595 },
      { playbackPosition: null },
      { playbackPosition: undefined, playCount: undefined },
    ]) {
      await open({ initial: [video(fields)] });
      expect(within(viewer()!).queryByRole('region', { name: 'Resume playback' })).toBeNull();
      expect(viewer()!.querySelector('video')!.hasAttribute('autoplay')).toBe(true);
      cleanup();
    }
  });

  test('a 12 s clip stopped at 0:06 offers to resume; stopped at 0:11 (past 90 %) it starts over', async () => {
    await open({ initial: [video({ duration: 12, playbackPosition: 6.2 })] });
    const offer = within(viewer()!).getByRole('region', { name: 'Resume playback' });
    expect(offer.textContent).toContain('You stopped at 0:06 of 0:12.');
    expect(within(offer).getByRole('button', { name: 'Resume from 0:06' })).toBeTruthy();
    cleanup();
    for (const playbackPosition of [11, 0.4]) {
      await open({ initial: [video({ duration: 12, playbackPosition })] });
      expect(within(viewer()!).queryByRole('region', { name: 'Resume playback' })).toBeNull();
      expect(viewer()!.querySelector('video')!.hasAttribute('autoplay')).toBe(true);
      cleanup();
    }
  });

  test('the header says how often the video was played, and counts this viewing once it starts', async () => {
    const played: MediaItem[] = [];
    await open({ initial: [video({ playCount: 0 }), video({ playCount: 3 }), item('p1', { type: 'image' })], onPlayed: (m: MediaItem) => played.push(m) });
    expect(viewer()!.textContent).toContain('Not played yet');
    const player = drive();
    await act(async () => player.element.play());
    expect(played.map((m) => m.playCount)).toEqual([0]);
    expect(viewer()!.textContent).toContain('1 play');
    expect(viewer()!.textContent).not.toContain('Not played yet');
    await key('ArrowRight');
    expect(viewer()!.textContent).toContain('3 plays');
    await key('ArrowRight');
    expect(viewer()!.textContent).not.toContain('plays');
    expect(viewer()!.textContent).not.toContain('Not played yet');
  });

  test('the position is saved every 5 s while playing, on pause and on closing (kept alive); one viewing per opening', async () => {
    const shown = video({ source: 'premium' });
    await open({ initial: [shown] });
    const player = drive();
    setSystemTime(new Date(START));
    // Opened, nothing played yet: nothing is sent.
    expect(playbackCalls()).toEqual([]);
    await player.element.play();
    const played = { method: 'POST', path: `/api/premium/${shown._id}/played`, body: undefined, keepalive: true };
    expect(playbackCalls()).toEqual([played]);
    await player.at(1, 1_000);
    await player.at(4.8, 4_800);
    expect(playbackCalls()).toHaveLength(1);
    await player.at(5.25, 5_250);
    const put = (position: number) => ({ method: 'PUT', path: `/api/premium/${shown._id}/playback`, body: { position }, keepalive: true });
    expect(playbackCalls()).toEqual([played, put(5.2)]);
    await player.at(9, 9_000);
    await player.at(10.1, 10_100);
    expect(playbackCalls()).toEqual([played, put(5.2)]);
    await player.at(10.3, 10_300);
    expect(playbackCalls()).toEqual([played, put(5.2), put(10.3)]);
    // Paused: saved at once, and not again while the position stays.
    await player.at(12, 12_000);
    await act(async () => player.element.pause());
    expect(playbackCalls().at(-1)).toEqual(put(12));
    // Played again after a pause: still one viewing for this opening.
    await player.element.play();
    await player.at(13.5, 13_000);
    expect(playbackCalls().filter((call) => call.method === 'POST')).toHaveLength(1);
    await key('Escape');
    expect(viewer()).toBeNull();
    expect(playbackCalls()).toEqual([played, put(5.2), put(10.3), put(12), put(13.5)]);
  });

  test('moving to another item saves the position; reopening offers where it was left just now', async () => {
    const first = video({ playbackPosition: null });
    await open({ initial: [first, item('img')] });
    const player = drive();
    setSystemTime(new Date(START));
    await player.element.play();
    await player.at(42, 2_000);
    await key('ArrowRight');
    expect(playbackCalls().at(-1)).toEqual({ method: 'PUT', path: `/api/gallery/${first._id}/playback`, body: { position: 42 }, keepalive: true });
    await key('ArrowLeft');
    expect(within(viewer()!).getByRole('button', { name: 'Resume from 0:42' })).toBeTruthy();
  });

  test('a hub without playback gets no playback calls', async () => {
    await open({ initial: [video({ playbackPosition: undefined, playCount: undefined })] });
    const player = drive();
    await player.element.play();
    await player.at(30, 30_000);
    await key('Escape');
    expect(sent).toEqual([]);
  });

  test('failed playback calls leave the viewer as it was', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await open({ initial: [video({})] });
    const player = drive();
    await player.element.play();
    await act(async () => player.element.pause());
    expect(viewer()!.querySelector('video')).not.toBeNull();
    expect(within(viewer()!).queryByText(/error/i)).toBeNull();
  });

  test('hovering the scrub strip shows the sprite region for that time, and clicking seeks', async () => {
    const shown = video({ scrubber: '/media/s1/scrubber.vtt', duration: 100 });
    await open({ initial: [shown] });
    const player = drive();
    Object.defineProperty(player.element, 'duration', { configurable: true, get: () => 100 });
    await player.fire('durationchange');
    const strip = within(viewer()!).getByRole('slider', { name: `Seek ${shown.title}` });
    strip.getBoundingClientRect = () => ({ left: 100, top: 0, width: 500, height: 24, right: 600, bottom: 24, x: 100, y: 0, toJSON: () => ({}) });
    await flushTimers();
    expect(sent.filter((call) => call.method === 'GET').map((call) => call.path)).toEqual(['/media/s1/scrubber.vtt']);

    await act(async () => {
      fireEvent.pointerMove(strip, { clientX: 100 + 62.5, pointerType: 'mouse' });
    });
    const box = () => viewer()!.querySelector<HTMLElement>('[data-scrub-preview]');
    const frame = () => box()!.querySelector<HTMLElement>('[data-scrub-frame]')!;
    // 62.5 of 500 px is 12.5 s: the second cue, the sheet's region at 160,0.
    expect(box()!.textContent).toBe('0:12');
    expect([frame().style.backgroundImage, frame().style.backgroundPosition, frame().style.width, frame().style.height]).toEqual([
      'url("http://localhost:3000/media/s1/sheet.webp")',
      '-160px 0px',
      '160px',
      '90px',
    ]);
    await act(async () => {
      fireEvent.pointerMove(strip, { clientX: 100 + 25, pointerType: 'mouse' });
    });
    expect(box()!.textContent).toBe('0:05');
    expect(frame().style.backgroundPosition).toBe('0px 0px');
    expect(player.state.time).toBe(0);
    await act(async () => {
      fireEvent.pointerDown(strip, { clientX: 100 + 250, button: 0, pointerId: 1, pointerType: 'mouse' });
      fireEvent.pointerUp(strip, { clientX: 100 + 250, button: 0, pointerId: 1, pointerType: 'mouse' });
    });
    expect(player.state.time).toBe(50);
    await act(async () => {
      fireEvent.pointerLeave(strip);
    });
    expect(box()).toBeNull();
  });

  test('the scrub strip seeks with the arrow keys, which then do not change the item', async () => {
    const shown = video({ scrubber: '/media/s2/scrubber.vtt', duration: 100 });
    await open({ initial: [shown, item('next')] });
    const player = drive();
    await player.fire('durationchange');
    const strip = within(viewer()!).getByRole('slider');
    strip.focus();
    player.state.time = 20;
    await player.fire('timeupdate');
    await key('ArrowRight', strip);
    expect(player.state.time).toBe(25);
    expect(position()).toBe('1 of 2');
    await key('Home', strip);
    expect(player.state.time).toBe(0);
  });
});
