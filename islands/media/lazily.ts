// A component whose script loads when it is first rendered (React.lazy), and that renders at once,
// without suspending, once it has loaded (or was preloaded): the galleries' dialogs, viewer, card
// menus and mature-content warning, which a first visit to a gallery does not need.

import { type ComponentType, createElement, lazy } from 'react';

export interface LazyComponent<P> {
  (props: P): ReturnType<typeof createElement>;
  /** Loads the script now (tests, or ahead of a likely opening). */
  preload(): Promise<void>;
  /** Whether the script is there (the part renders at once). */
  loaded(): boolean;
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
 *
 * `hydratesWhenUsed`: told whether the browser is hydrating the part's server HTML (a gallery's
 * toolbar and pager); then its script loads only when `preload` is first called (the part is
 * used, `useWhenUsed`), and until then its HTML stays the server's. Drawn anew, it loads at once.
 */
export function lazily<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { renderedByServer = false, hydratesWhenUsed }: { renderedByServer?: boolean; hydratesWhenUsed?: () => boolean } = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  let used: () => void = () => undefined;
  const firstUse = new Promise<void>((resolve) => {
    used = resolve;
  });
  const preload = () => {
    used();
    pending ??= load().then((component) => {
      loaded = component;
    });
    return pending;
  };
  const Suspending = lazy(async () => {
    if (hydratesWhenUsed?.()) await firstUse;
    await preload();
    return { default: loaded! };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: kept from before the linter; fix when this code is next touched
  const Component = (props: P) => createElement((loaded ?? Suspending) as ComponentType<P>, props);
  if (renderedByServer) serverParts.push(preload);
  return Object.assign(Component, { preload, loaded: () => loaded !== null });
}
