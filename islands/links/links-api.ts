// The Links island's calls, through the islands' API client (server texts shown as-is).

import {
  type DetectedLink,
  type ImportResult,
  LINK_TEXT,
  LINKS_PAGE_SIZE,
  type Link,
  type LinkCategory,
  type LinksView,
  linksQuery,
  type SyncResult,
} from '../../src/shared/links.ts';
import { type ApiResult, api, networkErrorText } from '../lib/api.ts';

/** What the add and edit dialogs send. */
export interface LinkDraft {
  name: string;
  url: string;
  description: string;
  category: LinkCategory;
}

const id = (link: Pick<Link, '_id'>) => encodeURIComponent(link._id);

export const linksApi = {
  list(view: LinksView) {
    const query = linksQuery({ ...view, page: 1 });
    query.set('limit', String(LINKS_PAGE_SIZE));
    query.set('offset', String((view.page - 1) * LINKS_PAGE_SIZE));
    return api<Link[]>(`/api/links?${query}`, { fallback: LINK_TEXT.loadFailed });
  },
  create: (draft: LinkDraft) => api<Link>('/api/links', { method: 'POST', body: draft, fallback: LINK_TEXT.submitFailed }),
  update: (link: Pick<Link, '_id'>, changes: Partial<LinkDraft> | { isFavorite: boolean }, fallback: string = LINK_TEXT.submitFailed) =>
    api<Link>(`/api/links/${id(link)}`, { method: 'PUT', body: changes, fallback }),
  remove: (link: Pick<Link, '_id'>) => api<unknown>(`/api/links/${id(link)}`, { method: 'DELETE', fallback: LINK_TEXT.deleteFailed }),
  visit: (link: Pick<Link, '_id'>) => api<Link>(`/api/links/${id(link)}/visit`, { method: 'POST', fallback: LINK_TEXT.visitFailed }),
  detect: (url: string) => api<DetectedLink>('/api/links/detect', { method: 'POST', body: { url }, fallback: LINK_TEXT.submitFailed }),
  sync: () => api<SyncResult>('/api/links/sync-from-models', { method: 'POST', fallback: LINK_TEXT.syncFailed }),

  /** The file goes as the raw body (the API client sends only JSON). */
  async importFile(file: Blob): Promise<ApiResult<ImportResult>> {
    let response: Response;
    try {
      response = await fetch('/api/links/import', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'text/html' },
        body: file,
      });
    } catch (cause) {
      return { ok: false, status: 0, message: networkErrorText(cause instanceof Error ? cause.message : String(cause)), cause };
    }
    const answer = (await response.json().catch(() => null)) as (ImportResult & { error?: unknown }) | null;
    if (answer && typeof answer.error === 'string' && answer.error) return { ok: false, status: response.status, message: answer.error, error: answer.error };
    if (!response.ok || !answer) return { ok: false, status: response.status, message: LINK_TEXT.importFailed };
    return { ok: true, status: response.status, value: answer, total: null };
  },
};
