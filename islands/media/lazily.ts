// A component whose script loads when it is first rendered (React.lazy), and that renders at once,
// without suspending, once it has loaded (or was preloaded): the galleries' dialogs and viewer,
// which a first visit does not need.

import { createElement, lazy, type ComponentType } from 'react';

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
  const Component = (props: P) => createElement((loaded ?? Suspending) as ComponentType<P>, props);
  return Object.assign(Component, { preload });
}
