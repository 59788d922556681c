// The Watch island's calls, through the islands' API client (server texts shown as-is). The API
// keeps the spec's path, /api/streaming-sites.

import { type StreamingSite, WATCH_TEXT, type WatchFilter, watchListQuery } from '../../src/shared/watch.ts';
import { api } from '../lib/api.ts';

/** What the add and edit dialog sends. */
export interface SiteDraft {
  name: string;
  url: string;
  category: string;
  description: string;
}

const path = (site: Pick<StreamingSite, '_id'>) => `/api/streaming-sites/${encodeURIComponent(site._id)}`;

export const watchApi = {
  /** The tab's page (its search and page number in the filter). */
  list: (filter: WatchFilter) => api<StreamingSite[]>(`/api/streaming-sites?${watchListQuery(filter)}`, { fallback: WATCH_TEXT.loadFailed }),
  create: (draft: SiteDraft) => api<StreamingSite>('/api/streaming-sites', { method: 'POST', body: draft, fallback: WATCH_TEXT.saveFailed }),
  update: (site: Pick<StreamingSite, '_id'>, draft: SiteDraft) =>
    api<StreamingSite>(path(site), { method: 'PUT', body: draft, fallback: WATCH_TEXT.saveFailed }),
  setFavorite: (site: Pick<StreamingSite, '_id'>, isFavorite: boolean) =>
    api<StreamingSite>(path(site), { method: 'PUT', body: { isFavorite }, fallback: WATCH_TEXT.favoriteFailed }),
  remove: (site: Pick<StreamingSite, '_id'>) => api(path(site), { method: 'DELETE', fallback: WATCH_TEXT.deleteFailed }),
  /** Watch Now's record of the visit (the link itself opens the site). */
  visit: (site: Pick<StreamingSite, '_id'>) => api<StreamingSite>(`${path(site)}/visit`, { method: 'POST', fallback: 'Error recording the visit' }),
};
