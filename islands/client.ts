// Browser entry: hydrates every [data-island] marker with its component and JSON props (its
// data-props attribute, or a JSON script just before it). Each island's script is named by the
// server on this script's own tag (data-islands: the page's islands only, by name), not by a
// table of every island's file in this script, which every page loaded (decision record 0041).

import type { ComponentType, ReactNode } from 'react';

/** An island's JSON props: its data-props attribute, or the JSON script just before it (large props). */
function propsOf(marker: HTMLElement): string {
  if (marker.dataset.props !== undefined) return marker.dataset.props;
  const block = marker.previousElementSibling;
  return block instanceof HTMLScriptElement && block.dataset.islandProps === marker.dataset.island ? (block.textContent ?? '{}') : '{}';
}

async function hydrateIslands(): Promise<void> {
  const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  if (markers.length === 0) return;
  const scripts = JSON.parse(document.querySelector<HTMLScriptElement>('script[data-islands]')?.dataset.islands ?? '{}') as Record<string, string>;
  // React is loaded only now, and only once, as a chunk shared by every island.
  const [{ hydrateRoot }, { createElement, useEffect }] = await Promise.all([import('react-dom/client'), import('react')]);
  // Marks the marker once the island is live and its own mount effects have run (effects run
  // child-first), as a signal for tests and for styles that differ once the island works.
  // biome-ignore lint/correctness/noComponentHookFactories: kept from before the linter; fix when this code is next touched
  const Live = ({ marker, children }: { marker: HTMLElement; children?: ReactNode }) => {
    useEffect(() => {
      marker.dataset.hydrated = 'true';
    }, [marker]);
    return children;
  };
  await Promise.all(
    markers.map(async (marker) => {
      const name = marker.dataset.island ?? '';
      const script = Object.hasOwn(scripts, name) ? scripts[name] : undefined;
      if (!script) {
        console.warn(`Unknown island "${name}"`);
        return;
      }
      const props = JSON.parse(propsOf(marker)) as Record<string, unknown>;
      // "file#name": the component is the file's export `name` (the island's chunk), else its default.
      const [file, exported = 'default'] = script.split('#');
      const Component = ((await import(file!)) as Record<string, ComponentType<Record<string, unknown>>>)[exported]!;
      hydrateRoot(marker, createElement(Live, { marker }, createElement(Component as unknown as ComponentType<typeof props>, props)));
    }),
  );
}

void hydrateIslands();
