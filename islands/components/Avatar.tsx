// A person's (or a model's) round picture: the image when there is one and it loads, else the
// initials of up to the first two words of the name (spec: model cards).

import { useEffect, useRef, useState } from 'react';

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
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A new picture gets its chance.
    setFailed(false);
    // A server-rendered picture may have failed (a 404) before hydration, when React was not yet
    // listening for its error event. A finished image without a width is either broken or not
    // decodable; decode() tells which (it rejects for a broken one).
    const img = image.current;
    let current = true;
    if (img?.complete && img.naturalWidth === 0) {
      img.decode().catch(() => {
        if (current) setFailed(true);
      });
    }
    return () => {
      current = false;
    };
  }, [src]);
  const frame = `inline-flex ${SIZES[size]} shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent/15 font-bold text-accent`;
  if (src && !failed) {
    return (
      <span aria-hidden="true" className={frame}>
        <img ref={image} src={src} alt="" className="h-full w-full object-cover" onError={() => setFailed(true)} />
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={frame}>
      {initials(name, letters)}
    </span>
  );
}
