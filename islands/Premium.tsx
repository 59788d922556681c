// The premium gallery (/premium): back to The Red Room, the search, the rotating tagline and the
// blurb, the chips and the Actions menu, Sort By, the compact and titles switches and the count;
// the grid of cards (videos play on hover), the albums panel, select mode with its floating
// buttons (one bulk call each), the card menus' dialogs, the viewer, 'Upload Premium Content' and
// 'Add from Gallery to Premium'. Toasts at the top centre close after 4 s. The server renders the
// first page of the view in the address; the island then keeps the address and the list in step.

import { useCallback, useEffect, useRef, useState } from 'react';
import { PREMIUM_TOAST_MS, type MediaItem, type MediaPage } from '../src/shared/media.ts';
import {
  PREMIUM_COMPACT_KEY,
  PREMIUM_BLURB,
  PREMIUM_TEXT as TEXT,
  PREMIUM_TITLES_KEY,
  premiumAlbumText,
  premiumDeleteConfirm,
  premiumDeletedText,
  premiumEmptyText,
  premiumHref,
  premiumMovedText,
  premiumPurgedText,
  premiumTagsText,
  readPremiumView,
  type PremiumView,
} from '../src/shared/premium-view.ts';
import { AlbumsPanel } from './albums/AlbumsPanel.tsx';
import { MoveToAlbumDialog } from './albums/MoveToAlbumDialog.tsx';
import { useDialog } from './components/Dialog.tsx';
import { useToast } from './components/useToast.tsx';
import type { MenuAction } from './gallery/CardMenu.tsx';
import { ConfirmDialog, type Confirmation } from './gallery/ConfirmDialog.tsx';
import { DuplicatesDialog } from './gallery/DuplicatesDialog.tsx';
import { EditTagsDialog } from './gallery/EditTagsDialog.tsx';
import { EditTitleDialog } from './gallery/EditTitleDialog.tsx';
import { isMediaPage, loadModels, type ModelChoice } from './gallery/gallery-api.ts';
import { ChevronIcon, ImagesIcon, UploadIcon } from './gallery/icons.tsx';
import { forgetVocabulary } from './gallery/TagPicker.tsx';
import { UploadDialog } from './gallery/UploadDialog.tsx';
import { useProcessingRefresh } from './gallery/useProcessingRefresh.ts';
import { Viewer } from './gallery/Viewer.tsx';
import { storeFlag, storedFlag } from './lib/stored-flag.ts';
import { ADD_FROM_GALLERY_PLACE, AddFromGalleryDialog } from './premium/AddFromGalleryDialog.tsx';
import { BulkTagsDialog, type BulkTagMode } from './premium/BulkTagsDialog.tsx';
import { DetailsDialog } from './premium/DetailsDialog.tsx';
import { PremiumCard, titleOf } from './premium/PremiumCard.tsx';
import { PremiumToast } from './premium/PremiumToast.tsx';
import { PremiumToolbar } from './premium/PremiumToolbar.tsx';
import * as calls from './premium/premium-api.ts';
import { Tagline } from './premium/Tagline.tsx';

export type PremiumProps = {
  view: PremiumView;
  /** The view's first page (null for the albums view, which loads its own). */
  page: MediaPage | null;
  isAdmin: boolean;
};

type Place = 'edit-title' | 'edit-tags' | 'confirm' | 'details' | 'bulk-tags';
const EMPTY_PAGE: MediaPage = { media: [], totalItems: 0, totalPages: 0 };

/**
 * The grids of the spec's constants: compact 4, 6, 8, 10, 10 columns; large cards 260, 280, 300,
 * 320, 340 px wide; rows 150 px compact, 280 px in titles view, 350 px otherwise.
 */
export function gridClass(compact: boolean, titles: boolean): string {
  const rows = compact ? 'auto-rows-[150px]' : titles ? 'auto-rows-[280px]' : 'auto-rows-[350px]';
  const columns = compact
    ? 'grid-cols-4 gap-1.5 sm:grid-cols-6 md:grid-cols-8 lg:grid-cols-10 xl:grid-cols-10'
    : 'gap-4 grid-cols-[repeat(auto-fill,minmax(min(100%,260px),1fr))] sm:grid-cols-[repeat(auto-fill,minmax(280px,1fr))] md:grid-cols-[repeat(auto-fill,minmax(300px,1fr))] lg:grid-cols-[repeat(auto-fill,minmax(320px,1fr))] xl:grid-cols-[repeat(auto-fill,minmax(340px,1fr))]';
  return `grid ${columns} ${rows}`;
}

export default function Premium({ view: initialView, page: initialPage, isAdmin }: PremiumProps) {
  const [view, setView] = useState(initialView);
  const [data, setData] = useState<MediaPage | null>(initialPage);
  const [loading, setLoading] = useState(false);
  const [live, setLive] = useState(false);
  const [compact, setCompact] = useState(false);
  const [titles, setTitles] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [viewer, setViewer] = useState<number | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [models, setModels] = useState<ModelChoice[] | null>(null);
  const [target, setTarget] = useState<MediaItem | null>(null);
  const [opened, setOpened] = useState(0);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [albumIds, setAlbumIds] = useState<string[] | null>(null);
  const [duplicatesOpen, setDuplicatesOpen] = useState(false);
  const [addOpened, setAddOpened] = useState(0);
  const toast = useToast(PREMIUM_TOAST_MS);
  const titleDialog = useDialog();
  const tagsDialog = useDialog();
  const confirmDialog = useDialog();
  const detailsDialog = useDialog();
  const bulkTagsDialog = useDialog();
  const addDialog = useDialog();
  const request = useRef(0);

  const inBin = view.filter === 'recycling-bin';
  const inAlbums = view.filter === 'albums';
  const items = data?.media ?? [];
  const chosen = items.filter((m) => selected.has(m._id)).map((m) => m._id);

  const fetchPage = useCallback(
    async (next: PremiumView, quiet = false): Promise<void> => {
      const n = ++request.current;
      if (next.filter === 'albums') {
        setLoading(false);
        return;
      }
      if (!quiet) setLoading(true);
      const outcome = await calls.loadPremiumPage(next, TEXT.loadFailed);
      if (n !== request.current) return;
      setLoading(false);
      if (!outcome.ok || !isMediaPage(outcome.value)) {
        toast.show(outcome.ok ? TEXT.loadFailed : outcome.message, 'error');
        setData(EMPTY_PAGE);
        return;
      }
      const page = outcome.value;
      if (page.media.length === 0 && next.page > 1 && page.totalPages > 0) {
        const last = { ...next, page: page.totalPages };
        history.replaceState(null, '', premiumHref(last));
        setView(last);
        return fetchPage(last, quiet);
      }
      setData(page);
    },
    [toast.show],
  );

  const show = useCallback(
    (next: PremiumView) => {
      history.pushState(null, '', premiumHref(next));
      setView(next);
      setSelected(new Set());
      if (next.filter === 'albums' || next.filter === 'recycling-bin') setSelecting((s) => (next.filter === 'albums' ? false : s));
      void fetchPage(next);
    },
    [fetchPage],
  );

  const onSearch = useCallback((search: string) => show({ ...view, search, page: 1 }), [show, view]);

  useEffect(() => {
    setLive(true);
    setCompact(storedFlag(PREMIUM_COMPACT_KEY));
    setTitles(storedFlag(PREMIUM_TITLES_KEY));
    if (location.pathname === '/premium' && location.pathname + location.search !== premiumHref(initialView)) history.replaceState(null, '', premiumHref(initialView));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onPop = () => {
      if (location.pathname !== '/premium') return;
      const next = readPremiumView(new URLSearchParams(location.search));
      setView(next);
      setSelected(new Set());
      setViewer(null);
      void fetchPage(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [fetchPage]);

  // Items still processing are asked for again until they are ready (or failed).
  useProcessingRefresh(items, calls.loadPremiumItem, setData);

  const replaceItem = (item: MediaItem) => setData((d) => (d ? { ...d, media: d.media.map((m) => (m._id === item._id ? item : m)) } : d));
  const reload = () => fetchPage(view, true);
  const fail = (message: string, place: Place, control: { isOpen(): boolean }) => toast.show(message, 'error', control.isOpen() ? place : 'page');

  function openDialog(item: MediaItem | null, control: { open(): void }) {
    toast.close();
    setTarget(item);
    setOpened((n) => n + 1);
    control.open();
  }

  function ask(next: Confirmation) {
    toast.close();
    setConfirmation(next);
    confirmDialog.open();
  }

  async function favorite(item: MediaItem) {
    setBusyId(item._id);
    const outcome = await calls.togglePremiumFavorite(item._id, TEXT.favoriteFailed);
    setBusyId(null);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    replaceItem(outcome.value);
    toast.show(outcome.value.isFavorite ? TEXT.favoriteOn : TEXT.favoriteOff, 'success');
    if (view.filter === 'favorites') await reload();
  }

  async function moveToBin(item: MediaItem): Promise<void> {
    const outcome = await calls.premiumToBin(item._id, TEXT.deleteFailed);
    if (!outcome.ok) return fail(outcome.message, 'confirm', confirmDialog);
    confirmDialog.close();
    toast.show(TEXT.deleted, 'success');
    await reload();
  }

  async function restore(item: MediaItem) {
    setBusyId(item._id);
    const outcome = await calls.restorePremium(item._id, TEXT.restoreFailed);
    setBusyId(null);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    toast.show(TEXT.restored, 'success');
    await reload();
  }

  async function deleteForever(item: MediaItem) {
    const outcome = await calls.purgePremium(item._id, TEXT.deleteFailed);
    if (!outcome.ok) return fail(outcome.message, 'confirm', confirmDialog);
    confirmDialog.close();
    toast.show(TEXT.purged, 'success');
    await reload();
  }

  async function saveTitle(item: MediaItem, title: string) {
    const outcome = await calls.updatePremiumItem(item._id, { title }, TEXT.titleFailed);
    if (!outcome.ok) return fail(TEXT.titleFailed, 'edit-title', titleDialog);
    replaceItem(outcome.value);
    titleDialog.close();
    toast.show(TEXT.titleUpdated, 'success');
    if (view.search || view.sortBy === 'title') await reload();
  }

  async function saveTags(item: MediaItem, tags: string[]) {
    const outcome = await calls.updatePremiumItem(item._id, { tags }, TEXT.tagsFailed);
    if (!outcome.ok) return fail(TEXT.tagsFailed, 'edit-tags', tagsDialog);
    forgetVocabulary();
    replaceItem(outcome.value);
    tagsDialog.close();
    toast.show(TEXT.tagsUpdated, 'success');
    if (view.search) await reload();
  }

  async function saveBulkTags(mode: BulkTagMode, tags: string[]) {
    const ids = chosen;
    const outcome = await calls.premiumBulk({ action: mode === 'add' ? 'add-tags' : 'set-tags', ids, tags }, TEXT.tagsFailed);
    if (!outcome.ok) return fail(TEXT.tagsFailed, 'bulk-tags', bulkTagsDialog);
    forgetVocabulary();
    bulkTagsDialog.close();
    toast.show(premiumTagsText(ids.length), 'success');
    await reload();
  }

  async function deleteSelected() {
    const ids = chosen;
    const outcome = await calls.premiumBulk({ action: inBin ? 'permanent-delete' : 'delete', ids }, TEXT.deleteSomeFailed);
    confirmDialog.close();
    if (!outcome.ok) {
      toast.show(TEXT.deleteSomeFailed, 'error');
    } else {
      setSelected(new Set());
      toast.show(inBin ? premiumPurgedText(ids.length) : premiumDeletedText(ids.length), 'success');
    }
    await reload();
  }

  function toggleSelected(item: MediaItem) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(item._id)) next.delete(item._id);
      else next.add(item._id);
      return next;
    });
  }

  function setSelectMode(on: boolean) {
    setSelecting(on);
    setSelected(new Set());
  }

  function openUpload() {
    toast.close();
    setUploadOpen(true);
    if (models === null) void loadModels('Failed to load models').then((o) => o.ok && setModels(o.value));
  }

  function openAddFromGallery() {
    toast.close();
    setAddOpened((n) => n + 1);
    addDialog.open();
  }

  /** The card's and the viewer's menu (spec: Select/Deselect, Add/Remove Favorites, View Details, Edit Title, Edit Tags, Move to Album, Delete). */
  function actionsFor(item: MediaItem): MenuAction[] {
    if (inBin) {
      return [
        { label: 'Restore', run: () => void restore(item) },
        { label: 'Delete Forever', danger: true, run: () => ask({ title: 'Delete Forever', message: TEXT.purgeConfirm, action: 'Delete Forever', run: () => deleteForever(item) }) },
      ];
    }
    const isSelected = selected.has(item._id);
    return [
      {
        label: isSelected ? 'Deselect' : 'Select',
        run: () => {
          setViewer(null);
          setSelecting(true);
          toggleSelected(item);
        },
      },
      { label: item.isFavorite ? 'Remove from Favorites' : 'Add to Favorites', run: () => void favorite(item) },
      { label: 'View Details', run: () => openDialog(item, detailsDialog) },
      { label: 'Edit Title', run: () => openDialog(item, titleDialog) },
      { label: 'Edit Tags', run: () => openDialog(item, tagsDialog) },
      { label: 'Move to Album', run: () => setAlbumIds([item._id]) },
      {
        label: 'Delete',
        danger: true,
        run: () => ask({ title: 'Delete Media', message: `Move “${titleOf(item)}” to the recycling bin?`, action: 'Delete', run: () => moveToBin(item) }),
      },
    ];
  }

  const [emptyTitle, emptyHint] = premiumEmptyText(view);
  const allChosen = items.length > 0 && chosen.length === items.length;
  const floating = 'inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold disabled:opacity-50 sm:px-4';

  return (
    <>
      <div className="mb-5">
        <a href="/gallery" className="btn-ghost -ml-2 mb-2 px-2 text-sm no-underline">
          <ChevronIcon direction="left" size={18} />
          Back to The Red Room
        </a>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 basis-[28rem]">
            <h1 className="flex items-center gap-2 font-display text-2xl font-bold tracking-tight sm:text-3xl">
              {TEXT.title}
              <span className="chip bg-warn/15 text-warn">Premium</span>
            </h1>
            <Tagline />
            <p className="mt-2 max-w-3xl text-sm text-muted">{PREMIUM_BLURB}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <button type="button" className="btn-outline" onClick={openAddFromGallery} disabled={!live} aria-haspopup="dialog">
              <ImagesIcon size={16} />
              {TEXT.addFromGallery}
            </button>
            <button type="button" className="btn-primary" onClick={openUpload} disabled={!live} aria-haspopup="dialog">
              <UploadIcon size={16} />
              Upload
            </button>
          </div>
        </div>
      </div>

      <PremiumToolbar
        view={view}
        live={live}
        selecting={selecting}
        compact={compact}
        titles={titles}
        count={inAlbums || data === null ? null : data.totalItems}
        onView={show}
        onSearch={onSearch}
        onSelecting={setSelectMode}
        onCompact={(on) => {
          setCompact(on);
          storeFlag(PREMIUM_COMPACT_KEY, on);
        }}
        onTitles={(on) => {
          setTitles(on);
          storeFlag(PREMIUM_TITLES_KEY, on);
        }}
        onDuplicates={() => {
          toast.close();
          setDuplicatesOpen(true);
        }}
      />

      {inAlbums ? (
        <AlbumsPanel mode="premium" isAdmin={isAdmin} />
      ) : (
        <>
          <p role="status" className={loading || data === null ? 'mb-3 text-sm text-muted' : 'sr-only'}>
            {loading || data === null ? TEXT.loading : ''}
          </p>
          {data === null ? null : items.length === 0 && !loading ? (
            <div className="card px-6 py-14 text-center">
              <p className="font-semibold">{emptyTitle}</p>
              <p className="mt-1 text-sm text-muted">{emptyHint}</p>
            </div>
          ) : (
            <ul aria-label="Media" aria-busy={loading} className={`${gridClass(compact, titles)} ${loading ? 'opacity-60' : ''} ${selecting ? 'pb-24' : ''}`}>
              {items.map((item, index) => (
                <li key={item._id} className="min-w-0">
                  <PremiumCard
                    item={item}
                    compact={compact}
                    titles={titles}
                    live={live}
                    selecting={selecting}
                    selected={selected.has(item._id)}
                    busy={busyId === item._id}
                    actions={actionsFor(item)}
                    onOpen={() => setViewer(index)}
                    onToggleSelect={toggleSelected}
                  />
                </li>
              ))}
            </ul>
          )}
          {data && data.totalPages > 1 ? (
            <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3 text-sm">
              <button type="button" className="btn-outline" disabled={!live || view.page <= 1} onClick={() => show({ ...view, page: view.page - 1 })}>
                <ChevronIcon direction="left" size={16} />
                Previous
              </button>
              <span className="font-semibold tabular-nums">{`Page ${view.page} of ${data.totalPages}`}</span>
              <button type="button" className="btn-outline" disabled={!live || view.page >= data.totalPages} onClick={() => show({ ...view, page: view.page + 1 })}>
                Next
                <ChevronIcon direction="right" size={16} />
              </button>
            </nav>
          ) : null}
        </>
      )}

      {selecting && !inAlbums ? (
        <div
          role="toolbar"
          aria-label="Selection"
          className="fixed inset-x-2 bottom-16 z-40 mx-auto flex max-w-3xl flex-wrap items-center justify-center gap-2 rounded-2xl border border-line bg-surface/95 p-2 shadow-2xl backdrop-blur sm:bottom-10"
        >
          <span className="w-full text-center text-sm font-semibold sm:w-auto sm:px-2">{`${chosen.length} selected`}</span>
          {inBin ? null : (
            <>
              <button type="button" className={`${floating} bg-surface text-fg ring-1 ring-line`} disabled={chosen.length === 0} onClick={() => openDialog(null, bulkTagsDialog)}>
                Edit Tags
              </button>
              <button type="button" className={`${floating} bg-surface text-fg ring-1 ring-line`} disabled={chosen.length === 0} onClick={() => setAlbumIds(chosen)}>
                Move to Album
              </button>
            </>
          )}
          <button type="button" className={`${floating} bg-surface text-fg ring-1 ring-line`} disabled={items.length === 0} onClick={() => setSelected(allChosen ? new Set() : new Set(items.map((m) => m._id)))}>
            {allChosen ? 'Deselect All' : 'Select All'}
          </button>
          <button
            type="button"
            className={`${floating} bg-danger-solid text-white`}
            disabled={chosen.length === 0}
            onClick={() =>
              ask({ title: inBin ? 'Delete Forever' : 'Delete Selected', message: premiumDeleteConfirm(chosen.length, inBin), action: inBin ? 'Delete Forever' : 'Delete', run: deleteSelected })
            }
          >
            Delete Selected
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={openUpload}
          disabled={!live}
          aria-label={TEXT.uploadTitle}
          title={TEXT.uploadTitle}
          className="fixed bottom-16 right-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-accent text-accent-fg shadow-xl hover:bg-accent/90 disabled:opacity-50 sm:bottom-28 sm:right-6"
        >
          <UploadIcon size={22} />
        </button>
      )}

      <EditTitleDialog control={titleDialog} item={target} opened={opened} onSave={saveTitle}>
        <PremiumToast control={toast} place="edit-title" closeAfterMs={PREMIUM_TOAST_MS} />
      </EditTitleDialog>
      <EditTagsDialog control={tagsDialog} item={target} opened={opened} onSave={saveTags}>
        <PremiumToast control={toast} place="edit-tags" closeAfterMs={PREMIUM_TOAST_MS} />
      </EditTagsDialog>
      <BulkTagsDialog control={bulkTagsDialog} count={chosen.length} opened={opened} onSave={saveBulkTags}>
        <PremiumToast control={toast} place="bulk-tags" closeAfterMs={PREMIUM_TOAST_MS} />
      </BulkTagsDialog>
      <DetailsDialog control={detailsDialog} item={target} />
      <ConfirmDialog control={confirmDialog} confirmation={confirmation}>
        <PremiumToast control={toast} place="confirm" closeAfterMs={PREMIUM_TOAST_MS} />
      </ConfirmDialog>
      <AddFromGalleryDialog
        control={addDialog}
        opened={addOpened}
        onError={(message) => toast.show(message, 'error', addDialog.isOpen() ? ADD_FROM_GALLERY_PLACE : 'page')}
        onMoved={async (n) => {
          toast.show(premiumMovedText(n), 'success');
          await reload();
        }}
      >
        <PremiumToast control={toast} place={ADD_FROM_GALLERY_PLACE} closeAfterMs={PREMIUM_TOAST_MS} />
      </AddFromGalleryDialog>
      {albumIds ? (
        <MoveToAlbumDialog
          open
          gallery="premium"
          mediaIds={albumIds}
          toastMs={PREMIUM_TOAST_MS}
          successText={(n) => (n === 1 ? TEXT.itemMovedToAlbum : premiumAlbumText(n))}
          onClose={() => setAlbumIds(null)}
          onMoved={(message) => {
            setSelected(new Set());
            toast.show(message, 'success');
          }}
        />
      ) : null}
      {duplicatesOpen ? <DuplicatesDialog gallery="premium" open onClose={() => setDuplicatesOpen(false)} onChanged={() => void reload()} /> : null}
      {uploadOpen ? (
        <UploadDialog
          open
          variant="premium"
          toastMs={PREMIUM_TOAST_MS}
          onClose={() => setUploadOpen(false)}
          onUploaded={() => void reload()}
          models={(models ?? []).map((m) => ({ id: m._id, name: m.name }))}
        />
      ) : null}
      {viewer !== null && items.length > 0 ? (
        <Viewer
          variant="premium"
          items={items}
          index={Math.min(viewer, items.length - 1)}
          isAdmin={false}
          menuFor={actionsFor}
          onClose={() => setViewer(null)}
          onIndexChange={setViewer}
          onFavorite={favorite}
          onDelete={moveToBin}
        />
      ) : null}
      <PremiumToast control={toast} closeAfterMs={PREMIUM_TOAST_MS} />
    </>
  );
}
