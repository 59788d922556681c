// The premium gallery (/premium): the media library's core in Premium's configuration (back to
// The Red Room, tagline and blurb, Add from Gallery to Premium, the Actions menu, the compact and
// titles switches, hover previews, its card menu and floating select buttons, 4 s toasts at the top).

import { PREMIUM_BLURB_DISCREET } from '../src/shared/premium-view.ts';
import { isDiscreet } from './lib/discreet-mode.ts';
import { discreetly } from './media/library-config.ts';
import { type LibraryProps, MediaLibrary } from './media/MediaLibrary.tsx';
import { PREMIUM } from './media/premium-config.ts';

/** Discreet mode: the way back names the free gallery neutrally, and so does the blurb. */
const PREMIUM_DISCREET = discreetly(PREMIUM, { backLink: 'Back to the Gallery', blurb: PREMIUM_BLURB_DISCREET });

export type PremiumProps = LibraryProps;

export default function Premium(props: PremiumProps) {
  return <MediaLibrary config={isDiscreet() ? PREMIUM_DISCREET : PREMIUM} {...props} />;
}
