// One toast at a time for an island, drawn by the Snackbar (toast-control.tsx keeps the state).

import { Snackbar, type SnackbarAt } from './Snackbar.tsx';
import { type ToastControl, useToastIn } from './toast-control.tsx';

export { TOAST_MS, type Toast, type ToastControl, type ToastPlace, useToastIn } from './toast-control.tsx';

/** `at`: where the page's toasts show (the bottom of the screen unless the page says otherwise). */
export function useToast(closeAfterMs: number, at: Exclude<SnackbarAt, 'inline'> = 'bottom'): ToastControl {
  return useToastIn(Snackbar, closeAfterMs, at);
}
