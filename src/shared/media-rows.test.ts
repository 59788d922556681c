// A gallery page's lean rows expand to the very items they were made from: with a video's preview
// and scrubber (as a hub that makes them answers on every item) and without them (hubs before).

import { expect, test } from 'bun:test';
import { expandPage, leanPage, type MediaItem, type MediaPage } from './media.ts';

function item(id: string, fields: Partial<MediaItem> = {}): MediaItem {
  return {
    _id: id,
    title: `Clip ${id}`,
    type: 'video',
    mimeType: 'video/mp4',
    url: `/media/${id}`,
    thumbnail: `/media/${id}/thumbnail`,
    display: `/media/${id}/display`,
    size: 2048,
    duration: 12,
    width: 640,
    height: 360,
    takenAt: null,
    camera: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    tags: [],
    isFavorite: false,
    modelId: null,
    modelName: null,
    originalName: `${id}.mp4`,
    source: 'gallery',
    status: 'ready',
    failure: null,
    placeholder: null,
    deletedAt: null,
    playback: 'original',
    progress: null,
    playbackPosition: null,
    playCount: 0,
    ...fields,
  };
}

const page = (media: MediaItem[]): MediaPage => ({ media, totalItems: media.length, totalPages: 1 });
const image = (id: string, fields: Partial<MediaItem> = {}) => item(id, { type: 'image', mimeType: 'image/png', duration: null, playback: null, ...fields });

test('rows carry the conversion figure, the preview and the scrubber, and nulls stay nulls', () => {
  const original = page([
    item('a', { status: 'processing', playback: 'converted', progress: 42, preview: null, scrubber: null }),
    item('b', { playback: 'remuxed', preview: '/media/b/preview', scrubber: '/media/b/scrubber', playbackPosition: 192.5, playCount: 3 }),
    item('c', { preview: '/elsewhere/c.mp4', scrubber: null, playCount: 1 }),
    image('d', { preview: null, scrubber: null }),
  ]);
  const lean = leanPage(original);
  expect(expandPage(lean)).toEqual(original);
  // An image's row still ends at its last value: the nulls at its end cost nothing.
  expect(lean.rows[3]!.length).toBe(leanPage(page([image('d')])).rows[0]!.length);
  // The item's own preview goes as 1, not as its address.
  expect(JSON.stringify(lean.rows[1])).not.toContain('/media/b/preview');
});

test('a hub that makes no previews yet gets items without preview or scrubber', () => {
  const original = page([item('a'), item('b', { status: 'processing', thumbnail: null, progress: 10 })]);
  const lean = leanPage(original);
  expect(lean.fields).toBeUndefined();
  const expanded = expandPage(lean);
  expect(expanded).toEqual(original);
  expect(Object.keys(expanded.media[0]!)).not.toContain('preview');
  expect(expanded.media[1]!.progress).toBe(10);
});

test('rows carry where a library item comes from and whether it is offline; uploads stay lean', () => {
  const original = page([
    item('a', { preview: null, scrubber: null, library: { _id: 'lib1', name: 'NAS', path: '2024/Café/a.mp4' }, offline: false }),
    item('b', { preview: null, scrubber: null, library: { _id: 'lib1', name: 'NAS', path: 'b.mp4' }, offline: true }),
    image('c', { preview: null, scrubber: null, library: null, offline: false }),
  ]);
  const lean = leanPage(original);
  expect(expandPage(lean)).toEqual(original);
  // An upload's row ends where it did before libraries.
  expect(lean.rows[2]!.length).toBe(leanPage(page([image('d', { preview: null, scrubber: null })])).rows[0]!.length);
});
