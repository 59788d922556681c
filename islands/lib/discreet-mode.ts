// Whether the page is in discreet mode (decision 0054), for islands whose words change with it.
// In the browser it is the page's own `data-discreet`, which the server rendered with, so
// hydration matches. On the server, the page being rendered says (renderToString is synchronous:
// one page at a time in this process). Not a React context: the islands' React file would grow
// by createContext and useContext for one boolean (the galleries' first load has no room).

import { DISCREET_GALLERY } from '../../src/shared/discreet-names.ts';

let rendering = false;

/** Server only: renders a page's parts with discreet mode `on`, for isDiscreet() inside them. */
export function renderDiscreetly<T>(on: boolean, render: () => T): T {
  const before = rendering;
  rendering = on;
  try {
    return render();
  } finally {
    rendering = before;
  }
}

/** True while the page is discreet: an island (or a server page) shows its neutral words. */
export const isDiscreet = (): boolean => (typeof document === 'undefined' ? rendering : document.documentElement.hasAttribute('data-discreet'));

/** The free gallery's name where another part of the hub names it (The Red Room; neutral while discreet). */
export const freeGalleryName = (): string => (isDiscreet() ? DISCREET_GALLERY : 'The Red Room');
