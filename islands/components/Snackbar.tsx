// A short message that closes by itself (or with its close button): at the bottom of the screen,
// at its top centre (premium), or inline in a dialog's flow, where it cannot cover the dialog's
// buttons.

import { useEffect } from 'react';

/** The default close time: the spec's 6 seconds (sites, links, gallery, admin, the site gate). */
export const SNACKBAR_MS = 6000;

export type SnackbarTone = 'error' | 'success';
/** Where it shows: fixed at the screen's bottom or top, or in the flow of a dialog. */
export type SnackbarAt = 'bottom' | 'top' | 'inline';

const AT: Record<SnackbarAt, string> = {
  bottom: 'fixed bottom-16 left-1/2 z-[70] w-[min(92vw,28rem)] -translate-x-1/2',
  top: 'fixed left-1/2 top-4 z-[70] w-[min(92vw,28rem)] -translate-x-1/2',
  inline: 'mx-6 mb-4',
};

export function Snackbar({
  message,
  tone = 'error',
  onClose,
  closeAfterMs = SNACKBAR_MS,
  at = 'bottom',
}: {
  message: string | null;
  tone?: SnackbarTone;
  onClose: () => void;
  closeAfterMs?: number;
  at?: SnackbarAt;
}) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onClose, closeAfterMs);
    return () => clearTimeout(timer);
  }, [message, onClose, closeAfterMs]);
  if (!message) return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-toast={at}
      className={`${AT[at]} flex items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${
        tone === 'error' ? 'bg-danger-solid text-white' : 'bg-fg text-bg'
      }`}
    >
      <span className="flex-1">{message}</span>
      <button type="button" onClick={onClose} aria-label="Close" className="-mr-1 rounded px-1 leading-none opacity-80 hover:opacity-100">
        ×
      </button>
    </div>
  );
}
