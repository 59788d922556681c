// One album: Back to Albums, its name, 'X of Y' items (matching the chip of all), the chips All,
// Photos, Videos, Favorites, Add Media, Select Thumbnail, and the grid of its items (either
// gallery's), each opening the viewer and offering Set as Album Thumbnail and Remove from Album.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { AlbumDetail as AlbumData, AlbumFilter } from '../../src/shared/albums.ts';
import { GALLERY_TOAST_MS, PREMIUM_TOAST_MS, type Gallery, type MediaItem } from '../../src/shared/media.ts';
import type { ToastControl } from '../components/useToast.tsx';
import { ChevronIcon, ImagesIcon } from '../gallery/icons.tsx';
import { MediaCard } from '../gallery/MediaCard.tsx';
import { Viewer } from '../gallery/Viewer.tsx';
import { AddMediaDialog, chipClass } from './AddMediaDialog.tsx';
import { ALBUM_TEXT, failureText, loadAlbum, moveItemToBin, removeFromAlbum, setAlbumCover, toggleItemFavorite } from './albums-api.ts';
import { SelectThumbnailDialog } from './SelectThumbnailDialog.tsx';

/** Items of the album shown at a time. */
export const ALBUM_PAGE = 100;

const CHIPS: { filter: AlbumFilter; label: string }[] = [
  { filter: 'all', label: 'All' },
  { filter: 'photos', label: 'Photos' },
  { filter: 'videos', label: 'Videos' },
  { filter: 'favorites', label: 'Favorites' },
];

export function AlbumDetail({ albumId, mode, isAdmin, toast, onBack }: { albumId: string; mode: Gallery; isAdmin: boolean; toast: ToastControl; onBack: () => void }) {
  const [filter, setFilter] = useState<AlbumFilter>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AlbumData | null>(null);
  const [loading, setLoading] = useState(true);
  const [viewer, setViewer] = useState<{ index: number; fullscreen: boolean } | null>(null);
  const [adding, setAdding] = useState(false);
  const [choosingCover, setChoosingCover] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const request = useRef(0);
  const toastMs = mode === 'premium' ? PREMIUM_TOAST_MS : GALLERY_TOAST_MS;

  const load = useCallback(
    async (nextFilter: AlbumFilter, nextPage: number) => {
      const n = ++request.current;
      setLoading(true);
      const outcome = await loadAlbum(albumId, nextFilter, nextPage, ALBUM_PAGE);
      if (n !== request.current) return;
      setLoading(false);
      if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.mediaFailed), 'error');
      // Past the last page (its last item removed): the last page instead.
      if (outcome.value.media.length === 0 && nextPage > 1 && outcome.value.totalPages > 0) {
        setPage(outcome.value.totalPages);
        return load(nextFilter, outcome.value.totalPages);
      }
      setData(outcome.value);
    },
    [albumId, toast.show],
  );

  useEffect(() => {
    void load('all', 1);
  }, [load]);

  const reload = () => load(filter, page);
  const items = data?.media ?? [];

  function choose(next: AlbumFilter) {
    setFilter(next);
    setPage(1);
    void load(next, 1);
  }

  async function setCover(item: MediaItem) {
    if (!data) return toast.show(ALBUM_TEXT.noAlbum, 'error');
    if (!item?._id) return toast.show(ALBUM_TEXT.invalidItem, 'error');
    setBusyId(item._id);
    const outcome = await setAlbumCover(data._id, item._id);
    setBusyId(null);
    if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.thumbnailFailed), 'error');
    setData((d) => (d ? { ...d, ...outcome.value, media: d.media, totalItems: d.totalItems, totalPages: d.totalPages } : d));
    toast.show(ALBUM_TEXT.thumbnailUpdated, 'success');
  }

  async function remove(item: MediaItem) {
    if (!data) return toast.show(ALBUM_TEXT.noAlbum, 'error');
    setBusyId(item._id);
    const outcome = await removeFromAlbum(data._id, [item._id]);
    setBusyId(null);
    if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.removeFailed), 'error');
    toast.show(ALBUM_TEXT.removed, 'success');
    await reload();
  }

  async function favorite(item: MediaItem) {
    setBusyId(item._id);
    const outcome = await toggleItemFavorite(item);
    setBusyId(null);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    setData((d) => (d ? { ...d, media: d.media.map((m) => (m._id === item._id ? outcome.value : m)) } : d));
    toast.show(outcome.value.isFavorite ? 'Added to favorites' : 'Removed from favorites', 'success');
    if (filter === 'favorites') await reload();
  }

  async function moveToBin(item: MediaItem) {
    const outcome = await moveItemToBin(item);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    toast.show('Media moved to recycling bin', 'success');
    await reload();
  }

  const back = (
    <button type="button" className="btn-ghost -ml-2 mb-3 px-2" onClick={onBack}>
      <ChevronIcon direction="left" size={18} />
      Back to Albums
    </button>
  );

  if (!data) {
    return (
      <div>
        {back}
        <p role="status" className="text-sm text-muted">
          {loading ? 'Loading album...' : ALBUM_TEXT.mediaFailed}
        </p>
      </div>
    );
  }

  return (
    <div>
      {back}
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-xl font-bold">{data.name}</h2>
          {data.description ? <p className="mt-1 text-sm text-muted">{data.description}</p> : null}
          <p className="mt-1 text-sm text-muted" aria-live="polite">{`${data.totalItems} of ${data.mediaCount} items`}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline" onClick={() => setChoosingCover(true)} disabled={data.mediaCount === 0} aria-haspopup="dialog">
            <ImagesIcon size={16} />
            Select Thumbnail
          </button>
          <button type="button" className="btn-primary" onClick={() => setAdding(true)} aria-haspopup="dialog">
            Add Media
          </button>
        </div>
      </div>

      <div role="group" aria-label="Show" className="-mx-1 mb-4 flex gap-2 overflow-x-auto px-1 pb-1">
        {CHIPS.map((chip) => (
          <button key={chip.filter} type="button" aria-pressed={filter === chip.filter} onClick={() => choose(chip.filter)} className={chipClass(filter === chip.filter)}>
            {chip.label}
          </button>
        ))}
      </div>

      {items.length === 0 && !loading ? (
        <div className="card px-6 py-14 text-center">
          <p className="font-semibold">{filter === 'all' ? ALBUM_TEXT.albumEmpty : ALBUM_TEXT.noMatch}</p>
        </div>
      ) : (
        <ul aria-label="Album media" aria-busy={loading} className={`grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 ${loading ? 'opacity-60' : ''}`}>
          {items.map((item, index) => (
            <li key={item._id}>
              <MediaCard
                item={item}
                compact={false}
                live
                inBin={false}
                selecting={false}
                selected={false}
                busy={busyId === item._id}
                onOpen={(_, fullscreen) => setViewer({ index, fullscreen })}
                onToggleSelect={() => undefined}
                onFavorite={favorite}
                onAction={() => undefined}
                menu={[
                  ...(item.thumbnail && data.coverImage?._id !== item._id ? [{ label: 'Set as Album Thumbnail', run: () => void setCover(item) }] : []),
                  { label: 'Remove from Album', run: () => void remove(item) },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
      {data.totalPages > 1 ? (
        <nav aria-label="Album pages" className="mt-6 flex items-center justify-center gap-3 text-sm">
          <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => (setPage(page - 1), void load(filter, page - 1))}>
            Previous
          </button>
          <span className="text-muted">{`Page ${page} of ${data.totalPages}`}</span>
          <button type="button" className="btn-outline" disabled={page >= data.totalPages} onClick={() => (setPage(page + 1), void load(filter, page + 1))}>
            Next
          </button>
        </nav>
      ) : null}

      {adding ? (
        <AddMediaDialog
          album={data}
          gallery={mode}
          toastMs={toastMs}
          onClose={() => setAdding(false)}
          onAdded={(count) => {
            toast.show(ALBUM_TEXT.added(count, data.name), 'success');
            void reload();
          }}
        />
      ) : null}
      {choosingCover ? (
        <SelectThumbnailDialog
          album={data}
          toastMs={toastMs}
          onClose={() => setChoosingCover(false)}
          onChanged={(album) => {
            setData((d) => (d ? { ...d, ...album, media: d.media, totalItems: d.totalItems, totalPages: d.totalPages } : d));
            toast.show(ALBUM_TEXT.thumbnailUpdated, 'success');
          }}
        />
      ) : null}
      {viewer && items.length > 0 ? (
        <Viewer
          items={items}
          index={Math.min(viewer.index, items.length - 1)}
          fullscreen={viewer.fullscreen}
          isAdmin={isAdmin}
          onClose={() => setViewer(null)}
          onIndexChange={(index: number) => setViewer((v) => (v ? { ...v, index } : v))}
          onFavorite={favorite}
          onDelete={moveToBin}
        />
      ) : null}
    </div>
  );
}
