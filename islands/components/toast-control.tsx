// One toast at a time for an island: show it, close it, and render it where it belongs (with the
// component given: useToast.tsx gives the Snackbar, a gallery page one loaded with its first toast). A toast
// raised while a modal dialog is open is rendered inside that dialog (a "place"), or the dialog's
// backdrop would cover it; there it sits in the dialog's flow, so it never covers its buttons.

import { type ComponentProps, type ComponentType, type ReactNode, useCallback, useRef, useState } from 'react';
import type { Snackbar, SnackbarAt, SnackbarTone } from './Snackbar.tsx';

/** The spec's close times (business constants), in milliseconds. */
export const TOAST_MS = {
  sites: 6000,
  links: 6000,
  models: 3000,
  vault: 3000,
  gallery: 6000,
  premium: 4000,
  admin: 6000,
} as const;

/** Where a toast is rendered: 'page', or the name of a dialog it belongs to. */
export type ToastPlace = string;
export interface Toast {
  /** A new id for every toast, so the same text shown again gets its full time again. */
  id: number;
  text: string;
  tone: SnackbarTone;
  place: ToastPlace;
}

export interface ToastControl {
  toast: Toast | null;
  show(text: string, tone?: SnackbarTone, place?: ToastPlace): void;
  close(): void;
  /** Closes the toast only if it is shown in `place` (a dialog that closed). */
  closeIn(place: ToastPlace): void;
  /** The toast, if it belongs in `place`. */
  render(place?: ToastPlace): ReactNode;
}

/**
 * useToast with the component that draws the toast given: a gallery page passes one whose script
 * loads with the first toast (a first visit that only looks shows none).
 */
export function useToastIn(
  View: ComponentType<ComponentProps<typeof Snackbar>>,
  closeAfterMs: number,
  at: Exclude<SnackbarAt, 'inline'> = 'bottom',
): ToastControl {
  const [toast, setToast] = useState<Toast | null>(null);
  const lastId = useRef(0);
  const close = useCallback(() => setToast(null), []);
  const show = useCallback((text: string, tone: SnackbarTone = 'error', place: ToastPlace = 'page') => {
    lastId.current += 1;
    setToast({ id: lastId.current, text, tone, place });
  }, []);
  const closeIn = useCallback((place: ToastPlace) => setToast((t) => (t?.place === place ? null : t)), []);
  const render = (place: ToastPlace = 'page') =>
    toast && toast.place === place ? (
      <View key={toast.id} message={toast.text} tone={toast.tone} onClose={close} closeAfterMs={closeAfterMs} at={place === 'page' ? at : 'inline'} />
    ) : null;
  return { toast, show, close, closeIn, render };
}
