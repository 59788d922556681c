// Select Thumbnail: the album's items to choose its cover from (PUT /api/albums/{id} {coverImage}).

import { useEffect, useState } from 'react';
import type { Album } from '../../src/shared/albums.ts';
import { GALLERY_TOAST_MS, type MediaItem } from '../../src/shared/media.ts';
import { Dialog, DialogActions, useDialog } from '../components/Dialog.tsx';
import { useToast } from '../components/useToast.tsx';
import { ALBUM_TEXT, failureText, loadAlbum, setAlbumCover } from './albums-api.ts';
import { MediaPickGrid } from './MediaPickGrid.tsx';

/** Items offered as covers (the API's largest album page). */
const COVER_CHOICES = 1000;

export function SelectThumbnailDialog({
  album,
  onClose,
  onChanged,
  toastMs = GALLERY_TOAST_MS,
}: {
  album: Album;
  onClose: () => void;
  onChanged: (album: Album) => void;
  toastMs?: number;
}) {
  const control = useDialog();
  const toast = useToast(toastMs);
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(album.coverImage?._id ?? null);
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    control.open();
    void loadAlbum(album._id, 'all', 1, COVER_CHOICES).then((outcome) => {
      if (!outcome.ok) {
        setItems([]);
        return toast.show(failureText(outcome, ALBUM_TEXT.mediaFailed), 'error');
      }
      setItems(outcome.value.media.filter((m) => m.thumbnail !== null));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function save() {
    if (saving) return;
    if (!chosen) return toast.show(ALBUM_TEXT.invalidItem, 'error');
    setSaving(true);
    const outcome = await setAlbumCover(album._id, chosen);
    setSaving(false);
    if (!outcome.ok) return toast.show(failureText(outcome, ALBUM_TEXT.thumbnailFailed), 'error');
    control.close();
    onChanged(outcome.value);
  }

  return (
    <Dialog control={control} title="Select Thumbnail" width="lg" onClose={onClose}>
      <div className="px-6">
        <p className="mb-3 text-sm text-muted">{`Choose the cover of “${album.name}”.`}</p>
        <div className="h-[min(400px,55vh)] overflow-y-auto p-1">
          {items === null ? (
            <p role="status" className="py-8 text-center text-sm text-muted">
              Loading album media...
            </p>
          ) : items.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted">{ALBUM_TEXT.albumEmpty}</p>
          ) : (
            <MediaPickGrid label="Album media" items={items} picked={(item) => item._id === chosen} onPick={(item) => setChosen(item._id)} />
          )}
        </div>
      </div>
      {toast.render()}
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={() => void save()} disabled={!chosen || saving || chosen === album.coverImage?._id}>
          {saving ? 'Saving…' : 'Set Thumbnail'}
        </button>
      </DialogActions>
    </Dialog>
  );
}
