// The premium gallery page: the Premium island, server-rendered with the first page of the view
// in the address (the albums view loads its albums in the browser); the items go to the browser as
// lean rows in a JSON script, as on The Red Room (pages/gallery.tsx).

import { isDiscreet } from '../../../../islands/lib/discreet-mode.ts';
import { MediaIconSprite } from '../../../../islands/media/icon-sprite.tsx';
import { Island } from '../../../http/island.tsx';
import type { LibraryChoice } from '../../../shared/libraries.ts';
import { leanPage, type MediaPage } from '../../../shared/media.ts';
import { type PremiumView, premiumBlurb } from '../../../shared/premium-view.ts';

export function PremiumPage({ view, page, isAdmin, libraries }: { view: PremiumView; page: MediaPage | null; isAdmin: boolean; libraries: LibraryChoice[] }) {
  // The blurb is the page's words, not the island's script (its first load has no room); in discreet
  // mode (decision 0054) the way back and the blurb name the free gallery neutrally.
  const words = isDiscreet() ? { backLink: 'Back to the Gallery', blurb: premiumBlurb('the Gallery') } : { blurb: premiumBlurb('The Red Room') };
  return (
    <div className="mx-auto w-full">
      {/* The icons the island draws (decision record 0041). */}
      <MediaIconSprite />
      <Island
        name="Premium"
        props={{ view, page, isAdmin, libraries, words }}
        browserProps={{ view, page: page && leanPage(page), isAdmin, libraries, words }}
        propsScript
      />
    </div>
  );
}
