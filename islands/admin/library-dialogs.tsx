// The Libraries card's dialogs, loaded when first opened: Add Library / Edit Library (a folder
// picker that only offers folders under the library roots, the owner among the members, the
// gallery, tags and a name) and Remove Library (which says the files are never touched).

import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { PublicUser } from '../../src/shared/contracts/users.ts';
import { LIBRARY_TEXT, type Library, type LibraryFolders } from '../../src/shared/libraries.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { SelectField, TextField } from '../components/Field.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { freeGalleryName as galleryName } from '../lib/discreet-mode.ts';
import { adminCall } from './admin-api.ts';

export const LIBRARY_DIALOG_PLACE = 'library';
export const LIBRARY_DIALOG_TEXT = {
  saveFailed: 'Failed to save the library',
  removeFailed: 'Failed to remove the library',
  foldersFailed: 'Failed to list the folders',
  added: (name: string) => `Library ${name} added: its first scan has started`,
  updated: (name: string) => `Library ${name} updated`,
  noRoots: 'No library roots are set on the server: set LIBRARY_ROOTS to the folders libraries may be added under.',
} as const;

/** Browses the folders under the roots; the folder open is the one chosen (none at the roots). */
export function FolderPicker({ value, onPick }: { value: string; onPick: (path: string) => void }) {
  const [listing, setListing] = useState<LibraryFolders | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  const browse = useCallback(
    async (path: string) => {
      setError('');
      setLoading(true);
      const outcome = await adminCall<LibraryFolders>(`/api/libraries/folders${path ? `?path=${encodeURIComponent(path)}` : ''}`, {
        fallback: LIBRARY_DIALOG_TEXT.foldersFailed,
      });
      setLoading(false);
      if (!outcome.ok) return setError(outcome.message);
      setListing(outcome.value);
      onPick(outcome.value.path ?? '');
    },
    [onPick],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens at the folder given when the dialog opened
  useEffect(() => {
    void browse(value);
  }, []);

  // No roots on the server: the hub answers so (400) before any listing.
  if ((listing && listing.roots.length === 0) || (listing === null && error === LIBRARY_TEXT.noRoots))
    return <p className="rounded-xl border border-warn/50 bg-warn/10 px-4 py-3 text-sm">{LIBRARY_DIALOG_TEXT.noRoots}</p>;
  const here = listing?.path ?? null;
  const up = here === null ? null : (listing?.parent ?? '');
  return (
    <div role="group" aria-labelledby="library-folder-label" className="rounded-xl border border-line">
      <div className="border-b border-line px-3 py-2">
        <p id="library-folder-label" className="text-sm font-medium">
          Folder
        </p>
        <p aria-live="polite" className="break-all font-mono text-xs">
          {here ?? <span className="font-sans text-muted">Choose a root, then the folder inside it.</span>}
        </p>
      </div>
      {error ? (
        <p role="alert" className="px-3 py-2 text-xs text-danger">
          {error}
        </p>
      ) : null}
      <ul aria-label="Folders" className="max-h-56 overflow-y-auto py-1 text-sm">
        {up !== null ? (
          <li>
            <button type="button" className="w-full px-3 py-1.5 text-left text-muted hover:bg-raised" onClick={() => void browse(up)}>
              ↑ {up === '' ? 'All roots' : 'Up one folder'}
            </button>
          </li>
        ) : null}
        {listing === null ? (
          loading ? (
            <li className="px-3 py-1.5 text-muted">Loading folders…</li>
          ) : null
        ) : (
          (here === null ? listing.roots.map((path) => ({ name: path, path })) : listing.folders).map((folder) => (
            <li key={folder.path}>
              <button type="button" className="w-full break-all px-3 py-1.5 text-left hover:bg-raised" onClick={() => void browse(folder.path)}>
                <svg
                  width={16}
                  height={16}
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  aria-hidden="true"
                  className="mr-2 inline-block align-[-3px] text-accent"
                >
                  <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
                </svg>
                {folder.name}
              </button>
            </li>
          ))
        )}
        {listing && here !== null && listing.folders.length === 0 ? <li className="px-3 py-1.5 text-xs text-muted">No folders inside.</li> : null}
      </ul>
    </div>
  );
}

type Draft = { name: string; path: string; ownerId: string; gallery: 'gallery' | 'premium'; tags: string };
const draftOf = (library: Library | null): Draft =>
  library
    ? { name: library.name, path: library.path, ownerId: library.ownerId, gallery: library.gallery, tags: library.tags.join(', ') }
    : { name: '', path: '', ownerId: '', gallery: 'gallery', tags: '' };

export function LibraryDialog({
  control,
  toast,
  users,
  editing,
  opened,
  onSaved,
}: {
  control: DialogControl;
  toast: ToastControl;
  users: PublicUser[];
  /** The library edited; null: a new one. */
  editing: Library | null;
  /** Counts the openings: each starts from the library edited (or blank), the picker where it is. */
  opened: number;
  onSaved: (library: Library) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [saving, setSaving] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening
  useEffect(() => setDraft(draftOf(editing)), [opened]);
  const pick = useCallback((path: string) => setDraft((d) => ({ ...d, path })), []);
  const canSave = draft.path !== '' && draft.ownerId !== '';

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave || saving) return;
    setSaving(true);
    const name = draft.name.trim();
    const body = editing
      ? { ...(name ? { name } : {}), path: draft.path, gallery: draft.gallery, tags: draft.tags }
      : { ...(name ? { name } : {}), path: draft.path, ownerId: draft.ownerId, gallery: draft.gallery, tags: draft.tags };
    const url = editing ? `/api/libraries/${encodeURIComponent(editing._id)}` : '/api/libraries';
    const outcome = await adminCall<Library>(url, { method: editing ? 'PUT' : 'POST', body, fallback: LIBRARY_DIALOG_TEXT.saveFailed });
    setSaving(false);
    if (!outcome.ok) return toast.show(outcome.message, 'error', control.isOpen() ? LIBRARY_DIALOG_PLACE : 'page');
    control.close();
    onSaved(outcome.value);
    toast.show(editing ? LIBRARY_DIALOG_TEXT.updated(outcome.value.name) : LIBRARY_DIALOG_TEXT.added(outcome.value.name), 'success');
  }

  return (
    <Dialog control={control} title={editing ? 'Edit Library' : 'Add Library'} width="lg" onClose={() => toast.closeIn(LIBRARY_DIALOG_PLACE)}>
      <form onSubmit={save} noValidate>
        <div className="max-h-[70vh] space-y-4 overflow-y-auto px-6 pb-2">
          <p className="text-sm text-muted">The hub indexes the folder where it is, read-only: its files are never changed, moved or deleted.</p>
          <FolderPicker key={opened} value={editing?.path ?? ''} onPick={pick} />
          <SelectField
            label="Owner"
            required
            disabled={editing !== null}
            hint={editing ? "A library's owner cannot change." : 'Its items go to this member’s gallery.'}
            value={draft.ownerId}
            onValue={(ownerId) => setDraft((d) => ({ ...d, ownerId }))}
          >
            <option value="">Choose a member…</option>
            {users.map((u) => (
              <option key={u._id} value={u._id}>
                {u.name} ({u.username})
              </option>
            ))}
          </SelectField>
          <SelectField label="Gallery" value={draft.gallery} onValue={(g) => setDraft((d) => ({ ...d, gallery: g === 'premium' ? 'premium' : 'gallery' }))}>
            <option value="gallery">{galleryName()}</option>
            <option value="premium">Premium</option>
          </SelectField>
          <TextField label="Tags" hint="Comma-separated; new items get them." value={draft.tags} onValue={(tags) => setDraft((d) => ({ ...d, tags }))} />
          <TextField
            label="Name"
            hint="Optional: the folder's name when left empty."
            value={draft.name}
            onValue={(name) => setDraft((d) => ({ ...d, name }))}
          />
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={control.close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={!canSave || saving}>
            {saving ? 'Saving…' : editing ? 'Save' : 'Add and Scan'}
          </button>
        </DialogActions>
      </form>
      {toast.render(LIBRARY_DIALOG_PLACE)}
    </Dialog>
  );
}

export function RemoveLibraryDialog({
  control,
  toast,
  library,
  onRemoved,
}: {
  control: DialogControl;
  toast: ToastControl;
  library: Library | null;
  onRemoved: (id: string) => void;
}) {
  const [removing, setRemoving] = useState(false);
  async function remove() {
    if (!library || removing) return;
    setRemoving(true);
    const outcome = await adminCall<{ message?: string }>(`/api/libraries/${encodeURIComponent(library._id)}`, {
      method: 'DELETE',
      fallback: LIBRARY_DIALOG_TEXT.removeFailed,
    });
    setRemoving(false);
    if (!outcome.ok) return toast.show(outcome.message, 'error', control.isOpen() ? LIBRARY_DIALOG_PLACE : 'page');
    control.close();
    onRemoved(library._id);
    toast.show(outcome.value?.message ?? 'Library removed', 'success');
  }
  return (
    <Dialog control={control} title="Remove Library" width="sm" onClose={() => toast.closeIn(LIBRARY_DIALOG_PLACE)}>
      <div className="space-y-3 break-words px-6 text-sm">
        <p>
          Remove <strong>{library?.name}</strong>? Its {library?.itemCount ?? 0} items leave the hub, with their tags, favourites and album places.
        </p>
        <p className="rounded-xl border border-line bg-raised px-4 py-3">
          The files are never touched: nothing in <span className="break-all font-mono text-xs">{library?.path}</span> is changed, moved or deleted.
        </p>
      </div>
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close} disabled={removing}>
          Cancel
        </button>
        <button type="button" className="btn-danger" onClick={remove} disabled={removing}>
          {removing ? 'Removing…' : 'Remove'}
        </button>
      </DialogActions>
      {toast.render(LIBRARY_DIALOG_PLACE)}
    </Dialog>
  );
}
