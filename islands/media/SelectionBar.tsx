// Select mode's bar, floating at the bottom of the screen: 'N selected' and the gallery's buttons,
// every bulk action the hub has (The Red Room: All, Add to Album, Edit Tags, Favorite, Unfavorite,
// Move to Premium, Delete, Clear; Premium: Edit Tags, Add to Album, Favorite, Unfavorite, Select
// All / Deselect All, Delete Selected, Clear). In the recycling bin only selecting and deleting
// forever remain. On a phone the count takes its own row and the buttons wrap, keeping their words
// on one line each.

import type { ReactNode } from 'react';
import type { GridConfig, SelectionButton } from './gallery-config.ts';
import { SELECTION_LABELS } from './selection-words.ts';
import { RateMenu } from './stars.tsx';

const BUTTON = 'inline-flex items-center gap-2 whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold disabled:opacity-50 sm:px-4';
const PLAIN = `${BUTTON} bg-surface text-fg ring-1 ring-line hover:bg-raised`;

export function SelectionBar({
  config,
  count,
  inBin,
  allChosen,
  empty,
  onAll,
  onClear,
  onTags,
  onAlbum,
  onFavorite,
  onRate,
  onPremium,
  onDelete,
}: {
  config: GridConfig;
  count: number;
  inBin: boolean;
  allChosen: boolean;
  /** The page has no items to select. */
  empty: boolean;
  onAll: () => void;
  onClear: () => void;
  onTags: () => void;
  onAlbum: () => void;
  /** Favorite (true) or Unfavorite (false) the selection. */
  onFavorite: (on: boolean) => void;
  /** Rate the selection 1 to 5 stars, or clear its stars (null). */
  onRate: (stars: number | null) => void;
  onPremium: () => void;
  onDelete: () => void;
}) {
  const { buttons } = config.selection;
  const labels = SELECTION_LABELS[config.selection.labels];
  const none = count === 0;
  const plain = (name: 'tags' | 'album' | 'favorite' | 'unfavorite' | 'premium', run: () => void, dialog = false) => (
    <button key={name} type="button" className={PLAIN} disabled={none} onClick={run} {...(dialog ? { 'aria-haspopup': 'dialog' as const } : {})}>
      {labels[name]}
    </button>
  );
  // Bin items cannot be tagged in bulk, join albums, be favourites or move: only restored or deleted.
  const live = (node: () => ReactNode) => () => (inBin ? null : node());
  const button: Record<SelectionButton, () => ReactNode> = {
    tags: live(() => plain('tags', onTags, true)),
    album: live(() => plain('album', onAlbum, true)),
    favorite: live(() => plain('favorite', () => onFavorite(true))),
    unfavorite: live(() => plain('unfavorite', () => onFavorite(false))),
    rate: live(() => <RateMenu key="rate" className={PLAIN} disabled={none} onRate={onRate} />),
    premium: live(() => plain('premium', onPremium, true)),
    all: () => (
      <button key="all" type="button" className={PLAIN} disabled={empty} onClick={onAll}>
        {allChosen ? labels.allChosen : labels.all}
      </button>
    ),
    delete: () => (
      <button key="delete" type="button" className={`${BUTTON} bg-danger-solid text-white`} disabled={none} onClick={onDelete}>
        {inBin && labels.delete === 'Delete' ? 'Delete Forever' : labels.delete}
      </button>
    ),
    clear: () => (
      <button key="clear" type="button" className={PLAIN} disabled={none} onClick={onClear}>
        Clear
      </button>
    ),
  };
  return (
    <div
      role="toolbar"
      aria-label="Selection"
      className="fixed inset-x-2 bottom-16 z-40 mx-auto flex max-w-3xl flex-wrap items-center justify-center gap-2 rounded-2xl border border-line bg-surface/95 p-2 shadow-2xl backdrop-blur sm:bottom-10"
    >
      <p aria-live="polite" className="w-full text-center text-sm font-semibold sm:w-auto sm:px-2">{`${count} selected`}</p>
      {buttons.map((name) => button[name]())}
    </div>
  );
}
