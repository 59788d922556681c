// A gallery page's lean rows expand to the very items they were made from: with the videos'
// playback fields (as a hub that has them answers on every item) and without them (older hubs).

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
    ...fields,
  };
}

const page = (media: MediaItem[]): MediaPage => ({ media, totalItems: media.length, totalPages: 1 });

test('rows carry progress, playback, preview, scrubber, position and play count, and nulls stay nulls', () => {
  const none = { playback: null, progress: null, preview: null, scrubber: null, playbackPosition: null, playCount: 0 } as unknown as Partial<MediaItem>;
  const original = page([
    item('a', { status: 'processing', playback: 'converted', progress: 42, preview: null, scrubber: null, playbackPosition: null, playCount: 0 }),
    item('b', { playback: 'remuxed', progress: null, preview: '/media/b/preview', scrubber: '/media/b/scrubber', playbackPosition: 192.5, playCount: 3 }),
    item('c', { playback: 'original', progress: null, preview: '/elsewhere/c.mp4', scrubber: null, playbackPosition: null, playCount: 1 }),
    item('d', { type: 'image', mimeType: 'image/png', duration: null, ...none }),
  ]);
  const lean = leanPage(original);
  expect(expandPage(lean)).toEqual(original);
  // An image's row still ends at its last value: the playback fields' nulls and 0 cost nothing.
  expect(lean.rows[3]!.length).toBe(leanPage(page([item('d', { type: 'image', mimeType: 'image/png', duration: null })])).rows[0]!.length);
  // The item's own preview goes as 1, not as its address.
  expect(JSON.stringify(lean.rows[1])).not.toContain('/media/b/preview');
});

test('a hub without the playback fields gets items without them', () => {
  const original = page([item('a'), item('b', { status: 'processing', thumbnail: null })]);
  const lean = leanPage(original);
  expect(lean.fields).toBeUndefined();
  const expanded = expandPage(lean);
  expect(expanded).toEqual(original);
  expect(Object.keys(expanded.media[0]!)).not.toContain('progress');
});
