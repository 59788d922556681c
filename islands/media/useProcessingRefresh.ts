// Items still processing on a page are asked for again, every few seconds, until they are ready
// (or failed); each fresh answer replaces its item in the page. Both galleries use it.

import { type Dispatch, type SetStateAction, useEffect } from 'react';
import type { MediaItem, MediaPage } from '../../src/shared/media.ts';
import type { ApiResult } from '../lib/api.ts';

/** How often items still processing are asked for again. */
export const PROCESSING_POLL_MS = 3000;

export function useProcessingRefresh(
  items: readonly MediaItem[],
  loadItem: (id: string) => Promise<ApiResult<MediaItem>>,
  setData: Dispatch<SetStateAction<MediaPage | null>>,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    const waiting = items.filter((i) => i.status === 'processing').map((i) => i._id);
    if (waiting.length === 0) return;
    const timer = setTimeout(async () => {
      const answers = await Promise.all(waiting.map((id) => loadItem(id)));
      const fresh = new Map(answers.flatMap((a) => (a.ok ? [[a.value._id, a.value] as const] : [])));
      setData((d) => (d ? { ...d, media: d.media.map((m) => fresh.get(m._id) ?? m) } : d));
    }, PROCESSING_POLL_MS);
    return () => clearTimeout(timer);
    // loadItem is a module function; the items are what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);
}
