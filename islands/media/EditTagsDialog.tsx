// Edit Tags: the item's tags with the tag picker (which loads GET /api/tags), saved with
// PUT /api/gallery/{id}/update {tags}; new tags still in the custom field are saved too.

import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { MAX_TAG_LENGTH, type MediaItem, normaliseTags, splitTags } from '../../src/shared/media.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { TagPicker } from './TagPicker.tsx';

export function EditTagsDialog({
  control,
  item,
  opened,
  onSave,
  children,
}: {
  control: DialogControl;
  item: MediaItem | null;
  opened: number;
  onSave: (item: MediaItem, tags: string[]) => Promise<void>;
  children?: ReactNode;
}) {
  const [tags, setTags] = useState<string[]>([]);
  const [custom, setCustom] = useState('');
  const [saving, setSaving] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    setTags(item?.tags ?? []);
    setCustom('');
  }, [item, opened]);

  const extra = splitTags(custom);
  const invalid = extra.some((t) => t.length > MAX_TAG_LENGTH);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!item || saving || invalid) return;
    setSaving(true);
    await onSave(item, normaliseTags([...tags, ...extra]));
    setSaving(false);
  }

  return (
    <Dialog control={control} title="Edit Tags">
      <form onSubmit={submit}>
        <div className="px-6">
          <TagPicker selected={tags} onChange={setTags} custom={custom} onCustom={setCustom} />
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving || invalid}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </DialogActions>
      </form>
      {children}
    </Dialog>
  );
}
