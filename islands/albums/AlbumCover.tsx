// An album's picture: its cover's thumbnail, or a placeholder (an empty album, a cover still
// processing). Decoration: the album's name says what it is.

import type { Album } from '../../src/shared/albums.ts';
import { ImagesIcon } from '../media/icons.tsx';

export function AlbumCover({ album, className = '' }: { album: Album; className?: string }) {
  const thumbnail = album.coverImage?.thumbnail ?? null;
  return (
    <div className={`relative overflow-hidden bg-raised ${className}`}>
      {thumbnail ? (
        <img src={thumbnail} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-muted">
          <ImagesIcon size={32} />
        </div>
      )}
    </div>
  );
}

/** "1 item", "3 items". */
export const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The album's created date, as the reader's locale writes a short date. */
export const createdText = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};
