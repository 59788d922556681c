// The Albums panel of both galleries: title 'Albums', Create Album, the album cards (cover, name,
// two-line description, item count, created date) with Edit Album / Delete Album, 'No Albums Yet';
// opening an album shows its detail (AlbumDetail), whose address the page keeps. Albums are shared
// by the galleries: the gallery's configuration says which media Add Media offers, the toasts'
// time and place, and the card menu of the album's items.

import { useCallback, useEffect, useState } from 'react';
import type { Album } from '../../src/shared/albums.ts';
import { useDialog } from '../components/Dialog.tsx';
import { PlusIcon } from '../components/Icons.tsx';
import { useToast } from '../components/useToast.tsx';
import { CardMenu, type MenuAction } from '../media/CardMenu.tsx';
import { type Confirmation, ConfirmDialog } from '../media/ConfirmDialog.tsx';
import type { GalleryConfig } from '../media/gallery-config.ts';
import { AlbumCover, createdText, itemCount } from './AlbumCover.tsx';
import { AlbumDetail } from './AlbumDetail.tsx';
import { AlbumFormDialog } from './AlbumFormDialog.tsx';
import { ALBUM_TEXT, type AlbumInput, createAlbum, deleteAlbum, failureText, listAlbums, updateAlbum } from './albums-api.ts';
import { SelectThumbnailDialog } from './SelectThumbnailDialog.tsx';

/** Albums asked for at a time (the API's largest page). */
const PANEL_PAGE = 100;

export interface AlbumsPanelProps {
  /** The gallery this panel is part of (The Red Room's or Premium's configuration). */
  config: GalleryConfig;
  /** Passed to the viewer of an album's items. */
  isAdmin?: boolean;
  /** Opens this album straight away (an album chosen before the panel showed). */
  initialAlbumId?: string | null;
  /** Called when an album is opened or closed (null), e.g. to keep it in the address. */
  onOpenAlbum?: (albumId: string | null) => void;
}

export function AlbumsPanel({ config, isAdmin = false, initialAlbumId = null, onOpenAlbum }: AlbumsPanelProps) {
  const [albums, setAlbums] = useState<Album[] | null>(null);
  const [more, setMore] = useState(false);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(initialAlbumId);
  const [editing, setEditing] = useState<Album | null>(null);
  const [opened, setOpened] = useState(0);
  const [thumbFor, setThumbFor] = useState<Album | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const mode = config.gallery;
  const toast = useToast(config.toast.ms, config.toast.at);
  const formDialog = useDialog();
  const confirmDialog = useDialog();

  /** Page 1 afresh, or the next page added below the albums shown. */
  const load = useCallback(
    async (next = 1) => {
      const outcome = await listAlbums(PANEL_PAGE, next);
      if (!outcome.ok) {
        toast.show(failureText(outcome, ALBUM_TEXT.loadFailed), 'error');
        setAlbums((a) => a ?? []);
        return;
      }
      const { albums: found, totalPages } = outcome.value;
      setAlbums((a) => (next === 1 ? found : [...(a ?? []), ...found.filter((f) => !a?.some((x) => x._id === f._id))]));
      setPage(next);
      setMore(totalPages > next);
    },
    [toast.show],
  );

  useEffect(() => {
    void load();
  }, [load]);

  // The address changed (Back, Forward): the album it names, or the list.
  useEffect(() => setOpenId(initialAlbumId), [initialAlbumId]);

  const place = (dialog: { isOpen(): boolean }, name: string) => (dialog.isOpen() ? name : 'page');
  const replaceAlbum = (album: Album) => setAlbums((list) => (list ? list.map((a) => (a._id === album._id ? album : a)) : list));

  function openForm(album: Album | null) {
    toast.close();
    setEditing(album);
    setOpened((n) => n + 1);
    formDialog.open();
  }

  async function save(input: AlbumInput) {
    const outcome = editing ? await updateAlbum(editing._id, input) : await createAlbum(input);
    if (!outcome.ok)
      return toast.show(failureText(outcome, editing ? ALBUM_TEXT.updateFailed : ALBUM_TEXT.createFailed), 'error', place(formDialog, 'album-form'));
    formDialog.close();
    toast.show(editing ? ALBUM_TEXT.updated : ALBUM_TEXT.created, 'success');
    if (editing) replaceAlbum(outcome.value);
    else await load();
  }

  function askDelete(album: Album) {
    toast.close();
    setConfirmation({
      title: 'Delete Album',
      message: `Delete the album “${album.name}”? Its media stay in the gallery.`,
      action: 'Delete Album',
      run: async () => {
        const outcome = await deleteAlbum(album._id);
        if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.deleteFailed), 'error', place(confirmDialog, 'album-confirm'));
        confirmDialog.close();
        toast.show(ALBUM_TEXT.deleted, 'success');
        if (openId === album._id) openAlbum(null);
        await load();
      },
    });
    confirmDialog.open();
  }

  function openAlbum(id: string | null) {
    toast.close();
    setOpenId(id);
    onOpenAlbum?.(id);
    if (id === null) void load();
  }

  const menuFor = (album: Album): MenuAction[] => [
    { label: 'Edit Album', run: () => openForm(album) },
    ...(mode === 'premium' ? [{ label: 'Select Thumbnail', run: () => setThumbFor(album) }] : []),
    { label: 'Delete Album', run: () => askDelete(album), danger: true },
  ];

  const dialogs = (
    <>
      <AlbumFormDialog control={formDialog} album={editing} opened={opened} onSave={save}>
        {toast.render('album-form')}
      </AlbumFormDialog>
      <ConfirmDialog control={confirmDialog} confirmation={confirmation}>
        {toast.render('album-confirm')}
      </ConfirmDialog>
      {thumbFor ? (
        <SelectThumbnailDialog
          album={thumbFor}
          onClose={() => setThumbFor(null)}
          onChanged={(album) => {
            replaceAlbum(album);
            toast.show(ALBUM_TEXT.thumbnailUpdated, 'success');
          }}
          toastMs={config.toast.ms}
        />
      ) : null}
      {toast.render()}
    </>
  );

  if (openId) {
    return (
      <section aria-label="Album">
        <AlbumDetail albumId={openId} config={config} isAdmin={isAdmin} toast={toast} onBack={() => openAlbum(null)} />
        {dialogs}
      </section>
    );
  }

  return (
    <section aria-labelledby="albums-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="albums-title" className="text-xl font-bold">
          {ALBUM_TEXT.title}
        </h2>
        <button type="button" className="btn-primary" onClick={() => openForm(null)} aria-haspopup="dialog">
          <PlusIcon size={16} />
          Create Album
        </button>
      </div>

      {albums === null ? (
        <p role="status" className="text-sm text-muted">
          Loading albums...
        </p>
      ) : albums.length === 0 ? (
        <div className="card px-6 py-14 text-center">
          <p className="font-semibold">{ALBUM_TEXT.empty}</p>
          <p className="mt-1 text-sm text-muted">{ALBUM_TEXT.emptyHint}</p>
        </div>
      ) : (
        <ul aria-label="Albums" className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
          {albums.map((album) => (
            <li key={album._id}>
              <article aria-labelledby={`album-${album._id}-name`} className="card relative flex h-full flex-col">
                <button
                  type="button"
                  onClick={() => openAlbum(album._id)}
                  aria-label={`Open album ${album.name}`}
                  className="block overflow-hidden rounded-t-2xl"
                >
                  <AlbumCover album={album} className="aspect-[4/3] w-full" />
                </button>
                <div className="absolute right-2 top-2">
                  <CardMenu label={`Actions for album ${album.name}`} actions={menuFor(album)} />
                </div>
                <div className="flex min-w-0 flex-1 flex-col px-3 pb-3 pt-2.5 sm:px-4 sm:pb-4 sm:pt-3">
                  <h3 id={`album-${album._id}-name`} className="truncate font-semibold" title={album.name}>
                    {album.name}
                  </h3>
                  {album.description ? <p className="mt-1 line-clamp-2 text-sm text-muted">{album.description}</p> : null}
                  <p className="mt-auto flex flex-wrap items-center justify-between gap-x-2 pt-3 text-xs text-muted">
                    <span>{itemCount(album.mediaCount)}</span>
                    <time dateTime={album.created}>{createdText(album.created)}</time>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {more ? (
        <div className="mt-6 text-center">
          <button type="button" className="btn-outline" onClick={() => void load(page + 1)}>
            Show more albums
          </button>
        </div>
      ) : null}
      {dialogs}
    </section>
  );
}
