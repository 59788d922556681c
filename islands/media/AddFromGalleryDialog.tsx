// Add from Gallery to Premium: a browser of the free gallery's items (100 at a time, with a search
// and Load more), picked one by one; 'Move N to Premium' (disabled with none picked) moves them in
// one POST /api/gallery/move-to-premium {mediaIds}: they leave The Red Room and appear here.

import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import type { MediaItem } from '../../src/shared/media.ts';
import { PREMIUM_TEXT } from '../../src/shared/premium-view.ts';
import { MediaPickGrid } from '../albums/MediaPickGrid.tsx';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { freeGalleryName as galleryName } from '../lib/discreet-mode.ts';
import { isMediaPage, loadFreeItems, moveToPremium } from './media-api.ts';

export const ADD_FROM_GALLERY_PLACE = 'add-from-gallery';

export function AddFromGalleryDialog({
  control,
  opened,
  onMoved,
  onError,
  children,
}: {
  control: DialogControl;
  /** Changes on every opening: the list is loaded afresh and the picks cleared. */
  opened: number;
  onMoved: (count: number) => Promise<void> | void;
  onError: (message: string) => void;
  children?: ReactNode;
}) {
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [moving, setMoving] = useState(false);
  const searchId = useId();

  const load = useCallback(
    async (next: number, text: string) => {
      const outcome = await loadFreeItems(next, text, 'Error loading gallery');
      if (!outcome.ok || !isMediaPage(outcome.value)) {
        setItems((list) => list ?? []);
        return onError(outcome.ok ? 'Error loading gallery' : outcome.message);
      }
      const found = outcome.value.media;
      setItems((list) => (next === 1 ? found : [...(list ?? []), ...found]));
      setPage(next);
      setMore(outcome.value.totalPages > next);
    },
    [onError],
  );

  // Each opening (the first one mounts this dialog, loaded when first asked for) opens it afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    if (opened === 0) return;
    control.open();
    setItems(null);
    setSearch('');
    setPicked(new Set());
    void load(1, '');
  }, [opened, load]);

  // A search waits for a pause in typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    if (opened === 0) return;
    const timer = setTimeout(() => void load(1, search.trim()), 350);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  async function move() {
    const ids = [...picked];
    if (ids.length === 0 || moving) return;
    setMoving(true);
    const outcome = await moveToPremium(ids, PREMIUM_TEXT.moveFailed);
    setMoving(false);
    if (!outcome.ok) return onError(PREMIUM_TEXT.moveFailed);
    control.close();
    await onMoved(outcome.value.moved ?? ids.length);
  }

  const toggle = (item: MediaItem) =>
    setPicked((s) => {
      const next = new Set(s);
      if (next.has(item._id)) next.delete(item._id);
      else next.add(item._id);
      return next;
    });

  return (
    <Dialog control={control} title={PREMIUM_TEXT.addFromGallery} width="lg" closable={!moving}>
      <div className="space-y-3 px-6">
        <p className="text-sm text-muted">Pick items of {galleryName()} to move here. They leave the free gallery; nothing is copied.</p>
        <div>
          <label htmlFor={searchId} className="sr-only">
            Search the gallery
          </label>
          <input
            id={searchId}
            type="search"
            className="field"
            placeholder="Search by title or tags..."
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </div>
        <p className="text-xs font-semibold text-muted" aria-live="polite">
          {items === null ? 'Loading…' : `${picked.size} selected`}
        </p>
        <div className="h-[400px] max-h-[50vh] overflow-y-auto rounded-xl border border-line p-2">
          {items !== null && items.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted">
              {search.trim() ? 'Nothing in the gallery matches this search.' : 'The gallery has no items to move.'}
            </p>
          ) : (
            <MediaPickGrid items={items ?? []} picked={(item) => picked.has(item._id)} onPick={toggle} label="Gallery items" />
          )}
          {more ? (
            <div className="pt-3 text-center">
              <button type="button" className="btn-outline" onClick={() => void load(page + 1, search.trim())}>
                Load more
              </button>
            </div>
          ) : null}
        </div>
      </div>
      {children}
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={moving}>
          Cancel
        </button>
        <button type="button" className="btn-primary" disabled={picked.size === 0 || moving} onClick={() => void move()}>
          {`Move ${picked.size} to Premium`}
        </button>
      </DialogActions>
    </Dialog>
  );
}
