// What the media library's island tests share: the real hub (test/helpers/island-app.ts) with Ann
// signed in, set up and closed around every test; bun:test's fake clock; calls as the browser
// makes them; and a gallery's page rendered as the server renders it for an address, then live.

import { afterEach, beforeAll, beforeEach, jest, type Mock, spyOn } from 'bun:test';
import { act, cleanup, render } from '@testing-library/react';
import type { GalleryConfig } from '../../islands/media/gallery-config.ts';
import { MediaGallery, preloadGallery } from '../../islands/media/MediaGallery.tsx';
import type { MediaPage } from '../../src/shared/media.ts';
import { readView } from '../../src/shared/media-view.ts';
import { createIslandApp, type IslandApp, type Scenario } from './island-app.ts';

const SCENARIO: Scenario = { accounts: [{ username: 'ann', name: 'Ann Owner', role: 'admin' }], signedInAs: 'ann' };

/** Sets up the hub around each test of the file; `hub` always reaches the current test's. */
export function libraryTestKit() {
  let current: IslandApp | null = null;
  let logged: Mock<typeof console.error> | null = null;
  // The dialogs and the viewer load when first opened; here they are there from the start.
  beforeAll(() => preloadGallery());
  beforeEach(async () => {
    logged = spyOn(console, 'error').mockImplementation(() => {});
    jest.useFakeTimers();
    current = await createIslandApp(SCENARIO);
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: kept from before the linter; fix when this code is next touched
    document.cookie = 'matureContentAccepted=; Max-Age=0; Path=/';
  });
  afterEach(async () => {
    cleanup();
    jest.useRealTimers();
    await current?.close();
    logged?.mockRestore();
    history.replaceState(null, '', '/');
  });

  const hub = new Proxy({} as IslandApp, { get: (_, key) => Reflect.get(current!, key) });

  async function browserCall<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function settle(action?: () => void): Promise<void> {
    await act(async () => {
      action?.();
    });
    for (let i = 0; i < 6; i++) await act(() => hub.idle());
  }

  async function advance(ms: number): Promise<void> {
    await act(async () => {
      jest.advanceTimersByTime(ms);
    });
    await settle();
  }

  /** The gallery's page as the server renders it for the address (nothing before the warning is accepted), then live. */
  async function renderLibrary(config: GalleryConfig, address: string, accepted = true) {
    history.replaceState(null, '', address);
    const view = readView(config.rules, new URLSearchParams(location.search));
    const page =
      accepted && view.filter !== 'albums'
        ? await browserCall<MediaPage>(
            'GET',
            `/api/${config.gallery}?${new URLSearchParams({ page: String(view.page), limit: String(view.limit), filter: view.filter, sortBy: view.sortBy, sortOrder: view.sortOrder, ...(view.search ? { search: view.search } : {}) })}`,
          )
        : null;
    hub.requests.length = 0;
    const result = render(<MediaGallery config={config} view={view} page={page} accepted={accepted} isAdmin />);
    await settle();
    return result;
  }

  return { hub, ann: () => hub.ids.ann!, browserCall, settle, advance, renderLibrary };
}
