// The grid of a media list, with all it does to its items: the cards, the card (and viewer) menu
// of the gallery's configuration, select mode and its bar (one bulk call per action), the menu's
// dialogs (Edit Title, Edit Tags, View Details, Set as Profile Picture, Move to Album, the delete
// questions), and the viewer. A gallery's page (MediaLibrary) and an open album (AlbumDetail) both
// show their items through it; an album adds Set as Album Thumbnail and Remove from Album. Each
// item's calls go to its own gallery (an album holds items of both).

import { type Dispatch, type ReactNode, type SetStateAction, Suspense, useEffect, useState } from 'react';
import type { MediaItem } from '../../src/shared/media.ts';
import type { DialogControl } from '../components/useDialog.ts';
import { useDialog } from '../components/useDialog.ts';
import type { ToastControl } from '../components/useToast.tsx';
import type { BulkTagMode } from './BulkTagsDialog.tsx';
import { type MenuAction, MenuList } from './CardMenu.tsx';
import type { Confirmation } from './ConfirmDialog.tsx';
import { lazily } from './lazily.ts';
import type { CardActionName, GridConfig, SwitchName } from './library-config.ts';
import { MediaCard, titleOf } from './MediaCard.tsx';
import { clientOf, forGallery, loadModels, type ModelChoice, setProfilePicture } from './media-client.ts';
import { forgetVocabulary } from './tag-vocabulary.ts';

// The viewer and the menu's dialogs load when first opened (their own scripts): a first visit
// needs none of them.
const EditTitleDialog = lazily(() => import('./EditTitleDialog.tsx').then((m) => m.EditTitleDialog));
const EditTagsDialog = lazily(() => import('./EditTagsDialog.tsx').then((m) => m.EditTagsDialog));
const BulkTagsDialog = lazily(() => import('./BulkTagsDialog.tsx').then((m) => m.BulkTagsDialog));
const DetailsDialog = lazily(() => import('./DetailsDialog.tsx').then((m) => m.DetailsDialog));
const ProfilePictureDialog = lazily(() => import('./ProfilePictureDialog.tsx').then((m) => m.ProfilePictureDialog));
const Viewer = lazily(() => import('./Viewer.tsx').then((m) => m.Viewer));
const ConfirmDialog = lazily(() => import('./ConfirmDialog.tsx').then((m) => m.ConfirmDialog));
const SelectionBar = lazily(() => import('./SelectionBar.tsx').then((m) => m.SelectionBar));
const MoveToAlbumDialog = lazily(() => import('../albums/MoveToAlbumDialog.tsx').then((m) => m.MoveToAlbumDialog));

/** The grid's parts that load when first opened (the card menu's list included). */
export const LAZY_PARTS = [EditTitleDialog, EditTagsDialog, BulkTagsDialog, DetailsDialog, ProfilePictureDialog, Viewer, MoveToAlbumDialog, MenuList];

type Place = 'edit-title' | 'edit-tags' | 'profile-picture' | 'confirm' | 'details' | 'bulk-tags';

/** Opens a dialog once it is there: on each new count (the first one also loads and mounts it). */
function OpenWhenReady({ control, count }: { control: DialogControl; count: number | undefined }) {
  useEffect(() => {
    if (count) control.open();
  }, [control, count]);
  return null;
}

/** What an open album adds to the grid. */
export interface AlbumContext {
  setCover: (item: MediaItem) => Promise<void>;
  remove: (item: MediaItem) => Promise<void>;
}

export interface MediaGridProps {
  config: GridConfig;
  items: MediaItem[];
  /** Replaces one item in the list the parent keeps (a favourite, an edit). */
  replaceItem: (item: MediaItem) => void;
  /** Asks for the list again, quietly (after a change that may move items). */
  reload: () => Promise<void>;
  /** Whether the view's order or filter depends on what changed (a reload follows the change). */
  dependsOn: { favorite: boolean; title: boolean; tags: boolean };
  toast: ToastControl;
  /** Renders the toast of a place (the page's style: bottom snackbar or premium's top toast). */
  live: boolean;
  inBin: boolean;
  switches: Record<SwitchName, boolean>;
  selecting: boolean;
  setSelecting: (on: boolean) => void;
  selected: Set<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
  isAdmin: boolean;
  /** Inside an album: its cover and removal. */
  album?: AlbumContext;
  label?: string;
  /** Shown instead of the grid when there are no items. */
  empty: ReactNode;
  loading: boolean;
  /** Told when the viewer opens or closes (a dialog around the grid keeps Escape for the viewer). */
  onViewerChange?: (open: boolean) => void;
}

/**
 * How many cards the server renders: more than a first screen shows (three rows of The Red Room's
 * five columns at 1280 px, five of Premium's three). Rendering all fifty cards cost the page most
 * of its server time.
 */
export const FIRST_PAINT_CARDS = 15;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;
const escapeHtml = (text: string) => (SPECIAL.test(text) ? text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!) : text);

/**
 * The items past the first screen for a browser without JavaScript: each picture as a link to
 * the file, inside <noscript> (written as one string: React neither renders nor hydrates it
 * element by element, and a browser with JavaScript never shows it).
 */
function NoScriptRest({ items, grid }: { items: MediaItem[]; grid: string }) {
  let cards = '';
  for (const item of items) {
    const picture = item.thumbnail ? `<img src="${escapeHtml(item.thumbnail)}" alt="" loading="lazy" class="media-fill">` : '';
    cards += `<li class="min-w-0"><a href="${escapeHtml(item.display)}" class="media-card no-underline"><span class="relative aspect-square overflow-hidden rounded-t-xl bg-raised">${picture}</span><span class="truncate px-3 py-2 text-sm font-semibold text-fg">${escapeHtml(titleOf(item))}</span></a></li>`;
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: every value above is escaped
  return <noscript dangerouslySetInnerHTML={{ __html: `<ul aria-label="More media" class="${grid} mt-4 min-w-0">${cards}</ul>` }} />;
}

export function MediaGrid({
  config,
  items,
  replaceItem,
  reload,
  dependsOn,
  toast,
  live,
  inBin,
  switches,
  selecting,
  setSelecting,
  selected,
  setSelected,
  isAdmin,
  album,
  label = 'Media',
  empty,
  loading,
  onViewerChange,
}: MediaGridProps) {
  const { text } = config;
  const [busyId, setBusyId] = useState<string | null>(null);
  const [viewer, setViewer] = useState<{ index: number; fullscreen: boolean } | null>(null);
  const [models, setModels] = useState<ModelChoice[] | null>(null);
  const [target, setTarget] = useState<MediaItem | null>(null);
  const [opened, setOpened] = useState(0);
  /** How often each dialog was opened (a dialog is mounted, and its script loaded, from its first opening). */
  const [openings, setOpenings] = useState<Partial<Record<Place, number>>>({});
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  /** The items Move to Album is open for (one from a card menu, or the selection). */
  const [albumIds, setAlbumIds] = useState<string[] | null>(null);
  const titleDialog = useDialog();
  const tagsDialog = useDialog();
  const pictureDialog = useDialog();
  const confirmDialog = useDialog();
  const detailsDialog = useDialog();
  const bulkTagsDialog = useDialog();
  const client = forGallery(config.gallery);
  const chosen = items.filter((m) => selected.has(m._id)).map((m) => m._id);
  const viewing = viewer !== null;
  useEffect(() => onViewerChange?.(viewing), [onViewerChange, viewing]);

  const fail = (message: string, place: Place, control: { isOpen(): boolean }) => toast.show(message, 'error', control.isOpen() ? place : 'page');

  function openDialog(item: MediaItem | null, place: Place) {
    toast.close();
    setTarget(item);
    setOpened((n) => n + 1);
    setOpenings((o) => ({ ...o, [place]: (o[place] ?? 0) + 1 }));
  }

  /** A dialog from its first opening on, with what opens it. */
  const whenOpened = (place: Place, control: DialogControl, dialog: ReactNode) =>
    openings[place] ? (
      <Suspense fallback={null}>
        {dialog}
        <OpenWhenReady control={control} count={openings[place]} />
      </Suspense>
    ) : null;

  function ask(next: Confirmation) {
    toast.close();
    setConfirmation(next);
    // Mounted (and its script loaded) at the first question; opened once it is there.
    setOpenings((o) => ({ ...o, confirm: (o.confirm ?? 0) + 1 }));
  }

  async function favorite(item: MediaItem) {
    setBusyId(item._id);
    const outcome = await clientOf(item).toggleFavorite(item._id, text.favoriteFailed);
    setBusyId(null);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    replaceItem(outcome.value);
    toast.show(outcome.value.isFavorite ? text.favoriteOn : text.favoriteOff, 'success');
    if (dependsOn.favorite) await reload();
  }

  async function moveToBin(item: MediaItem): Promise<void> {
    const outcome = await clientOf(item).toBin(item._id, text.deleteFailed);
    if (!outcome.ok) return fail(outcome.message, 'confirm', confirmDialog);
    confirmDialog.close();
    toast.show(text.deleted, 'success');
    await reload();
  }

  async function restore(item: MediaItem) {
    setBusyId(item._id);
    const outcome = await clientOf(item).restore(item._id, text.restoreFailed);
    setBusyId(null);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    toast.show(text.restored, 'success');
    await reload();
  }

  async function deleteForever(item: MediaItem) {
    const outcome = await clientOf(item).purge(item._id, text.purgeFailed);
    if (!outcome.ok) return fail(outcome.message, 'confirm', confirmDialog);
    confirmDialog.close();
    toast.show(text.purged, 'success');
    await reload();
  }

  async function saveTitle(item: MediaItem, title: string) {
    const outcome = await clientOf(item).update(item._id, { title }, text.titleFailed);
    if (!outcome.ok) return fail(outcome.message || text.titleFailed, 'edit-title', titleDialog);
    replaceItem(outcome.value);
    titleDialog.close();
    toast.show(text.titleUpdated, 'success');
    if (dependsOn.title) await reload();
  }

  async function saveTags(item: MediaItem, tags: string[]) {
    const outcome = await clientOf(item).update(item._id, { tags }, text.tagsFailed);
    if (!outcome.ok) return fail(outcome.message || text.tagsFailed, 'edit-tags', tagsDialog);
    // New custom tags join the vocabulary the pickers offer.
    forgetVocabulary();
    replaceItem(outcome.value);
    tagsDialog.close();
    toast.show(text.tagsUpdated, 'success');
    if (dependsOn.tags) await reload();
  }

  async function saveBulkTags(mode: BulkTagMode, tags: string[]) {
    const ids = chosen;
    const outcome = await client.bulk({ action: mode === 'add' ? 'add-tags' : 'set-tags', ids, tags }, text.tagsFailed);
    if (!outcome.ok) return fail(text.tagsFailed, 'bulk-tags', bulkTagsDialog);
    forgetVocabulary();
    bulkTagsDialog.close();
    toast.show(text.bulkTags(ids.length), 'success');
    await reload();
  }

  async function deleteSelected() {
    const ids = chosen;
    // One call, one transaction: every item goes, or none does.
    const outcome = await client.bulk({ action: inBin ? 'permanent-delete' : 'delete', ids }, text.someFailed);
    confirmDialog.close();
    if (!outcome.ok) toast.show(text.someFailed, 'error');
    else {
      setSelected(new Set());
      toast.show(inBin ? text.bulkPurged(ids.length) : text.bulkDeleted(ids.length), 'success');
    }
    await reload();
  }

  async function ensureModels(): Promise<void> {
    const outcome = await loadModels(text.modelsFailed);
    if (!outcome.ok) return toast.show(outcome.message, 'error', pictureDialog.isOpen() ? 'profile-picture' : 'page');
    setModels(outcome.value);
  }

  async function setPicture(item: MediaItem, modelId: string) {
    const outcome = await setProfilePicture(modelId, item._id, text.profileFailed);
    if (!outcome.ok) return fail(outcome.message, 'profile-picture', pictureDialog);
    pictureDialog.close();
    toast.show(text.profileSet, 'success');
  }

  function toggleSelected(item: MediaItem) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(item._id)) next.delete(item._id);
      else next.add(item._id);
      return next;
    });
  }

  function openMoveToAlbum(ids: string[]) {
    toast.close();
    setAlbumIds(ids);
  }

  /** The card's and the viewer's menu: the gallery's actions in its order (spec), the bin's own. */
  function actionsFor(item: MediaItem): MenuAction[] {
    if (item.deletedAt || inBin) {
      return [
        ...(item.library ? [{ label: 'View Details', run: () => openDialog(item, 'details') }] : []),
        { label: 'Restore', run: () => void restore(item) },
        {
          label: 'Delete Forever',
          danger: true,
          run: () => ask({ title: 'Delete Forever', message: text.purgeConfirm, action: 'Delete Forever', run: () => deleteForever(item) }),
        },
      ];
    }
    const make: Record<CardActionName, () => MenuAction | null> = {
      select: () => ({
        label: selected.has(item._id) ? 'Deselect' : 'Select',
        run: () => {
          setViewer(null);
          setSelecting(true);
          toggleSelected(item);
        },
      }),
      favorite: () => ({ label: item.isFavorite ? 'Remove from Favorites' : 'Add to Favorites', run: () => void favorite(item) }),
      details: () => ({ label: 'View Details', run: () => openDialog(item, 'details') }),
      editTitle: () => ({ label: 'Edit Title', run: () => openDialog(item, 'edit-title') }),
      editTags: () => ({ label: 'Edit Tags', run: () => openDialog(item, 'edit-tags') }),
      addToAlbum: () => ({ label: text.addToAlbum, run: () => openMoveToAlbum([item._id]) }),
      // Inside an album only, for an item with a picture (images and videos).
      albumCover: () => (album && item.thumbnail ? { label: 'Set as Album Thumbnail', run: () => void album.setCover(item) } : null),
      profilePicture: () =>
        item.type === 'image' && item.status === 'ready'
          ? {
              label: 'Set as Profile Picture',
              run: () => {
                openDialog(item, 'profile-picture');
                void ensureModels();
              },
            }
          : null,
      delete: () => ({
        label: 'Delete',
        danger: true,
        run: () => ask({ title: 'Delete Media', message: `Move “${titleOf(item)}” to the recycling bin?`, action: 'Delete', run: () => moveToBin(item) }),
      }),
    };
    const names: CardActionName[] = [...config.menu];
    // A library item tells where its file is (View Details) in either gallery.
    if (item.library && !names.includes('details')) names.splice(Math.max(0, names.indexOf('delete')), 0, 'details');
    if (album && !names.includes('albumCover')) names.splice(Math.max(0, names.indexOf('delete')), 0, 'albumCover');
    const actions = names.map((name) => make[name]()).filter((a): a is MenuAction => a !== null);
    if (album) actions.splice(actions.length - 1, 0, { label: 'Remove from Album', run: () => void album.remove(item) });
    return actions;
  }

  const allChosen = items.length > 0 && chosen.length === items.length;
  // Before the island is live (the server's HTML and the hydration that must match it) only the
  // cards a first screen can show are drawn; the rest follow at once when the island goes live.
  const drawn = live ? items : items.slice(0, FIRST_PAINT_CARDS);
  const deleteTitle = inBin ? 'Delete Forever' : text.deleteSelectedTitle;

  return (
    <>
      {items.length === 0 && !loading ? (
        empty
      ) : (
        <ul aria-label={label} aria-busy={loading} className={`${config.grid(switches)} min-w-0 ${loading ? 'opacity-60' : ''} ${selecting ? 'pb-28' : ''}`}>
          {drawn.map((item, index) => (
            <li key={item._id} className="min-w-0">
              <MediaCard
                item={item}
                look={config.card}
                compact={switches.compact}
                titles={switches.titles}
                live={live}
                selecting={selecting}
                selected={selected.has(item._id)}
                busy={busyId === item._id}
                actions={actionsFor(item)}
                onOpen={(_, fullscreen) => setViewer({ index, fullscreen })}
                onToggleSelect={toggleSelected}
                onFavorite={favorite}
              />
            </li>
          ))}
        </ul>
      )}
      {drawn.length < items.length ? <NoScriptRest items={items.slice(drawn.length)} grid={config.grid(switches)} /> : null}

      {selecting ? (
        <Suspense fallback={null}>
          <SelectionBar
            config={config}
            count={chosen.length}
            inBin={inBin}
            allChosen={allChosen}
            empty={items.length === 0}
            onAll={() =>
              setSelected(allChosen && config.selection.labels.all !== config.selection.labels.allChosen ? new Set() : new Set(items.map((m) => m._id)))
            }
            onClear={() => setSelected(new Set())}
            onTags={() => openDialog(null, 'bulk-tags')}
            onAlbum={() => openMoveToAlbum(chosen)}
            onDelete={() =>
              ask({
                title: deleteTitle,
                message: text.bulkDeleteConfirm(chosen.length, inBin),
                action: inBin ? 'Delete Forever' : 'Delete',
                run: deleteSelected,
              })
            }
          />
        </Suspense>
      ) : null}

      {whenOpened(
        'edit-title',
        titleDialog,
        <EditTitleDialog control={titleDialog} item={target} opened={opened} onSave={saveTitle}>
          {toast.render('edit-title')}
        </EditTitleDialog>,
      )}
      {whenOpened(
        'edit-tags',
        tagsDialog,
        <EditTagsDialog control={tagsDialog} item={target} opened={opened} onSave={saveTags}>
          {toast.render('edit-tags')}
        </EditTagsDialog>,
      )}
      {whenOpened(
        'profile-picture',
        pictureDialog,
        <ProfilePictureDialog control={pictureDialog} item={target} opened={opened} models={models} onSave={setPicture}>
          {toast.render('profile-picture')}
        </ProfilePictureDialog>,
      )}
      {whenOpened(
        'bulk-tags',
        bulkTagsDialog,
        <BulkTagsDialog control={bulkTagsDialog} count={chosen.length} opened={opened} onSave={saveBulkTags}>
          {toast.render('bulk-tags')}
        </BulkTagsDialog>,
      )}
      {whenOpened('details', detailsDialog, <DetailsDialog control={detailsDialog} item={target} />)}
      {whenOpened(
        'confirm',
        confirmDialog,
        <ConfirmDialog control={confirmDialog} confirmation={confirmation}>
          {toast.render('confirm')}
        </ConfirmDialog>,
      )}
      <Suspense fallback={null}>
        {albumIds ? (
          <MoveToAlbumDialog
            open
            gallery={config.gallery}
            mediaIds={albumIds}
            toastMs={config.toast.ms}
            {...(config.text.movedToAlbum ? { successText: config.text.movedToAlbum } : {})}
            onClose={() => setAlbumIds(null)}
            onMoved={(message) => {
              toast.show(message, 'success');
              if (albumIds.length > 1 || config.gallery === 'premium') setSelected(new Set());
            }}
          />
        ) : null}
        {viewer && items.length > 0 ? (
          <Viewer
            variant={config.viewer}
            items={items}
            index={Math.min(viewer.index, items.length - 1)}
            fullscreen={viewer.fullscreen}
            isAdmin={config.viewer === 'premium' ? false : isAdmin}
            {...(config.viewer === 'premium' ? { menuFor: actionsFor } : {})}
            onClose={() => setViewer(null)}
            onIndexChange={(index: number) => setViewer((v) => (v ? { ...v, index } : v))}
            onFavorite={favorite}
            onDelete={moveToBin}
          />
        ) : null}
      </Suspense>
    </>
  );
}
