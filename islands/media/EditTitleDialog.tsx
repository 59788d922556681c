// Edit Title: the item's title, saved with PUT /api/gallery/{id}/update.

import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { MAX_TITLE_LENGTH, type MediaItem } from '../../src/shared/media.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { TextField } from '../components/Field.tsx';

export function EditTitleDialog({
  control,
  item,
  opened,
  onSave,
  children,
}: {
  control: DialogControl;
  item: MediaItem | null;
  /** Counts the openings: each starts from the stored title. */
  opened: number;
  onSave: (item: MediaItem, title: string) => Promise<void>;
  /** The dialog's toast, when one is shown. */
  children?: ReactNode;
}) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    setTitle(item?.title ?? '');
    setError(null);
  }, [item, opened]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!item || saving) return;
    if (!title.trim()) return setError('Title is required');
    setSaving(true);
    await onSave(item, title.trim());
    setSaving(false);
  }

  return (
    <Dialog control={control} title="Edit Title">
      <form onSubmit={submit}>
        <div className="px-6">
          <TextField label="Title" value={title} onValue={setTitle} maxLength={MAX_TITLE_LENGTH} error={error} autoComplete="off" />
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </DialogActions>
      </form>
      {children}
    </Dialog>
  );
}
