// A person's (or a model's) round picture: the image when there is one and it loads, else the
// initials of up to the first two words of the name (spec: model cards).

import { PENDING_IMAGE, useLoadedImage } from './useLoadedImage.ts';

/** "Ada Lovelace King" -> "AL"; "" -> "?". `letters` caps how many words count. */
export function initials(name: string, letters = 2): string {
  const words = name.trim().split(/\s+/).filter(Boolean).slice(0, letters);
  const text = words.map((word) => ([...word][0] ?? '').toUpperCase()).join('');
  return text || '?';
}

const SIZES = {
  sm: 'h-8 w-8 text-sm',
  md: 'h-10 w-10',
  lg: 'h-16 w-16 text-xl',
} as const;

export function Avatar({ name, src, size = 'sm', letters = 2 }: { name: string; src?: string | null; size?: keyof typeof SIZES; letters?: number }) {
  const image = useLoadedImage(src);
  const loaded = image.state === 'loaded';
  const frame = `relative inline-flex ${SIZES[size]} shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent/15 font-bold text-accent`;
  // The initials stay until the picture has loaded: a picture that is slow or broken (even
  // before hydration) never shows as a broken-image icon.
  return (
    <span aria-hidden="true" className={frame}>
      {loaded ? null : initials(name, letters)}
      {src && image.state !== 'failed' ? (
        <img
          ref={image.ref}
          src={src}
          alt=""
          className={`h-full w-full object-cover ${loaded ? '' : PENDING_IMAGE}`}
          onLoad={image.onLoad}
          onError={image.onError}
        />
      ) : null}
    </span>
  );
}
