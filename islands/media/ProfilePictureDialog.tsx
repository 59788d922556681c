// Set as Profile Picture: pick one of the user's models (loaded when the dialog opens); the page
// island sends PUT /api/models/{id}/profile-picture {galleryId}.

import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { MediaItem } from '../../src/shared/media.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { SelectField } from '../components/Field.tsx';
import type { ModelChoice } from './media-api.ts';

export function ProfilePictureDialog({
  control,
  item,
  opened,
  models,
  onSave,
  children,
}: {
  control: DialogControl;
  item: MediaItem | null;
  opened: number;
  /** null while they load. */
  models: ModelChoice[] | null;
  onSave: (item: MediaItem, modelId: string) => Promise<void>;
  children?: ReactNode;
}) {
  const [modelId, setModelId] = useState('');
  const [saving, setSaving] = useState(false);
  // Each opening starts empty; the item's own model is chosen once the list has it, unless a choice was made.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => setModelId(''), [item, opened]);
  useEffect(() => {
    const own = item?.modelId;
    if (own && models?.some((m) => m._id === own)) setModelId((chosen) => chosen || own);
  }, [item, models]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!item || !modelId || saving) return;
    setSaving(true);
    await onSave(item, modelId);
    setSaving(false);
  }

  return (
    <Dialog control={control} title="Set as Profile Picture">
      <form onSubmit={submit}>
        <div className="space-y-3 px-6">
          {item?.thumbnail ? <img src={item.thumbnail} alt={item.title} className="mx-auto h-32 w-32 rounded-full object-cover ring-2 ring-line" /> : null}
          {models && models.length === 0 ? (
            <p className="text-sm text-muted">
              No models yet. Add one on the <a href="/models">Models</a> page first.
            </p>
          ) : (
            <SelectField label="Model" value={modelId} onValue={setModelId} disabled={!models} required>
              <option value="">{models ? 'Choose a model' : 'Loading models…'}</option>
              {(models ?? []).map((m) => (
                <option key={m._id} value={m._id}>
                  {m.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving || !modelId}>
            {saving ? 'Saving…' : 'Set Picture'}
          </button>
        </DialogActions>
      </form>
      {children}
    </Dialog>
  );
}
