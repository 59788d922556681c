// The 'Add New Streaming Site' / 'Edit Streaming Site' dialog: Site Name, URL, Category and an
// optional Description, checked here as the server checks them before anything is sent.

import { type FormEvent, useState } from 'react';
import {
  DEFAULT_STREAMING_SITE_CATEGORY,
  isStreamingSiteCategory,
  STREAMING_SITE_CATEGORIES,
  STREAMING_SITE_LIMITS,
  STREAMING_SITE_MESSAGES,
  type StreamingSite,
  type StreamingSiteCategory,
  streamingSiteUrlProblem,
  WATCH_TEXT,
} from '../../src/shared/watch.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../components/Field.tsx';
import { type Problems, useDraft } from '../components/useDraft.ts';
import type { ToastControl } from '../components/useToast.tsx';
import { watchApi } from './watch-api.ts';

type Draft = { name: string; url: string; category: StreamingSiteCategory; description: string };

const EMPTY_DRAFT: Draft = { name: '', url: '', category: DEFAULT_STREAMING_SITE_CATEGORY, description: '' };
export const SITE_DIALOG_PLACE = 'site-dialog';

const draftOf = (site: StreamingSite | null): Draft =>
  site ? { name: site.name, url: site.url, category: site.category, description: site.description } : EMPTY_DRAFT;

function problemsOf(draft: Draft): Problems<'name' | 'url'> {
  const problems: Problems<'name' | 'url'> = {};
  if (draft.name.trim() === '') problems.name = STREAMING_SITE_MESSAGES.nameRequired;
  const url = streamingSiteUrlProblem(draft.url);
  if (url) problems.url = url;
  return problems;
}

export function SiteDialog({
  control,
  toast,
  editing,
  opening,
  onSaved,
}: {
  control: DialogControl;
  toast: ToastControl;
  /** The site being edited, or null to add one. */
  editing: StreamingSite | null;
  /** Counts the openings: each one starts from the site edited (or an empty form). */
  opening: number;
  onSaved: (site: StreamingSite, added: boolean) => void;
}) {
  const { draft, setDraft, problems, edit, validate } = useDraft(() => draftOf(editing), problemsOf, editing, opening);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!validate()) return;
    setSaving(true);
    const body = { name: draft.name.trim(), url: draft.url.trim(), category: draft.category, description: draft.description.trim() };
    const outcome = editing ? await watchApi.update(editing, body) : await watchApi.create(body);
    setSaving(false);
    if (!outcome.ok) {
      toast.show(outcome.message, 'error', control.isOpen() ? SITE_DIALOG_PLACE : 'page');
      return;
    }
    control.close();
    onSaved(outcome.value, editing === null);
  }

  function closed() {
    toast.closeIn(SITE_DIALOG_PLACE);
  }

  return (
    <Dialog control={control} title={editing ? WATCH_TEXT.editTitle : WATCH_TEXT.addTitle} onClose={closed}>
      <form onSubmit={save} noValidate>
        <div className="space-y-4 px-6 pb-2">
          <TextField
            label="Site Name"
            required
            autoComplete="off"
            maxLength={STREAMING_SITE_LIMITS.name}
            value={draft.name}
            onValue={edit('name')}
            error={problems.name ?? null}
          />
          <TextField
            label="URL"
            type="url"
            inputMode="url"
            required
            plain
            autoComplete="off"
            placeholder="https://"
            maxLength={STREAMING_SITE_LIMITS.url}
            value={draft.url}
            onValue={edit('url')}
            error={problems.url ?? null}
          />
          <SelectField
            label="Category"
            value={draft.category}
            onValue={(value) => setDraft((d) => ({ ...d, category: isStreamingSiteCategory(value) ? value : d.category }))}
          >
            {STREAMING_SITE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Description (optional)"
            rows={3}
            maxLength={STREAMING_SITE_LIMITS.description}
            value={draft.description}
            onValue={edit('description')}
          />
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving…' : editing ? 'Update' : 'Add'}
          </button>
        </DialogActions>
      </form>
      {toast.render(SITE_DIALOG_PLACE)}
    </Dialog>
  );
}
