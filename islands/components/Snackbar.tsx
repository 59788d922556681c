// A short message at the bottom of the screen that closes by itself (or with its close button).

import { useEffect } from 'react';

export const SNACKBAR_MS = 6000;

export function Snackbar({ message, tone = 'error', onClose }: { message: string | null; tone?: 'error' | 'success'; onClose: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onClose, SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [message, onClose]);
  if (!message) return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`fixed bottom-16 left-1/2 z-50 flex w-[min(92vw,28rem)] -translate-x-1/2 items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${
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
