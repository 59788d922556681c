// The islands by name. The list itself is derived from the folder (islands/registry.gen.ts,
// written by the build): a new islands/Name.tsx with a default export is an island.

import { islandLoaders } from './registry.gen.ts';

export { islandLoaders };

export type IslandName = keyof typeof islandLoaders;

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(islandLoaders, name);
}
