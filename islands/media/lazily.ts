// A component whose script loads when it is first rendered (React.lazy), and that renders at once,
// without suspending, once it has loaded (or was preloaded): the galleries' dialogs and viewer,
// which a first visit does not need.

import { type ComponentType, createElement, lazy } from 'react';

export interface LazyComponent<P> {
  (props: P): ReturnType<typeof createElement>;
  /** Loads the script now (tests, or ahead of a likely opening). */
  preload(): Promise<void>;
}

export function lazily<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
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
  return Object.assign(Component, { preload });
}
