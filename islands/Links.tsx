// The Links page's island: the cards with Visit Site (recording the visit), favourite, edit and
// delete; the add dialog (Link Dump or Manual Entry); Sync from models; bookmark export and
// import; the pager; and the spec's toasts, closing after 6 seconds. After a change it reloads
// the page of the list it shows.

import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { LINK_TEXT, LINKS_PAGE_SIZE, type Link, type LinksView, linksHref } from '../src/shared/links.ts';
import { useDialog } from './components/Dialog.tsx';
import { PlusIcon, RefreshIcon } from './components/Icons.tsx';
import { Pager } from './components/Pager.tsx';
import { TOAST_MS, useToast } from './components/useToast.tsx';
import { DeleteLinkDialog } from './links/DeleteLinkDialog.tsx';
import { DownloadIcon, UploadIcon } from './links/icons.tsx';
import { LinkCard } from './links/LinkCard.tsx';
import { LinkFormDialog } from './links/LinkFormDialog.tsx';
import { linksApi } from './links/links-api.ts';

export type LinksProps = {
  links: Link[];
  /** All links of the view (every page). */
  total: number;
  view: LinksView;
};

function emptyText(view: LinksView): string {
  if (view.search) return `No links match "${view.search}".`;
  if (view.favorite) return 'No favorite links yet.';
  if (view.category) return `No ${view.category} links yet.`;
  return 'Your collection is empty.';
}

export default function Links({ links: initialLinks, total: initialTotal, view }: LinksProps) {
  const [links, setLinks] = useState(initialLinks);
  const [total, setTotal] = useState(initialTotal);
  const [live, setLive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Link | null>(null);
  const [opened, setOpened] = useState(0);
  const [deleting, setDeleting] = useState<Link | null>(null);
  const toast = useToast(TOAST_MS.links);
  const formDialog = useDialog();
  const deleteDialog = useDialog();
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => setLive(true), []);

  async function reload(): Promise<void> {
    const outcome = await linksApi.list(view);
    if (!outcome.ok || !Array.isArray(outcome.value)) return toast.show(LINK_TEXT.loadFailed, 'error');
    setLinks(outcome.value);
    setTotal(outcome.total ?? outcome.value.length);
  }

  const replace = (link: Link) => setLinks((list) => list.map((l) => (l._id === link._id ? link : l)));

  function openForm(link: Link | null) {
    toast.close();
    setEditing(link);
    setOpened((n) => n + 1);
    formDialog.open();
  }

  async function saved(link: Link, created: boolean) {
    toast.show(created ? LINK_TEXT.created : LINK_TEXT.updated, 'success');
    if (!created) replace(link);
    await reload();
  }

  async function visit(link: Link) {
    // The browser opens the link itself (new tab); this only records the visit.
    const outcome = await linksApi.visit(link);
    if (outcome.ok) replace(outcome.value);
    else toast.show(LINK_TEXT.visitFailed, 'error');
  }

  async function favorite(link: Link) {
    const outcome = await linksApi.update(link, { isFavorite: !link.isFavorite }, LINK_TEXT.favoriteFailed);
    if (!outcome.ok) return toast.show(LINK_TEXT.favoriteFailed, 'error');
    replace(outcome.value);
    toast.show(outcome.value.isFavorite ? LINK_TEXT.favorited : LINK_TEXT.unfavorited, 'success');
    // A link taken out of Favorites leaves that tab.
    if (view.favorite && !outcome.value.isFavorite) await reload();
  }

  function askDelete(link: Link) {
    toast.close();
    setDeleting(link);
    deleteDialog.open();
  }

  async function deleted() {
    toast.show(LINK_TEXT.deleted, 'success');
    await reload();
  }

  async function sync() {
    setBusy(true);
    const outcome = await linksApi.sync();
    setBusy(false);
    if (!outcome.ok) return toast.show(LINK_TEXT.syncFailed, 'error');
    if (outcome.value.imported === 0) return toast.show(LINK_TEXT.nothingToSync, 'success');
    toast.show(LINK_TEXT.synced(outcome.value.imported), 'success');
    await reload();
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    const outcome = await linksApi.importFile(file);
    setBusy(false);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    toast.show(LINK_TEXT.imported(outcome.value.imported, outcome.value.skipped), 'success');
    await reload();
  }

  const pages = Math.max(1, Math.ceil(total / LINKS_PAGE_SIZE));
  const actions = { onVisit: visit, onFavorite: favorite, onEdit: (l: Link) => openForm(l), onDelete: askDelete };

  return (
    <>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" disabled={!live} onClick={() => openForm(null)}>
            <PlusIcon />
            Add Link
          </button>
          <button type="button" className="btn-outline" disabled={!live || busy} onClick={sync}>
            <RefreshIcon />
            Sync from models
          </button>
        </div>
        <div className="flex flex-wrap gap-1">
          <a href="/api/links/export" download="links.html" className="btn-ghost px-3">
            <DownloadIcon />
            {/* One flex item: the words are spaced by a space, not by the button's gap. */}
            <span>
              Export<span className="sr-only sm:not-sr-only"> Bookmarks</span>
            </span>
          </a>
          <label
            className={`btn-ghost px-3 ${live && !busy ? 'cursor-pointer' : 'cursor-not-allowed opacity-50'} focus-within:outline focus-within:outline-2 focus-within:outline-accent`}
          >
            <UploadIcon />
            {/* One flex item: the words are spaced by a space, not by the button's gap. */}
            <span>
              Import<span className="sr-only sm:not-sr-only"> Bookmarks</span>
            </span>
            <input ref={fileInput} type="file" accept=".html,.htm,text/html" className="sr-only" disabled={!live || busy} onChange={importFile} />
          </label>
        </div>
      </div>

      {links.length === 0 ? (
        <section className="card flex flex-col items-center gap-3 px-6 py-12 text-center">
          <p className="text-muted">{emptyText(view)}</p>
          <button type="button" className="btn-primary" disabled={!live} onClick={() => openForm(null)}>
            <PlusIcon />
            {LINK_TEXT.emptyAction}
          </button>
        </section>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {links.map((link) => (
            <LinkCard key={link._id} link={link} live={live} actions={actions} />
          ))}
        </div>
      )}

      <Pager page={view.page} pages={pages} total={`${total} links`} hrefFor={(page) => linksHref({ ...view, page })} />

      <LinkFormDialog control={formDialog} toast={toast} editing={editing} opened={opened} onSaved={saved} />
      <DeleteLinkDialog control={deleteDialog} toast={toast} link={deleting} onDeleted={deleted} />
      {toast.render()}
    </>
  );
}
