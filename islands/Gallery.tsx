// The Red Room (/gallery): the media library's core in The Red Room's configuration (its
// mature-content warning, chips, sort keys, card menu, bulk bar, texts and 6 s toasts).

import { DISCREET_GALLERY } from '../src/shared/brand.ts';
import { isDiscreet } from './lib/discreet-mode.ts';
import { discreetly } from './media/library-config.ts';
import { type LibraryProps, MediaLibrary } from './media/MediaLibrary.tsx';
import { RED_ROOM } from './media/red-room-config.ts';

/** Discreet mode: the gallery under a neutral name. */
const RED_ROOM_DISCREET = discreetly(RED_ROOM, { title: DISCREET_GALLERY });

export type GalleryProps = LibraryProps;

export default function Gallery(props: GalleryProps) {
  return <MediaLibrary config={isDiscreet() ? RED_ROOM_DISCREET : RED_ROOM} {...props} />;
}
