// A model's gallery (a click on the model's card): the media uploaded for the model in both
// galleries, found by GET /api/gallery?modelId=…&limit=1000 and GET /api/premium?modelId=…&limit=1000,
// newest first, with a search over title and tags and the chips All, Images, Videos and Favorites;
// each item carries its source chip (Gallery or Premium) and opens the viewer.

import { useEffect, useMemo, useState } from 'react';
import { formatDuration, formatSize, MAX_PAGE_SIZE, type MediaItem } from '../../src/shared/media.ts';
import { MODEL_TEXT, type Model } from '../../src/shared/models.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { TOAST_MS, useToast } from '../components/useToast.tsx';
import { api } from '../lib/api.ts';
import { PlayIcon } from '../media/icons.tsx';
import { clientOf, isMediaPage } from '../media/media-api.ts';
import { Viewer } from '../media/Viewer.tsx';

/** The toast place of this dialog (the viewer opens inside it, so its toasts show there too). */
export const MODEL_GALLERY_PLACE = 'model-gallery';

const FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'images', label: 'Images' },
  { id: 'videos', label: 'Videos' },
  { id: 'favorites', label: 'Favorites' },
] as const;
type Filter = (typeof FILTERS)[number]['id'];

/** The spec's texts of the viewer's calls here. */
const TEXT = {
  loadFailed: 'Failed to load model content',
  favoriteFailed: 'Failed to update favorite',
  deleteFailed: 'Failed to delete media',
  deleted: 'Media moved to recycling bin',
} as const;

const SOURCE_LABEL = { gallery: 'Gallery', premium: 'Premium' } as const;
const SOURCES = ['gallery', 'premium'] as const;

function matches(item: MediaItem, filter: Filter, search: string): boolean {
  if (filter === 'images' && item.type !== 'image') return false;
  if (filter === 'videos' && item.type !== 'video') return false;
  if (filter === 'favorites' && !item.isFavorite) return false;
  if (!search) return true;
  return [item.title, ...item.tags].some((text) => text.toLowerCase().includes(search));
}

export function ModelGalleryDialog({
  control,
  model,
  isAdmin,
  onClosed,
}: {
  control: DialogControl;
  model: Model | null;
  isAdmin: boolean;
  onClosed: () => void;
}) {
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);
  const toast = useToast(TOAST_MS.models);

  // Each opening on a model loads its media afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    if (!model) return;
    let current = true;
    setItems(null);
    setFilter('all');
    setSearch('');
    setViewing(null);
    const query = new URLSearchParams({ modelId: model._id, limit: String(MAX_PAGE_SIZE) });
    void Promise.all(SOURCES.map((source) => api<unknown>(`/api/${source}?${query}`, { fallback: TEXT.loadFailed }))).then((outcomes) => {
      if (!current) return;
      const found: MediaItem[] = [];
      for (const outcome of outcomes) {
        if (outcome.ok && isMediaPage(outcome.value)) found.push(...outcome.value.media);
        else toast.show(outcome.ok ? TEXT.loadFailed : outcome.message, 'error', MODEL_GALLERY_PLACE);
      }
      // One list, newest first, whichever gallery an item is in.
      setItems(found.sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model]);

  const shown = useMemo(() => (items ?? []).filter((item) => matches(item, filter, search.trim().toLowerCase())), [items, filter, search]);

  async function favorite(item: MediaItem) {
    // Each item's calls go to its own gallery, through the media library's one client.
    const outcome = await clientOf(item).toggleFavorite(item._id, TEXT.favoriteFailed);
    if (!outcome.ok) return toast.show(outcome.message, 'error', MODEL_GALLERY_PLACE);
    setItems((list) => (list ?? []).map((m) => (m._id === item._id ? outcome.value : m)));
    toast.show(outcome.value.isFavorite ? MODEL_TEXT.favoriteOn : MODEL_TEXT.favoriteOff, 'success', MODEL_GALLERY_PLACE);
  }

  async function remove(item: MediaItem) {
    const outcome = await clientOf(item).toBin(item._id, TEXT.deleteFailed);
    if (!outcome.ok) return toast.show(outcome.message, 'error', MODEL_GALLERY_PLACE);
    setItems((list) => (list ?? []).filter((m) => m._id !== item._id));
    toast.show(TEXT.deleted, 'success', MODEL_GALLERY_PLACE);
  }

  function closed() {
    setViewing(null);
    toast.closeIn(MODEL_GALLERY_PLACE);
    onClosed();
  }

  const count = items?.length ?? 0;
  return (
    <Dialog control={control} title={model ? `${model.name}'s Gallery` : 'Gallery'} onClose={closed} width="lg" closable={viewing === null}>
      <div className="space-y-3 px-6">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="model-gallery-search" className="sr-only">
            Search this model's media
          </label>
          <input
            id="model-gallery-search"
            type="search"
            className="field min-w-0 flex-1 basis-48"
            placeholder="Search by title or tags..."
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
            {FILTERS.map((f) => (
              <button
                key={f.id}
                type="button"
                aria-pressed={filter === f.id}
                onClick={() => setFilter(f.id)}
                className={`chip min-h-8 border px-3 ${filter === f.id ? 'border-accent bg-accent text-accent-fg' : 'border-line text-fg hover:bg-raised'}`}
              >
                {f.label}
              </button>
            ))}
          </div>
        </div>
        <p className="text-xs text-muted" aria-live="polite">
          {items === null ? 'Loading…' : `${shown.length} of ${count} items`}
        </p>
        <div className="max-h-[55vh] overflow-y-auto pb-1">
          {items !== null && shown.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted">
              {count === 0
                ? `No media for ${model?.name ?? 'this model'} yet. Upload some with the card's upload button.`
                : 'Nothing matches this search or filter.'}
            </p>
          ) : (
            <ul aria-label="Media" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {shown.map((item, i) => (
                <li key={item._id}>
                  <button
                    type="button"
                    className="group relative block aspect-square w-full overflow-hidden rounded-xl border border-line bg-raised text-left"
                    aria-haspopup="dialog"
                    onClick={() => setViewing(i)}
                  >
                    {/* The name reads "Open <title> <size> Gallery [duration]", then the state of a picture still processing. */}
                    <span className="absolute inset-x-0 bottom-0 z-10 bg-gradient-to-t from-black/85 to-transparent px-2 pb-1.5 pt-5 text-xs text-white">
                      <span className="sr-only">Open </span>
                      <span data-title className="block truncate font-semibold">
                        {item.title || 'Untitled'}
                      </span>
                      <span className="block">{formatSize(item.size)}</span>
                    </span>
                    <span className={`chip absolute left-1.5 top-1.5 z-10 text-white ${item.source === 'premium' ? 'bg-[#8a5a00]' : 'bg-black/70'}`}>
                      {SOURCE_LABEL[item.source]}
                    </span>
                    {item.type === 'video' ? (
                      <span className="chip absolute right-1.5 top-1.5 z-10 bg-black/70 text-white">
                        <PlayIcon size={10} />
                        {formatDuration(item.duration)}
                      </span>
                    ) : null}
                    {item.thumbnail ? (
                      <img src={item.thumbnail} alt="" loading="lazy" className="h-full w-full object-cover transition-transform group-hover:scale-105" />
                    ) : (
                      <span className="flex h-full w-full items-center justify-center p-2 pb-10 text-center text-xs text-muted">
                        {item.status === 'failed' ? 'Could not be processed' : 'Processing…'}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close}>
          Close
        </button>
      </DialogActions>
      {viewing !== null && shown.length > 0 ? (
        <Viewer
          items={shown}
          index={Math.min(viewing, shown.length - 1)}
          isAdmin={isAdmin}
          onClose={() => setViewing(null)}
          onIndexChange={setViewing}
          onFavorite={favorite}
          onDelete={remove}
        />
      ) : null}
      {toast.render(MODEL_GALLERY_PLACE)}
    </Dialog>
  );
}
