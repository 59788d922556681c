// A gallery page's own dialogs, loaded when one is first opened, not with the page: Upload (with
// the models it offers, asked for as it opens), Find Duplicates and Add from Gallery to Premium.
// Each dialog is a script of its own besides (decision records 0030 and 0041).

import { Suspense, useEffect, useState } from 'react';
import { useDialog } from '../components/useDialog.ts';
import type { ToastControl } from '../components/useToast.tsx';
import type { GalleryConfig } from './gallery-config.ts';
import { lazily } from './lazily.ts';
import { loadModels, type ModelChoice } from './media-client.ts';

const UploadDialog = lazily(() => import('./UploadDialog.tsx').then((m) => m.UploadDialog));
const DuplicatesDialog = lazily(() => import('./DuplicatesDialog.tsx').then((m) => m.DuplicatesDialog));
const AddFromGalleryDialog = lazily(() => import('./AddFromGalleryDialog.tsx').then((m) => m.AddFromGalleryDialog));

/** The dialogs' own scripts (tests load them first). */
export const PARTS = [UploadDialog, DuplicatesDialog, AddFromGalleryDialog];

/** The toast place of Add from Gallery to Premium. */
const ADD_FROM_GALLERY_PLACE = 'add-from-gallery';

export function GalleryDialogs({
  config,
  toast,
  upload,
  duplicates,
  addOpened,
  onCloseUpload,
  onCloseDuplicates,
  reload,
}: {
  config: GalleryConfig;
  toast: ToastControl;
  upload: boolean;
  duplicates: boolean;
  /** How often Add from Gallery to Premium was opened (it opens itself on each new count). */
  addOpened: number;
  onCloseUpload: () => void;
  onCloseDuplicates: () => void;
  reload: () => Promise<void>;
}) {
  const { text } = config;
  const [models, setModels] = useState<ModelChoice[] | null>(null);
  const addDialog = useDialog();

  // The upload's models, asked for at each opening until they came.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked for as the dialog opens, not when the list changes
  useEffect(() => {
    if (upload && models === null) void loadModels(text.modelsFailed).then((o) => o.ok && setModels(o.value));
  }, [upload]);

  return (
    <Suspense fallback={null}>
      {duplicates ? <DuplicatesDialog gallery={config.gallery} open onClose={onCloseDuplicates} onChanged={() => void reload()} /> : null}
      {upload ? (
        <UploadDialog
          open
          variant={config.gallery}
          toastMs={config.toast.ms}
          onClose={onCloseUpload}
          onUploaded={() => void reload()}
          onDone={(message) => toast.show(message, 'success')}
          models={(models ?? []).map((m) => ({ id: m._id, name: m.name }))}
        />
      ) : null}
      {config.header.addFromGallery && addOpened > 0 ? (
        <AddFromGalleryDialog
          control={addDialog}
          opened={addOpened}
          onError={(message) => toast.show(message, 'error', addDialog.isOpen() ? ADD_FROM_GALLERY_PLACE : 'page')}
          onMoved={async (n) => {
            toast.show(text.movedToPremium?.(n) ?? '', 'success');
            await reload();
          }}
        >
          {toast.render(ADD_FROM_GALLERY_PLACE)}
        </AddFromGalleryDialog>
      ) : null}
    </Suspense>
  );
}
