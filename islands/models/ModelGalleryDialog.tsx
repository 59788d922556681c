// A model's gallery (a click on the model's card): the media uploaded for the model in both
// galleries, found by GET /api/gallery?modelId=…&limit=1000 and GET /api/premium?modelId=…&limit=1000,
// newest first, with a search over title and tags and the chips of its configuration (All, Images,
// Videos, Favorites). The items are the gallery core's grid (decision 0028): the core's cards,
// each with its source chip (Gallery or Premium), its menu and its viewer.

import { useCallback, useEffect, useMemo, useState } from 'react';
import { MAX_PAGE_SIZE, type MediaItem } from '../../src/shared/media.ts';
import type { Model } from '../../src/shared/models.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { type ToastControl, useToast } from '../components/useToast.tsx';
import { api } from '../lib/api.ts';
import { MediaGrid } from '../media/MediaGrid.tsx';
import { isMediaPage } from '../media/media-api.ts';
import { hasStars, StarsSelect } from '../media/stars.tsx';
import { chipClass } from '../media/Toolbar.tsx';
import { MODEL_GALLERY, MODEL_GALLERY_CHIPS, MODEL_GALLERY_TEXT, type ModelGalleryFilter } from './model-gallery-config.ts';

/** The toast place of this dialog (the viewer opens inside it, so its toasts show there too). */
export const MODEL_GALLERY_PLACE = 'model-gallery';

const SOURCES = ['gallery', 'premium'] as const;
const NO_SWITCHES = { compact: false, titles: false };
const NOTHING_SELECTED = new Set<string>();
const ignore = () => undefined;

function matches(item: MediaItem, filter: ModelGalleryFilter, search: string): boolean {
  if (!MODEL_GALLERY_CHIPS.find((chip) => chip.filter === filter)?.keeps(item)) return false;
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
  const [filter, setFilter] = useState<ModelGalleryFilter>('all');
  const [search, setSearch] = useState('');
  const [least, setLeast] = useState(0);
  const [viewing, setViewing] = useState(false);
  const [live, setLive] = useState(false);
  const page = useToast(MODEL_GALLERY.toast.ms);
  // The grid's page toasts show inside this dialog; its own dialogs keep their places.
  const toast: ToastControl = useMemo(
    () => ({ ...page, show: (text, tone, place) => page.show(text, tone, !place || place === 'page' ? MODEL_GALLERY_PLACE : place) }),
    [page],
  );
  const { text } = MODEL_GALLERY;

  useEffect(() => setLive(true), []);

  /** Both galleries' media of the model, as one list, newest first. */
  const load = useCallback(
    async (id: string): Promise<MediaItem[]> => {
      const query = new URLSearchParams({ modelId: id, limit: String(MAX_PAGE_SIZE) });
      const outcomes = await Promise.all(SOURCES.map((source) => api<unknown>(`/api/${source}?${query}`, { fallback: text.loadFailed })));
      const found: MediaItem[] = [];
      outcomes.forEach((outcome, i) => {
        if (outcome.ok && isMediaPage(outcome.value)) found.push(...outcome.value.media);
        // Premium locked on this device: the model's Red Room items alone, without a word about premium.
        else if (!outcome.ok && outcome.status === 403 && SOURCES[i] === 'premium') return;
        else page.show(outcome.ok ? text.loadFailed : outcome.message, 'error', MODEL_GALLERY_PLACE);
      });
      return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    [page.show],
  );

  // Each opening on a model loads its media afresh.
  useEffect(() => {
    if (!model) return;
    let current = true;
    setItems(null);
    setFilter('all');
    setSearch('');
    setLeast(0);
    void load(model._id).then((found) => {
      if (current) setItems(found);
    });
    return () => {
      current = false;
    };
  }, [model, load]);

  const reload = useCallback(async () => {
    if (model) setItems(await load(model._id));
  }, [model, load]);
  const replaceItem = useCallback((item: MediaItem) => setItems((list) => (list ?? []).map((m) => (m._id === item._id ? item : m))), []);

  const shown = useMemo(
    () => (items ?? []).filter((item) => matches(item, filter, search.trim().toLowerCase()) && hasStars(item, least)),
    [items, filter, search, least],
  );

  function closed() {
    page.closeIn(MODEL_GALLERY_PLACE);
    onClosed();
  }

  const count = items?.length ?? 0;
  return (
    <Dialog control={control} title={model ? `${model.name}'s Gallery` : 'Gallery'} onClose={closed} width="lg" closable={!viewing}>
      <div className="space-y-3 px-6">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="model-gallery-search" className="sr-only">
            {MODEL_GALLERY_TEXT.searchLabel}
          </label>
          <input
            id="model-gallery-search"
            type="search"
            className="field min-w-0 flex-1 basis-48"
            placeholder={MODEL_GALLERY_TEXT.search}
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
            {MODEL_GALLERY_CHIPS.map((chip) => (
              <button
                key={chip.filter}
                type="button"
                aria-pressed={filter === chip.filter}
                onClick={() => setFilter(chip.filter)}
                className={chipClass(filter === chip.filter)}
              >
                {chip.label}
              </button>
            ))}
          </div>
          <StarsSelect value={least} onChange={setLeast} />
        </div>
        <p className="text-xs text-muted" aria-live="polite">
          {items === null ? MODEL_GALLERY_TEXT.loading : MODEL_GALLERY_TEXT.count(shown.length, count)}
        </p>
        <div className="max-h-[55vh] overflow-y-auto p-1">
          {items === null ? null : (
            <MediaGrid
              config={MODEL_GALLERY}
              items={shown}
              replaceItem={replaceItem}
              reload={reload}
              dependsOn={{ favorite: false, title: false, tags: false }}
              toast={toast}
              live={live}
              inBin={false}
              switches={NO_SWITCHES}
              selecting={false}
              setSelecting={ignore}
              selected={NOTHING_SELECTED}
              setSelected={ignore}
              isAdmin={isAdmin}
              empty={
                <p className="py-8 text-center text-sm text-muted">
                  {count === 0 ? MODEL_GALLERY_TEXT.empty(model?.name ?? 'this model') : MODEL_GALLERY_TEXT.noMatch}
                </p>
              }
              loading={false}
              onViewerChange={setViewing}
            />
          )}
        </div>
      </div>
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close}>
          Close
        </button>
      </DialogActions>
      {page.render(MODEL_GALLERY_PLACE)}
    </Dialog>
  );
}
