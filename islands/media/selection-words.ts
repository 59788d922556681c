// Select mode's words, per gallery: the bar's buttons and what its actions say. They load with the
// bar (SelectionBar and grid-actions, both loaded when first used), not with the gallery's
// configuration: a gallery's first load has no room for words it shows only in select mode
// (decision 0041).

import { bulkDeleteConfirm, bulkDeletedText, bulkFavoriteText, bulkPurgedText } from '../../src/shared/gallery-view.ts';
import { premiumDeletedText, premiumPurgedText, premiumTagsText } from '../../src/shared/premium-view.ts';

export const SELECTION_LABELS = {
  'red-room': {
    all: 'All',
    allChosen: 'All',
    album: 'Add to Album',
    delete: 'Delete',
    tags: 'Edit Tags',
    favorite: 'Favorite',
    unfavorite: 'Unfavorite',
    premium: 'Move to Premium',
  },
  premium: {
    all: 'Select All',
    allChosen: 'Deselect All',
    album: 'Add to Album',
    delete: 'Delete Selected',
    tags: 'Edit Tags',
    favorite: 'Favorite',
    unfavorite: 'Unfavorite',
    premium: 'Move to Premium',
  },
} as const;

/** What a bulk action on the selection says, and the question before deleting it. */
export interface SelectionText {
  deleted: (n: number) => string;
  purged: (n: number) => string;
  tags: (n: number) => string;
  /** After Favorite (`on`) or Unfavorite. */
  favorite: (n: number, on: boolean) => string;
  deleteConfirm: (n: number, inBin: boolean) => string;
  /** The title of the question before deleting the selection. */
  deleteTitle: string;
}

export const SELECTION_TEXT: Record<SelectionWords, SelectionText> = {
  'red-room': {
    deleted: bulkDeletedText,
    purged: bulkPurgedText,
    tags: (n) => `Tags updated for ${n === 1 ? '1 item' : `${n} items`}`,
    favorite: bulkFavoriteText,
    deleteConfirm: bulkDeleteConfirm,
    deleteTitle: 'Delete Media',
  },
  premium: {
    deleted: premiumDeletedText,
    purged: premiumPurgedText,
    tags: premiumTagsText,
    favorite: bulkFavoriteText,
    deleteConfirm: bulkDeleteConfirm,
    deleteTitle: 'Delete Selected',
  },
};

/** Which gallery's words a configuration's select mode shows. */
export type SelectionWords = keyof typeof SELECTION_LABELS;
