// The server side of islands: a marker element with JSON props, server-rendered content inside.

import { type ComponentProps, type ComponentType, createContext, useContext } from 'react';
import { type IslandName, islandLoaders } from '../../islands/registry.ts';
import { prepareServerRendering } from '../../islands/server.ts';

type IslandComponent<K extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[K]>>['default'];
export type IslandProps<K extends IslandName> = ComponentProps<IslandComponent<K>>;

/**
 * The components the browser registry loads lazily, all loaded once at start for server rendering
 * (the same list, so the two cannot differ).
 */
export const serverIslands = Object.fromEntries(
  await Promise.all(Object.entries(islandLoaders).map(async ([name, load]) => [name, (await load()).default] as const)),
) as { [K in IslandName]: IslandComponent<K> };

// What the islands need before the server renders them (the lazy parts shown in the server's HTML,
// the galleries' markup for browsers without JavaScript): theirs to say, before any page is rendered.
await prepareServerRendering();

/** Collects the islands a page renders, so the document adds the island script only when needed. */
export const IslandsOnPage = createContext<Set<IslandName> | null>(null);

export function Island<K extends IslandName>({
  name,
  props,
  browserProps = props,
  propsScript = false,
}: {
  name: K;
  /** What the server renders the island with. */
  props: IslandProps<K>;
  /**
   * The props as the browser receives them, when the server renders from fuller ones it already
   * has (a gallery page: full items here, lean rows for the browser, which expands them to the same).
   */
  browserProps?: IslandProps<K>;
  /**
   * The props in a JSON <script> just before the marker instead of its data-props attribute: inside
   * an attribute every quote of the JSON is written `&quot;` (React escapes it character by
   * character), inside a data block only `<` needs escaping. For large props (a page of items).
   */
  propsScript?: boolean;
}) {
  const used = useContext(IslandsOnPage);
  if (!used) throw new Error('<Island> rendered outside the document');
  used.add(name);
  const Component = serverIslands[name] as unknown as ComponentType<Record<string, unknown>>;
  const json = JSON.stringify(browserProps);
  const content = <Component {...(props as unknown as Record<string, unknown>)} />;
  if (!propsScript) {
    // display:contents keeps the marker out of layout; React escapes the JSON in the attribute.
    return (
      <div className="contents" data-island={name} data-props={json}>
        {content}
      </div>
    );
  }
  return (
    <>
      {/* A data block, never run (nor subject to the script policy); \u003c keeps `</script>` and `<!--` out of it. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every < escaped */}
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: json.replace(/</g, '\\u003c') }} />
      <div className="contents" data-island={name}>
        {content}
      </div>
    </>
  );
}
