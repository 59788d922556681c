// The grid of a media list, with all it does to its items: the cards, the card (and viewer) menu
// of the gallery's configuration, select mode and its bar (one bulk call per action), the menu's
// dialogs (Edit Title, Edit Tags, View Details, Set as Profile Picture, Move to Album, the delete
// questions), and the viewer. A gallery's page (MediaGallery) and an open album (AlbumDetail) both
// show their items through it; an album adds Set as Album Thumbnail and Remove from Album. Each
// item's calls go to its own gallery (an album holds items of both). This file draws the cards and
// keeps the state; what runs once someone acts (the calls, the bar, the dialogs, the viewer) is
// grid-actions.tsx, loaded with the first action (decision record 0041).

import { type Dispatch, type ReactNode, type RefObject, type SetStateAction, Suspense, useEffect, useRef, useState } from 'react';
import type { MediaItem } from '../../src/shared/media.ts';
import type { DialogControl } from '../components/useDialog.ts';
import type { ToastControl } from '../components/useToast.tsx';
import { MenuList } from './CardMenu.tsx';
import type { Confirmation } from './ConfirmDialog.tsx';
import type { GridConfig, SwitchName } from './gallery-config.ts';
import { lazily } from './lazily.ts';
import { MediaCard } from './MediaCard.tsx';
import type { ModelChoice } from './media-client.ts';

// What acting on the grid needs (the calls, the select-mode bar, the menu's dialogs, the viewer)
// loads with the first action, or ahead of it as a pointer or focus first reaches the grid:
// a first visit that only looks needs none of it (grid-actions.tsx).
type Actions = typeof import('./grid-actions.tsx');
let actions: Actions | null = null;
let loading: Promise<Actions> | null = null;
const loadActions = () =>
  (loading ??= import('./grid-actions.tsx').then((m) => {
    actions = m;
    return m;
  }));
const preloadActions = () => void loadActions();
const GridParts = lazily(() => loadActions().then((m) => m.GridParts));

/** The grid's parts that load when first opened (the card menu's list included); tests load them all first. */
export const LAZY_PARTS = [GridParts, MenuList, { preload: async () => void (await Promise.all((await loadActions()).PARTS.map((part) => part.preload()))) }];

export type Place = 'edit-title' | 'edit-tags' | 'profile-picture' | 'confirm' | 'details' | 'bulk-tags';

/** The grid's state and what it was given, as grid-actions.tsx works on it (read fresh at each call). */
export interface GridContext extends Omit<MediaGridProps, 'empty' | 'label' | 'loading' | 'live' | 'switches' | 'onViewerChange'> {
  chosen: string[];
  allChosen: boolean;
  setBusyId: (id: string | null) => void;
  models: ModelChoice[] | null;
  setModels: (models: ModelChoice[]) => void;
  target: MediaItem | null;
  opened: number;
  openings: Partial<Record<Place, number>>;
  confirmation: Confirmation | null;
  albumIds: string[] | null;
  setAlbumIds: (ids: string[] | null) => void;
  viewer: { index: number; fullscreen: boolean } | null;
  setViewer: Dispatch<SetStateAction<{ index: number; fullscreen: boolean } | null>>;
  /** The dialogs' handles, made by the parts drawn after an action (GridParts) once they are there. */
  controls: RefObject<Record<Place, DialogControl> | null>;
  openDialog: (item: MediaItem | null, place: Place) => void;
  openMoveToAlbum: (ids: string[]) => void;
  toggleSelected: (item: MediaItem) => void;
  ask: (confirmation: Confirmation) => void;
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

/**
 * The markup of the items past the first screen for a browser without JavaScript: each picture as
 * a link to the file, inside <noscript> (noscript-rest.ts). Written by the server only, which sets
 * it at start: React in the browser neither hydrates nor compares a <noscript>'s content, and a
 * browser with JavaScript never shows it, so the island does not carry the code that writes it.
 */
let restMarkup: ((items: MediaItem[], grid: string) => string) | null = null;
export function setNoScriptRest(markup: (items: MediaItem[], grid: string) => string): void {
  restMarkup = markup;
}

function NoScriptRest({ items, grid }: { items: MediaItem[]; grid: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: noscript-rest.ts escapes every value
  return <noscript dangerouslySetInnerHTML={{ __html: restMarkup?.(items, grid) ?? '' }} />;
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
  const controls = useRef<Record<Place, DialogControl> | null>(null);
  const chosen = items.filter((m) => selected.has(m._id)).map((m) => m._id);
  const allChosen = items.length > 0 && chosen.length === items.length;
  const viewing = viewer !== null;
  useEffect(() => onViewerChange?.(viewing), [onViewerChange, viewing]);

  function openDialog(item: MediaItem | null, place: Place) {
    toast.close();
    setTarget(item);
    setOpened((n) => n + 1);
    setOpenings((o) => ({ ...o, [place]: (o[place] ?? 0) + 1 }));
  }

  function ask(next: Confirmation) {
    toast.close();
    setConfirmation(next);
    // Mounted (and its script loaded) at the first question; opened once it is there.
    setOpenings((o) => ({ ...o, confirm: (o.confirm ?? 0) + 1 }));
  }

  function openMoveToAlbum(ids: string[]) {
    toast.close();
    setAlbumIds(ids);
  }

  function toggleSelected(item: MediaItem) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(item._id)) next.delete(item._id);
      else next.add(item._id);
      return next;
    });
  }

  const g: GridContext = {
    config,
    items,
    replaceItem,
    reload,
    dependsOn,
    toast,
    inBin,
    selecting,
    setSelecting,
    selected,
    setSelected,
    isAdmin,
    ...(album ? { album } : {}),
    chosen,
    allChosen,
    setBusyId,
    models,
    setModels,
    target,
    opened,
    openings,
    confirmation,
    albumIds,
    setAlbumIds,
    viewer,
    setViewer,
    controls,
    openDialog,
    openMoveToAlbum,
    ask,
    toggleSelected,
  };
  const current = useRef(g);
  current.current = g;
  /** Runs an action with the grid as it is then, its code loaded first if it is not yet. */
  const act = async (run: (m: Actions, g: GridContext) => unknown): Promise<void> => {
    // Loaded: runs at once (as before the split), not a turn later.
    await run(actions ?? (await loadActions()), current.current);
  };
  const favorite = (item: MediaItem) => void act((m, g) => m.favorite(g, item));

  // Before the island is live (the server's HTML and the hydration that must match it) only the
  // cards a first screen can show are drawn; the rest follow at once when the island goes live.
  const drawn = live ? items : items.slice(0, FIRST_PAINT_CARDS);

  return (
    <>
      {items.length === 0 && !loading ? (
        empty
      ) : (
        <ul
          aria-label={label}
          aria-busy={loading}
          onPointerOver={preloadActions}
          onFocus={preloadActions}
          className={`${config.grid(switches)} min-w-0 ${loading ? 'opacity-60' : ''} ${selecting ? 'pb-52 sm:pb-40' : ''}`}
        >
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
                actions={() => loadActions().then((m) => m.menuFor(current.current, item))}
                onOpen={(_, fullscreen) => setViewer({ index, fullscreen })}
                onToggleSelect={toggleSelected}
                onFavorite={favorite}
              />
            </li>
          ))}
        </ul>
      )}
      {drawn.length < items.length ? <NoScriptRest items={items.slice(drawn.length)} grid={config.grid(switches)} /> : null}

      {selecting || viewer || albumIds || Object.keys(openings).length > 0 ? (
        <Suspense fallback={null}>
          <GridParts g={g} />
        </Suspense>
      ) : null}
    </>
  );
}
