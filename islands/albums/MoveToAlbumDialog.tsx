// Add to Album (the spec's 'Move to Album': it only adds, the items stay wherever else they are):
// the user's albums as a grid with their counts (GET /api/albums?limit=100), a refresh button, an
// inline 'Create New Album' with 'Album Name', and Add, which adds the given items with the
// gallery's bulk call (one transaction). The host page shows the success toast it is handed
// (premium passes its own wording).

import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { type Album, MAX_ALBUM_NAME_LENGTH } from '../../src/shared/albums.ts';
import { GALLERY_TOAST_MS, type Gallery } from '../../src/shared/media.ts';
import { Dialog, DialogActions, useDialog } from '../components/Dialog.tsx';
import { TextField } from '../components/Field.tsx';
import { PlusIcon, RefreshIcon } from '../components/Icons.tsx';
import { useToast } from '../components/useToast.tsx';
import { CheckIcon } from '../media/icons.tsx';
import { AlbumCover, itemCount } from './AlbumCover.tsx';
import { ALBUM_TEXT, bulkAddToAlbum, createAlbum, failureText, listAlbums } from './albums-api.ts';

export interface MoveToAlbumDialogProps {
  /** Shown while true (mount it when needed; each opening starts afresh). */
  open: boolean;
  /** The gallery the items are in: its bulk call adds them (/api/{gallery}/bulk, add-to-album). */
  gallery: Gallery;
  /** The items to add (one from a card menu, or a selection). */
  mediaIds: string[];
  onClose: () => void;
  /** After the items were added: the host shows `message` as a success toast (and may refresh). */
  onMoved: (message: string, album: Album, count: number) => void;
  /** The success toast; default 'Added {n} item(s) to album: {name}' (premium: 'N items added to album'). */
  successText?: (count: number, album: Album) => string;
  /** The dialog's own error toasts close after this long (the gallery's 6 s, premium's 4 s). */
  toastMs?: number;
  /** The dialog's title; default 'Add to Album'. */
  title?: string;
}

export function MoveToAlbumDialog({
  open,
  gallery,
  mediaIds,
  onClose,
  onMoved,
  successText = (n, album) => ALBUM_TEXT.added(n, album.name),
  toastMs = GALLERY_TOAST_MS,
  title = 'Add to Album',
}: MoveToAlbumDialogProps) {
  const control = useDialog();
  const toast = useToast(toastMs);
  const [albums, setAlbums] = useState<Album[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [showCreate, setShowCreate] = useState(false);
  const [name, setName] = useState('');
  const [moving, setMoving] = useState(false);
  const listId = useId();

  const load = useCallback(async () => {
    setLoading(true);
    const outcome = await listAlbums();
    setLoading(false);
    if (!outcome.ok) {
      toast.show(failureText(outcome, ALBUM_TEXT.loadFailed), 'error');
      setAlbums((a) => a ?? []);
      return;
    }
    setAlbums(outcome.value.albums);
  }, [toast.show]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    if (!open) return control.close();
    control.open();
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (creating) return;
    if (!name.trim()) return toast.show(ALBUM_TEXT.nameRequired, 'error');
    setCreating(true);
    const outcome = await createAlbum({ name: name.trim(), description: '', isPublic: true });
    setCreating(false);
    if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.createFailed), 'error');
    const album = outcome.value;
    setAlbums((a) => [album, ...(a ?? []).filter((x) => x._id !== album._id)]);
    setChosen(album._id);
    setName('');
    setShowCreate(false);
    toast.show(ALBUM_TEXT.created, 'success');
  }

  async function move() {
    if (moving) return;
    const album = albums?.find((a) => a._id === chosen);
    if (!album) return toast.show(ALBUM_TEXT.noAlbum, 'error');
    if (mediaIds.length === 0) return toast.show(ALBUM_TEXT.invalidItem, 'error');
    setMoving(true);
    const outcome = await bulkAddToAlbum(gallery, mediaIds, album._id);
    setMoving(false);
    if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.addFailed), 'error');
    control.close();
    onMoved(successText(mediaIds.length, album), album, mediaIds.length);
  }

  return (
    <Dialog control={control} title={title} width="lg" onClose={onClose}>
      <div className="px-6">
        <div className="mb-3 flex items-center justify-between gap-2">
          <p id={listId} className="text-sm text-muted">
            {mediaIds.length === 1 ? 'Choose an album for this item.' : `Choose an album for ${mediaIds.length} items.`}
          </p>
          <button
            type="button"
            className="btn-ghost px-2 py-1.5"
            onClick={() => void load()}
            disabled={loading}
            aria-label="Refresh albums"
            title="Refresh albums"
          >
            <RefreshIcon size={16} className={loading ? 'animate-spin' : ''} />
          </button>
        </div>

        {albums === null ? (
          <p role="status" className="py-8 text-center text-sm text-muted">
            Loading albums...
          </p>
        ) : albums.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line py-8 text-center text-sm text-muted">{ALBUM_TEXT.empty}</p>
        ) : (
          <ul aria-labelledby={listId} className="grid max-h-[min(50vh,22rem)] grid-cols-2 gap-3 overflow-y-auto p-1 sm:grid-cols-3">
            {albums.map((album) => {
              const on = chosen === album._id;
              return (
                <li key={album._id}>
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => setChosen(album._id)}
                    className={`relative flex w-full flex-col overflow-hidden rounded-xl border text-left transition-colors ${on ? 'border-accent ring-2 ring-accent' : 'border-line hover:bg-raised'}`}
                  >
                    <AlbumCover album={album} className="aspect-[4/3] w-full" />
                    <span className="block min-w-0 px-2.5 py-2">
                      <span className="block truncate text-sm font-semibold">{album.name}</span>
                      <span className="block text-xs text-muted">{itemCount(album.mediaCount)}</span>
                    </span>
                    {on ? (
                      <span
                        aria-hidden="true"
                        className="absolute right-2 top-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-accent text-accent-fg"
                      >
                        <CheckIcon size={14} />
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}

        <div className="mt-4 border-t border-line pt-4">
          {showCreate ? (
            <form onSubmit={create} className="flex flex-wrap items-end gap-2">
              <div className="min-w-[12rem] flex-1">
                <TextField label="Album Name" value={name} onValue={setName} maxLength={MAX_ALBUM_NAME_LENGTH} autoComplete="off" autoFocus />
              </div>
              <button type="button" className="btn-ghost" onClick={() => setShowCreate(false)} disabled={creating}>
                Cancel
              </button>
              <button type="submit" className="btn-outline" disabled={creating || !name.trim()}>
                {creating ? 'Creating...' : 'Create'}
              </button>
            </form>
          ) : (
            <button type="button" className="btn-outline" onClick={() => setShowCreate(true)}>
              <PlusIcon size={16} />
              Create New Album
            </button>
          )}
        </div>
      </div>
      {toast.render()}
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={moving}>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={() => void move()} disabled={!chosen || moving || mediaIds.length === 0}>
          {moving ? 'Adding…' : 'Add'}
        </button>
      </DialogActions>
    </Dialog>
  );
}
