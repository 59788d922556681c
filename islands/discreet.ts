// Browser entry for discreet mode, loaded only by pages that carry `data-discreet` (no React,
// imports nothing): the page blurs while the tab is hidden (the app switcher's picture included),
// and the panic key (Escape twice within a second, or Shift+Escape) ends this browser's site
// session on the server, as Lock Site does, and shows the gate.

/** Escape twice within this many milliseconds is the panic key. */
export const PANIC_WINDOW_MS = 1000;
/** On <html> while the tab is hidden: the stylesheet blurs the page. */
export const HIDDEN_CLASS = 'discreet-hidden';
/** On <html> from the panic key until the gate replaces the page: nothing shows. */
export const PANIC_CLASS = 'discreet-panic';

/**
 * A keydown listener that calls `panic` on Shift+Escape, or on a second Escape within a second of
 * the first. One Escape (closing a dialog or the viewer) does nothing; a key held down (repeats)
 * counts once.
 */
export function panicKey(panic: () => void, now: () => number = () => performance.now()): (event: KeyboardEvent) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (event) => {
    if (event.key !== 'Escape' || event.repeat || event.isComposing) return;
    const at = now();
    if (event.shiftKey || at - last <= PANIC_WINDOW_MS) {
      last = Number.NEGATIVE_INFINITY;
      panic();
    } else last = at;
  };
}

/** Hides the page at once, ends the site session (Lock Site's call) and goes to the gate. */
export function lockNow(doc: Document = document): Promise<void> {
  doc.documentElement.classList.add(PANIC_CLASS);
  // The address bar then shows only "/": the gate, not the page that was open.
  const gate = () => location.replace('/');
  return fetch('/api/site/lock', { method: 'POST', credentials: 'same-origin', keepalive: true }).then(gate, gate);
}

/** Keeps the hidden-tab class in step with the document's visibility. */
export function followVisibility(doc: Document = document): void {
  const apply = () => doc.documentElement.classList.toggle(HIDDEN_CLASS, doc.visibilityState === 'hidden');
  doc.addEventListener('visibilitychange', apply);
  apply();
}

if (document.documentElement.hasAttribute('data-discreet')) {
  followVisibility();
  // Capturing, so a dialog that stops Escape from bubbling still lets the second one through.
  window.addEventListener(
    'keydown',
    panicKey(() => void lockNow()),
    true,
  );
}
