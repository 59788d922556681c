// A gallery page's view and its items: the view lives in the address, the server renders its first
// page, and after that the page keeps the address and the list in step. Another view pushes a new
// history entry and asks the hub for its page (an older answer arriving late is dropped); Back and
// Forward show the address's view; an album opened in the albums view is in the address too.

import { useCallback, useEffect, useRef, useState } from 'react';
import { expandPage, type LeanMediaPage, type MediaPage } from '../../src/shared/media.ts';
import { changeMediaView, type MediaView, readView, viewHref } from '../../src/shared/media-view.ts';
import type { ToastControl } from '../components/useToast.tsx';
import type { GalleryConfig } from './gallery-config.ts';
import { forGallery, isMediaPage } from './media-client.ts';

const EMPTY_PAGE: MediaPage = { media: [], totalItems: 0, totalPages: 0 };

export function useGalleryView(
  config: GalleryConfig,
  initialView: MediaView,
  initialPage: LeanMediaPage | MediaPage | null,
  toast: ToastControl,
  /** Another view is shown (a chip, a search, Back): what was selected is no longer in sight. */
  onNavigate: (next: MediaView) => void,
) {
  const { text, rules } = config;
  const [view, setView] = useState(initialView);
  const [data, setData] = useState<MediaPage | null>(() => initialPage && expandPage(initialPage));
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  const client = forGallery(config.gallery);
  const href = useCallback((v: MediaView) => viewHref(rules, v), [rules]);

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
  // biome-ignore lint/correctness/useExhaustiveDependencies: onNavigate only sets state
  const show = useCallback(
    (next: MediaView) => {
      history.pushState(null, '', href(next));
      setView(next);
      onNavigate(next);
      void fetchPage(next);
    },
    [fetchPage, href],
  );

  /** Whether the open album's address was pushed from the albums list here (Back to Albums then goes back). */
  const albumPushed = useRef(false);

  // Back and forward: the view of the address (an open album included).
  // biome-ignore lint/correctness/useExhaustiveDependencies: onNavigate only sets state
  useEffect(() => {
    const onPop = () => {
      if (location.pathname !== rules.path) return;
      albumPushed.current = false;
      const next = readView(rules, new URLSearchParams(location.search));
      setView(next);
      onNavigate(next);
      void fetchPage(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [fetchPage, rules]);

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

  return { view, data, setData, loading, client, href, fetchPage, show, onOpenAlbum };
}
