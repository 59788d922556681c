// Select mode's bar, floating at the bottom of the screen: 'N selected' and the gallery's buttons
// (The Red Room: All, Album, Delete, Clear; Premium: Edit Tags, Move to Album, Select All /
// Deselect All, Delete Selected). In the recycling bin only selecting and deleting forever remain.
// On a phone the count takes its own row, so the buttons keep their words on one line each.

import type { ReactNode } from 'react';
import type { GridConfig, SelectionButton } from './library-config.ts';

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
  onDelete: () => void;
}) {
  const { buttons, labels } = config.selection;
  const none = count === 0;
  const button: Record<SelectionButton, () => ReactNode> = {
    // Bin items cannot be tagged in bulk nor join albums.
    tags: () =>
      inBin ? null : (
        <button key="tags" type="button" className={PLAIN} disabled={none} onClick={onTags} aria-haspopup="dialog">
          {labels.tags}
        </button>
      ),
    album: () =>
      inBin ? null : (
        <button key="album" type="button" className={PLAIN} disabled={none} onClick={onAlbum} aria-haspopup="dialog">
          {labels.album}
        </button>
      ),
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
