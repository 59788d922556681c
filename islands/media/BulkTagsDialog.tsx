// Edit Tags for a selection (both galleries' select mode): the tag picker, and whether the tags are
// added to each item's own, removed from them or replace them; one bulk call of the gallery
// (add-tags, remove-tags or set-tags).

import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { MAX_TAG_LENGTH, normaliseTags, splitTags } from '../../src/shared/media.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { TagPicker } from './TagPicker.tsx';

export type BulkTagMode = 'add' | 'remove' | 'set';

export function BulkTagsDialog({
  control,
  count,
  opened,
  onSave,
  children,
}: {
  control: DialogControl;
  /** How many items are selected. */
  count: number;
  opened: number;
  onSave: (mode: BulkTagMode, tags: string[]) => Promise<void>;
  children?: ReactNode;
}) {
  const [tags, setTags] = useState<string[]>([]);
  const [custom, setCustom] = useState('');
  const [mode, setMode] = useState<BulkTagMode>('add');
  const [saving, setSaving] = useState(false);
  const name = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    setTags([]);
    setCustom('');
    setMode('add');
  }, [opened]);

  const all = normaliseTags([...tags, ...splitTags(custom)]);
  // Adding or removing nothing is a mistake; replacing with nothing clears every tag.
  const invalid = splitTags(custom).some((t) => t.length > MAX_TAG_LENGTH) || (mode !== 'set' && all.length === 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || invalid) return;
    setSaving(true);
    await onSave(mode, all);
    setSaving(false);
  }

  return (
    <Dialog control={control} title={`Edit Tags of ${count} ${count === 1 ? 'item' : 'items'}`}>
      <form onSubmit={submit}>
        <div className="space-y-4 px-6">
          <fieldset className="min-w-0">
            <legend className="mb-1.5 text-sm font-medium">How to apply</legend>
            <div className="flex flex-wrap gap-2">
              {(
                [
                  ['add', 'Add to their tags'],
                  ['remove', 'Remove from their tags'],
                  ['set', 'Replace their tags'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className={`inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold focus-within:outline focus-within:outline-2 focus-within:outline-accent ${mode === value ? 'border-accent bg-accent/10 text-accent' : 'border-line text-fg'}`}
                >
                  <input
                    type="radio"
                    name={name}
                    value={value}
                    checked={mode === value}
                    onChange={() => setMode(value)}
                    className="accent-[rgb(var(--c-accent))]"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="max-h-[50vh] overflow-y-auto">
            <TagPicker selected={tags} onChange={setTags} custom={custom} onCustom={setCustom} />
          </div>
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving || invalid}>
            {saving ? 'Saving…' : 'Save Tags'}
          </button>
        </DialogActions>
      </form>
      {children}
    </Dialog>
  );
}
