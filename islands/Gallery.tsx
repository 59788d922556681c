// The Red Room (/gallery): the gallery core in The Red Room's configuration (its
// mature-content warning, chips, sort keys, card menu, bulk bar, texts and 6 s toasts). In discreet
// mode the page passes the neutral names as `words`.

import { MediaGallery, type MediaGalleryProps } from './media/MediaGallery.tsx';
import { RED_ROOM } from './media/red-room-config.ts';

export type GalleryProps = MediaGalleryProps;

export default function Gallery(props: GalleryProps) {
  return <MediaGallery config={RED_ROOM} {...props} />;
}
