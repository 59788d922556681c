// Whether a picture has loaded, failed or is still on its way, including a server-rendered one
// that finished (loaded or broke) before React listened for its events. A card shows its initial
// until the picture has loaded, so a broken-image icon never shows, before or after hydration.

import { useEffect, useRef, useState } from 'react';

export type ImageState = 'loading' | 'loaded' | 'failed';

/** Class of a picture still on its way: in place, but not seen (a failure shows nothing either). */
export const PENDING_IMAGE = 'absolute inset-0 m-auto opacity-0';

export function useLoadedImage(src: string | null | undefined) {
  const ref = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<ImageState>('loading');
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    setState('loading');
    const img = ref.current;
    let current = true;
    // A finished image without a width is either broken or not decodable (an SVG may have no
    // intrinsic width): decode() tells which (it rejects for a broken one).
    if (img?.complete) {
      // Only a picture still counted as loading takes the answer: a load or error event that
      // came meanwhile is the newer news.
      const settle = (to: ImageState) => current && setState((now) => (now === 'loading' ? to : now));
      if (img.naturalWidth > 0) settle('loaded');
      else
        img.decode().then(
          () => settle('loaded'),
          () => settle('failed'),
        );
    }
    return () => {
      current = false;
    };
  }, [src]);
  return { ref, state, onLoad: () => setState('loaded'), onError: () => setState('failed') };
}
