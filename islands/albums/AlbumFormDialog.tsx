// Create Album and Edit Album: name (required after trimming), optional description, and whether
// the album is public (new albums are). The panel makes the call; a refusal shows inside.

import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { type Album, MAX_ALBUM_DESCRIPTION_LENGTH, MAX_ALBUM_NAME_LENGTH } from '../../src/shared/albums.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { TextAreaField, TextField } from '../components/Field.tsx';
import { ALBUM_TEXT, type AlbumInput } from './albums-api.ts';

export function AlbumFormDialog({
  control,
  album,
  opened,
  onSave,
  children,
}: {
  control: DialogControl;
  /** The album edited, or null to create one. */
  album: Album | null;
  /** Counts the openings: each starts from the stored values. */
  opened: number;
  onSave: (input: AlbumInput) => Promise<void>;
  /** The dialog's toast, when one is shown. */
  children?: ReactNode;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    setName(album?.name ?? '');
    setDescription(album?.description ?? '');
    setIsPublic(album?.isPublic ?? true);
    setError(null);
  }, [album, opened]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) return setError(ALBUM_TEXT.nameRequired);
    setError(null);
    setSaving(true);
    await onSave({ name: name.trim(), description: description.trim(), isPublic });
    setSaving(false);
  }

  return (
    <Dialog control={control} title={album ? 'Edit Album' : 'Create Album'}>
      <form onSubmit={submit} noValidate>
        <div className="space-y-4 px-6">
          <TextField label="Album Name" value={name} onValue={setName} maxLength={MAX_ALBUM_NAME_LENGTH} error={error} autoComplete="off" required />
          <TextAreaField label="Description" hint="Optional" value={description} onValue={setDescription} maxLength={MAX_ALBUM_DESCRIPTION_LENGTH} rows={3} />
          <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium">
            <span aria-hidden="true">Public album</span>
            <button
              type="button"
              role="switch"
              aria-checked={isPublic}
              aria-label="Public album"
              onClick={() => setIsPublic((p) => !p)}
              className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors ${isPublic ? 'border-accent bg-accent' : 'border-line bg-raised'}`}
            >
              <span
                className={`inline-block h-4 w-4 rounded-full shadow transition-transform ${isPublic ? 'translate-x-6 bg-accent-fg' : 'translate-x-1 bg-muted'}`}
              />
            </button>
          </label>
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
            Cancel
          </button>
          {/* A name of spaces is no name: the main action waits for one. */}
          <button type="submit" className="btn-primary" disabled={saving || !name.trim()}>
            {saving ? 'Saving…' : album ? 'Save' : 'Create Album'}
          </button>
        </DialogActions>
      </form>
      {children}
    </Dialog>
  );
}
