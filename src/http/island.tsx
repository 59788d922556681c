// The server side of islands: a marker element with JSON props, server-rendered content inside.

import { type ComponentProps, type ComponentType, createContext, useContext } from 'react';
import { loadServerParts } from '../../islands/media/lazily.ts';
import { type IslandName, islandLoaders } from '../../islands/registry.ts';

type IslandComponent<K extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[K]>>['default'];
export type IslandProps<K extends IslandName> = ComponentProps<IslandComponent<K>>;

/**
 * The components the browser registry loads lazily, all loaded once at start for server rendering
 * (the same list, so the two cannot differ).
 */
export const serverIslands = Object.fromEntries(
  await Promise.all(Object.entries(islandLoaders).map(async ([name, load]) => [name, (await load()).default] as const)),
) as { [K in IslandName]: IslandComponent<K> };

// What islands load lazily in the browser but show in the server's HTML (the mature-content
// warning) is loaded now, before any page is rendered.
await loadServerParts();

/** Collects the islands a page renders, so the document adds the island script only when needed. */
export const IslandsOnPage = createContext<Set<IslandName> | null>(null);

export function Island<K extends IslandName>({ name, props }: { name: K; props: IslandProps<K> }) {
  const used = useContext(IslandsOnPage);
  if (!used) throw new Error('<Island> rendered outside the document');
  used.add(name);
  const Component = serverIslands[name] as unknown as ComponentType<Record<string, unknown>>;
  // display:contents keeps the marker out of layout; React escapes the JSON in the attribute.
  return (
    <div className="contents" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...(props as unknown as Record<string, unknown>)} />
    </div>
  );
}
