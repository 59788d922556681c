// Add Media to an album: a browser of the gallery's items (filters All Media, Photos, Videos,
// Favorites; a 400 px scrolling area), several picked at once, then 'Add N Items'
// (POST /api/albums/{id}/media). Items already in the album are ignored by the hub.

import { useCallback, useEffect, useState } from 'react';
import type { Album } from '../../src/shared/albums.ts';
import { GALLERY_TOAST_MS, type Gallery, type MediaItem } from '../../src/shared/media.ts';
import { Dialog, DialogActions, useDialog } from '../components/Dialog.tsx';
import { useToast } from '../components/useToast.tsx';
import { ALBUM_TEXT, addToAlbum, type BrowseFilter, browseGallery, failureText } from './albums-api.ts';
import { MediaPickGrid } from './MediaPickGrid.tsx';

const BROWSE_PAGE = 60;
const FILTERS: { filter: BrowseFilter; label: string }[] = [
  { filter: 'all', label: 'All Media' },
  { filter: 'images', label: 'Photos' },
  { filter: 'videos', label: 'Videos' },
  { filter: 'favorites', label: 'Favorites' },
];

export const chipClass = (on: boolean) =>
  `inline-flex items-center whitespace-nowrap rounded-full border px-3 py-1 text-sm font-semibold transition-colors ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line text-fg hover:bg-raised'}`;

export function AddMediaDialog({
  album,
  gallery,
  onClose,
  onAdded,
  toastMs = GALLERY_TOAST_MS,
}: {
  album: Album;
  /** Whose items the browser shows. */
  gallery: Gallery;
  onClose: () => void;
  /** After the items were added (n chosen). */
  onAdded: (count: number) => void;
  toastMs?: number;
}) {
  const control = useDialog();
  const toast = useToast(toastMs);
  const [filter, setFilter] = useState<BrowseFilter>('all');
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);

  const load = useCallback(
    async (next: BrowseFilter, at: number) => {
      const outcome = await browseGallery(gallery, next, at, BROWSE_PAGE);
      if (!outcome.ok) {
        setItems((i) => i ?? []);
        return toast.show(outcome.message, 'error');
      }
      setItems((i) => (at === 1 ? outcome.value.media : [...(i ?? []), ...outcome.value.media]));
      setPage(at);
      setMore(outcome.value.totalPages > at);
    },
    [gallery, toast.show],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    control.open();
    void load('all', 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function choose(next: BrowseFilter) {
    setFilter(next);
    setItems(null);
    void load(next, 1);
  }

  function toggle(item: MediaItem) {
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(item._id)) next.delete(item._id);
      else next.add(item._id);
      return next;
    });
  }

  async function add() {
    if (adding) return;
    if (picked.size === 0) return toast.show(ALBUM_TEXT.invalidItem, 'error');
    setAdding(true);
    const ids = [...picked];
    const outcome = await addToAlbum(album._id, ids);
    setAdding(false);
    if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.addMediaFailed), 'error');
    control.close();
    onAdded(ids.length);
  }

  return (
    <Dialog control={control} title={`Add Media to ${album.name}`} width="lg" onClose={onClose}>
      <div className="px-6">
        <div role="group" aria-label="Show" className="mb-3 flex flex-wrap gap-2">
          {FILTERS.map((chip) => (
            <button
              key={chip.filter}
              type="button"
              aria-pressed={filter === chip.filter}
              onClick={() => choose(chip.filter)}
              className={chipClass(filter === chip.filter)}
            >
              {chip.label}
            </button>
          ))}
        </div>
        <div className="h-[400px] max-h-[55vh] overflow-y-auto rounded-xl border border-line p-2">
          {items === null ? (
            <p role="status" className="py-8 text-center text-sm text-muted">
              Loading media...
            </p>
          ) : items.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted">No media to add here.</p>
          ) : (
            <>
              <MediaPickGrid label="Media to add" items={items} picked={(item) => picked.has(item._id)} onPick={toggle} />
              {more ? (
                <div className="mt-3 text-center">
                  <button type="button" className="btn-outline py-1.5" onClick={() => void load(filter, page + 1)}>
                    Show more
                  </button>
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
      {toast.render()}
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={adding}>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={() => void add()} disabled={picked.size === 0 || adding}>
          {adding ? 'Adding…' : `Add ${picked.size} ${picked.size === 1 ? 'Item' : 'Items'}`}
        </button>
      </DialogActions>
    </Dialog>
  );
}
