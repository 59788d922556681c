// A gallery page's smaller pieces of state, each with its own effects: the toolbar's switches (kept
// in local storage), the mature-content warning's acceptance (kept in storage and in the cookie
// the server reads) and paging with the Left and Right keys.

import { useEffect, useState } from 'react';
import { MATURE_COOKIE, MATURE_COOKIE_MAX_AGE, MATURE_STORAGE_KEY } from '../../src/shared/gallery-view.ts';
import type { MediaView } from '../../src/shared/media-view.ts';
import { storedFlag, storeFlag } from '../lib/stored-flag.ts';
import type { GalleryConfig, SwitchName } from './gallery-config.ts';

/** The toolbar's switches: off in the server's HTML, then as this browser stored them. */
export function useSwitches(config: GalleryConfig) {
  const [switches, setSwitches] = useState<Record<SwitchName, boolean>>({ compact: false, titles: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page goes live
  useEffect(() => {
    setSwitches({ compact: false, titles: false, ...Object.fromEntries(config.toolbar.switches.map((s) => [s.name, storedFlag(s.storageKey)])) });
  }, []);
  function setSwitch(name: SwitchName, on: boolean) {
    setSwitches((s) => ({ ...s, [name]: on }));
    const stored = config.toolbar.switches.find((s) => s.name === name);
    if (stored) storeFlag(stored.storageKey, on);
  }
  return [switches, setSwitch] as const;
}

/** Remembers the acceptance: the spec's local-storage flag, and the cookie the server reads. */
function rememberAcceptance(): void {
  // Storage can be off (private windows); the cookie still carries it.
  storeFlag(MATURE_STORAGE_KEY, true);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: kept from before the linter; fix when this code is next touched
  document.cookie = `${MATURE_COOKIE}=true; Path=/; Max-Age=${MATURE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/**
 * The mature-content warning's acceptance (where the gallery has one), kept in step between
 * storage and cookie as the page goes live. `onAccepted` shows the gallery once accepted.
 */
export function useMatureAcceptance(config: GalleryConfig, initiallyAccepted: boolean, onAccepted: () => void) {
  const [accepted, setAccepted] = useState(initiallyAccepted || !config.matureWarning);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page goes live
  useEffect(() => {
    if (!config.matureWarning) return;
    if (initiallyAccepted) rememberAcceptance();
    else if (storedFlag(MATURE_STORAGE_KEY)) {
      // Accepted before, but the cookie is gone: it comes back silently, and so does the gallery.
      rememberAcceptance();
      setAccepted(true);
      onAccepted();
    }
  }, []);
  function accept() {
    rememberAcceptance();
    setAccepted(true);
    onAccepted();
  }
  return { accepted, accept };
}

/** Whether a key press belongs to a field (typing), not to the page. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** While `on` (no viewer or dialog open), Left and Right change page within bounds. */
export function usePageKeys(on: boolean, view: MediaView, totalPages: number, show: (view: MediaView) => void): void {
  useEffect(() => {
    if (!on) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || typingIn(event.target)) return;
      if (document.querySelector('dialog[open], [aria-roledescription="media viewer"]')) return;
      const page = view.page + (event.key === 'ArrowLeft' ? -1 : 1);
      if (page < 1 || page > totalPages) return;
      event.preventDefault();
      show({ ...view, page });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on, view, totalPages, show]);
}
