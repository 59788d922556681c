// The Red Room page: the Gallery island, server-rendered with the first page of the view in the
// address, or with only the mature-content warning when this browser has not accepted it yet. The
// server renders from the full items; the browser gets them as lean rows (leanPage) in a JSON
// script beside the island, and expands them to the same items.

import { isDiscreet } from '../../../../islands/lib/discreet-mode.ts';
import { MediaIconSprite } from '../../../../islands/media/icon-sprite.tsx';
import { Island } from '../../../http/island.tsx';
import { DISCREET_GALLERY } from '../../../shared/discreet-names.ts';
import type { GalleryView } from '../../../shared/gallery-view.ts';
import type { LibraryChoice } from '../../../shared/libraries.ts';
import { leanPage, type MediaPage } from '../../../shared/media.ts';

export function GalleryPage({
  view,
  page,
  accepted,
  isAdmin,
  libraries,
}: {
  view: GalleryView;
  page: MediaPage | null;
  accepted: boolean;
  isAdmin: boolean;
  libraries: LibraryChoice[];
}) {
  // Discreet mode (decision 0054): the gallery under a neutral name, chosen here so that the
  // island's first load carries none of it.
  const words = isDiscreet() ? { title: DISCREET_GALLERY } : undefined;
  return (
    <div className="mx-auto w-full">
      {/* Before the warning: hides it unpainted where local storage says it was accepted already. */}
      {accepted ? null : <script src="/static/mature-content.js" />}
      {/* The icons the island draws (decision record 0041). */}
      <MediaIconSprite />
      <Island
        name="Gallery"
        props={{ view, page, accepted, isAdmin, libraries, words }}
        browserProps={{ view, page: page && leanPage(page), accepted, isAdmin, libraries, words }}
        propsScript
      />
    </div>
  );
}
