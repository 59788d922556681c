// Ratings in the galleries' client (decision 0068): the card's stars and their name, the viewer's
// stars and its keys (1-5 set, 0 clears, never while typing in a field), and the toolbar's
// minimum-rating filter as links that keep the rest of the view (so it works without JavaScript).

import { afterEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { MediaItem } from '../../src/shared/media.ts';
import { type MediaView, readView } from '../../src/shared/media-view.ts';
import { MediaCard } from './MediaCard.tsx';
import { PREMIUM } from './premium-config.ts';
import { RED_ROOM } from './red-room-config.ts';
import { starsOfKey } from './stars.tsx';
import { Toolbar } from './Toolbar.tsx';
import { Viewer } from './Viewer.tsx';

afterEach(cleanup);

function item(id: string, rating: number | null, fields: Partial<MediaItem> = {}): MediaItem {
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
    rating,
  };
}

function renderCard(it: MediaItem, compact = false) {
  return render(
    <MediaCard
      item={it}
      look={RED_ROOM.card}
      compact={compact}
      live
      selecting={false}
      selected={false}
      busy={false}
      actions={[]}
      onOpen={() => {}}
      onToggleSelect={() => {}}
    />,
  );
}

describe("The card's stars", () => {
  test('a rated card carries its stars, named in words, shown on hover and focus without taking room', () => {
    renderCard(item('a', 4));
    const stars = within(screen.getByRole('article')).getByRole('img', { name: 'Rating: 4 of 5 stars' });
    // Drawn by the stylesheet from data-stars (four amber stars, one dimmed): no markup per card.
    expect(stars.getAttribute('data-stars')).toBe('4');
    expect(stars.childNodes.length).toBe(0);
    // Over the picture (nothing moves when they show), hidden until hovered or focused with a pointer, always shown where nothing hovers.
    // (media-stars: absolute, opacity-0, group-hover and group-focus-within opacity-100; the journey looks at them.)
    expect(stars.className.split(' ')).toEqual(['media-stars', '[@media(hover:none)]:opacity-100']);
  });

  test('an unrated card shows nothing; compact tiles keep the stars off phones', () => {
    renderCard(item('a', null));
    expect(screen.queryByRole('img', { name: /^Rating/ })).toBeNull();
    cleanup();
    renderCard(item('b', 2), true);
    const stars = screen.getByRole('img', { name: 'Rating: 2 of 5 stars' });
    expect(stars.className.split(' ')).toEqual(expect.arrayContaining(['hidden', 'sm:block']));
    expect(stars.className).not.toContain('hover:none');
  });
});

/** The viewer with a page around it that keeps the list, rating as the grid does (at once). */
function ViewerPage({ initial, onRate }: { initial: MediaItem[]; onRate: (item: MediaItem, stars: number | null) => void }) {
  const [items, setItems] = useState(initial);
  const [index, setIndex] = useState(0);
  return (
    <main>
      <label>
        Note
        <input type="text" />
      </label>
      <Viewer
        items={items}
        index={index}
        isAdmin
        onClose={() => {}}
        onIndexChange={setIndex}
        onFavorite={() => {}}
        onDelete={() => {}}
        onRate={(it, stars) => {
          onRate(it, stars);
          setItems((list) => list.map((m) => (m._id === it._id ? { ...m, rating: stars } : m)));
        }}
      />
    </main>
  );
}

const viewerStars = () => within(screen.getByRole('dialog')).getByRole('group', { name: /^Rating/ });
const key = (k: string, target: Element | Window = window) => fireEvent.keyDown(target, { key: k });

describe("The viewer's stars and keys", () => {
  test('shows the rating as a named group of five buttons; a click sets it, a click on the same star clears it', () => {
    const onRate = mock((_item: MediaItem, _stars: number | null) => {});
    render(<ViewerPage initial={[item('a', 2), item('b', null)]} onRate={onRate} />);
    expect(viewerStars().getAttribute('aria-label')).toBe('Rating: 2 of 5 stars');
    const buttons = within(viewerStars()).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false', 'false', 'false']);

    fireEvent.click(within(viewerStars()).getByRole('button', { name: '4 stars' }));
    expect(onRate.mock.calls.map(([it, stars]) => [it._id, stars])).toEqual([['a', 4]]);
    expect(viewerStars().getAttribute('aria-label')).toBe('Rating: 4 of 5 stars');

    fireEvent.click(within(viewerStars()).getByRole('button', { name: '4 stars' }));
    expect(onRate.mock.calls.at(-1)?.[1]).toBeNull();
    expect(viewerStars().getAttribute('aria-label')).toBe('Rating: not rated');
  });

  test('keys 1 to 5 set the stars of the item shown and 0 clears them; other digits and letters do not rate', () => {
    const onRate = mock((_item: MediaItem, _stars: number | null) => {});
    render(<ViewerPage initial={[item('a', null), item('b', 1)]} onRate={onRate} />);
    key('3');
    expect(viewerStars().getAttribute('aria-label')).toBe('Rating: 3 of 5 stars');
    key('5');
    key('0');
    key('6');
    key('9');
    expect(onRate.mock.calls.map(([it, stars]) => [it._id, stars])).toEqual([
      ['a', 3],
      ['a', 5],
      ['a', null],
    ]);
    // The next item: the keys rate the item shown.
    key('ArrowRight');
    expect(viewerStars().getAttribute('aria-label')).toBe('Rating: 1 of 5 stars');
    key('2');
    expect(onRate.mock.calls.at(-1)?.map((v) => (typeof v === 'object' && v ? (v as MediaItem)._id : v))).toEqual(['b', 2]);
    expect(viewerStars().getAttribute('aria-label')).toBe('Rating: 2 of 5 stars');
  });

  test('the keys do not rate while typing in a field, nor with a modifier held', () => {
    const onRate = mock((_item: MediaItem, _stars: number | null) => {});
    render(<ViewerPage initial={[item('a', null)]} onRate={onRate} />);
    const field = screen.getByRole('textbox', { name: 'Note' });
    field.focus();
    key('4', field);
    key('0', field);
    fireEvent.keyDown(window, { key: '4', ctrlKey: true });
    fireEvent.keyDown(window, { key: '4', altKey: true });
    expect(onRate).not.toHaveBeenCalled();
    expect(viewerStars().getAttribute('aria-label')).toBe('Rating: not rated');
  });

  test('starsOfKey: the digits 1-5 and 0, nothing else (numpad digits send the same keys)', () => {
    expect(['0', '1', '2', '3', '4', '5', '6', '9', 'a', ' ', 'Digit1', '10'].map(starsOfKey)).toEqual([
      null,
      1,
      2,
      3,
      4,
      5,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

function renderToolbar(address: string, config = RED_ROOM, onView: (view: MediaView) => void = () => {}) {
  history.replaceState(null, '', address);
  const view = readView(config.rules, new URLSearchParams(address.split('?')[1] ?? ''));
  render(
    <Toolbar
      config={config}
      view={view}
      live
      selecting={false}
      switches={{ compact: false, titles: false }}
      count={null}
      onView={onView}
      onSearch={() => {}}
      onSelecting={() => {}}
      onSwitch={() => {}}
      onFindDuplicates={() => {}}
    />,
  );
  return view;
}

const filterList = () => screen.getByRole('list', { name: 'Minimum rating' });

describe("The toolbar's minimum rating", () => {
  test('a chip of links, Any and 1+ to 5, each the address of the view with that minimum (the rest kept, back to page 1)', () => {
    renderToolbar('/gallery?filter=videos&search=beach&sortBy=title&page=3');
    const summary = screen.getByText('Minimum rating:').closest('summary');
    expect(summary?.textContent).toBe('★Minimum rating:Any');
    const links = within(filterList()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Any rating', '★ 1 and up', '★ 2 and up', '★ 3 and up', '★ 4 and up', '★ 5 only']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/gallery?filter=videos&search=beach&sortBy=title',
      '/gallery?filter=videos&minRating=1&search=beach&sortBy=title',
      '/gallery?filter=videos&minRating=2&search=beach&sortBy=title',
      '/gallery?filter=videos&minRating=3&search=beach&sortBy=title',
      '/gallery?filter=videos&minRating=4&search=beach&sortBy=title',
      '/gallery?filter=videos&minRating=5&search=beach&sortBy=title',
    ]);
    expect(links[0]?.getAttribute('aria-current')).toBe('true');
  });

  test('the address carries the choice: the chip says it, the search form keeps it, a click shows the view in place', () => {
    const onView = mock((_view: MediaView) => {});
    const view = renderToolbar('/premium?minRating=4', PREMIUM, onView);
    expect(view.atLeast).toEqual({ rating: 4 });
    const summary = screen.getByText('Minimum rating:').closest('summary');
    expect(summary?.textContent).toBe('★Minimum rating:4+');
    expect(within(filterList()).getByRole('link', { name: '★ 4 and up' }).getAttribute('aria-current')).toBe('true');
    const form = screen.getByRole('search');
    expect((form.querySelector('input[name="minRating"]') as HTMLInputElement | null)?.value).toBe('4');

    const details = summary?.parentElement as HTMLDetailsElement;
    act(() => {
      details.open = true;
    });
    fireEvent.click(within(filterList()).getByRole('link', { name: 'Any rating' }));
    expect(onView.mock.calls.map(([v]) => v.atLeast)).toEqual([undefined]);
    expect(details.open).toBe(false);
  });

  test('an address with an odd minimum is read as none (the pages are forgiving), and the albums view has no filter', () => {
    for (const odd of ['0', '6', '2.5', 'four', '44']) {
      expect(readView(RED_ROOM.rules, new URLSearchParams(`minRating=${odd}`)).atLeast).toBeUndefined();
    }
    renderToolbar('/gallery?filter=albums');
    expect(screen.queryByRole('list', { name: 'Minimum rating' })).toBeNull();
  });
});
