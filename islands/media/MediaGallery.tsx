// The gallery core: a gallery's page, made into The Red Room or Premium by the
// configuration passed in (gallery-config.ts). The header (title, tagline, the gallery's extras,
// Upload), the mature-content warning where the gallery has one, the toolbar, the grid with its
// menus, select mode and viewer (MediaGrid), the pager, the albums view with an open album, Find
// Duplicates, the upload dialog, the scroll-to-top button. The view lives in the address: the
// server renders its first page; after that the island keeps the address and the list in step
// (history.pushState, popstate), an open album included.

import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { MATURE_COOKIE, MATURE_COOKIE_MAX_AGE, MATURE_STORAGE_KEY } from '../../src/shared/gallery-view.ts';
import type { LibraryChoice } from '../../src/shared/libraries.ts';
import { expandPage, type LeanMediaPage, type MediaItem, type MediaPage } from '../../src/shared/media.ts';
import { changeMediaView, type MediaView, readView, viewHref } from '../../src/shared/media-view.ts';
import { useToastIn } from '../components/toast-control.tsx';
import { storedFlag, storeFlag } from '../lib/stored-flag.ts';
import type { GalleryConfig, GalleryWords, SwitchName } from './gallery-config.ts';
import { ChevronIcon, ImagesIcon, UploadIcon } from './icons.tsx';
import { lazily } from './lazily.ts';
import { LAZY_PARTS, MediaGrid } from './MediaGrid.tsx';
import { forGallery, isMediaPage } from './media-client.ts';
import { Tagline } from './Tagline.tsx';
import { useProcessingRefresh } from './useProcessingRefresh.ts';
import { lazilyWhenUsed, useWhenUsed } from './when-used.tsx';

export { PROCESSING_POLL_MS } from './useProcessingRefresh.ts';

// What a first visit does not need loads when it is first opened (its own script): the albums
// view, the page's dialogs (Upload, Find Duplicates, Add from Gallery to Premium), the warning.
const AlbumsPanel = lazily(() => import('../albums/AlbumsPanel.tsx').then((m) => m.AlbumsPanel));
const dialogs = () => import('./gallery-dialogs.tsx');
const GalleryDialogs = lazily(() => dialogs().then((m) => m.GalleryDialogs));
/** Loads the dialogs' code ahead of a likely opening (a pointer or focus on a button opening one). */
const preloadDialogs = () => void GalleryDialogs.preload();
// The mature-content warning shows only until a browser accepts it (the server renders it then).
const MatureWarning = lazily(() => import('./MatureWarning.tsx').then((m) => m.MatureWarning), { renderedByServer: true });
// The library filter, for members with library folders (in the server's HTML, as the warning).
const LibraryFilter = lazily(() => import('./LibraryFilter.tsx').then((m) => m.LibraryFilter), { renderedByServer: true });
// The toast's look loads with the first toast.
const Snackbar = lazily(() => import('../components/Snackbar.tsx').then((m) => m.Snackbar));
const ToastView = (props: Parameters<typeof Snackbar>[0]) => (
  <Suspense fallback={null}>
    <Snackbar {...props} />
  </Suspense>
);
// The toolbar and the pager: in the server's HTML, hydrated once used (when-used.tsx).
const hydrating = (name: string) => () => Boolean(document.querySelector(`[data-when-used="${name}"]`)?.firstElementChild);
const Toolbar = lazilyWhenUsed(() => import('./Toolbar.tsx').then((m) => m.Toolbar), hydrating('toolbar'));
const MediaPager = lazilyWhenUsed(() => import('./MediaPager.tsx').then((m) => m.MediaPager), hydrating('pager'));
/** Loads every part of a gallery page that loads when first opened (tests; nothing waits then). */
export async function preloadGallery(): Promise<void> {
  await Promise.all(
    [AlbumsPanel, GalleryDialogs, MatureWarning, LibraryFilter, Toolbar, MediaPager, Snackbar, ...(await dialogs()).PARTS, ...LAZY_PARTS].map((part) =>
      part.preload(),
    ),
  );
}

export interface MediaGalleryProps {
  view: MediaView;
  /** The view's first page (lean, as the server sends it), or null: the albums view (it loads its own), or the warning not accepted yet (nothing of it is sent). */
  page: LeanMediaPage | MediaPage | null;
  /** Whether this browser accepted the mature-content warning (where the gallery has one). */
  accepted?: boolean;
  isAdmin: boolean;
  /** The viewer's library folders (the library filter shows when there are any). */
  libraries?: LibraryChoice[];
  /** The gallery's names in other words (discreet mode's neutral ones, decision 0054), as the server chose them. */
  words?: GalleryWords;
}

const EMPTY_PAGE: MediaPage = { media: [], totalItems: 0, totalPages: 0 };
/** The scroll-to-top button shows past this many pixels (spec). */
export const SCROLL_TOP_AFTER_PX = 100;

/** Remembers the acceptance: the spec's local-storage flag, and the cookie the server reads. */
function rememberAcceptance(): void {
  // Storage can be off (private windows); the cookie still carries it.
  storeFlag(MATURE_STORAGE_KEY, true);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: kept from before the linter; fix when this code is next touched
  document.cookie = `${MATURE_COOKIE}=true; Path=/; Max-Age=${MATURE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/** Whether a key press belongs to a field (typing), not to the page. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function MediaGallery({
  config,
  words = {},
  view: initialView,
  page: initialPage,
  accepted: initiallyAccepted = true,
  isAdmin,
  libraries,
}: MediaGalleryProps & { config: GalleryConfig }) {
  const { text, rules } = config;
  const [view, setView] = useState(initialView);
  const [data, setData] = useState<MediaPage | null>(() => initialPage && expandPage(initialPage));
  const [loading, setLoading] = useState(false);
  const [accepted, setAccepted] = useState(initiallyAccepted || !config.matureWarning);
  const [live, setLive] = useState(false);
  const [switches, setSwitches] = useState<Record<SwitchName, boolean>>({ compact: false, titles: false });
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [uploadOpen, setUploadOpen] = useState(false);
  const [duplicatesOpen, setDuplicatesOpen] = useState(false);
  const [addOpened, setAddOpened] = useState(0);
  const [scrolled, setScrolled] = useState(false);
  const toast = useToastIn(ToastView, config.toast.ms, config.toast.at);
  const request = useRef(0);
  const client = forGallery(config.gallery);
  const href = useCallback((v: MediaView) => viewHref(rules, v), [rules]);

  const inBin = view.filter === 'recycling-bin';
  const inAlbums = view.filter === 'albums';
  const items = data?.media ?? [];

  /** Asks the hub for a view's page; an older answer arriving late is dropped. */
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  const fetchPage = useCallback(
    async (next: MediaView, quiet = false): Promise<void> => {
      const n = ++request.current;
      // The albums view shows the Albums panel, which asks for its albums itself.
      if (next.filter === 'albums') {
        setLoading(false);
        setData(EMPTY_PAGE);
        return;
      }
      if (!quiet) setLoading(true);
      const outcome = await client.loadPage(next, text.loadFailed);
      if (n !== request.current) return;
      setLoading(false);
      if (!outcome.ok || !isMediaPage(outcome.value)) {
        toast.show(outcome.ok ? text.loadFailed : outcome.message, 'error');
        setData(EMPTY_PAGE);
        return;
      }
      const page = outcome.value;
      // Past the last page (the last item of it deleted, an old address): the last page instead.
      if (page.media.length === 0 && next.page > 1 && page.totalPages > 0) {
        const last = { ...next, page: page.totalPages };
        history.replaceState(null, '', href(last));
        setView(last);
        return fetchPage(last, quiet);
      }
      setData(page);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [toast.show, config],
  );

  /** Shows another view: the address changes (a new history entry), then the list. */
  const show = useCallback(
    (next: MediaView) => {
      history.pushState(null, '', href(next));
      setView(next);
      setSelected(new Set());
      if (next.filter === 'albums') setSelecting(false);
      void fetchPage(next);
    },
    [fetchPage, href],
  );

  // A search from the albums view searches all media.
  const onSearch = useCallback(
    (search: string) => show(changeMediaView(view, { search, ...(view.filter === 'albums' ? { filter: 'all' } : {}) })),
    [show, view],
  );

  // Going live: the stored switches, and the acceptance kept in step between storage and cookie.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    setLive(true);
    setSwitches({ compact: false, titles: false, ...Object.fromEntries(config.toolbar.switches.map((s) => [s.name, storedFlag(s.storageKey)])) });
    if (config.matureWarning) {
      if (initiallyAccepted) rememberAcceptance();
      else if (storedFlag(MATURE_STORAGE_KEY)) {
        // Accepted before, but the cookie is gone: it comes back silently, and so does the gallery.
        rememberAcceptance();
        setAccepted(true);
        void fetchPage(initialView);
      }
    }
    // The server may have read the address differently from how it was typed: show its reading.
    if (location.pathname === rules.path && location.pathname + location.search !== href(initialView)) history.replaceState(null, '', href(initialView));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back and forward: the view of the address (an open album included).
  useEffect(() => {
    const onPop = () => {
      if (location.pathname !== rules.path) return;
      albumPushed.current = false;
      const next = readView(rules, new URLSearchParams(location.search));
      setView(next);
      setSelected(new Set());
      if (next.filter === 'albums') setSelecting(false);
      void fetchPage(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [fetchPage, rules]);

  // With no viewer or dialog open, Left and Right change page within bounds.
  useEffect(() => {
    if (!accepted || uploadOpen || inAlbums) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || typingIn(event.target)) return;
      if (document.querySelector('dialog[open], [aria-roledescription="media viewer"]')) return;
      const page = view.page + (event.key === 'ArrowLeft' ? -1 : 1);
      if (page < 1 || page > (data?.totalPages ?? 1)) return;
      event.preventDefault();
      show({ ...view, page });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [accepted, uploadOpen, inAlbums, view, data, show]);

  // The scroll-to-top button, once the page has scrolled past 100 px.
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Items still processing are asked for again until they are ready (or failed).
  useProcessingRefresh(items, client.loadItem, setData);

  function accept() {
    rememberAcceptance();
    setAccepted(true);
    void fetchPage(view);
  }

  const replaceItem = (item: MediaItem) => setData((d) => (d ? { ...d, media: d.media.map((m) => (m._id === item._id ? item : m)) } : d));
  const reload = () => fetchPage(view, true);

  function setSwitch(name: SwitchName, on: boolean) {
    setSwitches((s) => ({ ...s, [name]: on }));
    const stored = config.toolbar.switches.find((s) => s.name === name);
    if (stored) storeFlag(stored.storageKey, on);
  }

  function setSelectMode(on: boolean) {
    setSelecting(on);
    setSelected(new Set());
  }

  function openUpload() {
    toast.close();
    setUploadOpen(true);
  }

  function openAddFromGallery() {
    toast.close();
    // The dialog opens itself for each new count (it may still be loading its script).
    setAddOpened((n) => n + 1);
  }

  /** Whether the open album's address was pushed from the albums list here (Back to Albums then goes back). */
  const albumPushed = useRef(false);
  /** An album opened or closed in the albums view: the address says which (reload and Back keep it). */
  const onOpenAlbum = useCallback(
    (album: string | null) => {
      if (album === null && albumPushed.current) {
        // Back to Albums is the browser's Back: the history stays as the visitor walked it.
        albumPushed.current = false;
        history.back();
        return;
      }
      const next = changeMediaView({ ...view, filter: 'albums' }, album ? { album } : {});
      history.pushState(null, '', href(next));
      albumPushed.current = album !== null;
      setView(next);
    },
    [view, href],
  );

  const { header } = config;
  const heading = (
    <div className="mb-5 min-w-0">
      {header.backLink ? (
        <a href={header.backLink.href} className="btn-ghost -ml-2 mb-2 px-2 text-sm no-underline">
          <ChevronIcon direction="left" size={18} />
          {words.backLink ?? header.backLink.label}
        </a>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        {/* The title and Upload share a row on phones too. */}
        <div className="min-w-0 flex-1 basis-40">
          <h1 className="gallery-heading">
            {words.title ?? text.title}
            {header.badge ? <span className="chip bg-warn/15 text-warn">{header.badge}</span> : null}
          </h1>
          {accepted ? <Tagline taglines={header.taglines} /> : null}
          {words.blurb ? <p className="mt-2 max-w-3xl text-sm text-muted">{words.blurb}</p> : null}
        </div>
        {accepted ? (
          <div className="flex min-w-0 flex-wrap gap-2">
            {header.addFromGallery ? (
              <button
                type="button"
                className="btn-outline"
                onClick={openAddFromGallery}
                onPointerEnter={preloadDialogs}
                onFocus={preloadDialogs}
                disabled={!live}
                aria-haspopup="dialog"
              >
                <ImagesIcon size={16} />
                Add from Gallery to Premium
              </button>
            ) : null}
            <button
              type="button"
              className="btn-primary"
              onClick={openUpload}
              onPointerEnter={preloadDialogs}
              onFocus={preloadDialogs}
              disabled={!live}
              aria-haspopup="dialog"
            >
              <UploadIcon size={16} />
              Upload
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );

  // The toolbar and the pager: the server's HTML until they are used (when-used.tsx).
  const toolbarHost = useRef<HTMLDivElement>(null);
  const pagerHost = useRef<HTMLDivElement>(null);
  const count = inAlbums || data === null ? null : data.totalItems;
  const toolbar = useWhenUsed(
    Toolbar,
    toolbarHost,
    <Toolbar
      config={config}
      view={view}
      live={live}
      selecting={selecting}
      switches={switches}
      count={count}
      onView={show}
      onSearch={onSearch}
      onSelecting={setSelectMode}
      onSwitch={setSwitch}
      // biome-ignore lint/complexity/noCommaOperator: kept from before the linter; fix when this code is next touched
      onFindDuplicates={() => (toast.close(), setDuplicatesOpen(true))}
    />,
    JSON.stringify([accepted, view, selecting, switches, count]),
  );
  const paged = data && data.totalItems > 0 ? data : null;
  const pager = useWhenUsed(
    MediaPager,
    pagerHost,
    paged ? (
      <MediaPager
        rules={rules}
        view={view}
        totalPages={paged.totalPages}
        totalItems={paged.totalItems}
        showTotal={!config.toolbar.count}
        live={live}
        onView={show}
      />
    ) : null,
    JSON.stringify([view, paged?.totalPages, paged?.totalItems]),
  );

  if (!accepted) {
    return (
      <>
        {heading}
        <Suspense fallback={null}>
          <MatureWarning returnTo={href(view)} onAccept={accept} />
        </Suspense>
      </>
    );
  }

  const [emptyTitle, emptyHint] = text.empty(view);

  return (
    // From sm the floating Upload and Back to top buttons sit above the corners' bar: the page keeps
    // their room at its end, so at the end of the scroll they cover nothing.
    <div className="min-w-0 sm:pb-16">
      {heading}
      <div ref={toolbarHost} data-when-used="toolbar">
        {toolbar}
      </div>

      {libraries?.length && !inAlbums ? (
        <Suspense fallback={null}>
          <LibraryFilter libraries={libraries} view={view} live={live} onView={show} />
        </Suspense>
      ) : null}
      {inAlbums ? (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted">
              Loading albums...
            </p>
          }
        >
          <AlbumsPanel config={config} isAdmin={isAdmin} initialAlbumId={view.album ?? null} onOpenAlbum={onOpenAlbum} />
        </Suspense>
      ) : (
        <>
          <p role="status" className={loading || data === null ? 'mb-3 text-sm text-muted' : 'sr-only'}>
            {loading || data === null ? text.loading : ''}
          </p>
          {data === null ? null : (
            <MediaGrid
              config={config}
              items={items}
              replaceItem={replaceItem}
              reload={reload}
              dependsOn={{ favorite: view.filter === 'favorites', title: Boolean(view.search) || view.sortBy === 'title', tags: Boolean(view.search) }}
              toast={toast}
              live={live}
              inBin={inBin}
              switches={switches}
              selecting={selecting}
              setSelecting={setSelecting}
              selected={selected}
              setSelected={setSelected}
              isAdmin={isAdmin}
              loading={loading}
              empty={
                <div className="card px-6 py-14 text-center">
                  <p className="font-semibold">{emptyTitle}</p>
                  <p className="mt-1 text-sm text-muted">{emptyHint}</p>
                </div>
              }
            />
          )}
          <div ref={pagerHost} data-when-used="pager">
            {pager}
          </div>
        </>
      )}

      {selecting && !inAlbums ? null : (
        <button
          type="button"
          onClick={openUpload}
          onPointerEnter={preloadDialogs}
          onFocus={preloadDialogs}
          disabled={!live}
          aria-label={text.uploadButton}
          title={text.uploadButton}
          // On phones the header's Upload button is the way (nothing floats over the cards); from sm a
          // floating button, for which the page keeps room at its end.
          className="floating-upload"
        >
          <UploadIcon size={22} />
        </button>
      )}
      {/* In select mode the bar takes the bottom of the screen. */}
      {scrolled && !selecting ? (
        <button
          type="button"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          aria-label="Back to top"
          title="Back to top"
          // On phones in the middle of the bottom bar (room the page keeps), so it covers no card.
          className="back-to-top"
        >
          <ChevronIcon direction="right" size={18} className="-rotate-90" />
        </button>
      ) : null}

      {uploadOpen || duplicatesOpen || addOpened > 0 ? (
        <Suspense fallback={null}>
          <GalleryDialogs
            config={config}
            toast={toast}
            upload={uploadOpen}
            duplicates={duplicatesOpen}
            addOpened={addOpened}
            onCloseUpload={() => setUploadOpen(false)}
            onCloseDuplicates={() => setDuplicatesOpen(false)}
            reload={reload}
          />
        </Suspense>
      ) : null}
      {toast.render()}
    </div>
  );
}
