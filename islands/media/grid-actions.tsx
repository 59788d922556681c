// What the media grid does once someone acts on it, loaded with the first action (or as a pointer
// or focus first reaches the grid), not with the page: the calls behind the card menu, the
// favourite button and the viewer (favourite, delete, restore, delete forever, the dialogs'
// saves, the bulk calls of select mode), the menu's list of actions as it opens, and the parts
// drawn only after an action: the select-mode
// bar's wiring, the menu's dialogs and the viewer (each of those its own script, loaded when first
// opened). MediaGrid keeps the state and the cards; this module works on its `GridContext`.

import { Suspense, useEffect } from 'react';
import type { BulkAction, Gallery, MediaItem } from '../../src/shared/media.ts';
import { type DialogControl, useDialog } from '../components/useDialog.ts';
import type { ApiResult } from '../lib/api.ts';
import type { BulkTagMode } from './BulkTagsDialog.tsx';
import type { MenuAction } from './CardMenu.tsx';
import type { CardActionName } from './gallery-config.ts';
import { lazily } from './lazily.ts';
import { titleOf } from './MediaCard.tsx';
import type { GridContext, Place } from './MediaGrid.tsx';
import type { BulkBody } from './media-api.ts';
import { clientOf, forGallery, loadModels, setProfilePicture } from './media-client.ts';
import { SELECTION_LABELS, SELECTION_TEXT } from './selection-words.ts';
import { RATE_FAILED, rate, rateBody, ratedText } from './stars.tsx';
import { forgetVocabulary } from './tag-vocabulary.ts';

// The viewer, the select-mode bar and the menu's dialogs load when first opened (their own scripts).
const EditTitleDialog = lazily(() => import('./EditTitleDialog.tsx').then((m) => m.EditTitleDialog));
const EditTagsDialog = lazily(() => import('./EditTagsDialog.tsx').then((m) => m.EditTagsDialog));
const BulkTagsDialog = lazily(() => import('./BulkTagsDialog.tsx').then((m) => m.BulkTagsDialog));
const DetailsDialog = lazily(() => import('./DetailsDialog.tsx').then((m) => m.DetailsDialog));
const ProfilePictureDialog = lazily(() => import('./ProfilePictureDialog.tsx').then((m) => m.ProfilePictureDialog));
const Viewer = lazily(() => import('./Viewer.tsx').then((m) => m.Viewer));
const ConfirmDialog = lazily(() => import('./ConfirmDialog.tsx').then((m) => m.ConfirmDialog));
const SelectionBar = lazily(() => import('./SelectionBar.tsx').then((m) => m.SelectionBar));
const MoveToAlbumDialog = lazily(() => import('../albums/MoveToAlbumDialog.tsx').then((m) => m.MoveToAlbumDialog));

/** The parts this module loads when first opened. */
export const PARTS = [
  EditTitleDialog,
  EditTagsDialog,
  BulkTagsDialog,
  DetailsDialog,
  ProfilePictureDialog,
  Viewer,
  ConfirmDialog,
  SelectionBar,
  MoveToAlbumDialog,
];

/** A dialog's handle (there once GridParts is: a dialog's save runs from within it). */
const control = (g: GridContext, place: Place) => g.controls.current?.[place];
const fail = (g: GridContext, message: string, place: Place) => g.toast.show(message, 'error', control(g, place)?.isOpen() ? place : 'page');

export async function favorite(g: GridContext, item: MediaItem): Promise<void> {
  g.setBusyId(item._id);
  const outcome = await clientOf(item).toggleFavorite(item._id, g.config.text.favoriteFailed);
  g.setBusyId(null);
  if (!outcome.ok) return g.toast.show(outcome.message, 'error');
  g.replaceItem(outcome.value);
  g.toast.show(outcome.value.isFavorite ? g.config.text.favoriteOn : g.config.text.favoriteOff, 'success');
  if (g.dependsOn.favorite) await g.reload();
}

export async function moveToBin(g: GridContext, item: MediaItem): Promise<void> {
  const outcome = await clientOf(item).toBin(item._id, g.config.text.deleteFailed);
  if (!outcome.ok) return fail(g, outcome.message, 'confirm');
  control(g, 'confirm')?.close();
  g.toast.show(g.config.text.deleted, 'success');
  await g.reload();
}

export async function restore(g: GridContext, item: MediaItem): Promise<void> {
  g.setBusyId(item._id);
  const outcome = await clientOf(item).restore(item._id, g.config.text.restoreFailed);
  g.setBusyId(null);
  if (!outcome.ok) return g.toast.show(outcome.message, 'error');
  g.toast.show(g.config.text.restored, 'success');
  await g.reload();
}

export async function deleteForever(g: GridContext, item: MediaItem): Promise<void> {
  const outcome = await clientOf(item).purge(item._id, g.config.text.purgeFailed);
  if (!outcome.ok) return fail(g, outcome.message, 'confirm');
  control(g, 'confirm')?.close();
  g.toast.show(g.config.text.purged, 'success');
  await g.reload();
}

async function saveTitle(g: GridContext, item: MediaItem, title: string): Promise<void> {
  const { text } = g.config;
  const outcome = await clientOf(item).update(item._id, { title }, text.titleFailed);
  if (!outcome.ok) return fail(g, outcome.message || text.titleFailed, 'edit-title');
  g.replaceItem(outcome.value);
  control(g, 'edit-title')?.close();
  g.toast.show(text.titleUpdated, 'success');
  if (g.dependsOn.title) await g.reload();
}

async function saveTags(g: GridContext, item: MediaItem, tags: string[]): Promise<void> {
  const { text } = g.config;
  const outcome = await clientOf(item).update(item._id, { tags }, text.tagsFailed);
  if (!outcome.ok) return fail(g, outcome.message || text.tagsFailed, 'edit-tags');
  // New custom tags join the vocabulary the pickers offer.
  forgetVocabulary();
  g.replaceItem(outcome.value);
  control(g, 'edit-tags')?.close();
  g.toast.show(text.tagsUpdated, 'success');
  if (g.dependsOn.tags) await g.reload();
}

/**
 * One bulk action on the selection: a call per gallery the chosen items are of (an album holds
 * items of both; each gallery's call is one transaction). The first failure is the answer.
 */
async function bulkOnChosen(g: GridContext, body: Omit<BulkBody, 'ids'>, fallback: string, only?: Gallery): Promise<ApiResult<number>> {
  const chosen = new Set(g.chosen);
  const bySource = new Map<Gallery, string[]>();
  for (const item of g.items) {
    if (!chosen.has(item._id) || (only && item.source !== only)) continue;
    bySource.set(item.source, [...(bySource.get(item.source) ?? []), item._id]);
  }
  let updated = 0;
  let status = 200;
  for (const [gallery, ids] of bySource) {
    const outcome = await forGallery(gallery).bulk({ ...body, ids }, fallback);
    if (!outcome.ok) return outcome;
    updated += outcome.value.updated;
    status = outcome.status;
  }
  return { ok: true, status, value: updated, total: null };
}

const TAG_ACTIONS = { add: 'add-tags', remove: 'remove-tags', set: 'set-tags' } as const satisfies Record<BulkTagMode, BulkAction>;

async function saveBulkTags(g: GridContext, mode: BulkTagMode, tags: string[]): Promise<void> {
  const { text } = g.config;
  const ids = g.chosen;
  const outcome = await bulkOnChosen(g, { action: TAG_ACTIONS[mode], tags }, text.tagsFailed);
  if (!outcome.ok) return fail(g, outcome.message || text.tagsFailed, 'bulk-tags');
  forgetVocabulary();
  control(g, 'bulk-tags')?.close();
  g.toast.show(SELECTION_TEXT[g.config.selection.labels].tags(ids.length), 'success');
  await g.reload();
}

/** Favorite (`on`) or Unfavorite on the selection; the selection stays for the next action. */
async function favoriteSelected(g: GridContext, on: boolean): Promise<void> {
  const { text } = g.config;
  const ids = g.chosen;
  const outcome = await bulkOnChosen(g, { action: on ? 'favorite' : 'unfavorite' }, text.favoriteFailed);
  if (!outcome.ok) return g.toast.show(outcome.message || text.favoriteFailed, 'error');
  g.toast.show(SELECTION_TEXT[g.config.selection.labels].favorite(ids.length, on), 'success');
  await g.reload();
}

/** Rate on the selection (null clears the stars); the selection stays for the next action. */
async function rateSelected(g: GridContext, stars: number | null): Promise<void> {
  const ids = g.chosen;
  const outcome = await bulkOnChosen(g, rateBody(stars), RATE_FAILED);
  if (!outcome.ok) return g.toast.show(outcome.message || RATE_FAILED, 'error');
  g.toast.show(ratedText(ids.length, stars), 'success');
  await g.reload();
}

/** The Red Room's selection to premium, once confirmed (there is no way back but one item at a time by hand). */
async function moveSelectedToPremium(g: GridContext): Promise<void> {
  const { text } = g.config;
  const outcome = await bulkOnChosen(g, { action: 'move-to-premium' }, PREMIUM_MOVE_FAILED, 'gallery');
  control(g, 'confirm')?.close();
  if (!outcome.ok) g.toast.show(outcome.message || PREMIUM_MOVE_FAILED, 'error');
  else {
    g.setSelected(new Set());
    g.toast.show(text.movedToPremium?.(outcome.value) ?? '', 'success');
  }
  await g.reload();
}
/** The spec's words when moving to premium fails. */
const PREMIUM_MOVE_FAILED = 'Failed to move items to premium';
const moveToPremiumQuestion = (n: number) =>
  `Move ${n === 1 ? '1 selected item' : `${n} selected items`} to Premium? ${n === 1 ? 'It leaves' : 'They leave'} The Red Room; the premium gallery shows ${n === 1 ? 'it' : 'them'}, behind the premium lock when it is on.`;

async function deleteSelected(g: GridContext): Promise<void> {
  const { text } = g.config;
  const ids = g.chosen;
  // One call, one transaction: every item goes, or none does.
  const outcome = await bulkOnChosen(g, { action: g.inBin ? 'permanent-delete' : 'delete' }, text.someFailed);
  control(g, 'confirm')?.close();
  if (!outcome.ok) g.toast.show(text.someFailed, 'error');
  else {
    g.setSelected(new Set());
    g.toast.show(
      g.inBin ? SELECTION_TEXT[g.config.selection.labels].purged(ids.length) : SELECTION_TEXT[g.config.selection.labels].deleted(ids.length),
      'success',
    );
  }
  await g.reload();
}

/** The models Set as Profile Picture offers, asked for as the dialog opens. */
export async function ensureModels(g: GridContext): Promise<void> {
  const outcome = await loadModels(g.config.text.modelsFailed);
  if (!outcome.ok) return fail(g, outcome.message, 'profile-picture');
  g.setModels(outcome.value);
}

async function setPicture(g: GridContext, item: MediaItem, modelId: string): Promise<void> {
  const outcome = await setProfilePicture(modelId, item._id, g.config.text.profileFailed);
  if (!outcome.ok) return fail(g, outcome.message, 'profile-picture');
  control(g, 'profile-picture')?.close();
  g.toast.show(g.config.text.profileSet, 'success');
}

/** The card's and the viewer's menu: the gallery's actions in its order (spec), the bin's own. */
export function menuFor(g: GridContext, item: MediaItem): MenuAction[] {
  const { text } = g.config;
  const { album } = g;
  if (item.deletedAt || g.inBin) {
    return [
      // A library item tells where its file is (View Details), in the bin too.
      ...(item.library ? [{ label: 'View Details', run: () => g.openDialog(item, 'details') }] : []),
      { label: 'Restore', run: () => void restore(g, item) },
      {
        label: 'Delete Forever',
        danger: true,
        run: () => g.ask({ title: 'Delete Forever', message: text.purgeConfirm, action: 'Delete Forever', run: () => deleteForever(g, item) }),
      },
    ];
  }
  const make: Record<CardActionName, () => MenuAction | null> = {
    select: () => ({
      label: g.selected.has(item._id) ? 'Deselect' : 'Select',
      run: () => {
        g.setViewer(null);
        g.setSelecting(true);
        g.toggleSelected(item);
      },
    }),
    favorite: () => ({ label: item.isFavorite ? 'Remove from Favorites' : 'Add to Favorites', run: () => void favorite(g, item) }),
    details: () => ({ label: 'View Details', run: () => g.openDialog(item, 'details') }),
    editTitle: () => ({ label: 'Edit Title', run: () => g.openDialog(item, 'edit-title') }),
    editTags: () => ({ label: 'Edit Tags', run: () => g.openDialog(item, 'edit-tags') }),
    addToAlbum: () => ({ label: text.addToAlbum, run: () => g.openMoveToAlbum([item._id]) }),
    // Inside an album only, for an item with a picture (images and videos).
    albumCover: () => (album && item.thumbnail ? { label: 'Set as Album Thumbnail', run: () => void album.setCover(item) } : null),
    profilePicture: () =>
      item.type === 'image' && item.status === 'ready'
        ? {
            label: 'Set as Profile Picture',
            run: () => {
              g.openDialog(item, 'profile-picture');
              void ensureModels(g);
            },
          }
        : null,
    delete: () => ({
      label: 'Delete',
      danger: true,
      run: () => g.ask({ title: 'Delete Media', message: `Move “${titleOf(item)}” to the recycling bin?`, action: 'Delete', run: () => moveToBin(g, item) }),
    }),
  };
  const names: CardActionName[] = [...g.config.menu];
  // A library item tells where its file is (View Details) in either gallery.
  if (item.library && !names.includes('details')) names.splice(Math.max(0, names.indexOf('delete')), 0, 'details');
  if (album && !names.includes('albumCover')) names.splice(Math.max(0, names.indexOf('delete')), 0, 'albumCover');
  const actions = names.map((name) => make[name]()).filter((a): a is MenuAction => a !== null);
  if (album) actions.splice(actions.length - 1, 0, { label: 'Remove from Album', run: () => void album.remove(item) });
  return actions;
}

/** Opens a dialog once it is there: on each new count (the first one also loads and mounts it). */
function OpenWhenReady({ control, count }: { control: DialogControl; count: number | undefined }) {
  useEffect(() => {
    if (count) control.open();
  }, [control, count]);
  return null;
}

/** What the grid draws after an action: the select-mode bar, the menu's dialogs and the viewer. */
export function GridParts({ g }: { g: GridContext }) {
  const { config, toast, openings, items, chosen, inBin, viewer } = g;
  const controls: Record<Place, DialogControl> = {
    'edit-title': useDialog(),
    'edit-tags': useDialog(),
    'profile-picture': useDialog(),
    confirm: useDialog(),
    details: useDialog(),
    'bulk-tags': useDialog(),
  };
  g.controls.current = controls;
  const { text } = config;

  /** A dialog from its first opening on, with what opens it. */
  const whenOpened = (place: Place, dialog: React.ReactNode) =>
    openings[place] ? (
      <Suspense fallback={null}>
        {dialog}
        <OpenWhenReady control={controls[place]} count={openings[place]} />
      </Suspense>
    ) : null;

  return (
    <>
      {g.selecting ? (
        <Suspense fallback={null}>
          <SelectionBar
            config={config}
            count={chosen.length}
            inBin={inBin}
            allChosen={g.allChosen}
            empty={items.length === 0}
            onAll={() =>
              g.setSelected(
                g.allChosen && SELECTION_LABELS[config.selection.labels].all !== SELECTION_LABELS[config.selection.labels].allChosen
                  ? new Set()
                  : new Set(items.map((m) => m._id)),
              )
            }
            onClear={() => g.setSelected(new Set())}
            onTags={() => g.openDialog(null, 'bulk-tags')}
            onAlbum={() => g.openMoveToAlbum(chosen)}
            onFavorite={(on) => void favoriteSelected(g, on)}
            onRate={(stars) => void rateSelected(g, stars)}
            onPremium={() =>
              g.ask({
                title: 'Move to Premium',
                message: moveToPremiumQuestion(chosen.length),
                action: 'Move to Premium',
                run: () => moveSelectedToPremium(g),
              })
            }
            onDelete={() =>
              g.ask({
                title: inBin ? 'Delete Forever' : SELECTION_TEXT[config.selection.labels].deleteTitle,
                message: SELECTION_TEXT[config.selection.labels].deleteConfirm(chosen.length, inBin),
                action: inBin ? 'Delete Forever' : 'Delete',
                run: () => deleteSelected(g),
              })
            }
          />
        </Suspense>
      ) : null}

      {whenOpened(
        'edit-title',
        <EditTitleDialog control={controls['edit-title']} item={g.target} opened={g.opened} onSave={(item, title) => saveTitle(g, item, title)}>
          {toast.render('edit-title')}
        </EditTitleDialog>,
      )}
      {whenOpened(
        'edit-tags',
        <EditTagsDialog control={controls['edit-tags']} item={g.target} opened={g.opened} onSave={(item, tags) => saveTags(g, item, tags)}>
          {toast.render('edit-tags')}
        </EditTagsDialog>,
      )}
      {whenOpened(
        'profile-picture',
        <ProfilePictureDialog
          control={controls['profile-picture']}
          item={g.target}
          opened={g.opened}
          models={g.models}
          onSave={(item, modelId) => setPicture(g, item, modelId)}
        >
          {toast.render('profile-picture')}
        </ProfilePictureDialog>,
      )}
      {whenOpened(
        'bulk-tags',
        <BulkTagsDialog control={controls['bulk-tags']} count={chosen.length} opened={g.opened} onSave={(mode, tags) => saveBulkTags(g, mode, tags)}>
          {toast.render('bulk-tags')}
        </BulkTagsDialog>,
      )}
      {whenOpened('details', <DetailsDialog control={controls.details} item={g.target} />)}
      {whenOpened(
        'confirm',
        <ConfirmDialog control={controls.confirm} confirmation={g.confirmation}>
          {toast.render('confirm')}
        </ConfirmDialog>,
      )}
      <Suspense fallback={null}>
        {g.albumIds ? (
          <MoveToAlbumDialog
            open
            gallery={config.gallery}
            mediaIds={g.albumIds}
            toastMs={config.toast.ms}
            {...(text.movedToAlbum ? { successText: text.movedToAlbum } : {})}
            onClose={() => g.setAlbumIds(null)}
            onMoved={(message) => {
              toast.show(message, 'success');
              if ((g.albumIds?.length ?? 0) > 1 || config.gallery === 'premium') g.setSelected(new Set());
            }}
          />
        ) : null}
        {viewer && items.length > 0 ? (
          <Viewer
            variant={config.viewer}
            items={items}
            index={Math.min(viewer.index, items.length - 1)}
            fullscreen={viewer.fullscreen}
            isAdmin={config.viewer === 'premium' ? false : g.isAdmin}
            {...(config.viewer === 'premium' ? { menuFor: (item: MediaItem) => menuFor(g, item) } : {})}
            onClose={() => g.setViewer(null)}
            onIndexChange={(index: number) => g.setViewer((v) => (v ? { ...v, index } : v))}
            onFavorite={(item) => favorite(g, item)}
            onDelete={(item) => moveToBin(g, item)}
            onPlayed={(item: MediaItem) => g.replaceItem({ ...item, playCount: (item.playCount ?? 0) + 1 })}
            onRate={(item: MediaItem, stars: number | null) => rate(g, item, stars)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
