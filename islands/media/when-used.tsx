// A part of a gallery page that the server renders and the browser hydrates only once it is used:
// the toolbar and the pager (decision record 0041), not part of the page's first load. Until then
// its HTML is the server's, as a browser without JavaScript has it: the chips and the pager's steps
// are links, the search and the page size are GET forms, so they work as they do without
// JavaScript; its buttons are enabled once the page is live. Its script loads when a pointer comes
// over it, a finger touches it or focus enters it, or when what it shows changes (a view shown from
// the keyboard or by Back, select mode, the remembered switches). A click on one of its buttons
// before its script is there is kept and made again once the part is live, and so is a page size
// chosen meanwhile; what was typed into the search stays in the field and the toolbar takes it up
// (Toolbar).

import { type ComponentType, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { type LazyComponent, lazily } from './lazily.ts';

/** A lazy part (`lazily`) that the server renders and the browser hydrates when first used. */
export interface PartWhenUsed<P> extends LazyComponent<P> {
  /** Whether the script is there (the part renders at once). */
  loaded(): boolean;
}

/**
 * A part in the server's HTML (loaded by the server at start) whose script the browser loads
 * only once `preload` is first called (the part is used, `useWhenUsed`) while `hydrating()` says
 * its server HTML is there; drawn anew (no server HTML), it loads at once.
 */
export function lazilyWhenUsed<P extends object>(load: () => Promise<ComponentType<P>>, hydrating: () => boolean): PartWhenUsed<P> {
  let used: () => void = () => undefined;
  const firstUse = new Promise<void>((resolve) => {
    used = resolve;
  });
  let loaded = false;
  const part = lazily(
    async () => {
      if (typeof document !== 'undefined' && hydrating()) await firstUse;
      const component = await load();
      loaded = true;
      return component;
    },
    { renderedByServer: true },
  );
  const load_ = part.preload;
  return Object.assign(part, {
    preload: () => {
      used();
      return load_();
    },
    loaded: () => loaded,
  });
}

/** What wakes the part (a pointer over it, a button down on it, focus in it) and what it keeps for later. */
const EVENTS = ['pointerover', 'pointerdown', 'focusin', 'click', 'change'];

/** A button's name (its label, else its text): how the button is found again once the part is live. */
const nameOf = (button: Element) => button.getAttribute('aria-label') ?? button.textContent;

/**
 * The part's element to render: the first render's (the server's HTML, left as it is) until the
 * part's script is there, then `element`. `state` says what the part shows, in a string: when it
 * no longer matches the first render's, the script loads at once (the server's HTML is out of date).
 */
export function useWhenUsed(
  part: { preload(): Promise<void>; loaded(): boolean },
  host: RefObject<HTMLElement | null>,
  element: ReactNode,
  state: string,
): ReactNode {
  const [ready, setReady] = useState(part.loaded);
  const first = useRef<{ node: ReactNode; state: string } | null>(null);
  // The same element object on every render: React leaves the server's HTML unhydrated meanwhile.
  first.current ??= { node: <Suspense fallback={null}>{element}</Suspense>, state };
  const replay = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (ready) return;
    let alive = true;
    const wake = () => void part.preload().then(() => alive && setReady(true));
    if (state !== first.current?.state) wake();
    // On the window, in the capture phase: before React, which stops events aimed at HTML it has not hydrated.
    const on = (event: Event) => {
      const el = host.current;
      const target = event.target;
      if (!el || !(target instanceof Element) || !el.contains(target)) return;
      wake();
      const button = target.closest('button');
      // A click that React will not see: the part's script is not there yet.
      if (button && event.type === 'click' && !part.loaded() && button.type !== 'submit') {
        const name = nameOf(button);
        // Made again once the button is enabled (the live toolbar's render may still be on its way).
        replay.current = () => {
          let frames = 0;
          const again = () => {
            const target = [...el.querySelectorAll('button')].find((b) => nameOf(b) === name);
            if (target && !target.disabled) target.click();
            else if (target && frames++ < 60) requestAnimationFrame(again);
          };
          again();
        };
      } else if (event.type === 'change' && target instanceof HTMLSelectElement) {
        // A page size chosen: chosen again once live (React would put the select back first).
        const { name, value } = target;
        replay.current = () => {
          const select = el.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
          if (!select) return;
          select.value = value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
        };
      }
    };
    for (const type of EVENTS) window.addEventListener(type, on, true);
    // The page is live: the part's buttons, disabled in the server's HTML only for want of
    // JavaScript, take presses now (kept above, made again once the part is live). React, which
    // hydrates the part later, leaves the attribute as it finds it, and sets it from then on.
    for (const button of host.current?.querySelectorAll('button[disabled]') ?? []) (button as HTMLButtonElement).disabled = false;
    return () => {
      alive = false;
      for (const type of EVENTS) window.removeEventListener(type, on, true);
    };
  }, [ready, state, part, host]);

  useEffect(() => {
    if (!ready || !replay.current) return;
    const again = replay.current;
    replay.current = null;
    again();
  }, [ready]);

  return ready ? <Suspense fallback={null}>{element}</Suspense> : first.current.node;
}
