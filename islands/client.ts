// Browser entry: hydrates every [data-island] marker with its component and JSON props.

import type { ComponentType } from 'react';
import { isIslandName, islandLoaders } from './registry.ts';

async function hydrateIslands(): Promise<void> {
  const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  if (markers.length === 0) return;
  // React is loaded only now, and only once, as a chunk shared by every island.
  const [{ hydrateRoot }, { createElement }] = await Promise.all([import('react-dom/client'), import('react')]);
  await Promise.all(
    markers.map(async (marker) => {
      const name = marker.dataset.island ?? '';
      if (!isIslandName(name)) {
        console.warn(`Unknown island "${name}"`);
        return;
      }
      const props = JSON.parse(marker.dataset.props ?? '{}') as Record<string, unknown>;
      const { default: Component } = await islandLoaders[name]();
      hydrateRoot(marker, createElement(Component as unknown as ComponentType<typeof props>, props));
    }),
  );
}

void hydrateIslands();
