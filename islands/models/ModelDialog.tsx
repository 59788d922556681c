// The Add/Edit Model dialog: Model Name, Ethnicity, Breast Size, Age, Height, Image URL,
// Description, Tags and a list of links (name and URL) with rows to add and remove. The server's
// refusal is shown inside the dialog, which stays open.

import { type FormEvent, useEffect, useState } from 'react';
import { BREAST_SIZES, ETHNICITIES, MAX_AGE, MIN_AGE, MODEL_TEXT, type Model } from '../../src/shared/models.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../components/Field.tsx';
import { PlusIcon, TrashIcon } from '../components/Icons.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { bodyOf, draftOf, EMPTY_DRAFT, type ModelDraft, modelsCall } from './models-api.ts';

/** The toast place of this dialog (a toast raised while it is open shows inside it). */
export const MODEL_DIALOG_PLACE = 'model-dialog';

export function ModelDialog({
  control,
  toast,
  editing,
  onSaved,
}: {
  control: DialogControl;
  toast: ToastControl;
  /** The model being edited, or null to add one. */
  editing: Model | null;
  onSaved: (model: Model, added: boolean) => Promise<void>;
}) {
  const [draft, setDraft] = useState<ModelDraft>(EMPTY_DRAFT);
  const [saving, setSaving] = useState(false);
  // Opening the dialog on another model (or for a new one) starts from its values.
  useEffect(() => setDraft(editing ? draftOf(editing) : EMPTY_DRAFT), [editing]);
  const edit = (field: Exclude<keyof ModelDraft, 'links'>) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const editLink = (index: number, field: 'name' | 'url', value: string) =>
    setDraft((d) => ({ ...d, links: d.links.map((l, i) => (i === index ? { ...l, [field]: value } : l)) }));
  const canSave = draft.name.trim() !== '' && !saving;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    const outcome = await modelsCall<Model>(editing ? `/api/models/${encodeURIComponent(editing._id)}` : '/api/models', {
      method: editing ? 'PUT' : 'POST',
      body: bodyOf(draft),
      fallback: MODEL_TEXT.saveFailed,
    });
    setSaving(false);
    if (!outcome.ok) {
      toast.show(outcome.message, 'error', control.isOpen() ? MODEL_DIALOG_PLACE : 'page');
      return;
    }
    control.close();
    await onSaved(outcome.value, editing === null);
  }

  function closed() {
    setDraft(editing ? draftOf(editing) : EMPTY_DRAFT);
    toast.closeIn(MODEL_DIALOG_PLACE);
  }

  return (
    <Dialog control={control} title={editing ? 'Edit Model' : 'Add Model'} onClose={closed}>
      <form onSubmit={save} noValidate>
        <div className="max-h-[65vh] space-y-4 overflow-y-auto px-6 pb-2">
          <TextField label="Model Name" required autoComplete="off" maxLength={100} value={draft.name} onValue={edit('name')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Ethnicity" value={draft.ethnicity} onValue={edit('ethnicity')}>
              <option value="">N/A</option>
              {ETHNICITIES.map((e) => (
                <option key={e} value={e}>
                  {e}
                </option>
              ))}
            </SelectField>
            <SelectField label="Breast Size" value={draft.breastSize} onValue={edit('breastSize')}>
              <option value="">N/A</option>
              {BREAST_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Age"
              type="number"
              inputMode="numeric"
              min={MIN_AGE}
              max={MAX_AGE}
              step={1}
              value={draft.age}
              onValue={edit('age')}
              hint={`${MIN_AGE} or older`}
            />
            <TextField label="Height" autoComplete="off" maxLength={50} value={draft.height} onValue={edit('height')} hint={'Such as 5\'6" or 168 cm'} />
          </div>
          <TextField label="Image URL" type="url" plain autoComplete="off" placeholder="https://" value={draft.image} onValue={edit('image')} />
          <TextAreaField label="Description" rows={3} maxLength={2000} value={draft.description} onValue={edit('description')} />
          <TextField label="Tags" autoComplete="off" value={draft.tags} onValue={edit('tags')} hint="Separate tags with commas" />
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">Links</legend>
            {draft.links.length === 0 ? <p className="text-xs text-muted">No links yet.</p> : null}
            {draft.links.map((link, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: kept from before the linter; fix when this code is next touched
              <div key={i} className="flex items-end gap-2">
                <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-[2fr_3fr]">
                  <TextField label={`Link ${i + 1} name`} autoComplete="off" maxLength={100} value={link.name} onValue={(v) => editLink(i, 'name', v)} />
                  <TextField
                    label={`Link ${i + 1} URL`}
                    type="url"
                    plain
                    autoComplete="off"
                    placeholder="https://"
                    value={link.url}
                    onValue={(v) => editLink(i, 'url', v)}
                  />
                </div>
                <button
                  type="button"
                  className="btn-ghost px-2 text-danger"
                  aria-label={`Remove link ${i + 1}`}
                  onClick={() => setDraft((d) => ({ ...d, links: d.links.filter((_, j) => j !== i) }))}
                >
                  <TrashIcon />
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn-outline px-3 py-1.5 text-xs"
              onClick={() => setDraft((d) => ({ ...d, links: [...d.links, { name: '', url: '' }] }))}
            >
              <PlusIcon size={14} />
              Add Link
            </button>
          </fieldset>
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={!canSave}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </DialogActions>
      </form>
      {toast.render(MODEL_DIALOG_PLACE)}
    </Dialog>
  );
}
