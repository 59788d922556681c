// The islands' side of server rendering: with the registry, the one module of islands/ that the
// server's plumbing (src/http/) imports. What some islands need before the server renders them is
// done here, by the islands themselves, so the island renderer knows no island by name: the lazy
// parts shown in the server's HTML (the mature-content warning) are loaded, and the galleries get
// the markup of their items past the first screen for browsers without JavaScript, which only the
// server writes (no island imports noscript-rest.ts, so no script carries it).
//
// Discreet mode (decision 0054) is read by islands and server pages alike from one module state,
// so the server renders a page's parts through this entry point too.

import { loadServerParts } from './media/lazily.ts';
import { setNoScriptRest } from './media/MediaGrid.tsx';
import { noScriptRest } from './media/noscript-rest.ts';

export { isDiscreet, renderDiscreetly } from './lib/discreet-mode.ts';

/** Called once at start, after the islands' components are loaded (their lazy parts register as they load). */
export async function prepareServerRendering(): Promise<void> {
  await loadServerParts();
  setNoScriptRest(noScriptRest);
}
