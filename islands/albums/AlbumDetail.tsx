// One album: Back to Albums, its name, 'X of Y' items (matching the chip of all), the chips All,
// Photos, Videos, Favorites, Add Media, Select Thumbnail, and the grid of its items (either
// gallery's) through the gallery core's one grid: the gallery's full card menu (spec), with Set as
// Album Thumbnail and Remove from Album, select mode, and the viewer.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { AlbumDetail as AlbumData, AlbumFilter } from '../../src/shared/albums.ts';
import type { MediaItem } from '../../src/shared/media.ts';
import type { ToastControl } from '../components/useToast.tsx';
import type { GalleryConfig } from '../media/gallery-config.ts';
import { ChevronIcon, ImagesIcon } from '../media/icons.tsx';
import { MediaGrid } from '../media/MediaGrid.tsx';
import { AddMediaDialog, chipClass } from './AddMediaDialog.tsx';
import { ALBUM_TEXT, failureText, loadAlbum, removeFromAlbum, setAlbumCover } from './albums-api.ts';
import { SelectThumbnailDialog } from './SelectThumbnailDialog.tsx';

/** Items of the album shown at a time. */
export const ALBUM_PAGE = 100;

const CHIPS: { filter: AlbumFilter; label: string }[] = [
  { filter: 'all', label: 'All' },
  { filter: 'photos', label: 'Photos' },
  { filter: 'videos', label: 'Videos' },
  { filter: 'favorites', label: 'Favorites' },
];

export function AlbumDetail({
  albumId,
  config,
  isAdmin,
  toast,
  onBack,
}: {
  albumId: string;
  config: GalleryConfig;
  isAdmin: boolean;
  toast: ToastControl;
  onBack: () => void;
}) {
  const [filter, setFilter] = useState<AlbumFilter>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AlbumData | null>(null);
  const [loading, setLoading] = useState(true);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [choosingCover, setChoosingCover] = useState(false);
  const request = useRef(0);
  const toastMs = config.toast.ms;

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
    const outcome = await setAlbumCover(data._id, item._id);
    if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.thumbnailFailed), 'error');
    setData((d) => (d ? { ...d, ...outcome.value, media: d.media, totalItems: d.totalItems, totalPages: d.totalPages } : d));
    toast.show(ALBUM_TEXT.thumbnailUpdated, 'success');
  }

  async function remove(item: MediaItem) {
    if (!data) return toast.show(ALBUM_TEXT.noAlbum, 'error');
    const outcome = await removeFromAlbum(data._id, [item._id]);
    if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.removeFailed), 'error');
    toast.show(ALBUM_TEXT.removed, 'success');
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

      <div role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-2">
        {CHIPS.map((chip) => (
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
        {selecting ? (
          // biome-ignore lint/complexity/noCommaOperator: kept from before the linter; fix when this code is next touched
          <button type="button" aria-pressed onClick={() => (setSelecting(false), setSelected(new Set()))} className={chipClass(true)}>
            Exit Select
          </button>
        ) : null}
      </div>

      <MediaGrid
        config={config}
        label="Album media"
        items={items}
        replaceItem={(item: MediaItem) => setData((d) => (d ? { ...d, media: d.media.map((m) => (m._id === item._id ? item : m)) } : d))}
        reload={reload}
        dependsOn={{ favorite: filter === 'favorites', title: false, tags: false }}
        toast={toast}
        live
        inBin={false}
        switches={{ compact: false, titles: false }}
        selecting={selecting}
        setSelecting={setSelecting}
        selected={selected}
        setSelected={setSelected}
        isAdmin={isAdmin}
        album={{ setCover, remove }}
        loading={loading}
        empty={
          <div className="card px-6 py-14 text-center">
            <p className="font-semibold">{filter === 'all' ? ALBUM_TEXT.albumEmpty : ALBUM_TEXT.noMatch}</p>
          </div>
        }
      />
      {data.totalPages > 1 ? (
        <nav aria-label="Album pages" className="mt-6 flex items-center justify-center gap-3 text-sm">
          {/** biome-ignore lint/complexity/noCommaOperator: kept from before the linter; fix when this code is next touched */}
          <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => (setPage(page - 1), void load(filter, page - 1))}>
            Previous
          </button>
          <span className="text-muted">{`Page ${page} of ${data.totalPages}`}</span>
          {/** biome-ignore lint/complexity/noCommaOperator: kept from before the linter; fix when this code is next touched */}
          <button type="button" className="btn-outline" disabled={page >= data.totalPages} onClick={() => (setPage(page + 1), void load(filter, page + 1))}>
            Next
          </button>
        </nav>
      ) : null}

      {adding ? (
        <AddMediaDialog
          album={data}
          gallery={config.gallery}
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
    </div>
  );
}
