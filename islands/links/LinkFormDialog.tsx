// The add and edit dialog. Adding has two modes: 'Link Dump' (paste a URL; the hub reads the page
// and fills the form) and 'Manual Entry' (Link Name, URL, Description, Category). Editing is the
// manual form alone.

import { type FormEvent, useEffect, useState } from 'react';
import { DEFAULT_LINK_CATEGORY, isWebUrl, LINK_CATEGORIES, LINK_LIMITS, LINK_TEXT, type Link, type LinkCategory } from '../../src/shared/links.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../components/Field.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { type LinkDraft, linksApi } from './links-api.ts';

export const FORM_PLACE = 'link-form';
type Mode = 'dump' | 'manual';
type Errors = Partial<Record<'name' | 'url' | 'dump', string>>;

const EMPTY: LinkDraft = { name: '', url: '', description: '', category: DEFAULT_LINK_CATEGORY };

/** The spec's save rules, checked before sending (the server checks again). */
export function draftErrors(draft: LinkDraft): Errors {
  const errors: Errors = {};
  if (!draft.name.trim()) errors.name = LINK_TEXT.nameRequired;
  if (!draft.url.trim()) errors.url = LINK_TEXT.urlRequired;
  else if (!isWebUrl(draft.url.trim())) errors.url = LINK_TEXT.invalidUrl;
  return errors;
}

export function LinkFormDialog({
  control,
  toast,
  editing,
  opened,
  onSaved,
}: {
  control: DialogControl;
  toast: ToastControl;
  editing: Link | null;
  /** Counts the openings: each one starts from the link's stored values (or an empty form). */
  opened: number;
  onSaved: (link: Link, created: boolean) => Promise<void>;
}) {
  const [mode, setMode] = useState<Mode>('dump');
  const [draft, setDraft] = useState<LinkDraft>(EMPTY);
  const [dumpUrl, setDumpUrl] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const edit = (field: keyof LinkDraft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  // Every opening starts from the link's values (or an empty form in Link Dump mode).
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    setDraft(editing ? { name: editing.name, url: editing.url, description: editing.description, category: editing.category } : EMPTY);
    setMode(editing ? 'manual' : 'dump');
    setDumpUrl('');
    setErrors({});
  }, [editing, opened]);

  const fail = (message: string) => toast.show(message, 'error', control.isOpen() ? FORM_PLACE : 'page');

  async function detect(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = dumpUrl.trim();
    if (!url) return setErrors({ dump: LINK_TEXT.urlRequired });
    if (!isWebUrl(url)) return setErrors({ dump: LINK_TEXT.invalidUrl });
    setErrors({});
    setBusy(true);
    const outcome = await linksApi.detect(url);
    setBusy(false);
    if (!outcome.ok) return fail(outcome.message);
    const found = outcome.value;
    setDraft({ name: found.name, url: found.url, description: found.description, category: found.category });
    setMode('manual');
    if (found.warning) toast.show(found.warning, 'error', FORM_PLACE);
    else toast.show(LINK_TEXT.detected, 'success', FORM_PLACE);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = draftErrors(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const body = { name: draft.name.trim(), url: draft.url.trim(), description: draft.description.trim(), category: draft.category };
    const outcome = editing ? await linksApi.update(editing, body) : await linksApi.create(body);
    setBusy(false);
    if (!outcome.ok) return fail(outcome.message);
    control.close();
    await onSaved(outcome.value, !editing);
  }

  function closed() {
    toast.closeIn(FORM_PLACE);
  }

  const modeButton = (value: Mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      className={`btn flex-1 ${mode === value ? 'bg-accent text-accent-fg' : 'text-fg hover:bg-raised'}`}
    >
      {label}
    </button>
  );

  return (
    <Dialog control={control} title={editing ? 'Edit Link' : 'Add New Link'} onClose={closed}>
      {!editing ? (
        <div className="mx-6 mb-3 flex gap-1 rounded-xl border border-line p-1" role="group" aria-label="How to add the link">
          {modeButton('dump', 'Link Dump')}
          {modeButton('manual', 'Manual Entry')}
        </div>
      ) : null}
      {mode === 'dump' && !editing ? (
        <form onSubmit={detect} noValidate>
          <div className="space-y-3 px-6 pb-2">
            <p className="text-sm text-muted">Paste a link: the hub reads the page and fills in its name, description and category for you to check.</p>
            <TextField
              label="Paste a URL"
              type="url"
              plain
              autoComplete="off"
              placeholder="https://"
              value={dumpUrl}
              onValue={setDumpUrl}
              error={errors.dump ?? null}
              maxLength={LINK_LIMITS.url}
            />
          </div>
          <DialogActions>
            <button type="button" className="btn-ghost" onClick={() => control.close()}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? 'Detecting...' : 'Detect Details'}
            </button>
          </DialogActions>
        </form>
      ) : (
        <form onSubmit={save} noValidate>
          <div className="space-y-4 px-6 pb-2">
            <TextField
              label="Link Name"
              required
              autoComplete="off"
              value={draft.name}
              onValue={edit('name')}
              error={errors.name ?? null}
              maxLength={LINK_LIMITS.name}
            />
            <TextField
              label="URL"
              type="url"
              required
              plain
              autoComplete="off"
              value={draft.url}
              onValue={edit('url')}
              error={errors.url ?? null}
              maxLength={LINK_LIMITS.url}
            />
            <TextAreaField label="Description" rows={3} value={draft.description} onValue={edit('description')} maxLength={LINK_LIMITS.description} />
            <SelectField label="Category" value={draft.category} onValue={(value) => setDraft((d) => ({ ...d, category: value as LinkCategory }))}>
              {LINK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          </div>
          <DialogActions>
            <button type="button" className="btn-ghost" onClick={() => control.close()}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              {editing ? 'Update Link' : 'Add Link'}
            </button>
          </DialogActions>
        </form>
      )}
      {toast.render(FORM_PLACE)}
    </Dialog>
  );
}
