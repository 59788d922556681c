// The Admin Panel's Libraries card: the folders on the server indexed where they are, each with
// its owner, gallery, tags, counts and last scan (its figures and first errors), Scan now, and a
// progress bar while a scan waits or runs (the card asks again every LIBRARY_POLL_MS until it
// ends). Add, Edit and Remove open dialogs whose code loads when first opened.

import { useCallback, useEffect, useState } from 'react';
import type { PublicUser } from '../../src/shared/contracts/users.ts';
import type { Library, LibraryScan } from '../../src/shared/libraries.ts';
import { useLazyDialog } from '../components/Dialog.tsx';
import { PlusIcon, RefreshIcon } from '../components/Icons.tsx';
import type { ToastControl } from '../components/useToast.tsx';
import { freeGalleryName as galleryName } from '../lib/discreet-mode.ts';
import { adminCall } from './admin-api.ts';

/** How often the card asks for a library's state while its scan waits or runs. */
export const LIBRARY_POLL_MS = 1500;
/** How many of a scan's errors the card lists. */
const ERRORS_SHOWN = 3;

export const LIBRARY_CARD_TEXT = {
  loadFailed: 'Failed to load libraries',
  scanFailed: 'Failed to start the scan',
  scanStarted: (name: string) => `Scan of ${name} started`,
  empty: 'No libraries yet. Add a folder on the server to index it where it is.',
} as const;

const loadDialogs = () => import('./library-dialogs.tsx');

const active = (scan: LibraryScan | null) => scan?.state === 'queued' || scan?.state === 'running';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '');

function FolderIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </svg>
  );
}

/** The figures of a scan, in words. */
export function scanFigures(scan: LibraryScan): string {
  return [
    `${plural(scan.found, 'file')} found`,
    `${scan.added} added`,
    `${scan.updated} updated`,
    `${scan.missing} missing`,
    `${scan.skipped} skipped`,
    `${scan.failed} failed`,
  ].join(' · ');
}

export function ScanState({ library }: { library: Library }) {
  const scan = library.lastScan;
  if (!scan) return <p className="text-sm text-muted">Not scanned yet.</p>;
  if (active(scan)) {
    const label = scan.state === 'queued' ? 'Scan queued…' : 'Scanning…';
    return (
      <div className="space-y-1">
        <p className="text-sm font-semibold">{label}</p>
        {/* No total is known before the walk ends: the bar runs without a value. */}
        <progress aria-label={`Scan of ${library.name}`} className="upload-progress h-2 w-full overflow-hidden rounded-full" />
        {scan.state === 'running' ? <p className="text-xs text-muted tabular-nums">So far: {scanFigures(scan)}</p> : null}
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <p className="text-sm">
        <span className={`font-semibold ${scan.state === 'failed' ? 'text-danger' : ''}`}>{scan.state === 'failed' ? 'Last scan failed' : 'Last scan'}</span>
        {scan.finishedAt ? <span className="text-muted"> · {when(scan.finishedAt)}</span> : null}
      </p>
      <p className="text-xs text-muted tabular-nums">{scanFigures(scan)}</p>
      {scan.errors.length > 0 ? (
        <ul aria-label={`Errors of the last scan of ${library.name}`} className="space-y-0.5 text-xs text-danger">
          {scan.errors.slice(0, ERRORS_SHOWN).map((e) => (
            <li key={`${e.path}:${e.error}`} className="break-all">
              {e.path ? `${e.path}: ` : ''}
              {e.error}
            </li>
          ))}
          {scan.errors.length > ERRORS_SHOWN ? <li className="text-muted">and {plural(scan.errors.length - ERRORS_SHOWN, 'more error')}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

export function LibrariesCard({ initial, users, toast }: { initial: Library[]; users: PublicUser[]; toast: ToastControl }) {
  const [libraries, setLibraries] = useState<Library[]>(initial);
  const [editing, setEditing] = useState<Library | null>(null);
  const [removing, setRemoving] = useState<Library | null>(null);
  const [opened, setOpened] = useState(0);
  const editDialog = useLazyDialog(loadDialogs);
  const removeDialog = useLazyDialog(loadDialogs);
  const ownerName = (id: string) => users.find((u) => u._id === id)?.name ?? 'Unknown member';

  const load = useCallback(
    async (quiet = false) => {
      const outcome = await adminCall<{ libraries?: unknown }>('/api/libraries', { fallback: LIBRARY_CARD_TEXT.loadFailed });
      if (outcome.ok && Array.isArray(outcome.value?.libraries)) setLibraries(outcome.value.libraries as Library[]);
      else if (!quiet) toast.show(outcome.ok ? LIBRARY_CARD_TEXT.loadFailed : outcome.message, 'error');
    },
    [toast.show],
  );

  // While a scan waits or runs, the list is asked for again until none does.
  const scanning = libraries.some((l) => active(l.lastScan));
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (a new list) sets the next timer
  useEffect(() => {
    if (!scanning) return;
    const timer = setTimeout(() => void load(true), LIBRARY_POLL_MS);
    return () => clearTimeout(timer);
  }, [scanning, libraries, load]);

  const replace = (library: Library) =>
    setLibraries((list) => (list.some((l) => l._id === library._id) ? list.map((l) => (l._id === library._id ? library : l)) : [...list, library]));

  async function scan(library: Library) {
    toast.close();
    const outcome = await adminCall<Library>(`/api/libraries/${encodeURIComponent(library._id)}/scan`, {
      method: 'POST',
      fallback: LIBRARY_CARD_TEXT.scanFailed,
    });
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    replace(outcome.value);
    toast.show(LIBRARY_CARD_TEXT.scanStarted(library.name), 'success');
  }

  function openEdit(library: Library | null) {
    toast.close();
    setEditing(library);
    setOpened((n) => n + 1);
    editDialog.open();
  }

  function openRemove(library: Library) {
    toast.close();
    setRemoving(library);
    removeDialog.open();
  }

  return (
    <section aria-labelledby="admin-libraries-title" className="card min-w-0 p-4 sm:p-6">
      <div className="flex flex-wrap items-start gap-3">
        <span aria-hidden="true" className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <FolderIcon />
        </span>
        <div className="min-w-0 flex-1 basis-56">
          <h2 id="admin-libraries-title" className="text-lg font-bold">
            Libraries
          </h2>
          <p className="text-sm text-muted">Folders on the server, indexed where they are. The hub reads them and never changes, moves or deletes a file.</p>
        </div>
        <button type="button" className="btn-primary w-full sm:w-auto" onClick={() => openEdit(null)} aria-haspopup="dialog">
          <PlusIcon />
          Add Library
        </button>
      </div>
      {libraries.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{LIBRARY_CARD_TEXT.empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-xl border border-line">
          {libraries.map((library) => (
            <li key={library._id} aria-label={library.name} className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start">
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{library.name}</span>
                  <span className={`chip ${library.gallery === 'premium' ? 'bg-warn/15 text-warn' : 'bg-raised text-fg border border-line'}`}>
                    {library.gallery === 'premium' ? 'Premium' : galleryName()}
                  </span>
                </div>
                <p className="break-all font-mono text-xs text-muted">{library.path}</p>
                <p className="text-sm">
                  <span className="text-muted">Owner</span> {ownerName(library.ownerId)}
                  <span className="text-muted"> · </span>
                  {plural(library.itemCount, 'item')}
                  {library.offlineCount > 0 ? <span className="text-warn"> · {library.offlineCount} offline</span> : null}
                </p>
                {library.tags.length > 0 ? (
                  <p className="flex flex-wrap gap-1">
                    {library.tags.map((tag) => (
                      <span key={tag} className="chip bg-accent/10 text-accent">
                        {tag}
                      </span>
                    ))}
                  </p>
                ) : null}
              </div>
              <div aria-live="polite" className="min-w-0">
                <ScanState library={library} />
              </div>
              <div className="flex flex-wrap gap-2 md:flex-col md:items-stretch">
                <button
                  type="button"
                  className="btn-outline px-3 py-1.5 text-xs"
                  onClick={() => void scan(library)}
                  disabled={active(library.lastScan)}
                  aria-label={`Scan now: ${library.name}`}
                >
                  <RefreshIcon size={14} className={active(library.lastScan) ? 'animate-spin' : ''} />
                  Scan now
                </button>
                <button
                  type="button"
                  className="btn-outline px-3 py-1.5 text-xs"
                  onClick={() => openEdit(library)}
                  aria-haspopup="dialog"
                  aria-label={`Edit ${library.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn-ghost px-3 py-1.5 text-xs text-danger"
                  onClick={() => openRemove(library)}
                  aria-haspopup="dialog"
                  aria-label={`Remove ${library.name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editDialog.module ? (
        <editDialog.module.LibraryDialog control={editDialog} toast={toast} users={users} editing={editing} opened={opened} onSaved={replace} />
      ) : null}
      {removeDialog.module ? (
        <removeDialog.module.RemoveLibraryDialog
          control={removeDialog}
          toast={toast}
          library={removing}
          onRemoved={(id) => setLibraries((list) => list.filter((l) => l._id !== id))}
        />
      ) : null}
    </section>
  );
}
