// A gallery's rotating tagline (its configuration's lines): the next one every 10 s, faded out and in over 1 s; it stays
// still for visitors who ask for reduced motion.

import { useEffect, useState } from 'react';
import { TAGLINE_FADE_MS, TAGLINE_MS } from '../../src/shared/tagline.ts';

function prefersStillness(): boolean {
  try {
    return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  } catch {
    return false;
  }
}

export function Tagline({ taglines }: { taglines: readonly string[] }) {
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);

  useEffect(() => {
    if (taglines.length < 2 || prefersStillness()) return;
    let swap: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      // Fade out, change, fade back in: the change happens once the old line is invisible.
      setFading(true);
      swap = setTimeout(() => {
        setIndex((i) => (i + 1) % taglines.length);
        setFading(false);
      }, TAGLINE_FADE_MS);
    }, TAGLINE_MS);
    return () => {
      clearInterval(timer);
      if (swap) clearTimeout(swap);
    };
  }, [taglines]);

  return (
    <p
      data-tagline
      className={`min-h-[1.75rem] font-display text-lg italic text-accent transition-opacity duration-1000 ease-in-out motion-reduce:transition-none ${fading ? 'opacity-0' : 'opacity-100'}`}
    >
      {taglines[index]}
    </p>
  );
}
