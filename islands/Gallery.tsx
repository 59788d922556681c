// The Red Room (/gallery): the mature-content warning, the toolbar, the grid of cards, the pager,
// select mode and its bulk bar (one bulk call per action), the card menu's dialogs (Add to Album
// among them), the viewer, the upload dialog, Find Duplicates and the albums view (the Albums
// panel), with the spec's toasts (closing after 6 s). The server renders the first page of the view in the address;
// after that the island keeps the address and the list in step (history.pushState, popstate).

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  COMPACT_STORAGE_KEY,
  GALLERY_TEXT as TEXT,
  MATURE_COOKIE,
  MATURE_COOKIE_MAX_AGE,
  MATURE_STORAGE_KEY,
  bulkDeleteConfirm,
  bulkDeletedText,
  bulkPurgedText,
  galleryHref,
  readGalleryView,
  type GalleryView,
} from '../src/shared/gallery-view.ts';
import { GALLERY_TOAST_MS, type BulkResult, type MediaItem, type MediaPage } from '../src/shared/media.ts';
import { AlbumsPanel } from './albums/AlbumsPanel.tsx';
import { MoveToAlbumDialog } from './albums/MoveToAlbumDialog.tsx';
import { useDialog } from './components/Dialog.tsx';
import { useToast } from './components/useToast.tsx';
import { BulkBar } from './gallery/BulkBar.tsx';
import { ConfirmDialog, type Confirmation } from './gallery/ConfirmDialog.tsx';
import { DuplicatesDialog } from './gallery/DuplicatesDialog.tsx';
import { EditTagsDialog } from './gallery/EditTagsDialog.tsx';
import { EditTitleDialog } from './gallery/EditTitleDialog.tsx';
import * as calls from './gallery/gallery-api.ts';
import { GalleryPager } from './gallery/GalleryPager.tsx';
import { UploadIcon } from './gallery/icons.tsx';
import { MatureWarning } from './gallery/MatureWarning.tsx';
import { MediaCard, type CardAction } from './gallery/MediaCard.tsx';
import { ProfilePictureDialog } from './gallery/ProfilePictureDialog.tsx';
import { forgetVocabulary } from './gallery/TagPicker.tsx';
import { Toolbar } from './gallery/Toolbar.tsx';
import { UploadDialog } from './gallery/UploadDialog.tsx';
import { useProcessingRefresh } from './gallery/useProcessingRefresh.ts';
import { Viewer } from './gallery/Viewer.tsx';
import { storeFlag, storedFlag } from './lib/stored-flag.ts';

export { PROCESSING_POLL_MS } from './gallery/useProcessingRefresh.ts';

export type GalleryProps = {
  view: GalleryView;
  /** The view's first page, or null when the warning is not accepted yet (nothing of it is sent). */
  page: MediaPage | null;
  /** Whether this browser accepted the mature-content warning (its cookie came with the request). */
  accepted: boolean;
  isAdmin: boolean;
};

type Place = 'edit-title' | 'edit-tags' | 'profile-picture' | 'confirm';
const EMPTY_PAGE: MediaPage = { media: [], totalItems: 0, totalPages: 0 };

/** Remembers the acceptance: the spec's local-storage flag, and the cookie the server reads. */
function rememberAcceptance(): void {
  // Storage can be off (private windows); the cookie still carries it.
  storeFlag(MATURE_STORAGE_KEY, true);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${MATURE_COOKIE}=true; Path=/; Max-Age=${MATURE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/** Whether a key press belongs to a field (typing), not to the page. */
const typingIn = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export default function Gallery({ view: initialView, page: initialPage, accepted: initiallyAccepted, isAdmin }: GalleryProps) {
  const [view, setView] = useState(initialView);
  const [data, setData] = useState<MediaPage | null>(initialPage);
  const [loading, setLoading] = useState(false);
  const [accepted, setAccepted] = useState(initiallyAccepted);
  const [live, setLive] = useState(false);
  const [compact, setCompact] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [viewer, setViewer] = useState<{ index: number; fullscreen: boolean } | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [models, setModels] = useState<calls.ModelChoice[] | null>(null);
  const [target, setTarget] = useState<MediaItem | null>(null);
  const [opened, setOpened] = useState(0);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  /** The items Move to Album is open for (one from a card menu, or the selection). */
  const [moveIds, setMoveIds] = useState<string[] | null>(null);
  const [duplicatesOpen, setDuplicatesOpen] = useState(false);
  const toast = useToast(GALLERY_TOAST_MS);
  const titleDialog = useDialog();
  const tagsDialog = useDialog();
  const pictureDialog = useDialog();
  const confirmDialog = useDialog();
  const request = useRef(0);

  const inBin = view.filter === 'recycling-bin';
  const inAlbums = view.filter === 'albums';
  const items = data?.media ?? [];

  /** Asks the hub for a view's page; an older answer arriving late is dropped. */
  const fetchPage = useCallback(
    async (next: GalleryView, quiet = false): Promise<void> => {
      const n = ++request.current;
      // The albums view shows the Albums panel, which asks for its albums itself.
      if (next.filter === 'albums') {
        setLoading(false);
        setData(EMPTY_PAGE);
        return;
      }
      if (!quiet) setLoading(true);
      const outcome = await calls.loadPage(next, TEXT.loadFailed);
      if (n !== request.current) return;
      setLoading(false);
      if (!outcome.ok || !calls.isMediaPage(outcome.value)) {
        toast.show(outcome.ok ? TEXT.loadFailed : outcome.message, 'error');
        setData(EMPTY_PAGE);
        return;
      }
      const page = outcome.value;
      // Past the last page (the last item of it deleted, an old address): the last page instead.
      if (page.media.length === 0 && next.page > 1 && page.totalPages > 0) {
        const last = { ...next, page: page.totalPages };
        history.replaceState(null, '', galleryHref(last));
        setView(last);
        return fetchPage(last, quiet);
      }
      setData(page);
    },
    [toast.show],
  );

  /** Shows another view: the address changes (a new history entry), then the list. */
  const show = useCallback(
    (next: GalleryView) => {
      history.pushState(null, '', galleryHref(next));
      setView(next);
      setSelected(new Set());
      if (next.filter === 'albums') setSelecting(false);
      void fetchPage(next);
    },
    [fetchPage],
  );

  // A search from the albums view searches all media.
  const onSearch = useCallback((search: string) => show({ ...view, search, page: 1, ...(view.filter === 'albums' ? { filter: 'all' as const } : {}) }), [show, view]);

  // Going live: the stored choices, and the acceptance kept in step between storage and cookie.
  useEffect(() => {
    setLive(true);
    setCompact(storedFlag(COMPACT_STORAGE_KEY));
    if (initiallyAccepted) rememberAcceptance();
    else if (storedFlag(MATURE_STORAGE_KEY)) {
      // Accepted before, but the cookie is gone: it comes back silently, and so does the gallery.
      rememberAcceptance();
      setAccepted(true);
      void fetchPage(initialView);
    }
    // The server may have read the address differently from how it was typed: show its reading.
    if (location.pathname === '/gallery' && location.pathname + location.search !== galleryHref(initialView)) history.replaceState(null, '', galleryHref(initialView));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back and forward: the view of the address.
  useEffect(() => {
    const onPop = () => {
      const next = readGalleryView(new URLSearchParams(location.search));
      setView(next);
      setSelected(new Set());
      if (next.filter === 'albums') setSelecting(false);
      setViewer(null);
      void fetchPage(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [fetchPage]);

  // With the viewer closed, Left and Right change page within bounds.
  useEffect(() => {
    if (!accepted || viewer || uploadOpen || inAlbums) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || typingIn(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const page = view.page + (event.key === 'ArrowLeft' ? -1 : 1);
      if (page < 1 || page > (data?.totalPages ?? 1)) return;
      event.preventDefault();
      show({ ...view, page });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [accepted, viewer, uploadOpen, inAlbums, view, data, show]);

  // Items still processing are asked for again until they are ready (or failed).
  useProcessingRefresh(items, calls.loadItem, setData);

  function accept() {
    rememberAcceptance();
    setAccepted(true);
    void fetchPage(view);
  }

  const replaceItem = (item: MediaItem) => setData((d) => (d ? { ...d, media: d.media.map((m) => (m._id === item._id ? item : m)) } : d));
  const reload = () => fetchPage(view, true);
  const fail = (message: string, place: Place, control: { isOpen(): boolean }) => toast.show(message, 'error', control.isOpen() ? place : 'page');

  function openDialog(item: MediaItem, control: { open(): void }) {
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
    const outcome = await calls.toggleFavorite(item._id, TEXT.favoriteFailed);
    setBusyId(null);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    replaceItem(outcome.value);
    toast.show(outcome.value.isFavorite ? TEXT.favoriteOn : TEXT.favoriteOff, 'success');
    if (view.filter === 'favorites') await reload();
  }

  async function moveToBin(item: MediaItem): Promise<boolean> {
    const outcome = await calls.moveToBin(item._id, TEXT.deleteFailed);
    if (!outcome.ok) {
      fail(outcome.message, 'confirm', confirmDialog);
      return false;
    }
    confirmDialog.close();
    toast.show(TEXT.deleted, 'success');
    await reload();
    return true;
  }

  async function restore(item: MediaItem) {
    setBusyId(item._id);
    const outcome = await calls.restoreItem(item._id, TEXT.restoreFailed);
    setBusyId(null);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    toast.show(TEXT.restored, 'success');
    await reload();
  }

  async function deleteForever(item: MediaItem) {
    const outcome = await calls.deleteForever(item._id, TEXT.purgeFailed);
    if (!outcome.ok) return fail(outcome.message, 'confirm', confirmDialog);
    confirmDialog.close();
    toast.show(TEXT.purged, 'success');
    await reload();
  }

  async function deleteSelected() {
    const ids = items.filter((m) => selected.has(m._id)).map((m) => m._id);
    // One call, one transaction: every item goes, or none does.
    const outcome = await calls.galleryCall<BulkResult>('/api/gallery/bulk', { method: 'POST', body: { action: inBin ? 'permanent-delete' : 'delete', ids }, fallback: TEXT.someFailed });
    confirmDialog.close();
    setSelected(new Set());
    if (!outcome.ok) toast.show(TEXT.someFailed, 'error');
    else toast.show(inBin ? bulkPurgedText(ids.length) : bulkDeletedText(ids.length), 'success');
    await reload();
  }

  function openMoveToAlbum(ids: string[]) {
    toast.close();
    setMoveIds(ids);
  }

  async function saveTitle(item: MediaItem, title: string) {
    const outcome = await calls.updateItem(item._id, { title }, TEXT.updateFailed);
    if (!outcome.ok) return fail(outcome.message, 'edit-title', titleDialog);
    replaceItem(outcome.value);
    titleDialog.close();
    toast.show(TEXT.updated, 'success');
    if (view.search || view.sortBy === 'title') await reload();
  }

  async function saveTags(item: MediaItem, tags: string[]) {
    const outcome = await calls.updateItem(item._id, { tags }, TEXT.tagsFailed);
    if (!outcome.ok) return fail(outcome.message, 'edit-tags', tagsDialog);
    // New custom tags join the vocabulary the pickers offer.
    forgetVocabulary();
    replaceItem(outcome.value);
    tagsDialog.close();
    toast.show(TEXT.tagsUpdated, 'success');
    if (view.search) await reload();
  }

  async function ensureModels(): Promise<void> {
    const outcome = await calls.loadModels(TEXT.modelsFailed);
    if (!outcome.ok) return toast.show(outcome.message, 'error', pictureDialog.isOpen() ? 'profile-picture' : 'page');
    setModels(outcome.value);
  }

  async function setPicture(item: MediaItem, modelId: string) {
    const outcome = await calls.setProfilePicture(modelId, item._id, TEXT.profileFailed);
    if (!outcome.ok) return fail(outcome.message, 'profile-picture', pictureDialog);
    pictureDialog.close();
    toast.show(TEXT.profileSet, 'success');
  }

  function onAction(action: CardAction, item: MediaItem) {
    switch (action) {
      case 'editTitle':
        return openDialog(item, titleDialog);
      case 'editTags':
        return openDialog(item, tagsDialog);
      case 'addToAlbum':
        return openMoveToAlbum([item._id]);
      case 'profilePicture':
        openDialog(item, pictureDialog);
        return void ensureModels();
      case 'select':
        setSelecting(true);
        return setSelected(new Set([item._id]));
      case 'delete':
        return ask({ title: 'Delete Media', message: `Move “${item.title}” to the recycling bin?`, action: 'Delete', run: async () => void (await moveToBin(item)) });
      case 'restore':
        return void restore(item);
      case 'deleteForever':
        return ask({ title: 'Delete Forever', message: TEXT.purgeConfirm, action: 'Delete Forever', run: () => deleteForever(item) });
    }
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

  function setCompactCards(on: boolean) {
    setCompact(on);
    storeFlag(COMPACT_STORAGE_KEY, on);
  }

  function openUpload() {
    toast.close();
    setUploadOpen(true);
    if (models === null) void calls.loadModels(TEXT.modelsFailed).then((o) => o.ok && setModels(o.value));
  }

  const header = (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">{TEXT.title}</h1>
      {accepted ? (
        <button type="button" className="btn-primary" onClick={openUpload} disabled={!live} aria-haspopup="dialog">
          <UploadIcon size={16} />
          Upload
        </button>
      ) : null}
    </div>
  );

  if (!accepted) {
    return (
      <>
        {header}
        <MatureWarning returnTo={galleryHref(view)} onAccept={accept} />
      </>
    );
  }

  const emptyText = inBin ? [TEXT.binEmpty, TEXT.binHint] : view.search || view.filter !== 'all' ? [TEXT.noMatch, TEXT.noMatchHint] : [TEXT.empty, TEXT.emptyHint];
  const grid = compact ? 'grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8' : 'grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';

  return (
    <>
      {header}
      <Toolbar view={view} live={live} selecting={selecting} compact={compact} onView={show} onSearch={onSearch} onSelecting={setSelectMode} onCompact={setCompactCards} onFindDuplicates={() => (toast.close(), setDuplicatesOpen(true))} />
      {selecting && selected.size > 0 && !inAlbums ? (
        <BulkBar
          count={selected.size}
          inBin={inBin}
          onAll={() => setSelected(new Set(items.map((m) => m._id)))}
          onAlbum={() => openMoveToAlbum(items.filter((m) => selected.has(m._id)).map((m) => m._id))}
          onClear={() => setSelected(new Set())}
          onDelete={() => ask({ title: inBin ? 'Delete Forever' : 'Delete Media', message: bulkDeleteConfirm(selected.size, inBin), action: inBin ? 'Delete Forever' : 'Delete', run: deleteSelected })}
        />
      ) : null}

      {inAlbums ? (
        <AlbumsPanel mode="gallery" isAdmin={isAdmin} />
      ) : null}
      <p role="status" className={!inAlbums && (loading || data === null) ? 'mb-3 text-sm text-muted' : 'sr-only'}>
        {!inAlbums && (loading || data === null) ? TEXT.loading : ''}
      </p>
      {data === null || inAlbums ? null : items.length === 0 && !loading ? (
        <div className="card px-6 py-14 text-center">
          <p className="font-semibold">{emptyText[0]}</p>
          <p className="mt-1 text-sm text-muted">{emptyText[1]}</p>
        </div>
      ) : (
        <ul aria-label="Media" aria-busy={loading} className={`grid ${grid} ${loading ? 'opacity-60' : ''}`}>
          {items.map((item, index) => (
            <li key={item._id}>
              <MediaCard
                item={item}
                compact={compact}
                live={live}
                inBin={inBin}
                selecting={selecting}
                selected={selected.has(item._id)}
                busy={busyId === item._id}
                onOpen={(_, fullscreen) => setViewer({ index, fullscreen })}
                onToggleSelect={toggleSelected}
                onFavorite={favorite}
                onAction={onAction}
              />
            </li>
          ))}
        </ul>
      )}
      {data && data.totalItems > 0 && !inAlbums ? <GalleryPager view={view} totalPages={data.totalPages} totalItems={data.totalItems} live={live} onView={show} /> : null}

      <button
        type="button"
        onClick={openUpload}
        disabled={!live}
        aria-label="Upload media"
        title="Upload media"
        className="fixed bottom-16 right-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-accent text-accent-fg shadow-xl hover:bg-accent/90 disabled:opacity-50 sm:bottom-28 sm:right-6"
      >
        <UploadIcon size={22} />
      </button>

      <EditTitleDialog control={titleDialog} item={target} opened={opened} onSave={saveTitle}>
        {toast.render('edit-title')}
      </EditTitleDialog>
      <EditTagsDialog control={tagsDialog} item={target} opened={opened} onSave={saveTags}>
        {toast.render('edit-tags')}
      </EditTagsDialog>
      <ProfilePictureDialog control={pictureDialog} item={target} opened={opened} models={models} onSave={setPicture}>
        {toast.render('profile-picture')}
      </ProfilePictureDialog>
      <ConfirmDialog control={confirmDialog} confirmation={confirmation}>
        {toast.render('confirm')}
      </ConfirmDialog>
      {moveIds ? (
        <MoveToAlbumDialog
          open
          gallery="gallery"
          mediaIds={moveIds}
          toastMs={GALLERY_TOAST_MS}
          onClose={() => setMoveIds(null)}
          onMoved={(message) => {
            toast.show(message, 'success');
            if (moveIds.length > 1) setSelected(new Set());
          }}
        />
      ) : null}
      {duplicatesOpen ? <DuplicatesDialog gallery="gallery" open onClose={() => setDuplicatesOpen(false)} onChanged={() => void reload()} /> : null}
      {uploadOpen ? (
        <UploadDialog
          open
          onClose={() => setUploadOpen(false)}
          onUploaded={() => void reload()}
          models={(models ?? []).map((m) => ({ id: m._id, name: m.name }))}
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
          onDelete={async (item: MediaItem) => {
            await moveToBin(item);
          }}
        />
      ) : null}
      {toast.render()}
    </>
  );
}
