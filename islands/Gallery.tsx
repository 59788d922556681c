// The Red Room (/gallery): the media library's core in The Red Room's configuration (its
// mature-content warning, chips, sort keys, card menu, bulk bar, texts and 6 s toasts). In discreet
// mode the page passes the neutral names as `words`.

import { type LibraryProps, MediaLibrary } from './media/MediaLibrary.tsx';
import { RED_ROOM } from './media/red-room-config.ts';

export type GalleryProps = LibraryProps;

export default function Gallery(props: GalleryProps) {
  return <MediaLibrary config={RED_ROOM} {...props} />;
}
