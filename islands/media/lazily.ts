// A component whose script loads when it is first rendered (React.lazy), and that renders at once,
// without suspending, once it has loaded (or was preloaded): the galleries' dialogs, viewer, card
// menus and mature-content warning, which a first visit to a gallery does not need.

import { type ComponentType, createElement, lazy } from 'react';

export interface LazyComponent<P> {
  (props: P): ReturnType<typeof createElement>;
  /** Loads the script now (tests, or ahead of a likely opening). */
  preload(): Promise<void>;
}

/** The preloads of the lazy parts that server rendering shows (see `renderedByServer`). */
const serverParts: (() => Promise<void>)[] = [];

/**
 * Loads every lazy part that is marked `renderedByServer`: the server awaits it once at start,
 * after loading the islands, so that it renders them (in the browser they load when shown).
 */
export async function loadServerParts(): Promise<void> {
  await Promise.all(serverParts.map((preload) => preload()));
}

/**
 * `renderedByServer`: the part is in the server's HTML when shown (the mature-content warning),
 * so the server loads it at start (`loadServerParts`); in the browser, where it is rendered inside
 * a <Suspense>, hydration waits for its script without a mismatch.
 */
export function lazily<P extends object>(load: () => Promise<ComponentType<P>>, { renderedByServer = false } = {}): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
    }));
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: kept from before the linter; fix when this code is next touched
  const Component = (props: P) => createElement((loaded ?? Suspending) as ComponentType<P>, props);
  if (renderedByServer) serverParts.push(preload);
  return Object.assign(Component, { preload });
}
