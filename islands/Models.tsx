// The Models island: 'Showing X of Y models', Add Model, the cards with their favourite, upload
// content, edit and delete actions, the Add/Edit Model, delete, upload and model gallery dialogs,
// and the spec's toasts (closing after 3 s).
// The server renders the first page of cards for the filters in the address; after a change the
// island asks the API for the same view again, so order and counts stay the server's.
// An open model gallery is in the address too (`?gallery=<modelId>`, a history entry of its own):
// reload and a shared link open it, Back closes it, and closing it takes it out.

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MODEL_GALLERY_PARAM, MODEL_TEXT, type Model, showingText } from '../src/shared/models.ts';
import { useLazyDialog } from './components/Dialog.tsx';
import { PlusIcon } from './components/Icons.tsx';
import { TOAST_MS, useToast } from './components/useToast.tsx';
import { ModelCard } from './models/ModelCard.tsx';
import { isModelList, modelsCall } from './models/models-api.ts';

// The dialogs' code loads when one is first opened (the model dialogs in one chunk).
const loadDialogs = () => import('./models/dialogs.ts');
const UploadDialog = lazy(() => import('./media/UploadDialog.tsx').then((m) => ({ default: m.UploadDialog })));

/** The model whose gallery the address names, or null. */
const galleryInAddress = () => new URLSearchParams(location.search).get(MODEL_GALLERY_PARAM) || null;

/** This page's address with the gallery of `modelId` open, or with none. */
function galleryAddress(modelId: string | null): string {
  const params = new URLSearchParams(location.search);
  if (modelId) params.set(MODEL_GALLERY_PARAM, modelId);
  else params.delete(MODEL_GALLERY_PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/** The history entry's state when this page pushed it to open a gallery (Close then goes back). */
interface GalleryEntry {
  modelGallery: string;
}
const pushedGallery = (): string | null => (history.state as Partial<GalleryEntry> | null)?.modelGallery ?? null;

export type ModelsProps = {
  /** The page of models the filters in the address select, in the server's order. */
  models: Model[];
  /** How many models the filters select (X of 'Showing X of Y models'). */
  shown: number;
  /** How many models the owner keeps in all (Y). */
  total: number;
  /** The API query string of this view (filters, sort, page), to load it again after a change. */
  query: string;
  /** Whether a filter or search narrows the list (for the empty text). */
  filtered: boolean;
  /** Admins see the viewer's delete icon (spec: the free gallery's viewer). */
  isAdmin?: boolean;
};

export default function Models({ models: initial, shown: initialShown, total: initialTotal, query, filtered, isAdmin = false }: ModelsProps) {
  const [models, setModels] = useState(initial);
  const [shown, setShown] = useState(initialShown);
  const [total, setTotal] = useState(initialTotal);
  const [live, setLive] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Model | null>(null);
  const [deleting, setDeleting] = useState<Model | null>(null);
  const toast = useToast(TOAST_MS.models);
  const modelDialog = useLazyDialog(loadDialogs);
  const deleteDialog = useLazyDialog(loadDialogs);
  const galleryDialog = useLazyDialog(loadDialogs);
  const [uploadFor, setUploadFor] = useState<Model | null>(null);
  const [galleryOf, setGalleryOf] = useState<Model | null>(null);

  useEffect(() => setLive(true), []);

  /** Set while the gallery closes because the address changed (Back): the history is then left as it is. */
  const closingFromHistory = useRef(false);

  /** Opens the gallery the address names: from the cards shown, else asked of the hub (it may be on another page). */
  async function openFromAddress() {
    const id = galleryInAddress();
    if (!id) {
      if (galleryDialog.isOpen()) {
        closingFromHistory.current = true;
        galleryDialog.close();
      }
      return;
    }
    let model = models.find((m) => m._id === id) ?? null;
    if (!model) {
      const outcome = await modelsCall<Model>(`/api/models/${encodeURIComponent(id)}`, { fallback: MODEL_TEXT.notFound });
      if (galleryInAddress() !== id) return;
      if (!outcome.ok) {
        // Unknown, deleted or not this member's: the page as it is, the address without it, and why.
        history.replaceState(history.state, '', galleryAddress(null));
        return toast.show(outcome.status === 404 ? MODEL_TEXT.galleryNotFound : outcome.message, 'error');
      }
      model = outcome.value;
    }
    setGalleryOf(model);
    galleryDialog.open();
  }
  const fromAddress = useRef(openFromAddress);
  fromAddress.current = openFromAddress;

  // The address at load (reload, a shared link) and after Back or Forward.
  useEffect(() => {
    const onAddress = () => void fromAddress.current();
    onAddress();
    window.addEventListener('popstate', onAddress);
    return () => window.removeEventListener('popstate', onAddress);
  }, []);

  async function reload(): Promise<void> {
    const outcome = await modelsCall<unknown>(`/api/models${query ? `?${query}` : ''}`, { fallback: MODEL_TEXT.loadFailed });
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    if (!isModelList(outcome.value)) return toast.show(MODEL_TEXT.fetchError, 'error');
    setModels(outcome.value);
    setShown(outcome.total ?? outcome.value.length);
  }

  function openAdd() {
    toast.close();
    setEditing(null);
    modelDialog.open();
  }

  function openEdit(model: Model) {
    toast.close();
    setEditing(model);
    modelDialog.open();
  }

  function openDelete(model: Model) {
    toast.close();
    setDeleting(model);
    deleteDialog.open();
  }

  function openUpload(model: Model) {
    toast.close();
    setUploadFor(model);
  }

  function openGallery(model: Model) {
    toast.close();
    if (galleryInAddress() !== model._id) history.pushState({ modelGallery: model._id } satisfies GalleryEntry, '', galleryAddress(model._id));
    setGalleryOf(model);
    galleryDialog.open();
  }

  /** The gallery closed: by Back (nothing more to do), or by Close or Escape (its address goes). */
  function galleryClosed() {
    setGalleryOf(null);
    if (closingFromHistory.current) {
      closingFromHistory.current = false;
      return;
    }
    const id = galleryInAddress();
    if (!id) return;
    // Opened here: going back is closing it, and Forward opens it again. Opened from a link: the address loses it.
    if (pushedGallery() === id) history.back();
    else history.replaceState(history.state, '', galleryAddress(null));
  }

  async function saved(model: Model, added: boolean) {
    if (added) setTotal((n) => n + 1);
    else setModels((list) => list.map((m) => (m._id === model._id ? model : m)));
    toast.show(added ? MODEL_TEXT.added : MODEL_TEXT.updated, 'success');
    await reload();
  }

  async function toggleFavorite(model: Model) {
    setBusyId(model._id);
    const outcome = await modelsCall<Model>(`/api/models/${encodeURIComponent(model._id)}`, {
      method: 'PUT',
      body: { isFavorite: !model.favorite },
      fallback: MODEL_TEXT.favoriteFailed,
    });
    setBusyId(null);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    setModels((list) => list.map((m) => (m._id === model._id ? outcome.value : m)));
    toast.show(outcome.value.favorite ? MODEL_TEXT.favoriteOn : MODEL_TEXT.favoriteOff, 'success');
    await reload();
  }

  async function remove(model: Model) {
    const outcome = await modelsCall<unknown>(`/api/models/${encodeURIComponent(model._id)}`, { method: 'DELETE', fallback: MODEL_TEXT.deleteFailed });
    deleteDialog.close();
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    setModels((list) => list.filter((m) => m._id !== model._id));
    // The deleted model was one of those shown: both counts drop with its card, before the list is read again.
    setShown((n) => Math.max(0, n - 1));
    setTotal((n) => Math.max(0, n - 1));
    toast.show(MODEL_TEXT.deleted, 'success');
    await reload();
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {showingText(shown, total)}
        </p>
        <button type="button" className="btn-primary" onClick={openAdd} disabled={!live} aria-haspopup="dialog">
          <PlusIcon />
          Add Model
        </button>
      </div>

      {models.length === 0 ? (
        <div className="card px-6 py-12 text-center">
          <p className="font-semibold">{filtered ? 'No models match these filters.' : 'No models yet.'}</p>
          <p className="mt-1 text-sm text-muted">{filtered ? 'Try another search, or clear the filters.' : 'Add the performers you follow with Add Model.'}</p>
        </div>
      ) : (
        <ul aria-label="Models" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {models.map((model) => (
            <li key={model._id}>
              <ModelCard
                model={model}
                live={live}
                busy={busyId === model._id}
                onFavorite={toggleFavorite}
                onEdit={openEdit}
                onDelete={openDelete}
                onUpload={openUpload}
                onOpenGallery={openGallery}
              />
            </li>
          ))}
        </ul>
      )}

      {modelDialog.module ? <modelDialog.module.ModelDialog control={modelDialog} toast={toast} editing={editing} onSaved={saved} /> : null}
      {deleteDialog.module ? <deleteDialog.module.DeleteModelDialog control={deleteDialog} model={deleting} onConfirm={remove} /> : null}
      {galleryDialog.module ? (
        <galleryDialog.module.ModelGalleryDialog control={galleryDialog} model={galleryOf} isAdmin={isAdmin} onClosed={galleryClosed} />
      ) : null}
      {uploadFor ? (
        <Suspense fallback={null}>
          <UploadDialog
            open
            modelId={uploadFor._id}
            models={[{ id: uploadFor._id, name: uploadFor.name }]}
            destination="gallery"
            toastMs={TOAST_MS.models}
            onClose={() => setUploadFor(null)}
            onUploaded={() => undefined}
            onDone={(message) => toast.show(message, 'success')}
          />
        </Suspense>
      ) : null}
      {toast.render()}
    </>
  );
}
