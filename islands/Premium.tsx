// The premium gallery (/premium): the gallery core in Premium's configuration (back to
// The Red Room, tagline and blurb, Add from Gallery to Premium, the Actions menu, the compact and
// titles switches, hover previews, its card menu and floating select buttons, 4 s toasts at the top). In discreet mode the page passes the neutral names as `words`.

import { MediaGallery, type MediaGalleryProps } from './media/MediaGallery.tsx';
import { PREMIUM } from './media/premium-config.ts';

export type PremiumProps = MediaGalleryProps;

export default function Premium(props: PremiumProps) {
  return <MediaGallery config={PREMIUM} {...props} />;
}
