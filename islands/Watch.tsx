// The Watch island: the streaming-site grid with its tabs, search and pager (plain links and a GET
// form, so the list works before the island is live), the add / edit dialog, the delete
// confirmation, favourite toggles, Watch Now visits, and the spec's toasts (closing after 6 s).

import { useState } from 'react';
import { type StreamingSite, WATCH_TEXT, type WatchFilter } from '../src/shared/watch.ts';
import { useDialog } from './components/Dialog.tsx';
import { PlusIcon } from './components/Icons.tsx';
import { TOAST_MS, useToast } from './components/useToast.tsx';
import { DeleteSiteDialog } from './watch/DeleteSiteDialog.tsx';
import { SiteCard } from './watch/SiteCard.tsx';
import { SiteDialog } from './watch/SiteDialog.tsx';
import { EmptyState, SearchForm, WatchPager, WatchTabs } from './watch/WatchNavigation.tsx';
import { watchApi } from './watch/watch-api.ts';

export type WatchProps = {
  sites: StreamingSite[];
  /** How many sites the filter matches in all (the grid shows one page of them). */
  total: number;
  filter: WatchFilter;
};

/** Whether a site still belongs in the list the filter shows (after a change). */
function stillShown(site: StreamingSite, filter: WatchFilter): boolean {
  if (filter.tab === 'favorites') return site.isFavorite;
  if (filter.tab === 'all') return true;
  return site.category.toLowerCase() === filter.tab;
}

export default function Watch({ sites: initialSites, total: initialTotal, filter }: WatchProps) {
  const [sites, setSites] = useState(initialSites);
  const [total, setTotal] = useState(initialTotal);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<StreamingSite | null>(null);
  const [opening, setOpening] = useState(0);
  const [deleting, setDeleting] = useState<StreamingSite | null>(null);
  const toast = useToast(TOAST_MS.sites);
  const siteDialog = useDialog();
  const deleteDialog = useDialog();

  const setBusyFor = (id: string, on: boolean) =>
    setBusy((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const replace = (site: StreamingSite) => setSites((list) => list.map((s) => (s._id === site._id ? site : s)));

  /** The current tab's page again, from the server (after an add, a delete, or a site leaving the tab). */
  async function reload(): Promise<void> {
    const outcome = await watchApi.list(filter);
    if (!outcome.ok || !Array.isArray(outcome.value)) {
      toast.show(outcome.ok ? WATCH_TEXT.loadFailed : outcome.message, 'error');
      return;
    }
    setSites(outcome.value);
    setTotal(outcome.total ?? outcome.value.length);
  }

  function openAdd() {
    toast.close();
    setEditing(null);
    setOpening((n) => n + 1);
    siteDialog.open();
  }

  function openEdit(site: StreamingSite) {
    toast.close();
    setEditing(site);
    setOpening((n) => n + 1);
    siteDialog.open();
  }

  function openDelete(site: StreamingSite) {
    toast.close();
    setDeleting(site);
    deleteDialog.open();
  }

  async function saved(site: StreamingSite, added: boolean) {
    toast.show(added ? WATCH_TEXT.added : WATCH_TEXT.updated, 'success');
    if (!added && stillShown(site, filter)) replace(site);
    else await reload();
  }

  async function deleted() {
    toast.show(WATCH_TEXT.deleted, 'success');
    await reload();
  }

  async function toggleFavorite(site: StreamingSite) {
    setBusyFor(site._id, true);
    const isFavorite = !site.isFavorite;
    const outcome = await watchApi.setFavorite(site, isFavorite);
    setBusyFor(site._id, false);
    if (!outcome.ok) {
      toast.show(outcome.message, 'error');
      return;
    }
    toast.show(isFavorite ? WATCH_TEXT.favoriteOn : WATCH_TEXT.favoriteOff, 'success');
    if (stillShown(outcome.value, filter)) replace(outcome.value);
    else await reload();
  }

  /** Watch Now: the link opens the site by itself; the visit is recorded on the side. */
  async function visit(site: StreamingSite) {
    const outcome = await watchApi.visit(site);
    if (outcome.ok) replace(outcome.value);
  }

  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchForm filter={filter} />
        <button type="button" className="btn-primary shrink-0" onClick={openAdd} aria-haspopup="dialog">
          <PlusIcon />
          Add Streaming Site
        </button>
      </div>
      <WatchTabs filter={filter} />
      <p className="mb-4 text-sm text-muted" aria-live="polite">
        {total === 0 ? '' : total === 1 ? '1 site' : `${total} sites`}
      </p>
      {sites.length === 0 ? (
        <EmptyState filter={filter} onAdd={openAdd} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" aria-label="Streaming sites">
          {sites.map((site) => (
            <li key={site._id} className="flex min-w-0">
              <SiteCard site={site} busy={busy.has(site._id)} onToggleFavorite={toggleFavorite} onEdit={openEdit} onDelete={openDelete} onVisit={visit} />
            </li>
          ))}
        </ul>
      )}
      <WatchPager filter={filter} total={total} />
      <SiteDialog control={siteDialog} toast={toast} editing={editing} opening={opening} onSaved={saved} />
      <DeleteSiteDialog control={deleteDialog} toast={toast} site={deleting} onDeleted={deleted} />
      {toast.render()}
    </>
  );
}
